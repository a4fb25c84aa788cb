import { afterAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { signInAtProvider, startOidcProvider } from '../../test/oidc-provider.ts';

const publicUrl = 'http://localhost:3000';
const idp = await startOidcProvider({
  redirectUri: `${publicUrl}/api/auth/callback/local-idp`,
  accounts: [{ sub: 'idp-ada', email: 'ada.oidc@example.org', name: 'Ada from the IdP' }],
});
afterAll(() => idp.close());

describe('sign-in through an OpenID Connect provider', () => {
  const context = setupTestApp({
    PUBLIC_URL: publicUrl,
    // The provider vouches for this address, so the account is an administrator from its first sign-in.
    ADMIN_EMAILS: 'ada.oidc@example.org',
    OIDC_PROVIDERS: JSON.stringify([
      {
        id: 'local-idp',
        name: 'Local IdP',
        discoveryUrl: idp.discoveryUrl,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
      },
    ]),
  });

  it('lists the provider in the web config', async () => {
    const config = (await context.app.inject({ method: 'GET', url: '/api/auth/config' })).json();
    expect(config.providers.oidc).toEqual([{ id: 'local-idp', name: 'Local IdP' }]);
  });

  it('creates the account and a session from the provider’s claims', async () => {
    const start = await context.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'local-idp', callbackURL: '/exploration' },
      headers: { origin: publicUrl },
    });
    expect(start.statusCode, start.body).toBe(200);
    const { url } = start.json() as { url: string };
    expect(url.startsWith(idp.issuer)).toBe(true);
    const stateCookies = ([] as string[])
      .concat(start.headers['set-cookie'] as string[] | string)
      .map((cookie) => cookie.split(';')[0])
      .join('; ');

    const callback = new URL(await signInAtProvider(url, 'idp-ada'));
    expect(callback.pathname).toBe('/api/auth/callback/local-idp');
    const done = await context.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: stateCookies },
    });
    expect(done.statusCode, done.body).toBe(302);
    expect(done.headers.location).toBe('/exploration');
    const sessionCookie = ([] as string[])
      .concat(done.headers['set-cookie'] as string[] | string)
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
    const session = await context.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: sessionCookie },
    });
    expect(session.json().user).toMatchObject({
      email: 'ada.oidc@example.org',
      name: 'Ada from the IdP',
      emailVerified: true,
      role: 'admin',
    });
  });
});
