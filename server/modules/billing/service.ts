import type { FastifyBaseLogger } from 'fastify';
import {
  entitlementsFor,
  type AdminProfile,
  type AdminProfileList,
  type AdminSubscription,
  type AdminSubscriptionList,
  type BillingRedirect,
  type SubscriptionSource,
  type SubscriptionStatus,
} from '../../../contracts/premium.ts';
import { AppError } from '../../lib/app-error.ts';
import type {
  Badge,
  BillingRepository,
  BillingStore,
  PersonRow,
  SubscriptionChange,
  SubscriptionRow,
} from './repository.ts';
import { periodEndOf, stripeId, type Stripe, type StripeSettings } from './stripe.ts';

const activeStatuses = new Set(['active', 'trialing']);

/**
 * Stripe renews a subscription at the end of its period and tells us a little later; until the renewal (or the
 * failed payment) arrives, premium carries on for this long past the period end rather than blinking off.
 */
export const stripeRenewalGraceMs = 24 * 60 * 60 * 1000;

type Rules = Pick<SubscriptionRow, 'source' | 'status' | 'currentPeriodEnd'>;

/** When premium stops applying: the period end, plus the renewal grace for Stripe's subscriptions. */
export function accessEndsAt(row: Rules): Date | null {
  if (!row.currentPeriodEnd) return null;
  return row.source === 'stripe'
    ? new Date(row.currentPeriodEnd.getTime() + stripeRenewalGraceMs)
    : row.currentPeriodEnd;
}

/** Premium applies while the status is active or trialing and the end date, if any, has not passed. */
export function isActive(row: Rules | undefined | null, now: Date): boolean {
  if (!row || !activeStatuses.has(row.status)) return false;
  const end = accessEndsAt(row);
  return end === null || end > now;
}

function badgeFor(row: Rules, now: Date): Badge {
  return isActive(row, now)
    ? { isSubscribed: true, subscribedUntil: accessEndsAt(row) }
    : { isSubscribed: false, subscribedUntil: null };
}

