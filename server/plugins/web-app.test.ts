import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';

describe('serving the web app', () => {
  const context = setupTestApp();

  beforeAll(async () => {
    // The plugin reads the built files when the app is built; write a small build and rebuild the app.
    const root = context.config.webDistDir;
    await fs.mkdir(path.join(root, 'assets'), { recursive: true });
    await fs.writeFile(
      path.join(root, 'index.html'),
      '<!doctype html><title>CARD WEB</title><div id="root"></div>',
    );
    await fs.writeFile(
      path.join(root, 'assets', 'main-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(4000))})`,
    );
    await fs.writeFile(path.join(root, 'theme-init.js'), '/* theme */');
    await context.app.close();
    const { buildApp } = await import('../app.ts');
    context.app = await buildApp({ config: context.config, db: context.db, version: 'test', logger: false });
  });

  it('answers every app route with index.html, never cached', async () => {
    for (const url of ['/', '/build', '/classroom/classes/modern-recommendation-systems', '/no/such/page']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('lets the sign-in popup pages keep their opener', async () => {
    const popup = await context.app.inject({ method: 'GET', url: '/auth/popup-done?error=x' });
    expect(popup.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const other = await context.app.inject({ method: 'GET', url: '/login' });
    expect(other.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('does not answer a missing script with HTML', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/assets/gone-999.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toContain('text/html');
  });

  it('sends a Content-Security-Policy and the other security headers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
  });

  it('publishes the OpenAPI document generated from the contracts', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/analytics/pageviews', '/api/support/tickets']),
    );
    const docs = await context.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
  });

  it('describes the error envelope once and refers to it from every failure response', async () => {
    const body = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
    const document = JSON.parse(body) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    expect(document.components.schemas.ErrorEnvelope?.properties).toHaveProperty('error');
    const failures = Object.values(document.paths)
      .flatMap((operations) => Object.values(operations))
      .flatMap((operation) => Object.entries(operation.responses ?? {}))
      .filter(
        ([status, response]) => !status.startsWith('2') && JSON.stringify(response).includes('content'),
      );
    expect(failures.length).toBeGreaterThan(100);
    for (const [, response] of failures) {
      expect(JSON.stringify(response)).toContain('"$ref":"#/components/schemas/ErrorEnvelope"');
    }
  });
});

describe('the Content-Security-Policy with Google sign-in configured', () => {
  const context = setupTestApp({
    GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'x',
  });

  it('allows Google Identity Services and nothing else from outside', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    expect(csp).toContain("frame-src 'self' https://accounts.google.com");
    const config = (await context.app.inject({ method: 'GET', url: '/api/auth/config' })).json();
    expect(config.providers.google).toEqual({ clientId: 'test-client.apps.googleusercontent.com' });
  });

  it('refuses a Google ID token it cannot verify, in the envelope', async () => {
    const forged = ['{"alg":"RS256","kid":"x"}', '{"iss":"https://accounts.google.com","aud":"x","sub":"1"}']
      .map((part) => Buffer.from(part).toString('base64url'))
      .join('.');
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', idToken: { token: `${forged}.c2lnbmF0dXJl` } },
      headers: { origin: context.config.PUBLIC_URL },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json().error.code).toMatch(/^auth\//);
    expect(response.body).not.toMatch(/stack|at .*\.mjs/);
  });
});
