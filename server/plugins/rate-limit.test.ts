import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { people } from '../test/people.ts';

describe('anonymous reads', () => {
  const context = setupTestApp({ ANONYMOUS_RATE_LIMIT: '5' });
  const read = (address: string, headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'GET', url: '/api/auth/config', remoteAddress: address, headers });

  it('are limited per address; signed-in readers and other addresses are not held back', async () => {
    for (let i = 0; i < 5; i++) expect((await read('192.0.2.10')).statusCode).toBe(200);
    const limited = await read('192.0.2.10');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('common/too-many-requests');
    expect(limited.json().error.details.retryAfterSeconds).toBeGreaterThan(0);
    // A made-up session cookie is no session: still anonymous, still limited.
    expect(
      (await read('192.0.2.10', { cookie: 'better-auth.session_token=made-up.c2lnbmF0dXJl' })).statusCode,
    ).toBe(429);
    expect((await read('192.0.2.11')).statusCode).toBe(200);
    // The health check answers load balancers however often they ask.
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '192.0.2.10' }))
        .statusCode,
    ).toBe(200);

    const person = await people(context, '192.0.2').signUp('Reader');
    for (let i = 0; i < 8; i++) {
      const response = await read(person.address, { cookie: person.cookie });
      expect(response.statusCode).toBe(200);
    }
  });
});