function presentSubscription(person: PersonRow, now: Date): AdminSubscription | null {
  const row = person.subscription;
  if (!row) return null;
  return {
    profileKey: person.key,
    handle: person.handle,
    displayName: person.displayName,
    email: person.email,
    source: row.source as SubscriptionSource,
    status: row.status,
    active: isActive(row, now),
    until: row.currentPeriodEnd?.toISOString() ?? null,
    changedBy: row.grantedBy ? person.changedBy : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentPerson(person: PersonRow, now: Date): AdminProfile {
  return {
    key: person.key,
    handle: person.handle,
    displayName: person.displayName,
    email: person.email,
    subscription: presentSubscription(person, now),
  };
}

/** Saves a change and the badge it implies, in the caller's transaction. */
async function apply(store: BillingStore, key: string, change: SubscriptionChange, now: Date) {
  return store.save(key, change, badgeFor(change, now));
}

/**
 * Premium subscriptions: bought through Stripe Checkout when Stripe is configured, granted and revoked by
 * administrators either way. Every change writes the subscription row and the profile's badge together.
 */
export function createBillingService({
  repository,
  stripe,
  publicUrl,
  log,
}: {
  repository: BillingRepository;
  /** The Stripe client and its settings; undefined when billing through Stripe is off. */
  stripe: { client: Stripe; settings: StripeSettings } | undefined;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  function requireStripe() {
    if (!stripe) throw new AppError('billing/not-configured');
    return stripe;
  }

  async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      // Stripe's own message may name our keys or prices: it goes to the log, not to the person.
      log.error({ err: error }, `Stripe: ${what} failed`);
      throw new AppError('billing/provider-unavailable', { cause: error });
    }
  }

  async function person(key: string): Promise<PersonRow> {
    const found = await repository.findPerson(key);
    if (!found) throw new AppError('common/not-found', { message: 'There is no profile with this key.' });
    return found;
  }

  async function onCheckoutCompleted(store: BillingStore, session: Stripe.Checkout.Session, now: Date) {
    if (session.mode !== 'subscription') return;
    const key = session.client_reference_id ?? session.metadata?.profileKey;
    const customerId = stripeId(session.customer);
    const subscriptionId = stripeId(session.subscription);
    if (!key || !(await store.lockProfile(key))) {
      log.warn({ session: session.id }, 'Stripe checkout completed for no known profile; ignored');
      return;
    }
    const current = await store.findSubscription(key);
    if (current && subscriptionId && current.stripeSubscriptionId === subscriptionId) {
      // The subscription's own event came first and set the status and period: only link the customer.
      const { source, status, currentPeriodEnd } = current;
      await apply(
        store,
        key,
        { source, status, currentPeriodEnd, stripeCustomerId: customerId ?? current.stripeCustomerId },
        now,
      );
      return;
    }
    const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
    await apply(
      store,
      key,
      {
        source: 'stripe',
        status: paid ? 'active' : 'incomplete',
        currentPeriodEnd: null,
        stripeCustomerId: customerId ?? null,
        stripeSubscriptionId: subscriptionId ?? null,
        grantedBy: null,
      },
      now,
    );
  }

  async function onSubscriptionChanged(store: BillingStore, subscription: Stripe.Subscription, now: Date) {
    const customerId = stripeId(subscription.customer);
    const key =
      subscription.metadata.profileKey ||
      (await store.findProfileKeyByStripe({ subscriptionId: subscription.id, customerId }));
    if (!key || !(await store.lockProfile(key))) {
      log.warn({ subscription: subscription.id }, 'Stripe subscription of no known profile; ignored');
      return;
    }
    const current = await store.findSubscription(key);
    const change: SubscriptionChange = {
      source: 'stripe',
      status: subscription.status,
      currentPeriodEnd: periodEndOf(subscription),
      stripeCustomerId: customerId ?? null,
      stripeSubscriptionId: subscription.id,
      grantedBy: null,
    };
    // Someone with a newer, live subscription: the end of an older one must not take premium away.
    if (
      current?.stripeSubscriptionId &&
      current.stripeSubscriptionId !== subscription.id &&
      isActive(current, now) &&
      !isActive(change, now)
    ) {
      log.info({ subscription: subscription.id }, 'Stripe: change to a superseded subscription; ignored');
      return;
    }
    await apply(store, key, change, now);
  }

  return {
    /** The signed-in person's plan, entitlements and what they can do about it. */
    async status(profileKey: string): Promise<SubscriptionStatus> {
      const row = await repository.findSubscription(profileKey);
      const active = isActive(row, new Date());
      return {
        plan: active ? 'premium' : 'free',
        active,
        until: row?.currentPeriodEnd?.toISOString() ?? null,
        source: (row?.source as SubscriptionSource | undefined) ?? null,
        status: row?.status ?? null,
        entitlements: entitlementsFor(active),
        checkoutAvailable: stripe !== undefined,
        portalAvailable: stripe !== undefined && Boolean(row?.stripeCustomerId),
      };
    },

    /** A Stripe Checkout page for the premium subscription, tied to the person by `client_reference_id`. */
    async checkout(user: { id: string; email: string }): Promise<BillingRedirect> {
      const { client, settings } = requireStripe();
      const row = await repository.findSubscription(user.id);
      if (isActive(row, new Date())) throw new AppError('billing/already-subscribed');
      const session = await callStripe('creating a checkout session', () =>
        client.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: settings.priceId, quantity: 1 }],
          client_reference_id: user.id,
          // On the subscription too, so its events name the person even if they arrive before checkout's.
          metadata: { profileKey: user.id },
          subscription_data: { metadata: { profileKey: user.id } },
          ...(row?.stripeCustomerId ? { customer: row.stripeCustomerId } : { customer_email: user.email }),
          success_url: `${publicUrl}/settings?billing=success`,
          cancel_url: `${publicUrl}/settings?billing=cancelled`,
        }),
      );
      if (!session.url) {
        log.error({ session: session.id }, 'Stripe: checkout session without a URL');
        throw new AppError('billing/provider-unavailable');
      }
      return { url: session.url };
    },

    /** Stripe's billing portal, where a subscriber cancels or changes their card. */
    async portal(profileKey: string): Promise<BillingRedirect> {
      const { client } = requireStripe();
      const customer = (await repository.findSubscription(profileKey))?.stripeCustomerId;
      if (!customer) throw new AppError('billing/no-billing-account');
      const session = await callStripe('creating a portal session', () =>
        client.billingPortal.sessions.create({ customer, return_url: `${publicUrl}/settings` }),
      );
      return { url: session.url };
    },

    /**
     * Applies a webhook delivery: the signature is checked with Stripe's library first (a bad one changes
     * nothing), then the event is recorded and applied in one transaction, so a redelivery is a no-op.
     * Returns whether the event was new.
     */
    async webhook(payload: Buffer, signature: string | undefined): Promise<boolean> {
      const { client, settings } = requireStripe();
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('no Stripe-Signature header');
        event = client.webhooks.constructEvent(payload, signature, settings.webhookSecret);
      } catch (error) {
        log.warn({ err: error }, 'Stripe webhook refused: signature not verified');
        throw new AppError('billing/invalid-signature');
      }
      return repository.transaction(async (store) => {
        if (!(await store.recordStripeEvent(event.id, event.type))) return false;
        const now = new Date();
        switch (event.type) {
          case 'checkout.session.completed':
            await onCheckoutCompleted(store, event.data.object, now);
            break;
          case 'customer.subscription.created':
          case 'customer.subscription.updated':
          case 'customer.subscription.deleted':
          case 'customer.subscription.paused':
          case 'customer.subscription.resumed':
            await onSubscriptionChanged(store, event.data.object, now);
            break;
          default:
            // Other events are acknowledged so Stripe stops sending them; they change nothing here.
            break;
        }
        return true;
      });
    },

    /** Grants premium to a profile, with no end or until `until`; recorded as granted by `adminKey`. */
    async grant(adminKey: string, key: string, until: Date | null): Promise<AdminProfile> {
      const now = new Date();
      if (until && until <= now) {
        throw new AppError('common/validation-failed', {
          details: { fields: [{ path: 'until', message: 'Choose a date in the future' }] },
        });
      }
      await repository.transaction(async (store) => {
        if (!(await store.lockProfile(key)))
          throw new AppError('common/not-found', { message: 'There is no profile with this key.' });
        await apply(
          store,
          key,
          { source: 'admin', status: 'active', currentPeriodEnd: until, grantedBy: adminKey },
          now,
        );
      });
      return presentPerson(await person(key), new Date());
    },

    /**
     * Ends a profile's premium now, whatever granted it. A Stripe subscription goes on billing until it is
     * cancelled in Stripe; a later event from it would apply again.
     */
    async revoke(adminKey: string, key: string): Promise<AdminProfile> {
      const now = new Date();
      await repository.transaction(async (store) => {
        if (!(await store.lockProfile(key)))
          throw new AppError('common/not-found', { message: 'There is no profile with this key.' });
        const current = await store.findSubscription(key);
        if (!current || !isActive(current, now)) return;
        await apply(
          store,
          key,
          { source: 'admin', status: 'canceled', currentPeriodEnd: now, grantedBy: adminKey },
          now,
        );
      });
      return presentPerson(await person(key), new Date());
    },

    /** The people whose premium applies now, most recently changed first. */
    async subscribers(limit: number): Promise<AdminSubscriptionList> {
      const now = new Date();
      const people = await repository.listSubscribers(limit);
      return {
        items: people
          .map((row) => presentSubscription(row, now))
          .filter((item): item is AdminSubscription => item !== null),
      };
    },

    /** People whose handle (with or without its `@`) or sign-in address starts with `query`. */
    async search(query: string): Promise<AdminProfileList> {
      const prefix = query.trim().replace(/^@/, '');
      const now = new Date();
      const people = prefix ? await repository.searchPeople(prefix, 10) : [];
      return { items: people.map((row) => presentPerson(row, now)) };
    },

    /** Takes the badge off profiles whose premium has ended; returns how many. */
    async sweep(): Promise<number> {
      return (await repository.expireBadges()).length;
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
