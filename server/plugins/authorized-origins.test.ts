import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';

describe('the Host a request names', () => {
  describe('in production', () => {
    const context = setupTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://cards.example.org' });
    const get = (host: string, url = '/api/health') =>
      context.app.inject({ method: 'GET', url, headers: { host } });

    it('must be the public address: another name (a rebound DNS name, say) is refused with a clear error', async () => {
      expect((await get('cards.example.org')).statusCode).toBe(200);
      expect((await get('cards.example.org:443')).statusCode).toBe(200);
      for (const host of ['evil.example.com', 'evil.example.com:3000', '127.0.0.1:3000', 'localhost']) {
        const refused = await get(host, '/api/auth/config');
        expect(refused.statusCode, host).toBe(421);
        expect(refused.json().error.code).toBe('common/host-not-allowed');
        expect(refused.json().error.message).toContain('https://cards.example.org');
      }
      // Pages too, not only the API.
      expect((await get('evil.example.com', '/')).statusCode).toBe(421);
    });
  });

  describe('the Origin of a browser request, in production', () => {
    const context = setupTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://cards.example.org',
      AUTHORIZED_DOMAINS: 'cards.example.org,partner.example.org,http://intranet.example.org:8080',
    });
    const from = (origin: string) =>
      context.app.inject({
        method: 'GET',
        url: '/api/auth/config',
        headers: { host: 'cards.example.org', origin },
      });

    it('must be an allowed origin in full: scheme, host and port; never localhost', async () => {
      for (const origin of [
        'https://cards.example.org',
        'https://partner.example.org',
        'http://intranet.example.org:8080',
      ]) {
        expect((await from(origin)).statusCode, origin).toBe(200);
      }
      for (const origin of [
        'http://cards.example.org',
        'https://cards.example.org:8443',
        'http://partner.example.org',
        'http://intranet.example.org',
        'http://localhost:3000',
        'https://localhost',
        'null',
      ]) {
        const refused = await from(origin);
        expect(refused.statusCode, origin).toBe(403);
        expect(refused.json().error.code).toBe('auth/unauthorized-domain');
      }
    });
  });

  describe('outside production', () => {
    const context = setupTestApp({ PUBLIC_URL: 'http://cards.test:3000', ALLOWED_HOSTS: 'cards.internal' });
    const get = (host: string) =>
      context.app.inject({ method: 'GET', url: '/api/health', headers: { host } });

    it('may also be a loopback name or one of ALLOWED_HOSTS', async () => {
      for (const host of [
        'cards.test:3000',
        'localhost:5173',
        '127.0.0.1:3000',
        '[::1]:3000',
        'cards.internal',
      ]) {
        expect((await get(host)).statusCode, host).toBe(200);
      }
      expect((await get('rebound.example.com')).statusCode).toBe(421);
    });

    it('accepts a loopback Origin on any port (the development server on :5173)', async () => {
      const from = (origin: string) =>
        context.app.inject({ method: 'GET', url: '/api/auth/config', headers: { origin } });
      expect((await from('http://localhost:5173')).statusCode).toBe(200);
      expect((await from('http://cards.test:3000')).statusCode).toBe(200);
      expect((await from('https://cards.test:3000')).statusCode).toBe(403);
    });
  });
});
