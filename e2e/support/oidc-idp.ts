// A real OpenID Connect provider for the browser tests: `oidc-provider` with its development login and consent
// pages, on loopback. Any login name signs in as `<name>@idp.example.org`.
import Provider from 'oidc-provider';

const port = Number(process.env.E2E_IDP_PORT);
const appUrl = process.env.E2E_APP_URL;
if (!port || !appUrl) throw new Error('E2E_IDP_PORT and E2E_APP_URL are required');

const issuer = `http://127.0.0.1:${port}`;
const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'card-web-e2e',
      client_secret: 'card-web-e2e-secret-0123456789',
      redirect_uris: [`${appUrl}/api/auth/callback/local-idp`],
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  features: { devInteractions: { enabled: true } },
  findAccount: (_ctx, id) => ({
    accountId: id,
    claims: async () => ({
      sub: id,
      email: `${id}@idp.example.org`,
      email_verified: true,
      name: `${id} (Local IdP)`,
    }),
  }),
});
const server = provider.listen(port, '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
