import { describe, expect, it } from 'vitest';
import { adminReportListSchema } from '../../../contracts/profiles.ts';
import { setupTestApp } from '../../test/app.ts';
import { people } from '../../test/people.ts';

describe('reviewing reports', () => {
  const context = setupTestApp({ ADMIN_EMAILS: 'reviewer@example.org' });
  const { signUp, request } = people(context, '198.18.0');

  it('lists open reports for administrators only, and closes them', async () => {
    const admin = await signUp('Reviewer', 'reviewer@example.org');
    const reporter = await signUp('Careful reader');
    const spammer = await signUp('Link spammer');
    for (const reason of ['spam', 'harassment']) {
      const filed = await request('POST', `/api/profiles/${spammer.id}/reports`, reporter, {
        reason,
        details: `About ${reason}`,
      });
      expect(filed.statusCode, filed.body).toBe(201);
    }

    expect((await request('GET', '/api/admin/reports', reporter)).statusCode).toBe(403);
    expect((await request('GET', '/api/admin/reports')).statusCode).toBe(401);

    const first = adminReportListSchema.parse(
      (await request('GET', '/api/admin/reports?limit=1', admin)).json(),
    );
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({
      reason: 'harassment',
      details: 'About harassment',
      status: 'open',
      reporter: { key: reporter.id },
      reported: { key: spammer.id },
    });
    const second = adminReportListSchema.parse(
      (await request('GET', `/api/admin/reports?limit=1&cursor=${first.nextCursor}`, admin)).json(),
    );
    expect(second.items.map((item) => item.reason)).toEqual(['spam']);

    const id = first.items[0]!.id;
    expect(
      (await request('PATCH', `/api/admin/reports/${id}`, reporter, { status: 'resolved' })).statusCode,
    ).toBe(403);
    const resolved = await request('PATCH', `/api/admin/reports/${id}`, admin, { status: 'resolved' });
    expect(resolved.json()).toEqual({ id, status: 'resolved' });
    const open = adminReportListSchema.parse((await request('GET', '/api/admin/reports', admin)).json());
    expect(open.items.map((item) => item.id)).not.toContain(id);
    const closed = adminReportListSchema.parse(
      (await request('GET', '/api/admin/reports?status=resolved', admin)).json(),
    );
    expect(closed.items[0]).toMatchObject({ id, status: 'resolved', resolvedAt: expect.any(String) });

    const unknown = await request('PATCH', `/api/admin/reports/${crypto.randomUUID()}`, admin, {
      status: 'dismissed',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await request('PATCH', `/api/admin/reports/${id}`, admin, { status: 'deleted' });
    expect(bad.statusCode).toBe(400);
  });
});
