import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionStatusSchema } from '../../../contracts/premium.ts';
import { profiles, stripeEvents, subscriptions } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { people, type Person } from '../../test/people.ts';
import { periodEndOf } from './stripe.ts';

const webhookSecret = 'whsec_test_secret_for_card_web';
const priceId = 'price_test_premium';

/** What the stand-in for api.stripe.com received. */
type StripeCall = { method: string; path: string; authorization: string; form: URLSearchParams };

/**
 * A loopback HTTP server in Stripe's place (STRIPE_API_BASE points the real client at it): it records each
 * request and answers the way Stripe's API does for the two calls the app makes.
 */
function fakeStripeApi() {
  const calls: StripeCall[] = [];
  let failNext = false;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const call = {
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization ?? '',
        form: new URLSearchParams(body),
      };
      calls.push(call);
      const reply = (status: number, json: object) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
        response.end(JSON.stringify(json));
      };
      if (failNext) {
        failNext = false;
        return reply(400, { error: { type: 'invalid_request_error', message: 'No such price: price_x' } });
      }
      if (call.method === 'POST' && call.path === '/v1/checkout/sessions') {
        const id = `cs_test_${calls.length}`;
        return reply(200, {
          id,
          object: 'checkout.session',
          mode: call.form.get('mode'),
          client_reference_id: call.form.get('client_reference_id'),
          url: `https://checkout.stripe.com/c/pay/${id}`,
        });
      }
      if (call.method === 'POST' && call.path === '/v1/billing_portal/sessions') {
        return reply(200, {
          id: 'bps_test_1',
          object: 'billing_portal.session',
          customer: call.form.get('customer'),
          url: 'https://billing.stripe.com/p/session/test_1',
        });
      }
      reply(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  });
  return {
    calls,
    failOnce: () => (failNext = true),
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let eventCounter = 0;
/** A Stripe event as Stripe would post it. */
function stripeEvent(type: string, object: object, id = `evt_test_${Date.now()}_${++eventCounter}`) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

function subscriptionObject(
  id: string,
  status: string,
  options: { profileKey?: string; customer?: string; periodEnd?: number; legacy?: boolean } = {},
) {
  const periodEnd = options.periodEnd ?? Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
  return {
    id,
    object: 'subscription',
    status,
    customer: options.customer ?? 'cus_test',
    metadata: options.profileKey ? { profileKey: options.profileKey } : {},
    items: {
      object: 'list',
      data: [
        options.legacy
          ? { id: `si_${id}`, object: 'subscription_item' }
          : { id: `si_${id}`, object: 'subscription_item', current_period_end: periodEnd },
      ],
    },
    ...(options.legacy ? { current_period_end: periodEnd } : {}),
  };
}

describe('premium through Stripe', () => {
  const stripeApi = fakeStripeApi();
  const env: Record<string, string> = {
    STRIPE_SECRET_KEY: 'sk_test_card_web',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_ID: priceId,
  };
  // Registered before setupTestApp's own hook, so the app is built pointing at the server.
  beforeAll(async () => {
    env.STRIPE_API_BASE = await stripeApi.listen();
  });
  afterAll(() => stripeApi.close());
  const context = setupTestApp(env);
  const { signUp, request } = people(context, '203.0.113');

  function deliver(payload: string, secret = webhookSecret) {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return context.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    });
  }
  const status = async (person: Person) =>
    subscriptionStatusSchema.parse((await request('GET', '/api/billing/subscription', person)).json());
  const badge = async (key: string) =>
    ((await request('GET', `/api/profiles/${key}`)).json() as { isSubscribed: boolean }).isSubscribed;
  const row = async (key: string) =>
    (await context.db.orm.select().from(subscriptions).where(eq(subscriptions.profileKey, key)))[0];

  it('creates a Checkout Session in subscription mode for the premium price, tied to the person', async () => {
    const ada = await signUp('Ada Buyer');
    expect(await status(ada)).toMatchObject({
      checkoutAvailable: true,
      portalAvailable: false,
      plan: 'free',
    });
    const response = await request('POST', '/api/billing/checkout', ada, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const call = stripeApi.calls.at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/v1/checkout/sessions');
    expect(call.authorization).toBe('Bearer sk_test_card_web');
    expect(call.form.get('mode')).toBe('subscription');
    expect(call.form.get('line_items[0][price]')).toBe(priceId);
    expect(call.form.get('line_items[0][quantity]')).toBe('1');
    expect(call.form.get('client_reference_id')).toBe(ada.id);
    expect(call.form.get('subscription_data[metadata][profileKey]')).toBe(ada.id);
    expect(call.form.get('customer_email')).toBe(ada.email);
    expect(call.form.get('success_url')).toBe(`${context.config.PUBLIC_URL}/settings?billing=success`);
    expect(call.form.get('cancel_url')).toBe(`${context.config.PUBLIC_URL}/settings?billing=cancelled`);
  });

  it('answers billing/provider-unavailable when Stripe refuses, without leaking its message', async () => {
    const bea = await signUp('Bea Refused');
    stripeApi.failOnce();
    const response = await request('POST', '/api/billing/checkout', bea, {});
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe('billing/provider-unavailable');
    expect(response.body).not.toContain('price_x');
  });

  it('activates on checkout.session.completed, applies a redelivery once, and ends on subscription.deleted', async () => {
    const cat = await signUp('Cat Subscriber');
    const completed = stripeEvent('checkout.session.completed', {
      id: 'cs_test_cat',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: cat.id,
      customer: 'cus_cat',
      subscription: 'sub_cat',
      payment_status: 'paid',
      metadata: { profileKey: cat.id },
    });
    const first = await deliver(completed);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await badge(cat.id)).toBe(true);
    expect(await status(cat)).toMatchObject({ plan: 'premium', source: 'stripe', portalAvailable: true });
    const linked = await row(cat.id);
    expect(linked).toMatchObject({ stripeCustomerId: 'cus_cat', stripeSubscriptionId: 'sub_cat' });

    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
    const updated = await deliver(
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject('sub_cat', 'active', { customer: 'cus_cat', periodEnd }),
      ),
    );
    expect(updated.json()).toEqual({ received: true, duplicate: false });
    expect((await status(cat)).until).toBe(new Date(periodEnd * 1000).toISOString());
    const afterUpdate = await row(cat.id);

    // Stripe delivers at least once: the same event again changes nothing.
    const again = await deliver(completed);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await row(cat.id)).toEqual(afterUpdate);

    const deleted = await deliver(
      stripeEvent(
        'customer.subscription.deleted',
        subscriptionObject('sub_cat', 'canceled', { customer: 'cus_cat' }),
      ),
    );
    expect(deleted.statusCode).toBe(200);
    expect(await badge(cat.id)).toBe(false);
    expect(await status(cat)).toMatchObject({ plan: 'free', active: false, status: 'canceled' });
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const dot = await signUp('Dot Forged');
    const event = stripeEvent(
      'customer.subscription.created',
      subscriptionObject('sub_dot', 'active', { profileKey: dot.id }),
    );
    const forged = await deliver(event, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('billing/invalid-signature');
    const unsigned = await context.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: event,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    // The right signature over other bytes is refused too.
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: event, secret: webhookSecret });
    const tampered = await context.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: event.replace('"active"', '"trialing"'),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(tampered.statusCode).toBe(400);
    expect(await badge(dot.id)).toBe(false);
    expect(await row(dot.id)).toBeUndefined();
    const id = (JSON.parse(event) as { id: string }).id;
    expect(await context.db.orm.select().from(stripeEvents).where(eq(stripeEvents.id, id))).toEqual([]);
  });

  it('links a subscription whose own event arrives before checkout’s, by the profile key in its metadata', async () => {
    const eli = await signUp('Eli Early');
    const periodEnd = Math.floor(Date.now() / 1000) + 7 * 24 * 3600;
    await deliver(
      stripeEvent(
        'customer.subscription.created',
        subscriptionObject('sub_eli', 'trialing', { profileKey: eli.id, customer: 'cus_eli', periodEnd }),
      ),
    );
    expect(await badge(eli.id)).toBe(true);
    await deliver(
      stripeEvent('checkout.session.completed', {
        id: 'cs_test_eli',
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: eli.id,
        customer: 'cus_eli',
        subscription: 'sub_eli',
        payment_status: 'no_payment_required',
        metadata: {},
      }),
    );
    // Checkout's event does not undo what the subscription's event said.
    expect(await row(eli.id)).toMatchObject({
      status: 'trialing',
      currentPeriodEnd: new Date(periodEnd * 1000),
      stripeCustomerId: 'cus_eli',
    });
    const [profile] = await context.db.orm.select().from(profiles).where(eq(profiles.key, eli.id));
    // The badge runs a day past the period end, so a renewal that Stripe reports late does not blink it off.
    expect(profile?.subscribedUntil?.getTime()).toBe(periodEnd * 1000 + 24 * 3600 * 1000);

    const portal = await request('POST', '/api/billing/portal', eli, {});
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toBe('https://billing.stripe.com/p/session/test_1');
    const call = stripeApi.calls.at(-1)!;
    expect(call.path).toBe('/v1/billing_portal/sessions');
    expect(call.form.get('customer')).toBe('cus_eli');
    expect(call.form.get('return_url')).toBe(`${context.config.PUBLIC_URL}/settings`);

    const checkout = await request('POST', '/api/billing/checkout', eli, {});
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().error.code).toBe('billing/already-subscribed');
  });

  it('ends premium on a status that is not active (past due), and finds the profile by the stored ids', async () => {
    const fay = await signUp('Fay Overdue');
    await deliver(
      stripeEvent(
        'customer.subscription.created',
        subscriptionObject('sub_fay', 'active', { profileKey: fay.id, customer: 'cus_fay' }),
      ),
    );
    expect(await badge(fay.id)).toBe(true);
    await deliver(
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject('sub_fay', 'past_due', { customer: 'cus_fay' }),
      ),
    );
    expect(await badge(fay.id)).toBe(false);
  });

  it('answers the portal with billing/no-billing-account for someone who never paid', async () => {
    const gil = await signUp('Gil Free');
    const response = await request('POST', '/api/billing/portal', gil, {});
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('billing/no-billing-account');
  });
});

describe('the period end of a Stripe subscription', () => {
  it('is the latest item’s current_period_end, or the subscription’s own in older API versions', () => {
    const items = subscriptionObject('sub_x', 'active', { periodEnd: 1_900_000_000 });
    items.items.data.push({ id: 'si_2', object: 'subscription_item', current_period_end: 1_900_000_100 });
    expect(periodEndOf(items as unknown as Stripe.Subscription)).toEqual(new Date(1_900_000_100_000));
    const legacy = subscriptionObject('sub_y', 'active', { periodEnd: 1_800_000_000, legacy: true });
    expect(periodEndOf(legacy as unknown as Stripe.Subscription)).toEqual(new Date(1_800_000_000_000));
  });
});
