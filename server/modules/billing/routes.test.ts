import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { plans, subscriptionStatusSchema } from '../../../contracts/premium.ts';
import { profiles, subscriptions } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { people, type Person } from '../../test/people.ts';
import { createBillingRepository } from './repository.ts';
import { createBillingService } from './service.ts';

const adminEmail = `billing-admin-${Date.now()}@example.org`;

describe('premium granted by administrators (no Stripe)', () => {
  const context = setupTestApp({ ADMIN_EMAILS: adminEmail });
  const { signUp, request } = people(context, '198.51.100');

  let admin: Person | undefined;
  async function theAdmin() {
    admin ??= await signUp('Grace Admin', adminEmail);
    return admin;
  }
  const profile = async (key: string) =>
    (await request('GET', `/api/profiles/${key}`)).json() as { isSubscribed: boolean };
  const grant = (key: string, as: Person, until?: string | null) =>
    request('PUT', `/api/admin/profiles/${key}/premium`, as, until === undefined ? {} : { until });
  const revoke = (key: string, as: Person) => request('DELETE', `/api/admin/profiles/${key}/premium`, as);

  it('refuses the admin endpoints to visitors (401) and to people who are not administrators (403)', async () => {
    const ada = await signUp('Ada Plain');
    const bob = await signUp('Bob Plain');
    for (const [method, url] of [
      ['GET', '/api/admin/subscriptions'],
      ['GET', '/api/admin/profiles?q=bob'],
      ['PUT', `/api/admin/profiles/${bob.id}/premium`],
      ['DELETE', `/api/admin/profiles/${bob.id}/premium`],
    ] as const) {
      const payload = method === 'PUT' ? {} : undefined;
      const signedOut = await request(method, url, undefined, payload);
      expect(signedOut.statusCode, `${method} ${url}`).toBe(401);
      expect(signedOut.json().error.code).toBe('auth/unauthenticated');
      const forbidden = await request(method, url, ada, payload);
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      expect(forbidden.json().error.code).toBe('common/forbidden');
    }
    expect(await profile(bob.id)).toMatchObject({ isSubscribed: false });
    expect(
      await context.db.orm.select().from(subscriptions).where(eq(subscriptions.profileKey, bob.id)),
    ).toEqual([]);
  });

  it('grants premium: the badge shows, the person’s plan is premium, and the grant names the administrator', async () => {
    const boss = await theAdmin();
    const cleo = await signUp('Cleo Premium');
    const before = subscriptionStatusSchema.parse(
      (await request('GET', '/api/billing/subscription', cleo)).json(),
    );
    expect(before).toMatchObject({
      plan: 'free',
      active: false,
      until: null,
      source: null,
      entitlements: plans.free,
      checkoutAvailable: false,
      portalAvailable: false,
    });

    const granted = await grant(cleo.id, boss);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().subscription).toMatchObject({
      profileKey: cleo.id,
      source: 'admin',
      status: 'active',
      active: true,
      until: null,
    });
    expect(granted.json().subscription.changedBy).toMatch(/^grace_admin/);
    expect(await profile(cleo.id)).toMatchObject({ isSubscribed: true });
    const [row] = await context.db.orm
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.profileKey, cleo.id));
    expect(row?.grantedBy).toBe(boss.id);

    const after = subscriptionStatusSchema.parse(
      (await request('GET', '/api/billing/subscription', cleo)).json(),
    );
    expect(after).toMatchObject({
      plan: 'premium',
      active: true,
      source: 'admin',
      entitlements: plans.premium,
    });

    const list = (await request('GET', '/api/admin/subscriptions', boss)).json() as {
      items: { profileKey: string }[];
    };
    expect(list.items.map((item) => item.profileKey)).toContain(cleo.id);
  });

  it('revokes premium: the badge disappears and the person leaves the subscriber list', async () => {
    const boss = await theAdmin();
    const dan = await signUp('Dan Revoked');
    await grant(dan.id, boss);
    expect(await profile(dan.id)).toMatchObject({ isSubscribed: true });

    const revoked = await revoke(dan.id, boss);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().subscription).toMatchObject({ status: 'canceled', active: false });
    expect(await profile(dan.id)).toMatchObject({ isSubscribed: false });
    const list = (await request('GET', '/api/admin/subscriptions', boss)).json() as {
      items: { profileKey: string }[];
    };
    expect(list.items.map((item) => item.profileKey)).not.toContain(dan.id);
    // Revoking again changes nothing.
    expect((await revoke(dan.id, boss)).json().subscription).toMatchObject({ active: false });
  });

  it('ends premium by itself when the end date passes, before the sweep and after it', async () => {
    const boss = await theAdmin();
    const eve = await signUp('Eve Shortly');
    const until = new Date(Date.now() + 1500).toISOString();
    const granted = await grant(eve.id, boss, until);
    expect(granted.json().subscription).toMatchObject({ active: true, until });
    expect(await profile(eve.id)).toMatchObject({ isSubscribed: true });

    await new Promise((resolve) => setTimeout(resolve, 1600));
    // No webhook, no sweep yet: the stored flag is still on, but every read honours the end date.
    const [stored] = await context.db.orm.select().from(profiles).where(eq(profiles.key, eve.id));
    expect(stored?.isSubscribed).toBe(true);
    expect(await profile(eve.id)).toMatchObject({ isSubscribed: false });
    const status = subscriptionStatusSchema.parse(
      (await request('GET', '/api/billing/subscription', eve)).json(),
    );
    expect(status).toMatchObject({ plan: 'free', active: false, until });

    const service = createBillingService({
      repository: createBillingRepository(context.db.orm),
      stripe: undefined,
      publicUrl: context.config.PUBLIC_URL,
      log: context.app.log,
    });
    expect(await service.sweep()).toBeGreaterThanOrEqual(1);
    const [swept] = await context.db.orm.select().from(profiles).where(eq(profiles.key, eve.id));
    expect(swept?.isSubscribed).toBe(false);
  });

  it('honours an end date set in the past directly in the database', async () => {
    const boss = await theAdmin();
    const finn = await signUp('Finn Lapsed');
    await grant(finn.id, boss);
    await context.db.orm
      .update(profiles)
      .set({ subscribedUntil: sql`now() - interval '1 minute'` })
      .where(eq(profiles.key, finn.id));
    expect(await profile(finn.id)).toMatchObject({ isSubscribed: false });
  });

  it('refuses an end date in the past and an unknown profile, changing nothing', async () => {
    const boss = await theAdmin();
    const gus = await signUp('Gus Unchanged');
    const past = await grant(gus.id, boss, new Date(Date.now() - 60_000).toISOString());
    expect(past.statusCode).toBe(400);
    expect(past.json().error.details.fields).toEqual([
      { path: 'until', message: 'Choose a date in the future' },
    ]);
    const garbled = await grant(gus.id, boss, 'next tuesday');
    expect(garbled.statusCode).toBe(400);
    expect(await profile(gus.id)).toMatchObject({ isSubscribed: false });
    const unknown = await grant('no-such-profile', boss);
    expect(unknown.statusCode).toBe(404);
  });

  it('finds people by the start of their handle or email, with their subscription', async () => {
    const boss = await theAdmin();
    const hana = await signUp('Hana Findable');
    await grant(hana.id, boss);
    const byHandle = (await request('GET', '/api/admin/profiles?q=%40hana_find', boss)).json() as {
      items: { key: string; email: string; subscription: { active: boolean } | null }[];
    };
    expect(byHandle.items.map((item) => item.key)).toEqual([hana.id]);
    expect(byHandle.items[0]).toMatchObject({ email: hana.email, subscription: { active: true } });
    const byEmail = (
      await request('GET', `/api/admin/profiles?q=${encodeURIComponent(hana.email.toUpperCase())}`, boss)
    ).json() as {
      items: { key: string }[];
    };
    expect(byEmail.items.map((item) => item.key)).toEqual([hana.id]);
    // `_` and `%` are letters here, not patterns.
    const wildcard = (await request('GET', '/api/admin/profiles?q=%25%25', boss)).json() as {
      items: unknown[];
    };
    expect(wildcard.items).toEqual([]);
    const short = await request('GET', '/api/admin/profiles?q=h', boss);
    expect(short.statusCode).toBe(400);
  });

  it('answers checkout and the billing portal with billing/not-configured, and the webhook too', async () => {
    const ivy = await signUp('Ivy Checkout');
    for (const url of ['/api/billing/checkout', '/api/billing/portal']) {
      const response = await request('POST', url, ivy, {});
      expect(response.statusCode, url).toBe(501);
      expect(response.json().error.code).toBe('billing/not-configured');
    }
    const webhook = await context.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(webhook.statusCode).toBe(501);
    expect((await request('GET', '/api/billing/subscription')).statusCode).toBe(401);
  });

  it('describes every billing and admin endpoint in the OpenAPI document', async () => {
    const document = (await request('GET', '/api/openapi.json')).json() as { paths: Record<string, object> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/billing/subscription',
        '/api/billing/checkout',
        '/api/billing/portal',
        '/api/billing/webhook',
        '/api/admin/subscriptions',
        '/api/admin/profiles',
        '/api/admin/profiles/{key}/premium',
      ]),
    );
  });
});
