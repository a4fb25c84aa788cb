import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboundFetchError, type OutboundFetchErrorKind } from './errors.ts';
import { outboundFetch, pinnedLookup, presetOutboundFetch, type OutboundFetchOptions } from './fetch.ts';

type Seen = { url: string; headers: http.IncomingHttpHeaders };
type TestServer = { origin: string; port: number; seen: Seen[] };

const servers: http.Server[] = [];

/** A real server on a loopback port that records each request and answers with `handle`. */
async function serve(
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<TestServer> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    handle(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, port, seen };
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

const base: OutboundFetchOptions = { userAgent: 'CARD WEB (+https://cards.example.org)' };

async function failure(
  promise: Promise<unknown>,
): Promise<{ kind: OutboundFetchErrorKind; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundFetchError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('expected the fetch to fail');
}

function ok(body: string) {
  return (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(body);
  };
}

describe('outboundFetch refuses addresses off the public internet', () => {
  it.each([
    'http://127.0.0.1:PORT/',
    'http://localhost:PORT/',
    'http://[::1]:PORT/',
    'http://[::ffff:127.0.0.1]:PORT/',
    'http://0x7f.1:PORT/',
    'http://2130706433:PORT/',
    'http://10.1.2.3/',
    'http://192.168.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'https://[fd00::1]/',
  ])('%s', async (template) => {
    const server = await serve(ok('secret'));
    const result = await failure(outboundFetch(template.replace('PORT', String(server.port)), base));
    expect(result.kind).toBe('refused-address');
    expect(result.message).toMatch(/^Refused to fetch from .+: that is a private, local or reserved address/);
    expect(server.seen).toEqual([]);
  });

  it('refuses a host name that resolves to a private address, naming the address', async () => {
    const asked: string[] = [];
    const resolve = async (host: string) => {
      asked.push(host);
      return ['10.0.0.1'];
    };
    expect(await failure(outboundFetch('https://papers.example/x', { ...base, resolve }))).toEqual({
      kind: 'refused-address',
      message:
        'Refused to fetch from papers.example (it resolves to 10.0.0.1): that is a private, local or reserved address, not one on the public internet.',
    });
    expect(asked).toEqual(['papers.example']);
  });

  it('refuses a host name when any one of its addresses is private', async () => {
    const resolve = async () => ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:192.168.1.1'];
    const result = await failure(outboundFetch('https://papers.example/', { ...base, resolve }));
    expect(result.kind).toBe('refused-address');
    expect(result.message).toContain('(it resolves to ::ffff:192.168.1.1)');
  });

  it('says when a host cannot be found', async () => {
    const resolve = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), { code: 'ENOTFOUND' });
    };
    expect(await failure(outboundFetch('https://nowhere.example/', { ...base, resolve }))).toEqual({
      kind: 'network',
      message: 'Could not reach nowhere.example: no such host was found.',
    });
  });
});

describe('outboundFetch fetches only web addresses', () => {
  it.each(['file:///etc/passwd', 'ftp://example.org/x', 'gopher://example.org/', 'data:text/plain,hi'])(
    'refuses %s',
    async (url) => {
      const result = await failure(outboundFetch(url, base));
      expect(result.kind).toBe('refused-scheme');
      expect(result.message).toMatch(/^Only http and https web addresses are fetched, not [a-z]+: ones\.$/);
    },
  );

  it('refuses text that is not a URL at all', async () => {
    expect(await failure(outboundFetch('10.1109/MC.2009.263', base))).toEqual({
      kind: 'refused-scheme',
      message: 'That is not a web address (http:// or https://).',
    });
  });

  it('refuses a redirect to a file: URL', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(302, { location: 'file:///etc/passwd' });
      res.end();
    });
    const result = await failure(
      outboundFetch(`${server.origin}/`, { ...base, trustedOrigins: [server.origin] }),
    );
    expect(result.kind).toBe('refused-scheme');
  });
});

