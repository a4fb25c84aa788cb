import { vi } from 'vitest';

/**
 * A fake CARD WEB API for component tests: `fetch` is replaced by a function that answers by
 * "METHOD /path". Unknown routes get the server's 404 envelope, as the real API would answer them.
 */

export interface StubRequest {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  /** The JSON body, parsed; undefined when there was none. */
  body: unknown;
}

export type StubAnswer = Response | Promise<Response>;
export type StubRoute = (request: StubRequest) => StubAnswer;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The API's error envelope. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  details?: { fields?: { path: string; message: string }[]; retryAfterSeconds?: number },
): Response {
  return jsonResponse(status, { error: { code, message, ...(details ? { details } : {}) } });
}

/** A promise the test settles when it chooses, to look at the page while a request is in flight. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/**
 * Replaces `fetch` with `routes`. A route is a function of the request, or a plain value answered as JSON
 * with status 200. Returns the mock and `requests(key)`, the requests made to one route, in order.
 */
export function stubApi(routes: Record<string, StubRoute | object | null>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) {
      return errorResponse(404, 'common/route-not-found', 'There is no such API endpoint.');
    }
    if (typeof route === 'function') {
      return route({ method, path: url.pathname, query: url.searchParams, body });
    }
    return jsonResponse(200, route);
  });
  vi.stubGlobal('fetch', fetchMock);

  const requests = (key: string): StubRequest[] => {
    const [method, path] = key.split(' ');
    return fetchMock.mock.calls
      .filter(([input, init]) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        return (
          (init?.method ?? 'GET').toUpperCase() === method &&
          new URL(url, 'http://localhost').pathname === path
        );
      })
      .map(([input, init]) => ({
        method: method ?? '',
        path: path ?? '',
        query: new URL(
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
          'http://localhost',
        ).searchParams,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      }));
  };

  return { fetchMock, requests };
}

/** What the identity screens need from the API by default: settings, the policy, nobody signed in. */
export const authFixtures = {
  config: {
    apiKey: 'test-api-key',
    authorizedDomains: ['localhost'],
    providers: { emailPassword: true, emailLink: true, google: null, oidc: [] },
    devOutbox: false,
  },
  policy: {
    minLength: 8,
    maxLength: 128,
    requireLowercase: true,
    requireUppercase: true,
    requireDigit: true,
    requireSymbol: false,
  },
  user: {
    id: 'u_ada',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    emailVerified: false,
    image: 'https://images.example/ada.png',
  },
} as const;

export const authDefaults: Record<string, StubRoute | object | null> = {
  'GET /api/auth/config': authFixtures.config,
  'GET /api/auth/password-policy': authFixtures.policy,
  'GET /api/auth/get-session': null,
};
