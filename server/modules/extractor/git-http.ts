import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import { OutboundFetchError, type OutboundFetch } from '../../lib/outbound-fetch/index.ts';

/** What every request of one run may take. */
export interface GitHttpLimits {
  userAgent: string;
  /** One answer's bytes (the pack of a shallow clone is the largest). */
  maxBytes: number;
  /** One request's time. */
  timeoutMs: number;
}

async function* once(bytes: Uint8Array): AsyncIterableIterator<Uint8Array> {
  yield bytes;
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}

/**
 * isomorphic-git's HTTP client over the app's one outbound fetch, so a clone obeys the same rules as every
 * other address a person gives: public addresses only (unless the operator trusts an origin), the checked
 * address connected to, redirects checked, size and time capped. A non-2xx answer is handed back as such
 * (isomorphic-git asks for credentials on a 401 and names the others).
 */
export function gitHttpClient(fetch: OutboundFetch, limits: GitHttpLimits): HttpClient {
  return {
    async request({ url, method = 'GET', headers = {}, body }: GitHttpRequest): Promise<GitHttpResponse> {
      const chunks: Uint8Array[] = [];
      if (body) for await (const chunk of body) chunks.push(chunk);
      try {
        const response = await fetch(url, {
          userAgent: limits.userAgent,
          maxBytes: limits.maxBytes,
          timeoutMs: limits.timeoutMs,
          method: method.toUpperCase() === 'POST' ? 'POST' : 'GET',
          body: Buffer.concat(chunks),
          headers,
        });
        return {
          url: response.url,
          method,
          statusCode: response.status,
          statusMessage: 'OK',
          headers: flatHeaders(response.headers),
          body: once(response.body),
        };
      } catch (error) {
        if (error instanceof OutboundFetchError && error.kind === 'http' && error.status !== undefined)
          return {
            url,
            method,
            statusCode: error.status,
            statusMessage: error.message,
            headers: {},
            body: once(new Uint8Array()),
          };
        throw error;
      }
    },
  };
}
