import dns from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { isPublicAddress } from './addresses.ts';
import { OutboundFetchError } from './errors.ts';

/** What one fetch may do. */
export type OutboundFetchOptions = {
  /** Sent as User-Agent, e.g. "CARD WEB (+https://cards.example.org)", so the other side knows who asks. */
  userAgent: string;
  /** Sent as Accept; none by default. */
  accept?: string;
  /** GET by default. A POST is never redirected (a redirect answer fails as `http`, with its status). */
  method?: 'GET' | 'POST';
  /** The request's body, with POST. */
  body?: Buffer;
  /**
   * More request headers (e.g. Content-Type, or Authorization with a token given for this fetch only). Names are
   * lower case; those below are the fetch's own and cannot be set. Authorization is sent to the first origin only:
   * a redirect to another origin goes without it.
   */
  headers?: Record<string, string>;
  /** The body is cut off, and the fetch fails, past this many bytes. Default 2 MB. */
  maxBytes?: number;
  /** For the whole fetch: addresses, redirects and body. Default 10 s. */
  timeoutMs?: number;
  /** Redirects followed before giving up. Default 5. */
  maxRedirects?: number;
  /**
   * Exact origins ("http://127.0.0.1:4123") the operator configured, whose addresses are not checked (a local
   * mirror, a test server). A redirect from one of them to any other origin is checked as usual.
   */
  trustedOrigins?: string[];
  /** Stops the fetch when aborted (a cancelled job): it then fails as a `timeout`. */
  signal?: AbortSignal;
  /** False when the operator turned fetching off: every fetch then fails with `disabled` before any request. */
  enabled?: boolean;
  /** Every IP address a host name stands for; the system resolver by default (tests give a fake one). */
  resolve?: (hostname: string) => Promise<string[]>;
};

/** A successful (2xx) answer, after redirects: `url` is the address that gave it. */
export type OutboundResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  url: string;
  body: Buffer;
};

/** The shape of `outboundFetch`, for code that is handed one with some options already chosen. */
export type OutboundFetch = (url: string, options: OutboundFetchOptions) => Promise<OutboundResponse>;

const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** One request's context: where it goes (for messages) and the deadline of the whole fetch. */
type Hop = { url: URL; signal: AbortSignal; timeoutMs: number };

function timeoutError(hop: Hop): OutboundFetchError {
  const seconds = Math.round(hop.timeoutMs / 100) / 10;
  return new OutboundFetchError('timeout', `${hop.url.host} did not answer completely within ${seconds} s.`);
}

function networkError(hop: Hop, cause: unknown): OutboundFetchError {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  const why =
    code === 'ENOTFOUND' || code === 'EAI_AGAIN'
      ? 'no such host was found'
      : code === 'ECONNREFUSED'
        ? 'the connection was refused'
        : cause instanceof Error
          ? cause.message
          : String(cause);
  return new OutboundFetchError('network', `Could not reach ${hop.url.host}: ${why}.`, { cause });
}

