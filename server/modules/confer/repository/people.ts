import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Orm } from '../../../db/client.ts';
import { blocks, conversationMembers, profiles } from '../../../db/schema.ts';
import { notBlockedBetween } from '../../../db/visibility.ts';

/** People as Confer needs them: profiles by key or handle, people search, and blocks between members. */
export function createPeopleRepository(orm: Orm) {
  return {
    /** Profiles by key, those that exist. */
    profilesByKey(keys: string[]) {
      if (keys.length === 0) return Promise.resolve([]);
      return orm.select().from(profiles).where(inArray(profiles.key, keys));
    },

    /** The members of a conversation with these handles (lower-cased): who a message can mention. */
    async membersByHandle(conversationId: string, handles: string[]): Promise<string[]> {
      if (handles.length === 0) return [];
      const rows = await orm
        .select({ key: profiles.key })
        .from(profiles)
        .innerJoin(
          conversationMembers,
          and(
            eq(conversationMembers.profileKey, profiles.key),
            eq(conversationMembers.conversationId, conversationId),
          ),
        )
        .where(inArray(sql`lower(${profiles.handle})`, handles));
      return rows.map((row) => row.key);
    },

    /** People whose handle or name starts with `prefix` (any case), but `readerKey` and whom they block or who block them. */
    async people(readerKey: string, prefix: string, limit: number) {
      const like = `${prefix.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      return orm
        .select()
        .from(profiles)
        .where(
          and(
            ne(profiles.key, readerKey),
            sql`(lower(${profiles.handle}) like ${like} or lower(coalesce(${profiles.displayName}, '')) like ${like})`,
            notBlockedBetween(readerKey, profiles.key),
          ),
        )
        .orderBy(asc(profiles.handle))
        .limit(limit);
    },

    /** The key of the person with this handle (any letter case). */
    async keyOfHandle(handle: string): Promise<string | undefined> {
      const [row] = await orm
        .select({ key: profiles.key })
        .from(profiles)
        .where(eq(sql`lower(${profiles.handle})`, handle.toLowerCase()))
        .limit(1);
      return row?.key;
    },

    /** Which of `others` block `key`, or are blocked by it. */
    async blockedAmong(key: string, others: string[]): Promise<{ blocking: string[]; blockedBy: string[] }> {
      if (others.length === 0) return { blocking: [], blockedBy: [] };
      const rows = await orm
        .select({ blocker: blocks.blockerKey, blocked: blocks.blockedKey })
        .from(blocks)
        .where(
          sql`(${blocks.blockerKey} = ${key} and ${inArray(blocks.blockedKey, others)}) or (${blocks.blockedKey} = ${key} and ${inArray(blocks.blockerKey, others)})`,
        );
      return {
        blocking: rows.filter((row) => row.blocker === key).map((row) => row.blocked),
        blockedBy: rows.filter((row) => row.blocked === key).map((row) => row.blocker),
      };
    },
  };
}
