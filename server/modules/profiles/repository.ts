import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import { follows, profiles } from '../../db/schema.ts';

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
      fields: Partial<Pick<ProfileRow, 'displayName' | 'bio' | 'phoneNumber' | 'country'>>,
    ) {
      const rows = await orm
        .update(profiles)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(profiles.key, key))
        .returning();
      return rows[0];
    },

    /**
     * One page of the people who follow `key` (`direction` 'followers') or whom `key` follows ('following'),
     * newest edge first; `after` is the last edge of the previous page.
     */
    async listEdges(
      key: string,
      direction: 'followers' | 'following',
      limit: number,
      after?: { at: Date; key: string },
    ) {
      const mine = direction === 'followers' ? follows.followeeKey : follows.followerKey;
      const theirs = direction === 'followers' ? follows.followerKey : follows.followeeKey;
      return orm
        .select({ profile: profiles, at: follows.createdAt })
        .from(follows)
        .innerJoin(profiles, eq(profiles.key, theirs))
        .where(
          and(
            eq(mine, key),
            after
              ? or(
                  lt(follows.createdAt, after.at),
                  and(eq(follows.createdAt, after.at), lt(theirs, after.key)),
                )
              : undefined,
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

    /**
     * Adds or removes the edge and moves both counters in one transaction, so they always equal the rows. The
     * two profile rows are updated in key order, so two people following each other at once cannot deadlock.
     */
    async setFollowing(followerKey: string, followeeKey: string, follow: boolean): Promise<number> {
      return orm.transaction(async (tx) => {
        const changed = follow
          ? await tx.insert(follows).values({ followerKey, followeeKey }).onConflictDoNothing().returning()
          : await tx
              .delete(follows)
              .where(and(eq(follows.followerKey, followerKey), eq(follows.followeeKey, followeeKey)))
              .returning();
        const delta = changed.length === 0 ? 0 : follow ? 1 : -1;
        if (delta !== 0) {
          for (const key of [followerKey, followeeKey].sort()) {
            await tx
              .update(profiles)
              .set(
                key === followeeKey
                  ? { followers: sql`${profiles.followers} + ${delta}` }
                  : { following: sql`${profiles.following} + ${delta}` },
              )
              .where(eq(profiles.key, key));
          }
        }
        const [row] = await tx
          .select({ followers: profiles.followers })
          .from(profiles)
          .where(eq(profiles.key, followeeKey));
        return row?.followers ?? 0;
      });
    },
  };
}
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
