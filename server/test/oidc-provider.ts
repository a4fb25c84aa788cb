import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Accounts the local provider knows: login name → claims. */
export type LocalAccount = { sub: string; email: string; name: string };

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback, with its development login and
 * consent pages, for following a sign-in through a provider end to end.
 */
export async function startOidcProvider(options: { redirectUri: string; accounts: LocalAccount[] }) {
  const clientId = 'card-web-test';
  const clientSecret = 'card-web-test-secret-0123456789';
  let issuer = 'http://127.0.0.1';
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [options.redirectUri] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => false },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, id) => {
      const account = options.accounts.find((candidate) => candidate.sub === id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: account.sub,
          email: account.email,
          email_verified: true,
          name: account.name,
        }),
      };
    },
  });
  // The development pages warn on every request; the tests do not need to hear it.
  provider.on('server_error', () => undefined);
  const server = provider.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  issuer = `http://127.0.0.1:${port}`;
  // The issuer must be the address clients reach it on.
  (provider as unknown as { issuer: string }).issuer = issuer;
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A cookie-keeping walk through the provider's login and consent pages, as a browser would. */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      jar.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  };
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    remember(response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      // Back at the client: this is the callback with the code.
      if (!next.href.startsWith(new URL(authorizationUrl).origin)) return next.href;
      url = next.href;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`The provider showed a page with no form (status ${response.status})`);
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error('Too many steps at the provider');
}
