import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs } from './support/chromium.ts';

// The e2e suite drives the production build served by the real server, on a free port, with a temporary
// DATA_DIR (its own embedded PostgreSQL). The runner picks both once; its workers inherit them through env.
function freePortSync(): number {
  // Playwright evaluates the config synchronously; take a port from a short-lived probe in a child.
  const script =
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script]).toString());
}

if (!process.env.E2E_PORT) process.env.E2E_PORT = String(freePortSync());
if (!process.env.E2E_IDP_PORT) process.env.E2E_IDP_PORT = String(freePortSync());
if (!process.env.E2E_GIT_PORT) process.env.E2E_GIT_PORT = String(freePortSync());
if (!process.env.E2E_DATA_DIR) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardweb-e2e-'));
  fs.chmodSync(dir, 0o755);
  process.env.E2E_DATA_DIR = dir;
}
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const idpUrl = `http://127.0.0.1:${process.env.E2E_IDP_PORT}`;
const gitUrl = `http://127.0.0.1:${process.env.E2E_GIT_PORT}`;
// The journey reads the git host's address from here (each configuration sets its own).
process.env.E2E_EXTRACTOR_GIT_URL = gitUrl;
const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  // Journeys sign people up and load real pages on a two-core runner that serves and tests at once.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: path.join(root, 'test-results'),
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // A git host on loopback for the repository extractor's journey (e2e/support/git-host.ts).
      command: 'node e2e/support/git-host.ts',
      cwd: root,
      url: `${gitUrl}/team/atlas.git/info/refs?service=git-upload-pack`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_GIT_PORT: String(process.env.E2E_GIT_PORT) },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      // A real OpenID Connect provider for the provider sign-in journeys (e2e/support/oidc-idp.ts).
      command: 'node e2e/support/oidc-idp.ts',
      cwd: root,
      url: `${idpUrl}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      // It warns on start that its development keys and pages are in use, which is the point here.
      stderr: 'ignore',
      env: { E2E_IDP_PORT: String(process.env.E2E_IDP_PORT), E2E_APP_URL: baseURL },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'node server/main.ts',
      cwd: root,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        // A build elsewhere than dist/web (WEB_DIST_DIR) lets two checkouts' suites run side by side.
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        // Not production: the mail outbox at /dev/outbox, which the identity journeys follow, exists only outside it.
        NODE_ENV: 'development',
        // Each test presents its own client address (X-Forwarded-For, see fixtures.ts), so the real rate
        // limits apply per test instead of to the whole suite from one loopback address.
        TRUST_PROXY: 'true',
        SESSION_SECRET: 'e2e-session-secret-0123456789-abcdefghijklmnop',
        // The account that signs up with this address is an administrator (e2e/premium.spec.ts).
        ADMIN_EMAILS: 'e2e-admin@example.org',
        // The loopback git host above: trusted here only, never by default.
        EXTRACTOR_TRUSTED_ORIGINS: gitUrl,
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: 'local-idp',
            name: 'Local IdP',
            discoveryUrl: `${idpUrl}/.well-known/openid-configuration`,
            clientId: 'card-web-e2e',
            clientSecret: 'card-web-e2e-secret-0123456789',
          },
        ]),
      },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
  ],
});