describe('outboundFetch with a trusted origin', () => {
  it('fetches from it, sending the caller’s User-Agent and Accept', async () => {
    const server = await serve(ok('hello'));
    const response = await outboundFetch(`${server.origin}/works/a?b=c`, {
      ...base,
      accept: 'application/json',
      trustedOrigins: [server.origin],
    });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${server.origin}/works/a?b=c`);
    expect(response.body.toString()).toBe('hello');
    expect(response.headers['content-type']).toBe('text/plain');
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0]?.url).toBe('/works/a?b=c');
    expect(server.seen[0]?.headers['user-agent']).toBe('CARD WEB (+https://cards.example.org)');
    expect(server.seen[0]?.headers.accept).toBe('application/json');
  });

  it('trusts only the exact origin: another port on the same host is refused', async () => {
    const trusted = await serve(ok('trusted'));
    const other = await serve(ok('other'));
    const result = await failure(
      outboundFetch(`${other.origin}/`, { ...base, trustedOrigins: [trusted.origin] }),
    );
    expect(result.kind).toBe('refused-address');
    expect(other.seen).toEqual([]);
  });

  it('connects to the address the resolver gave, keeping the host name in Host', async () => {
    // The system resolver knows no .invalid name: reaching the server proves the checked address was used.
    const server = await serve(ok('pinned'));
    const origin = `http://mirror.invalid:${server.port}`;
    const response = await outboundFetch(`${origin}/x`, {
      ...base,
      trustedOrigins: [origin],
      resolve: async () => ['127.0.0.1'],
    });
    expect(response.body.toString()).toBe('pinned');
    expect(server.seen[0]?.headers.host).toBe(`mirror.invalid:${server.port}`);
  });

  it('follows a chain of redirects within it', async () => {
    const server = await serve((req, res) => {
      const next: Record<string, string> = { '/a': '/b', '/b': `${server.origin}/c?x=1`, '/c?x=1': '' };
      const location = next[req.url ?? ''];
      if (location) {
        res.writeHead(req.url === '/a' ? 301 : 307, { location });
        res.end();
      } else ok('at the end')(req, res);
    });
    const response = await outboundFetch(`${server.origin}/a`, { ...base, trustedOrigins: [server.origin] });
    expect(response.body.toString()).toBe('at the end');
    expect(response.url).toBe(`${server.origin}/c?x=1`);
    expect(server.seen.map((s) => s.url)).toEqual(['/a', '/b', '/c?x=1']);
  });

  it('refuses a redirect from it to another loopback port', async () => {
    const inside = await serve(ok('internal'));
    const trusted = await serve((_req, res) => {
      res.writeHead(302, { location: `${inside.origin}/admin` });
      res.end();
    });
    const result = await failure(
      outboundFetch(`${trusted.origin}/`, { ...base, trustedOrigins: [trusted.origin] }),
    );
    expect(result).toEqual({
      kind: 'refused-address',
      message: `Refused to fetch from 127.0.0.1:${inside.port}: that is a private, local or reserved address, not one on the public internet.`,
    });
    expect(inside.seen).toEqual([]);
  });

  it('refuses a redirect from it to a name that resolves to a private address', async () => {
    const trusted = await serve((_req, res) => {
      res.writeHead(303, { location: 'http://metadata.example/latest' });
      res.end();
    });
    const result = await failure(
      outboundFetch(`${trusted.origin}/`, {
        ...base,
        trustedOrigins: [trusted.origin],
        resolve: async () => ['169.254.169.254'],
      }),
    );
    expect(result.kind).toBe('refused-address');
    expect(result.message).toContain('metadata.example (it resolves to 169.254.169.254)');
  });

  it('gives up after five redirects by default', async () => {
    const server = await serve((req, res) => {
      const n = Number(req.url?.slice(1));
      res.writeHead(302, { location: `/${n + 1}` });
      res.end();
    });
    expect(
      await failure(outboundFetch(`${server.origin}/0`, { ...base, trustedOrigins: [server.origin] })),
    ).toEqual({
      kind: 'too-many-redirects',
      message: `127.0.0.1:${server.port} redirected more than 5 times; gave up.`,
    });
    expect(server.seen.map((s) => s.url)).toEqual(['/0', '/1', '/2', '/3', '/4', '/5']);
  });

  it('follows exactly as many redirects as allowed', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/2') return ok('two')(req, res);
      res.writeHead(302, { location: '/2' });
      res.end();
    });
    const response = await outboundFetch(`${server.origin}/1`, {
      ...base,
      maxRedirects: 1,
      trustedOrigins: [server.origin],
    });
    expect(response.body.toString()).toBe('two');
  });

  it('fails with the status on a non-2xx answer', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Resource not found.');
    });
    const error = await outboundFetch(`${server.origin}/`, {
      ...base,
      trustedOrigins: [server.origin],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundFetchError);
    expect((error as OutboundFetchError).kind).toBe('http');
    expect((error as OutboundFetchError).status).toBe(404);
    expect((error as OutboundFetchError).message).toBe(
      `127.0.0.1:${server.port} answered with HTTP status 404.`,
    );
  });
});