/** The URL as a web address, or a `refused-scheme` error: only http: and https: are fetched. */
function webAddress(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch (cause) {
    throw new OutboundFetchError('refused-scheme', 'That is not a web address (http:// or https://).', {
      cause,
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundFetchError(
      'refused-scheme',
      `Only http and https web addresses are fetched, not ${url.protocol} ones.`,
    );
  }
  return url;
}

/** The host without the brackets a URL puts around an IPv6 address. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function refusedAddress(url: URL, address: string): OutboundFetchError {
  const resolved = bareHost(url) === address ? '' : ` (it resolves to ${address})`;
  return new OutboundFetchError(
    'refused-address',
    `Refused to fetch from ${url.host}${resolved}: that is a private, local or reserved address, not one on the public internet.`,
  );
}

function systemResolve(hostname: string): Promise<string[]> {
  return dns.promises
    .lookup(hostname, { all: true, verbatim: true })
    .then((found) => found.map((entry) => entry.address));
}

/** The promise, unless the deadline passes first. */
function beforeDeadline<T>(hop: Hop, promise: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(timeoutError(hop));
    if (hop.signal.aborted) return onAbort();
    hop.signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => hop.signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The addresses to connect to, all of them checked: every address the host stands for must be public, unless
 * the origin is trusted. Undefined for an IP literal, which is connected to as written.
 */
async function checkedAddresses(
  hop: Hop,
  trusted: boolean,
  resolve: (hostname: string) => Promise<string[]>,
): Promise<string[] | undefined> {
  const host = bareHost(hop.url);
  if (net.isIP(host)) {
    if (!trusted && !isPublicAddress(host)) throw refusedAddress(hop.url, host);
    return undefined;
  }
  let addresses: string[];
  try {
    addresses = await beforeDeadline(hop, resolve(host));
  } catch (error) {
    throw error instanceof OutboundFetchError ? error : networkError(hop, error);
  }
  if (!trusted) {
    // One private address among public ones is enough to refuse: which one is used is not ours to choose.
    const refused = addresses.find((address) => !isPublicAddress(address));
    if (refused !== undefined) throw refusedAddress(hop.url, refused);
  }
  const valid = addresses.filter((address) => net.isIP(address) !== 0);
  if (valid.length === 0) throw networkError(hop, new Error('the host has no address'));
  return valid;
}

/**
 * A DNS lookup that answers with the addresses already checked, so the connection goes where the check
 * looked, even if the name resolves elsewhere a moment later (DNS rebinding).
 */
export function pinnedLookup(addresses: string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: net.isIP(address) }));
  return (_hostname, options, callback) => {
    const usable = entries.filter((entry) => !options.family || entry.family === options.family);
    const first = usable[0];
    if (!first) {
      const error: NodeJS.ErrnoException = new Error('No checked address of the requested family');
      error.code = 'ENOTFOUND';
      return callback(error, '', 0);
    }
    if (options.all) callback(null, usable);
    else callback(null, first.address, first.family);
  };
}

/** Throws the response away without reading it. */
function discard(response: IncomingMessage): void {
  response.on('error', () => {});
  response.destroy();
}

/** Headers a caller may not set: the fetch decides where it connects, what it reads and who it says it is. */
const OWN_HEADERS = new Set([
  'host',
  'accept-encoding',
  'user-agent',
  'content-length',
  'transfer-encoding',
  'connection',
]);

/** Sends one request and waits for the status and headers. */
function send(
  hop: Hop,
  addresses: string[] | undefined,
  options: OutboundFetchOptions,
  firstOrigin: string,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      const key = name.toLowerCase();
      if (OWN_HEADERS.has(key)) continue;
      // Credentials given for one host are not handed to wherever it redirects.
      if ((key === 'authorization' || key === 'cookie') && hop.url.origin !== firstOrigin) continue;
      headers[key] = value;
    }
    headers['user-agent'] = options.userAgent;
    // The body is read as sent: ask for it uncompressed, so the byte cap counts what is kept.
    headers['accept-encoding'] = 'identity';
    if (options.accept) headers.accept = options.accept;
    const body = options.method === 'POST' ? (options.body ?? Buffer.alloc(0)) : undefined;
    if (body) headers['content-length'] = String(body.length);
    const request = (hop.url.protocol === 'https:' ? https : http).request({
      hostname: bareHost(hop.url),
      port: hop.url.port || undefined,
      path: `${hop.url.pathname}${hop.url.search}`,
      method: body ? 'POST' : 'GET',
      headers,
      // A fresh connection each time: a pooled socket could have been opened for a different check.
      agent: false,
      ...(addresses ? { lookup: pinnedLookup(addresses) } : {}),
    });
    const onAbort = () => {
      request.destroy();
      reject(timeoutError(hop));
    };
    if (hop.signal.aborted) return onAbort();
    hop.signal.addEventListener('abort', onAbort, { once: true });
    request.on('response', (response) => {
      hop.signal.removeEventListener('abort', onAbort);
      resolve(response);
    });
    request.on('error', (error) => {
      hop.signal.removeEventListener('abort', onAbort);
      reject(hop.signal.aborted ? timeoutError(hop) : networkError(hop, error));
    });
    request.end(body);
  });
}

