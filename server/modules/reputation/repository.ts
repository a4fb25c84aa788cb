import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  dailyLikePointsCap,
  likeKinds,
  rankFor,
  reputationFromLedger,
  type ReputationKind,
} from '../../../contracts/reputation.ts';
import type { Orm } from '../../db/client.ts';
import { profiles, reputationEvents } from '../../db/schema.ts';

/** The ORM itself or an open transaction: ledger events join the transaction of the change that earns them. */
import type { Executor } from '../../db/client.ts';

/** One event to add to the ledger. */
export type ReputationEvent = {
  profileKey: string;
  kind: ReputationKind;
  points: number;
  /** ISO date the points count towards. */
  day: string;
  /** Makes the event idempotent: a second event with the same kind and source for the profile is ignored. */
  sourceId?: string;
  note?: string;
};

/**
 * Adds an event and moves the profile's reputation and rank by what it changes, in `executor`'s transaction.
 * The profile row is locked first, so concurrent events on one profile see each other's day totals and the
 * cached total always equals what the ledger adds up to. Returns false when the event was already recorded.
 */
export async function applyReputationEvent(executor: Executor, event: ReputationEvent): Promise<boolean> {
  const [locked] = await executor
    .select({ reputation: profiles.reputation })
    .from(profiles)
    .where(eq(profiles.key, event.profileKey))
    .for('update');
  if (!locked) return false;

  const isLike = likeKinds.includes(event.kind);
  let dayBefore = 0;
  if (isLike) {
    const [row] = await executor
      .select({ total: sql<string | null>`sum(${reputationEvents.points})` })
      .from(reputationEvents)
      .where(
        and(
          eq(reputationEvents.profileKey, event.profileKey),
          eq(reputationEvents.day, event.day),
          inArray(reputationEvents.kind, [...likeKinds]),
        ),
      );
    dayBefore = Number(row?.total ?? 0);
  }

  const inserted = await executor
    .insert(reputationEvents)
    .values({
      profileKey: event.profileKey,
      kind: event.kind,
      points: event.points,
      day: event.day,
      sourceId: event.sourceId ?? null,
      note: event.note ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: reputationEvents.id });
  if (inserted.length === 0) return false;

  const delta = isLike
    ? Math.min(dailyLikePointsCap, dayBefore + event.points) - Math.min(dailyLikePointsCap, dayBefore)
    : event.points;
  const reputation = locked.reputation + delta;
  await executor
    .update(profiles)
    .set({ reputation, rank: rankFor(reputation) })
    .where(eq(profiles.key, event.profileKey));
  return true;
}

/** Reading and repairing reputations from the ledger. */
export function createReputationRepository(orm: Orm) {
  return {
    /** The cached reputation and rank on the profile. */
    async current(profileKey: string) {
      const [row] = await orm
        .select({ reputation: profiles.reputation, rank: profiles.rank })
        .from(profiles)
        .where(eq(profiles.key, profileKey));
      return row;
    },

    /** The profile's latest `limit` ledger events, newest first. */
    async recent(profileKey: string, limit: number) {
      return orm
        .select()
        .from(reputationEvents)
        .where(eq(reputationEvents.profileKey, profileKey))
        .orderBy(desc(reputationEvents.id))
        .limit(limit);
    },

    /** The profile's ledger, oldest first. */
    async ledger(profileKey: string) {
      return orm
        .select()
        .from(reputationEvents)
        .where(eq(reputationEvents.profileKey, profileKey))
        .orderBy(asc(reputationEvents.id));
    },

    add(event: ReputationEvent) {
      return orm.transaction((tx) => applyReputationEvent(tx, event));
    },

    /** Recomputes the reputation and rank from the ledger alone and stores them; returns the new values. */
    async recompute(profileKey: string) {
      return orm.transaction(async (tx) => {
        await tx
          .select({ key: profiles.key })
          .from(profiles)
          .where(eq(profiles.key, profileKey))
          .for('update');
        const entries = await tx
          .select({ kind: reputationEvents.kind, points: reputationEvents.points, day: reputationEvents.day })
          .from(reputationEvents)
          .where(eq(reputationEvents.profileKey, profileKey));
        const reputation = reputationFromLedger(
          entries.map((entry) => ({ ...entry, kind: entry.kind as ReputationKind })),
        );
        const [row] = await tx
          .update(profiles)
          .set({ reputation, rank: rankFor(reputation) })
          .where(eq(profiles.key, profileKey))
          .returning({ reputation: profiles.reputation, rank: profiles.rank });
        return row;
      });
    },
  };
}
export type ReputationRepository = ReturnType<typeof createReputationRepository>;
