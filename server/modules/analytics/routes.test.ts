import { describe, expect, it } from 'vitest';
import { limits } from '../../../contracts/limits.ts';
import { pageViews } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';

describe('POST /api/analytics/pageviews', () => {
  const context = setupTestApp();
  const post = (payload: object, remoteAddress = '203.0.113.1') =>
    context.app.inject({ method: 'POST', url: '/api/analytics/pageviews', payload, remoteAddress });

  it('stores a page view, keeping only the origin and path of an outside referrer', async () => {
    const response = await post({
      path: '/exploration?tag=math',
      referrer: 'https://search.example/results?q=private+words',
      viewportWidth: 375,
      signedIn: false,
    });
    expect(response.statusCode).toBe(204);
    const rows = await context.db.orm.select().from(pageViews);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      path: '/exploration?tag=math',
      referrer: 'https://search.example/results',
      viewportWidth: 375,
      signedIn: false,
    });
  });

  it('refuses bad input field by field and stores nothing', async () => {
    const before = (await context.db.orm.select().from(pageViews)).length;
    const response = await post({ path: 'no-slash', viewportWidth: -1 }, '203.0.113.2');
    expect(response.statusCode).toBe(400);
    const fields = (response.json() as { error: { details: { fields: { path: string }[] } } }).error.details
      .fields;
    expect(fields.map((field) => field.path).sort()).toEqual(['path', 'signedIn', 'viewportWidth']);
    expect(await context.db.orm.select().from(pageViews)).toHaveLength(before);
  });

  it('rate-limits each client address separately', async () => {
    const view = { path: '/', viewportWidth: 1280, signedIn: true };
    for (let i = 0; i < limits.pageViewsPerMinute; i++) {
      expect((await post(view, '198.51.100.7')).statusCode).toBe(204);
    }
    const limited = await post(view, '198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('common/too-many-requests');
    expect(limited.json().error.details.retryAfterSeconds).toBeGreaterThan(0);
    expect((await post(view, '198.51.100.8')).statusCode).toBe(204);
  });
});