function tooLarge(hop: Hop, maxBytes: number): OutboundFetchError {
  return new OutboundFetchError(
    'too-large',
    `The answer from ${hop.url.host} is larger than ${maxBytes.toLocaleString('en')} bytes, more than this server reads.`,
  );
}

/** Reads the whole body, up to `maxBytes`, before the deadline. */
function readBody(hop: Hop, response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    discard(response);
    return Promise.reject(tooLarge(hop, maxBytes));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const fail = (error: OutboundFetchError) => {
      hop.signal.removeEventListener('abort', onAbort);
      discard(response);
      reject(error);
    };
    const onAbort = () => fail(timeoutError(hop));
    if (hop.signal.aborted) return onAbort();
    hop.signal.addEventListener('abort', onAbort, { once: true });
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) fail(tooLarge(hop, maxBytes));
      else chunks.push(chunk);
    });
    response.on('end', () => {
      hop.signal.removeEventListener('abort', onAbort);
      resolve(Buffer.concat(chunks));
    });
    response.on('error', (error) => fail(hop.signal.aborted ? timeoutError(hop) : networkError(hop, error)));
    response.on('close', () => {
      if (!response.complete)
        fail(networkError(hop, new Error('the connection closed before the answer ended')));
    });
  });
}

function originOf(text: string): string | undefined {
  try {
    return new URL(text).origin;
  } catch {
    return undefined;
  }
}

/**
 * Fetches a user-given web address safely: http and https only, every address the host stands for must be on
 * the public internet (unless its origin is trusted), the connection goes to the address that was checked,
 * redirects are followed by hand and checked the same way, and size and time are capped. Resolves with a 2xx
 * answer; anything else throws an `OutboundFetchError` whose message says why.
 */
export async function outboundFetch(url: string, options: OutboundFetchOptions): Promise<OutboundResponse> {
  if (options.enabled === false) {
    throw new OutboundFetchError('disabled', 'Fetching web addresses is turned off on this server.');
  }
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const resolve = options.resolve ?? systemResolve;
  const trusted = new Set((options.trustedOrigins ?? []).map(originOf));

  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const stop = () => deadline.abort();
  if (options.signal?.aborted) deadline.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    const start = webAddress(url);
    let hop: Hop = { url: start, signal: deadline.signal, timeoutMs };
    for (let redirects = 0; ; redirects += 1) {
      const addresses = await checkedAddresses(hop, trusted.has(hop.url.origin), resolve);
      const response = await send(hop, addresses, options, start.origin);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && location && options.method !== 'POST') {
        discard(response);
        if (redirects >= maxRedirects) {
          throw new OutboundFetchError(
            'too-many-redirects',
            `${start.host} redirected more than ${maxRedirects} times; gave up.`,
          );
        }
        hop = { ...hop, url: webAddress(new URL(location, hop.url).href) };
        continue;
      }
      if (status < 200 || status > 299) {
        discard(response);
        throw new OutboundFetchError('http', `${hop.url.host} answered with HTTP status ${status}.`, {
          status,
        });
      }
      const body = await readBody(hop, response, maxBytes);
      return { status, headers: response.headers, url: hop.url.href, body };
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
  }
}

/**
 * `outboundFetch` with some options chosen once (the operator's switch, trusted origins, caps); each call's
 * own options come on top, its trusted origins are added, and a fetch turned off by either stays off.
 */
export function presetOutboundFetch(preset: Partial<OutboundFetchOptions>): OutboundFetch {
  return (url, options) =>
    outboundFetch(url, {
      ...preset,
      ...options,
      trustedOrigins: [...(preset.trustedOrigins ?? []), ...(options.trustedOrigins ?? [])],
      enabled: preset.enabled !== false && options.enabled !== false,
    });
}