describe('outboundFetch with a method, a body and headers', () => {
  it('posts the body with the caller’s headers, but never lets them replace its own', async () => {
    const bodies: string[] = [];
    const server = await serve((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        bodies.push(`${req.method} ${text}`);
        ok('posted')(req, res);
      });
    });
    const response = await outboundFetch(`${server.origin}/git-upload-pack`, {
      ...base,
      method: 'POST',
      body: Buffer.from('0032want abc'),
      headers: {
        'Content-Type': 'application/x-git-upload-pack-request',
        authorization: 'Basic dG9rZW4=',
        host: 'elsewhere.example',
        'user-agent': 'spoofed',
        'accept-encoding': 'gzip',
      },
      trustedOrigins: [server.origin],
    });
    expect(response.body.toString()).toBe('posted');
    expect(bodies).toEqual(['POST 0032want abc']);
    const headers = server.seen[0]!.headers;
    expect(headers['content-type']).toBe('application/x-git-upload-pack-request');
    expect(headers.authorization).toBe('Basic dG9rZW4=');
    expect(headers.host).toBe(`127.0.0.1:${server.port}`);
    expect(headers['user-agent']).toBe(base.userAgent);
    expect(headers['accept-encoding']).toBe('identity');
    expect(headers['content-length']).toBe('12');
  });

  it('keeps the token for the origin it was given for: a redirect elsewhere goes without it', async () => {
    const other = await serve(ok('elsewhere'));
    const first = await serve((req, res) => {
      if (req.url === '/same') res.writeHead(302, { location: '/there' }).end();
      else if (req.url === '/away') res.writeHead(302, { location: `${other.origin}/x` }).end();
      else ok('here')(req, res);
    });
    const options = {
      ...base,
      headers: { authorization: 'Bearer secret', cookie: 'session=1' },
      trustedOrigins: [first.origin, other.origin],
    };
    await outboundFetch(`${first.origin}/same`, options);
    expect(first.seen.map((seen) => seen.headers.authorization)).toEqual(['Bearer secret', 'Bearer secret']);
    await outboundFetch(`${first.origin}/away`, options);
    expect(other.seen[0]!.headers.authorization).toBeUndefined();
    expect(other.seen[0]!.headers.cookie).toBeUndefined();
  });

  it('does not follow a redirect of a POST', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/post') res.writeHead(307, { location: '/other' }).end();
      else ok('other')(req, res);
    });
    const result = await failure(
      outboundFetch(`${server.origin}/post`, {
        ...base,
        method: 'POST',
        body: Buffer.from('x'),
        trustedOrigins: [server.origin],
      }),
    );
    expect(result.kind).toBe('http');
    expect(server.seen.map((seen) => seen.url)).toEqual(['/post']);
  });
});

