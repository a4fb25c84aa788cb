import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { reputationPoints } from '../../../contracts/reputation.ts';
import type { Orm } from '../../db/client.ts';
import { beforeTimeKey, exactTime } from '../../db/keyset.ts';
import type { TimeKey } from '../../lib/cursor.ts';
import { blocks, follows, profiles, userReports, users } from '../../db/schema.ts';
import { blockedEitherWay, notBlockedBetween } from '../../db/visibility.ts';
import type { Executor } from '../../db/client.ts';
import { applyReputationEvent } from '../reputation/index.ts';

export type ProfileRow = typeof profiles.$inferSelect;

/** Storage of profiles and the follow graph. */
export function createProfilesRepository(orm: Orm) {
  return {
    async findByKey(key: string): Promise<ProfileRow | undefined> {
      const rows = await orm.select().from(profiles).where(eq(profiles.key, key)).limit(1);
      return rows[0];
    },

    /** Handles are unique whatever their letter case. */
    async findByHandle(handle: string): Promise<ProfileRow | undefined> {
      const rows = await orm
        .select()
        .from(profiles)
        .where(sql`lower(${profiles.handle}) = ${handle.toLowerCase()}`)
        .limit(1);
      return rows[0];
    },

    async update(
      key: string,
      fields: Partial<
        Pick<ProfileRow, 'displayName' | 'bio' | 'phoneNumber' | 'country' | 'hideFollowCounts'>
      >,
    ) {
      const rows = await orm
        .update(profiles)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(profiles.key, key))
        .returning();
      return rows[0];
    },

    /**
     * Points the profile at a new photo, or at none (`null`), and the account's picture with it, so the signed-in
     * identity (the top bar's avatar) shows the same photo. The updated row, or undefined with no profile.
     */
    async setPhoto(key: string, photoURL: string | null): Promise<ProfileRow | undefined> {
      return orm.transaction(async (tx) => {
        const [row] = await tx
          .update(profiles)
          .set({ photoURL, updatedAt: new Date() })
          .where(eq(profiles.key, key))
          .returning();
        if (row)
          await tx
            .update(users)
            .set({ image: photoURL, updatedAt: new Date() })
            .where(eq(users.id, row.userId));
        return row;
      });
    },

    /**
     * One page of the people who follow `key` (`direction` 'followers') or whom `key` follows ('following'),
     * newest edge first, leaving out people blocked either way with `readerKey`; `after` is the last edge of the
     * previous page.
     */
    async listEdges(
      key: string,
      direction: 'followers' | 'following',
      readerKey: string | undefined,
      limit: number,
      after?: TimeKey,
    ) {
      const mine = direction === 'followers' ? follows.followeeKey : follows.followerKey;
      const theirs = direction === 'followers' ? follows.followerKey : follows.followeeKey;
      return orm
        .select({ profile: profiles, at: exactTime(follows.createdAt) })
        .from(follows)
        .innerJoin(profiles, eq(profiles.key, theirs))
        .where(
          and(
            eq(mine, key),
            notBlockedBetween(readerKey, theirs),
            after ? beforeTimeKey(follows.createdAt, theirs, after) : undefined,
          ),
        )
        .orderBy(desc(follows.createdAt), desc(theirs))
        .limit(limit);
    },

    /** Creates the profile; a handle already taken returns false so the caller can try another. */
    async insert(profile: typeof profiles.$inferInsert): Promise<boolean> {
      const rows = await orm
        .insert(profiles)
        .values(profile)
        .onConflictDoNothing()
        .returning({ key: profiles.key });
      return rows.length > 0;
    },

    async isFollowing(followerKey: string, followeeKey: string): Promise<boolean> {
      const rows = await orm
        .select({ one: sql`1` })
        .from(follows)
        .where(and(eq(follows.followerKey, followerKey), eq(follows.followeeKey, followeeKey)))
        .limit(1);
      return rows.length > 0;
    },

    /** Whether `blockerKey` blocks `blockedKey`. */
    async isBlocking(blockerKey: string, blockedKey: string): Promise<boolean> {
      const rows = await orm
        .select({ one: sql`1` })
        .from(blocks)
        .where(and(eq(blocks.blockerKey, blockerKey), eq(blocks.blockedKey, blockedKey)))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Adds or removes the edge and moves both counters in one transaction, so they always equal the rows. Both
     * profile rows are locked first, in key order, so two people following each other at once cannot deadlock
     * and a block made at the same moment cannot slip a follow in behind it. A new follower earns the followee
     * reputation once per follower. Returns undefined when a block between the two refuses the follow.
     */
    async setFollowing(
      followerKey: string,
      followeeKey: string,
      follow: boolean,
    ): Promise<number | undefined> {
      return orm.transaction(async (tx) => {
        await lockProfiles(tx, [followerKey, followeeKey]);
        if (follow && (await blockedEitherWay(tx, followerKey, followeeKey))) return undefined;
        const changed = follow
          ? await tx.insert(follows).values({ followerKey, followeeKey }).onConflictDoNothing().returning()
          : await tx
              .delete(follows)
              .where(and(eq(follows.followerKey, followerKey), eq(follows.followeeKey, followeeKey)))
              .returning();
        if (changed.length > 0) await moveFollowCounters(tx, followerKey, followeeKey, follow ? 1 : -1);
        if (follow && changed.length > 0) {
          await applyReputationEvent(tx, {
            profileKey: followeeKey,
            kind: 'new-follower',
            points: reputationPoints['new-follower'],
            day: new Date().toISOString().slice(0, 10),
            sourceId: followerKey,
          });
        }
        const [row] = await tx
          .select({ followers: profiles.followers })
          .from(profiles)
          .where(eq(profiles.key, followeeKey));
        return row?.followers ?? 0;
      });
    },

    /**
     * Blocks or unblocks. Blocking also removes the follows between the two, both ways, with their counters,
     * in the same transaction.
     */
    async setBlocking(blockerKey: string, blockedKey: string, block: boolean): Promise<void> {
      await orm.transaction(async (tx) => {
        await lockProfiles(tx, [blockerKey, blockedKey]);
        if (!block) {
          await tx
            .delete(blocks)
            .where(and(eq(blocks.blockerKey, blockerKey), eq(blocks.blockedKey, blockedKey)));
          return;
        }
        await tx.insert(blocks).values({ blockerKey, blockedKey }).onConflictDoNothing();
        for (const [from, to] of [
          [blockerKey, blockedKey],
          [blockedKey, blockerKey],
        ] as const) {
          const removed = await tx
            .delete(follows)
            .where(and(eq(follows.followerKey, from), eq(follows.followeeKey, to)))
            .returning();
          if (removed.length > 0) await moveFollowCounters(tx, from, to, -1);
        }
      });
    },

    /** One page of the profiles `blockerKey` blocks, newest first. */
    async listBlocked(blockerKey: string, limit: number, after?: TimeKey) {
      return orm
        .select({ profile: profiles, at: exactTime(blocks.createdAt) })
        .from(blocks)
        .innerJoin(profiles, eq(profiles.key, blocks.blockedKey))
        .where(
          and(
            eq(blocks.blockerKey, blockerKey),
            after ? beforeTimeKey(blocks.createdAt, blocks.blockedKey, after) : undefined,
          ),
        )
        .orderBy(desc(blocks.createdAt), desc(blocks.blockedKey))
        .limit(limit);
    },

    /** Stores a report of `reportedKey` for the administrators. */
    async insertReport(report: {
      reporterKey: string;
      reportedKey: string;
      reason: string;
      details: string;
    }) {
      const [row] = await orm.insert(userReports).values(report).returning({ id: userReports.id });
      return row!.id;
    },

    /** How many reports `reporterKey` filed since `since` (a limit against report floods). */
    async countReportsSince(reporterKey: string, since: Date): Promise<number> {
      const [row] = await orm
        .select({ count: sql<number>`count(*)::int` })
        .from(userReports)
        .where(and(eq(userReports.reporterKey, reporterKey), sql`${userReports.createdAt} >= ${since}`));
      return row?.count ?? 0;
    },
  };
}
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;

/** Locks the profile rows in key order, the one order every multi-profile transaction takes them in. */
async function lockProfiles(tx: Executor, keys: string[]): Promise<void> {
  await tx
    .select({ key: profiles.key })
    .from(profiles)
    .where(inArray(profiles.key, keys))
    .orderBy(asc(profiles.key))
    .for('update');
}

async function moveFollowCounters(tx: Executor, followerKey: string, followeeKey: string, delta: 1 | -1) {
  await tx
    .update(profiles)
    .set({ following: sql`${profiles.following} + ${delta}` })
    .where(eq(profiles.key, followerKey));
  await tx
    .update(profiles)
    .set({ followers: sql`${profiles.followers} + ${delta}` })
    .where(eq(profiles.key, followeeKey));
}
