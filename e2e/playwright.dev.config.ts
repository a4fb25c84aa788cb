import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs } from './support/chromium.ts';

// The Confer and card-builder journeys again, against the development build: Vite's dev server, where React
// runs in development mode under StrictMode (every effect mounted, cleaned up and mounted again), proxying
// /api and the realtime WebSocket to the real API. Bugs that only the development build shows (an effect that
// is not idempotent) fail here. Free ports and a temporary DATA_DIR, picked once by the runner, as in
// playwright.config.ts; its workers inherit them through env.
function freePortSync(): number {
  const script =
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script]).toString());
}

if (!process.env.E2E_DEV_API_PORT) process.env.E2E_DEV_API_PORT = String(freePortSync());
if (!process.env.E2E_DEV_WEB_PORT) process.env.E2E_DEV_WEB_PORT = String(freePortSync());
if (!process.env.E2E_DEV_GIT_PORT) process.env.E2E_DEV_GIT_PORT = String(freePortSync());
if (!process.env.E2E_DEV_DIR) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardweb-e2e-dev-'));
  fs.chmodSync(dir, 0o755);
  process.env.E2E_DEV_DIR = dir;
}
const apiUrl = `http://127.0.0.1:${process.env.E2E_DEV_API_PORT}`;
const baseURL = `http://127.0.0.1:${process.env.E2E_DEV_WEB_PORT}`;
const gitUrl = `http://127.0.0.1:${process.env.E2E_DEV_GIT_PORT}`;
// The journey reads the git host's address from here (each configuration sets its own).
process.env.E2E_EXTRACTOR_GIT_URL = gitUrl;
const dir = process.env.E2E_DEV_DIR;
const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: '.',
  testMatch: [
    'confer.spec.ts',
    'card-builder.spec.ts',
    'home.spec.ts',
    'recommendations.spec.ts',
    'pdf-library.spec.ts',
    'classroom.spec.ts',
    'research.spec.ts',
    'blog.spec.ts',
    'repository-extractor.spec.ts',
  ],
  // This one starts a production server of its own on another port; the development build plays no part in it.
  grepInvert: /reconnect after the server restarts/,
  globalSetup: './support/dev-warm-up.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  // The development build is slower than the production one: every page load, a reload too, fetches each module
  // on its own, unminified, from a server that may still be compiling it. On a busy two-core runner a reload of
  // the builder has taken more than 15 s before its editor showed.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  outputDir: path.join(root, 'test-results', 'dev'),
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium-dev', use: { ...devices['Desktop Chrome'], channel: undefined } }],
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
      env: { E2E_GIT_PORT: String(process.env.E2E_DEV_GIT_PORT) },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'node server/main.ts',
      cwd: root,
      url: `${apiUrl}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(process.env.E2E_DEV_API_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        // Links in mail and the allowed origins are the address people use: Vite's.
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        // Each test presents its own client address (X-Forwarded-For, see fixtures.ts), which Vite passes on.
        TRUST_PROXY: 'true',
        SESSION_SECRET: 'e2e-dev-session-secret-0123456789-abcdefghijklmn',
        // The home journey reads the demo content (trending cards, the featured deck), as a visitor would.
        SEED_DEMO: 'true',
        // The account that signs up with this address is an administrator (e2e/classroom.spec.ts gives roles).
        ADMIN_EMAILS: 'e2e-admin@example.org',
        // The loopback git host above: trusted here only, never by default.
        EXTRACTOR_TRUSTED_ORIGINS: gitUrl,
      },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
    {
      command: 'node e2e/support/vite-dev-server.ts',
      cwd: root,
      // Listening is not ready: dev-warm-up.ts loads the pages once before any test (see there).
      url: `${baseURL}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_DEV_WEB_PORT: String(process.env.E2E_DEV_WEB_PORT),
        E2E_DEV_API_URL: apiUrl,
        E2E_DEV_VITE_CACHE_DIR: path.join(dir, 'vite'),
      },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
  ],
});
