import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Orm } from '../../db/client.ts';
import { profiles, stripeEvents, subscriptions, users } from '../../db/schema.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The columns a change writes; a column left out keeps its stored value (a new row gets the default). */
export type SubscriptionChange = Pick<SubscriptionRow, 'source' | 'status' | 'currentPeriodEnd'> &
  Partial<Pick<SubscriptionRow, 'stripeCustomerId' | 'stripeSubscriptionId' | 'grantedBy'>>;

/** What the profile's badge shows, kept beside the subscription so reads of a profile need no join. */
export type Badge = { isSubscribed: boolean; subscribedUntil: Date | null };

/** A person with their subscription (if any) and the handle of whoever changed it last. */
export type PersonRow = {
  key: string;
  handle: string;
  displayName: string | null;
  email: string | null;
  subscription: SubscriptionRow | null;
  changedBy: string | null;
};

type Transaction = Parameters<Parameters<Orm['transaction']>[0]>[0];
type Executor = Orm | Transaction;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const granter = alias(profiles, 'granter');

function repositoryOn(db: Executor) {
  const person = {
    key: profiles.key,
    handle: profiles.handle,
    displayName: profiles.displayName,
    email: users.email,
    subscription: subscriptions,
    changedBy: granter.handle,
  };
  const people = () =>
    db
      .select(person)
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .leftJoin(subscriptions, eq(subscriptions.profileKey, profiles.key))
      .leftJoin(granter, eq(granter.key, subscriptions.grantedBy));

  return {
    /**
     * Locks the profile's row until the transaction ends, so two changes to one person's subscription (a
     * webhook and an administrator, say) apply one after the other. False when there is no such profile.
     */
    async lockProfile(key: string): Promise<boolean> {
      const rows = await db
        .select({ key: profiles.key })
        .from(profiles)
        .where(eq(profiles.key, key))
        .for('update');
      return rows.length > 0;
    },

    async findSubscription(profileKey: string): Promise<SubscriptionRow | undefined> {
      const rows = await db.select().from(subscriptions).where(eq(subscriptions.profileKey, profileKey));
      return rows[0];
    },

    /** The profile a Stripe subscription or customer belongs to, by the ids stored when it was linked. */
    async findProfileKeyByStripe(ids: {
      subscriptionId?: string | undefined;
      customerId?: string | undefined;
    }): Promise<string | undefined> {
      const conditions = [
        ids.subscriptionId ? eq(subscriptions.stripeSubscriptionId, ids.subscriptionId) : undefined,
        ids.customerId ? eq(subscriptions.stripeCustomerId, ids.customerId) : undefined,
      ].filter((condition) => condition !== undefined);
      if (conditions.length === 0) return undefined;
      const rows = await db
        .select({ key: subscriptions.profileKey })
        .from(subscriptions)
        .where(or(...conditions))
        // A match on the subscription beats a match on the customer.
        .orderBy(
          ids.subscriptionId
            ? desc(sql`coalesce(${subscriptions.stripeSubscriptionId} = ${ids.subscriptionId}, false)`)
            : subscriptions.profileKey,
        )
        .limit(1);
      return rows[0]?.key;
    },

    /** Writes the subscription row and the profile's badge together: they can never disagree. */
    async save(profileKey: string, change: SubscriptionChange, badge: Badge): Promise<SubscriptionRow> {
      const write = async (tx: Executor) => {
        const values = { ...change, updatedAt: new Date() };
        const [row] = await tx
          .insert(subscriptions)
          .values({ profileKey, ...values })
          .onConflictDoUpdate({ target: subscriptions.profileKey, set: values })
          .returning();
        await tx
          .update(profiles)
          .set({ isSubscribed: badge.isSubscribed, subscribedUntil: badge.subscribedUntil })
          .where(eq(profiles.key, profileKey));
        return row!;
      };
      // Inside a caller's transaction this is a savepoint; alone, a transaction of its own.
      return db.transaction(write);
    },

    /** Records a Stripe event as applied; false when it already was (a redelivery). */
    async recordStripeEvent(id: string, type: string): Promise<boolean> {
      const rows = await db
        .insert(stripeEvents)
        .values({ id, type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      return rows.length > 0;
    },

    /** The person with this profile key, with their subscription. */
    async findPerson(key: string): Promise<PersonRow | undefined> {
      const rows = await people().where(eq(profiles.key, key)).limit(1);
      return rows[0];
    },

    /** People whose handle or sign-in address starts with `prefix` (any letter case). */
    async searchPeople(prefix: string, limit: number): Promise<PersonRow[]> {
      const pattern = `${escapeLike(prefix.toLowerCase())}%`;
      return people()
        .where(or(sql`lower(${profiles.handle}) like ${pattern}`, sql`lower(${users.email}) like ${pattern}`))
        .orderBy(profiles.handle)
        .limit(limit);
    },

    /** People whose badge shows now, most recently changed first. */
    async listSubscribers(limit: number): Promise<PersonRow[]> {
      return people()
        .where(
          and(
            eq(profiles.isSubscribed, true),
            or(isNull(profiles.subscribedUntil), gt(profiles.subscribedUntil, sql`now()`)),
          ),
        )
        .orderBy(desc(subscriptions.updatedAt), profiles.key)
        .limit(limit);
    },

    /** Takes the badge off every profile whose end date has passed; returns their keys. */
    async expireBadges(): Promise<string[]> {
      const rows = await db
        .update(profiles)
        .set({ isSubscribed: false })
        .where(and(eq(profiles.isSubscribed, true), sql`${profiles.subscribedUntil} <= now()`))
        .returning({ key: profiles.key });
      return rows.map((row) => row.key);
    },
  };
}

/** Storage of subscriptions, the badge they drive, and the Stripe events already applied. */
export function createBillingRepository(orm: Orm) {
  return {
    ...repositoryOn(orm),
    /** Runs `work` in one transaction, with the same queries bound to it. */
    transaction<T>(work: (repository: BillingStore) => Promise<T>): Promise<T> {
      return orm.transaction((tx) => work(repositoryOn(tx)));
    },
  };
}
export type BillingStore = ReturnType<typeof repositoryOn>;
export type BillingRepository = ReturnType<typeof createBillingRepository>;
