import Stripe from 'stripe';
import type { Config } from '../../config.ts';

export type StripeSettings = NonNullable<Config['stripe']>;

/**
 * Stripe's own client, configured. `apiBase` (STRIPE_API_BASE) points it at another host, which tests use to
 * put a loopback server in Stripe's place; the API version is the one this library release is built for.
 */
export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'CARD WEB' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** The id of an expandable Stripe field, whether it came as an id or as the expanded object. */
export function stripeId(value: string | { id: string } | null | undefined): string | undefined {
  if (!value) return undefined;
  return typeof value === 'string' ? value : value.id;
}

/**
 * When the subscription's paid period ends. Since API version 2025-03-31 Stripe keeps it on each item (items
 * may renew on different days: the latest counts); older versions kept it on the subscription itself.
 */
export function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const itemEnds = subscription.items.data
    .map((item) => item.current_period_end)
    .filter((end): end is number => typeof end === 'number');
  const legacy = (subscription as { current_period_end?: unknown }).current_period_end;
  const seconds = itemEnds.length > 0 ? Math.max(...itemEnds) : typeof legacy === 'number' ? legacy : null;
  return seconds === null ? null : new Date(seconds * 1000);
}

export { Stripe };
