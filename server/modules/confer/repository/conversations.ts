import { and, asc, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Orm } from '../../../db/client.ts';
import { conversationMembers, conversations, messages, profiles } from '../../../db/schema.ts';
import { isUniqueViolation, notify, type ConversationRow, type ProfileRow } from './shared.ts';

/** Counts of unread messages and mentions stop here ("99+" is what a person needs to know). */
const COUNT_CAP = 100;

/** A conversation as one reader sees it: their membership, counts and the members' number. */
export type SummaryRow = {
  conversation: ConversationRow;
  joined: boolean;
  role: string | null;
  readSeq: number;
  unread: number;
  mentions: number;
  memberCount: number;
};

/** Conversations, their members and read positions. */
export function createConversationsRepository(orm: Orm) {
  /** Conversations chosen by `where`, as `readerKey` sees them. */
  async function summaries(
    readerKey: string,
    where: SQL,
    order: SQL[],
    limit: number,
  ): Promise<SummaryRow[]> {
    const member = sql`m.profile_key = ${readerKey}`;
    const result = await orm.execute<{
      id: string;
      joined: boolean;
      role: string | null;
      read_seq: string | number;
      unread: number;
      mentions: number;
      member_count: number;
    }>(sql`
      select c.id, m.profile_key is not null as joined, m.role, coalesce(m.read_seq, 0) as read_seq,
        case when m.profile_key is null then 0 else (
          select count(*)::int from (
            select 1 from ${messages} x
            where x.conversation_id = c.id and x.seq > m.read_seq and x.thread_root_id is null
              and x.author_key <> ${readerKey} and x.deleted_at is null
            limit ${COUNT_CAP}) as counted) end as unread,
        case when m.profile_key is null then 0 else (
          select count(*)::int from (
            select 1 from ${messages} x
            where x.conversation_id = c.id and x.seq > m.read_seq and ${readerKey} = any(x.mentions)
              and x.deleted_at is null
            limit ${COUNT_CAP}) as counted) end as mentions,
        (select count(*)::int from ${conversationMembers} mm where mm.conversation_id = c.id) as member_count
      from ${conversations} c
      left join ${conversationMembers} m on m.conversation_id = c.id and ${member}
      where ${where}
      order by ${sql.join(order, sql`, `)}
      limit ${limit}`);
    if (result.rows.length === 0) return [];
    const rows = await orm
      .select()
      .from(conversations)
      .where(
        inArray(
          conversations.id,
          result.rows.map((row) => row.id),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return result.rows.flatMap((row) => {
      const conversation = byId.get(row.id);
      return conversation
        ? [
            {
              conversation,
              joined: row.joined,
              role: row.role,
              readSeq: Number(row.read_seq),
              unread: row.unread,
              mentions: row.mentions,
              memberCount: row.member_count,
            },
          ]
        : [];
    });
  }

  return {
    /** The conversations `readerKey` is a member of, the most recently active first. */
    conversationsOf(readerKey: string, limit: number) {
      return summaries(
        readerKey,
        sql`m.profile_key is not null`,
        [sql`coalesce(c.last_message_at, c.created_at) desc`, sql`c.id`],
        limit,
      );
    },

    /** One conversation as `readerKey` sees it. */
    async summary(readerKey: string, conversationId: string): Promise<SummaryRow | undefined> {
      const [row] = await summaries(readerKey, sql`c.id = ${conversationId}`, [sql`c.id`], 1);
      return row;
    },

    /** Public channels that are not archived, names starting with `prefix`, the most recently active first. */
    directory(readerKey: string, prefix: string, limit: number) {
      const like = `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      return summaries(
        readerKey,
        sql`c.kind = 'channel' and c.archived_at is null and c.name like ${like}`,
        [sql`c.last_message_at desc nulls last`, sql`c.name`],
        limit,
      );
    },

    async conversation(id: string): Promise<ConversationRow | undefined> {
      const [row] = await orm.select().from(conversations).where(eq(conversations.id, id)).limit(1);
      return row;
    },

    async membership(conversationId: string, profileKey: string) {
      const [row] = await orm
        .select()
        .from(conversationMembers)
        .where(
          and(
            eq(conversationMembers.conversationId, conversationId),
            eq(conversationMembers.profileKey, profileKey),
          ),
        )
        .limit(1);
      return row;
    },

    /** The ids of the conversations `profileKey` is a member of. */
    async conversationIdsOf(profileKey: string): Promise<string[]> {
      const rows = await orm
        .select({ id: conversationMembers.conversationId })
        .from(conversationMembers)
        .where(eq(conversationMembers.profileKey, profileKey));
      return rows.map((row) => row.id);
    },

    /** Members with their profiles, owners first, then by name. */
    members(conversationId: string) {
      return orm
        .select({ profile: profiles, role: conversationMembers.role })
        .from(conversationMembers)
        .innerJoin(profiles, eq(profiles.key, conversationMembers.profileKey))
        .where(eq(conversationMembers.conversationId, conversationId))
        .orderBy(desc(eq(conversationMembers.role, 'owner')), asc(profiles.handle));
    },

    /** The members of each conversation but `exceptKey`, for naming direct and group messages. */
    async othersIn(conversationIds: string[], exceptKey: string) {
      if (conversationIds.length === 0) return new Map<string, ProfileRow[]>();
      const rows = await orm
        .select({ conversationId: conversationMembers.conversationId, profile: profiles })
        .from(conversationMembers)
        .innerJoin(profiles, eq(profiles.key, conversationMembers.profileKey))
        .where(
          and(
            inArray(conversationMembers.conversationId, conversationIds),
            ne(conversationMembers.profileKey, exceptKey),
          ),
        )
        .orderBy(asc(profiles.handle));
      const others = new Map<string, ProfileRow[]>();
      for (const row of rows) {
        const list = others.get(row.conversationId) ?? [];
        list.push(row.profile);
        others.set(row.conversationId, list);
      }
      return others;
    },

    /** A new channel with its owner as first member; `taken` when a channel has the name. */
    async createChannel(values: {
      kind: 'channel' | 'private';
      name: string;
      topic: string;
      ownerKey: string;
    }) {
      try {
        return await orm.transaction(async (tx) => {
          const [row] = await tx.insert(conversations).values(values).returning();
          if (!row) throw new Error('No channel was inserted');
          await tx
            .insert(conversationMembers)
            .values({ conversationId: row.id, profileKey: values.ownerKey, role: 'owner' });
          await notify(tx, { t: 'membership', c: row.id, p: values.ownerKey, joined: true });
          return { created: row };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'conversations_channel_name_idx')) return { taken: true as const };
        throw error;
      }
    },

    /**
     * The conversation of exactly these people (`directKey`, their sorted keys), made with them as members if
     * there is none yet. Answers its id.
     */
    async openDirect(kind: 'direct' | 'group' | 'assistant', directKey: string, memberKeys: string[]) {
      return orm.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(conversations)
          .values({ kind, directKey })
          .onConflictDoNothing({ target: conversations.directKey })
          .returning({ id: conversations.id });
        if (!inserted) {
          const [existing] = await tx
            .select({ id: conversations.id })
            .from(conversations)
            .where(eq(conversations.directKey, directKey));
          if (!existing) throw new Error('The direct conversation vanished');
          return existing.id;
        }
        await tx
          .insert(conversationMembers)
          .values(memberKeys.map((profileKey) => ({ conversationId: inserted.id, profileKey })));
        for (const profileKey of memberKeys)
          await notify(tx, { t: 'membership', c: inserted.id, p: profileKey, joined: true });
        return inserted.id;
      });
    },

    /** Adds people to a conversation (those already in it are left alone); answers who was added. */
    async addMembers(conversationId: string, keys: string[]): Promise<string[]> {
      return orm.transaction(async (tx) => {
        const added = await tx
          .insert(conversationMembers)
          .values(keys.map((profileKey) => ({ conversationId, profileKey })))
          .onConflictDoNothing()
          .returning({ key: conversationMembers.profileKey });
        for (const { key } of added)
          await notify(tx, { t: 'membership', c: conversationId, p: key, joined: true });
        return added.map((row) => row.key);
      });
    },

    /** Takes someone out of a conversation; false when they were not in it. */
    async removeMember(conversationId: string, profileKey: string): Promise<boolean> {
      return orm.transaction(async (tx) => {
        const removed = await tx
          .delete(conversationMembers)
          .where(
            and(
              eq(conversationMembers.conversationId, conversationId),
              eq(conversationMembers.profileKey, profileKey),
            ),
          )
          .returning({ key: conversationMembers.profileKey });
        if (removed.length === 0) return false;
        await notify(tx, { t: 'membership', c: conversationId, p: profileKey, joined: false });
        return true;
      });
    },

    /** Changes a channel's name, topic or archive; `taken` when another channel has the name. */
    async updateConversation(
      conversationId: string,
      patch: { name?: string; topic?: string; archivedAt?: Date | null },
    ) {
      try {
        return await orm.transaction(async (tx) => {
          const [row] = await tx
            .update(conversations)
            .set({ ...patch, updatedAt: sql`now()` })
            .where(eq(conversations.id, conversationId))
            .returning();
          if (row) await notify(tx, { t: 'conversation', c: conversationId });
          return { updated: row };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'conversations_channel_name_idx')) return { taken: true as const };
        throw error;
      }
    },

    /** Moves a read position forward (never back); answers the position, and whether it moved. */
    async markRead(conversationId: string, profileKey: string, seq: number) {
      return orm.transaction(async (tx) => {
        const [moved] = await tx
          .update(conversationMembers)
          .set({ readSeq: seq })
          .where(
            and(
              eq(conversationMembers.conversationId, conversationId),
              eq(conversationMembers.profileKey, profileKey),
              lt(conversationMembers.readSeq, seq),
            ),
          )
          .returning({ readSeq: conversationMembers.readSeq });
        if (moved) {
          await notify(tx, { t: 'read', c: conversationId, p: profileKey, s: moved.readSeq });
          return moved.readSeq;
        }
        const [current] = await tx
          .select({ readSeq: conversationMembers.readSeq })
          .from(conversationMembers)
          .where(
            and(
              eq(conversationMembers.conversationId, conversationId),
              eq(conversationMembers.profileKey, profileKey),
            ),
          );
        return current?.readSeq;
      });
    },
  };
}