describe('outboundFetch caps', () => {
  it('refuses a body whose Content-Length is over the cap, before reading it', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.end('x'.repeat(100));
    });
    expect(
      await failure(
        outboundFetch(`${server.origin}/`, { ...base, maxBytes: 50, trustedOrigins: [server.origin] }),
      ),
    ).toEqual({
      kind: 'too-large',
      message: `The answer from 127.0.0.1:${server.port} is larger than 50 bytes, more than this server reads.`,
    });
  });

  it('stops reading a streamed body once it passes the cap', async () => {
    let written = 0;
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }); // chunked: no Content-Length
      const timer = setInterval(() => {
        if (res.destroyed || written >= 1000) {
          clearInterval(timer);
          res.end();
          return;
        }
        res.write('y'.repeat(10));
        written += 10;
      }, 5);
    });
    const result = await failure(
      outboundFetch(`${server.origin}/`, { ...base, maxBytes: 50, trustedOrigins: [server.origin] }),
    );
    expect(result.kind).toBe('too-large');
    expect(written).toBeLessThan(1000);
  });

  it('accepts a body of exactly the cap', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200);
      res.write('z'.repeat(25));
      res.end('z'.repeat(25));
    });
    const response = await outboundFetch(`${server.origin}/`, {
      ...base,
      maxBytes: 50,
      trustedOrigins: [server.origin],
    });
    expect(response.body.length).toBe(50);
  });

  it('times out on a server that sends headers and then stalls the body', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('the beginning');
    });
    const started = Date.now();
    expect(
      await failure(
        outboundFetch(`${server.origin}/`, { ...base, timeoutMs: 300, trustedOrigins: [server.origin] }),
      ),
    ).toEqual({
      kind: 'timeout',
      message: `127.0.0.1:${server.port} did not answer completely within 0.3 s.`,
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('counts the time across redirects', async () => {
    const server = await serve((req, res) => {
      // Each hop alone is within the limit; together they are not.
      setTimeout(() => {
        if (req.url === '/3') return ok('late')(req, res);
        res.writeHead(302, { location: `/${Number(req.url?.slice(1)) + 1}` });
        res.end();
      }, 150);
    });
    const result = await failure(
      outboundFetch(`${server.origin}/0`, { ...base, timeoutMs: 400, trustedOrigins: [server.origin] }),
    );
    expect(result.kind).toBe('timeout');
  });

  it('makes no request at all when fetching is turned off', async () => {
    const server = await serve(ok('x'));
    expect(
      await failure(
        outboundFetch(`${server.origin}/`, { ...base, enabled: false, trustedOrigins: [server.origin] }),
      ),
    ).toEqual({ kind: 'disabled', message: 'Fetching web addresses is turned off on this server.' });
    expect(server.seen).toEqual([]);
  });
});

describe('presetOutboundFetch', () => {
  it('adds the preset’s trusted origins and keeps a fetch turned off by the preset off', async () => {
    const server = await serve(ok('preset'));
    const fetchTrusted = presetOutboundFetch({ trustedOrigins: [server.origin], timeoutMs: 1000 });
    expect((await fetchTrusted(`${server.origin}/`, base)).body.toString()).toBe('preset');
    const fetchOff = presetOutboundFetch({ enabled: false, trustedOrigins: [server.origin] });
    expect((await failure(fetchOff(`${server.origin}/`, { ...base, enabled: true }))).kind).toBe('disabled');
    expect(server.seen).toHaveLength(1);
  });
});

describe('pinnedLookup', () => {
  it('answers with the checked addresses whatever name is asked', async () => {
    const lookup = pinnedLookup(['93.184.216.34', '2606:2800:220:1::1']);
    const one = await new Promise((resolve) =>
      lookup('example.org', {}, (error, address, family) => resolve({ error, address, family })),
    );
    expect(one).toEqual({ error: null, address: '93.184.216.34', family: 4 });
    const all = await new Promise((resolve) =>
      lookup('rebound.example', { all: true }, (_e, address) => resolve(address)),
    );
    expect(all).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
    const v6 = await new Promise((resolve) => lookup('x', { family: 6 }, (_e, address) => resolve(address)));
    expect(v6).toBe('2606:2800:220:1::1');
  });
});
