import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  lt,
  ne,
  sql,
  TransactionRollbackError,
  type SQL,
} from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import {
  blocks,
  cards,
  chatMutes,
  conversationMembers,
  conversations,
  messageReactions,
  messages,
  profiles,
  realtimePresence,
  userReports,
} from '../../db/schema.ts';
import { REALTIME_CHANNEL } from '../../db/realtime-bus.ts';
import { tsQuery } from '../explore/repository.ts';
import type { BusEvent } from './events.ts';

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];
type Executor = Orm | Tx;

export type ConversationRow = typeof conversations.$inferSelect;
/** What is read of a message: everything but its search vector, which only search's condition reads. */
const { searchVector: _searchVector, ...messageColumns } = getTableColumns(messages);
export type MessageRow = Omit<typeof messages.$inferSelect, 'searchVector'>;
export type ProfileRow = typeof profiles.$inferSelect;

/** Counts of unread messages and mentions stop here ("99+" is what a person needs to know). */
const COUNT_CAP = 100;
/** A person's presence row counts while it is this fresh; instances renew theirs every PRESENCE_RENEW_MS. */
export const PRESENCE_RENEW_MS = 30_000;
const PRESENCE_FRESH_SECONDS = 75;

/** Tells every instance about a change, delivered if and when `executor`'s transaction commits. */
async function notify(executor: Executor, event: BusEvent): Promise<void> {
  await executor.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
}

/** Takes the conversation's next sequence number, holding its row until the transaction ends. */
async function nextSeq(tx: Tx, conversationId: string, touch: boolean): Promise<number> {
  const [row] = await tx
    .update(conversations)
    .set({
      lastSeq: sql`${conversations.lastSeq} + 1`,
      ...(touch ? { lastMessageAt: sql`now()` } : {}),
    })
    .where(eq(conversations.id, conversationId))
    .returning({ seq: conversations.lastSeq });
  if (!row) throw new Error(`No conversation ${conversationId}`);
  return row.seq;
}

/** What a send checks, from `sendContext`. */
export type SendContext = {
  kind: string;
  archived: boolean;
  member: boolean;
  /** The message already sent with the same idempotency key, if any. */
  sentId: string | null;
  mute: { until: Date; reason: string } | undefined;
  /** The author's messages in the rate limit's window. */
  recent: number;
  /** The author blocks another member (direct and group messages only). */
  blocking: boolean;
  /** Another member blocks the author (direct and group messages only). */
  blockedBy: boolean;
  /** No thread root was given, or it is a message of this conversation's timeline that is not deleted. */
  rootOk: boolean;
  /** The members named by the mentioned handles. */
  mentions: string[];
};

type SendContextRow = {
  kind: string;
  archived: boolean;
  member: boolean;
  sent_id: string | null;
  mute_until: Date | null;
  mute_reason: string | null;
  recent: number;
  blocking: boolean;
  blocked_by: boolean;
  root_ok: boolean;
  mentions: string[];
};

// The send's two statements are prepared by name on each connection: parsing and planning them again on every
// message cost PostgreSQL more than the round trips they replace (bench/README.md, Confer).
const SEND_CONTEXT_SQL = `
  select
    c.kind,
    c.archived_at is not null as archived,
    m.profile_key is not null as member,
    (select id from messages where author_key = $1 and client_id = $2::uuid) as sent_id,
    mute.until as mute_until,
    mute.reason as mute_reason,
    (select count(*)::int from messages
      where author_key = $1 and not from_assistant
        and created_at > now() - make_interval(secs => $3::int)) as recent,
    c.kind in ('direct', 'group') and exists (
      select 1 from blocks b
      join conversation_members other on other.conversation_id = c.id and other.profile_key = b.blocked_key
      where b.blocker_key = $1 and b.blocked_key <> $1) as blocking,
    c.kind in ('direct', 'group') and exists (
      select 1 from blocks b
      join conversation_members other on other.conversation_id = c.id and other.profile_key = b.blocker_key
      where b.blocked_key = $1 and b.blocker_key <> $1) as blocked_by,
    $4::uuid is null or exists (
      select 1 from messages root
      where root.id = $4::uuid and root.conversation_id = c.id
        and root.thread_root_id is null and root.deleted_at is null) as root_ok,
    array(
      select p.key from profiles p
      join conversation_members named on named.conversation_id = c.id and named.profile_key = p.key
      where lower(p.handle) = any($5::text[])) as mentions
  from conversations c
  left join conversation_members m on m.conversation_id = c.id and m.profile_key = $1
  left join chat_mutes mute on mute.profile_key = $1 and mute.until > now()
  where c.id = $6::uuid`;

/**
 * A message written in one statement, so the conversation's row is locked for no longer than it runs: the next
 * number (two for a reply: the reply's, then its root's change), the insert, the root's count, and an event
 * for each in the order of their numbers (an append runs its branches in order).
 */
function insertMessageSql(reply: boolean): string {
  const step = reply ? 2 : 1;
  return `
    with next as (
      update conversations
      set last_seq = last_seq + ${step}${reply ? '' : ', last_message_at = now()'}
      where id = $1::uuid
      returning last_seq - ${step - 1} as seq, last_seq as root_seq
    ), inserted as (
      insert into messages
        (conversation_id, author_key, body, client_id, thread_root_id, mentions, card_ids, from_assistant,
         seq, change_seq)
      select $1::uuid, $2::text, $3::text, $4::uuid, $5::uuid, $6::text[], $7::uuid[], $8::boolean, seq, seq
      from next
      returning id, seq
    ), root as (
      update messages
      set reply_count = reply_count + 1, last_reply_at = now(), change_seq = (select root_seq from next)
      where id = $5::uuid and exists (select 1 from inserted)
      returning id, change_seq as seq
    ), events as (
      select id, seq from inserted
      union all
      select id, seq from root
    )
    select (select id from inserted) as id,
      count(pg_notify($9::text,
        json_build_object('t', 'message', 'c', $1::text, 'm', events.id, 's', events.seq)::text))
    from events`;
}

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

/** PostgreSQL's unique-violation error on `constraint`, as it is or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const pgError = current as Error & { code?: string; constraint?: string };
    if (pgError.code === '23505' && pgError.constraint === constraint) return true;
  }
  return false;
}

/** Storage side of Confer: conversations, members, messages, reactions, presence and the realtime events. */
export function createConferRepository(orm: Orm) {
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

  /** Messages by id with their authors, in no particular order. */
  async function messageRows(ids: string[]) {
    if (ids.length === 0) return [];
    return orm
      .select({ message: messageColumns, author: profiles })
      .from(messages)
      .innerJoin(profiles, eq(profiles.key, messages.authorKey))
      .where(inArray(messages.id, ids));
  }

  return {
    /** Tells every instance about something that is not stored (someone typing). */
    publish: (event: BusEvent) => notify(orm, event),

    // Conversations

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

    // People

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
            sql`not exists (select 1 from ${blocks} where (${blocks.blockerKey} = ${readerKey} and ${blocks.blockedKey} = ${profiles.key}) or (${blocks.blockerKey} = ${profiles.key} and ${blocks.blockedKey} = ${readerKey}))`,
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

    /** The mute in force on someone now, if any. */
    async muteOf(profileKey: string) {
      const [row] = await orm
        .select()
        .from(chatMutes)
        .where(and(eq(chatMutes.profileKey, profileKey), gt(chatMutes.until, sql`now()`)))
        .limit(1);
      return row;
    },

    async setMute(values: { profileKey: string; until: Date; reason: string; mutedBy: string }) {
      const [row] = await orm
        .insert(chatMutes)
        .values(values)
        .onConflictDoUpdate({
          target: chatMutes.profileKey,
          set: { until: values.until, reason: values.reason, mutedBy: values.mutedBy, createdAt: sql`now()` },
        })
        .returning();
      return row;
    },

    async removeMute(profileKey: string) {
      await orm.delete(chatMutes).where(eq(chatMutes.profileKey, profileKey));
    },

    // Messages

    /** How many messages `authorKey` sent in the last `seconds` seconds (for the sending rate limit). */
    async recentlySent(authorKey: string, seconds: number): Promise<number> {
      const [row] = await orm
        .select({ count: sql<number>`count(*)::int` })
        .from(messages)
        .where(
          and(
            eq(messages.authorKey, authorKey),
            eq(messages.fromAssistant, false),
            gt(messages.createdAt, sql`now() - make_interval(secs => ${seconds})`),
          ),
        );
      return row?.count ?? 0;
    },

    /**
     * Everything a send checks, read in one statement: the conversation, the author's membership, the message
     * already sent with this idempotency key, a mute in force, the author's messages in the last
     * `windowSeconds`, blocks between the author and the other members (direct and group messages only),
     * whether `threadRootId` is a message of this conversation's timeline to reply to, and the members named
     * by `handles` (lowercase). Undefined when there is no such conversation.
     */
    async sendContext(input: {
      conversationId: string;
      authorKey: string;
      clientId: string;
      threadRootId: string | null;
      handles: string[];
      windowSeconds: number;
    }): Promise<SendContext | undefined> {
      const result = await orm.$client.query<SendContextRow>({
        name: 'confer_send_context',
        text: SEND_CONTEXT_SQL,
        values: [
          input.authorKey,
          input.clientId,
          input.windowSeconds,
          input.threadRootId,
          input.handles,
          input.conversationId,
        ],
      });
      const row = result.rows[0];
      if (!row) return undefined;
      return {
        kind: row.kind,
        archived: row.archived,
        member: row.member,
        sentId: row.sent_id,
        mute:
          row.mute_until !== null
            ? { until: new Date(row.mute_until), reason: row.mute_reason ?? '' }
            : undefined,
        recent: row.recent,
        blocking: row.blocking,
        blockedBy: row.blocked_by,
        rootOk: row.root_ok,
        mentions: row.mentions,
      };
    },

    /** The message an author already sent with this idempotency key. */
    async byClientId(authorKey: string, clientId: string) {
      const [row] = await orm
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.authorKey, authorKey), eq(messages.clientId, clientId)))
        .limit(1);
      return row?.id;
    },

    /**
     * Writes a new message with the conversation's next number; a reply also moves its thread's root (its
     * reply count, under a number of its own). Answers the message's id, or `duplicate` when the author's
     * idempotency key was used (by a retry that raced this one).
     */
    async insertMessage(values: {
      conversationId: string;
      authorKey: string;
      body: string;
      clientId: string | null;
      threadRootId: string | null;
      mentions: string[];
      cardIds: string[];
      fromAssistant?: boolean;
    }): Promise<{ id: string } | { duplicate: true }> {
      const reply = values.threadRootId !== null;
      try {
        const result = await orm.$client.query<{ id: string | null }>({
          name: reply ? 'confer_insert_reply' : 'confer_insert_message',
          text: insertMessageSql(reply),
          values: [
            values.conversationId,
            values.authorKey,
            values.body,
            values.clientId,
            values.threadRootId,
            values.mentions,
            values.cardIds,
            values.fromAssistant ?? false,
            REALTIME_CHANNEL,
          ],
        });
        const id = result.rows[0]?.id;
        if (!id) throw new Error(`No conversation ${values.conversationId}`);
        return { id };
      } catch (error) {
        if (isUniqueViolation(error, 'messages_author_client_idx')) return { duplicate: true };
        throw error;
      }
    },

    /**
     * Changes a message under the conversation's next number: `change` runs in the transaction and answers
     * whether it changed anything (a reaction already given changes nothing, and takes no number).
     */
    async changeMessage(
      conversationId: string,
      messageId: string,
      change: (tx: Tx) => Promise<boolean>,
    ): Promise<boolean> {
      try {
        return await orm.transaction(async (tx) => {
          // The conversation's row first: every change of a conversation waits for the one before it.
          const seq = await nextSeq(tx, conversationId, false);
          // Nothing changed: the number goes back unused.
          if (!(await change(tx))) tx.rollback();
          await tx.update(messages).set({ changeSeq: seq }).where(eq(messages.id, messageId));
          await notify(tx, { t: 'message', c: conversationId, m: messageId, s: seq });
          return true;
        });
      } catch (error) {
        if (error instanceof TransactionRollbackError) return false;
        throw error;
      }
    },

    /** Sets the columns of a message (in `changeMessage`). */
    async setMessage(tx: Tx, messageId: string, values: Partial<typeof messages.$inferInsert>) {
      await tx.update(messages).set(values).where(eq(messages.id, messageId));
      return true;
    },

    /** Gives or takes back a reaction (in `changeMessage`); false when that was already so. */
    async setReaction(tx: Tx, messageId: string, profileKey: string, emoji: string, on: boolean) {
      if (on) {
        const added = await tx
          .insert(messageReactions)
          .values({ messageId, profileKey, emoji })
          .onConflictDoNothing()
          .returning({ emoji: messageReactions.emoji });
        return added.length > 0;
      }
      const removed = await tx
        .delete(messageReactions)
        .where(
          and(
            eq(messageReactions.messageId, messageId),
            eq(messageReactions.profileKey, profileKey),
            eq(messageReactions.emoji, emoji),
          ),
        )
        .returning({ emoji: messageReactions.emoji });
      return removed.length > 0;
    },

    /** One message with its author. */
    async message(id: string) {
      const [row] = await messageRows([id]);
      return row;
    },

    messageRows,

    /** Who gave which reaction to each of these messages, in the order given. */
    async reactionsOf(messageIds: string[]) {
      if (messageIds.length === 0) return [];
      return orm
        .select({
          messageId: messageReactions.messageId,
          emoji: messageReactions.emoji,
          key: messageReactions.profileKey,
        })
        .from(messageReactions)
        .where(inArray(messageReactions.messageId, messageIds))
        .orderBy(asc(messageReactions.createdAt));
    },

    /** Public and unlisted published cards of these ids, with their authors: what messages may embed. */
    embeddable(cardIds: string[]) {
      if (cardIds.length === 0) return Promise.resolve([]);
      return orm
        .select({ card: cards, author: profiles })
        .from(cards)
        .innerJoin(profiles, eq(profiles.key, cards.authorKey))
        .where(
          and(
            inArray(cards.id, cardIds),
            sql`${cards.status} = 'published' and ${cards.visibility} in ('public', 'unlisted') and ${cards.deletedAt} is null`,
          ),
        );
    },

    /**
     * A page of a conversation's timeline (messages outside threads), oldest first: the newest `limit` with no
     * bound, else those before or after a number.
     */
    async page(conversationId: string, bound: { before?: number; after?: number }, limit: number) {
      const newestFirst = bound.after === undefined;
      const rows = await orm
        .select({ message: messageColumns, author: profiles })
        .from(messages)
        .innerJoin(profiles, eq(profiles.key, messages.authorKey))
        .where(
          and(
            eq(messages.conversationId, conversationId),
            sql`${messages.threadRootId} is null`,
            bound.before !== undefined ? lt(messages.seq, bound.before) : undefined,
            bound.after !== undefined ? gt(messages.seq, bound.after) : undefined,
          ),
        )
        .orderBy(newestFirst ? desc(messages.seq) : asc(messages.seq))
        .limit(limit + 1);
      const more = rows.length > limit;
      const page = rows.slice(0, limit);
      if (newestFirst) page.reverse();
      return { rows: page, more };
    },

    /** The conversation's sequence now. */
    async lastSeq(conversationId: string): Promise<number> {
      const [row] = await orm
        .select({ seq: conversations.lastSeq })
        .from(conversations)
        .where(eq(conversations.id, conversationId));
      return row?.seq ?? 0;
    },

    /** Whether the timeline has messages before (or after) a number. */
    async hasTimeline(conversationId: string, side: 'before' | 'after', seq: number): Promise<boolean> {
      const [row] = await orm
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            sql`${messages.threadRootId} is null`,
            side === 'before' ? lt(messages.seq, seq) : gt(messages.seq, seq),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Every message of a conversation created or changed after `after`, in the order of the changes, threads
     * included.
     */
    async changes(conversationId: string, after: number, limit: number) {
      const rows = await orm
        .select({ message: messageColumns, author: profiles })
        .from(messages)
        .innerJoin(profiles, eq(profiles.key, messages.authorKey))
        .where(and(eq(messages.conversationId, conversationId), gt(messages.changeSeq, after)))
        .orderBy(asc(messages.changeSeq))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    },

    /** The replies in a thread, oldest first, after a number. */
    async replies(rootId: string, after: number, limit: number) {
      const rows = await orm
        .select({ message: messageColumns, author: profiles })
        .from(messages)
        .innerJoin(profiles, eq(profiles.key, messages.authorKey))
        .where(and(eq(messages.threadRootId, rootId), gt(messages.seq, after)))
        .orderBy(asc(messages.seq))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    },

    /**
     * Full-text search of the messages `readerKey` may read (the conversations they are in, and public
     * channels), threads included, newest first; deleted messages are never found.
     */
    async search(
      readerKey: string,
      q: string,
      filters: { conversationId?: string; authorKey?: string },
      offset: number,
      limit: number,
    ) {
      const query = tsQuery(q);
      return orm
        .select({ message: messageColumns, author: profiles, conversation: conversations })
        .from(messages)
        .innerJoin(profiles, eq(profiles.key, messages.authorKey))
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(
          and(
            sql`${messages.searchVector} @@ ${query}`,
            sql`${messages.deletedAt} is null`,
            sql`(${conversations.kind} = 'channel' or exists (select 1 from ${conversationMembers} where ${conversationMembers.conversationId} = ${messages.conversationId} and ${conversationMembers.profileKey} = ${readerKey}))`,
            filters.conversationId ? eq(messages.conversationId, filters.conversationId) : undefined,
            filters.authorKey ? eq(messages.authorKey, filters.authorKey) : undefined,
          ),
        )
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .offset(offset)
        .limit(limit);
    },

    /** Files a report of a message with the administrators. */
    async report(values: {
      reporterKey: string;
      reportedKey: string;
      messageId: string;
      reason: string;
      details: string;
    }) {
      const [row] = await orm.insert(userReports).values(values).returning({ id: userReports.id });
      return row;
    },

    // The card assistant

    /**
     * `authorKey`'s own cards that match `q` (read as Explore's search reads it): any visibility, published or
     * draft, not deleted; the best match first.
     */
    async ownCardsMatching(authorKey: string, q: string, limit: number): Promise<string[]> {
      const query = tsQuery(q);
      const rows = await orm
        .select({ id: cards.id })
        .from(cards)
        .where(
          and(
            eq(cards.authorKey, authorKey),
            sql`${cards.deletedAt} is null`,
            sql`${cards.searchVector} @@ ${query}`,
          ),
        )
        .orderBy(sql`ts_rank_cd(${cards.searchVector}, ${query}) desc`, desc(cards.updatedAt), cards.id)
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * The cards among `ids` that `readerKey` may read — their own (not deleted) and published public ones —
     * with at most `bodyChars` characters of each body, for the assistant to read.
     */
    async cardsToRead(readerKey: string, ids: string[], bodyChars: number) {
      if (ids.length === 0) return [];
      return orm
        .select({
          id: cards.id,
          title: cards.title,
          body: sql<string>`substr(${cards.body}, 1, ${bodyChars})`,
          type: cards.type,
          fields: cards.fields,
          tags: cards.tags,
          visibility: cards.visibility,
          status: cards.status,
          authorKey: cards.authorKey,
          authorHandle: profiles.handle,
        })
        .from(cards)
        .innerJoin(profiles, eq(profiles.key, cards.authorKey))
        .where(
          and(
            inArray(cards.id, ids),
            sql`${cards.deletedAt} is null`,
            sql`(${cards.authorKey} = ${readerKey} or (${cards.status} = 'published' and ${cards.visibility} = 'public'))`,
          ),
        );
    },

    /**
     * The last `limit` messages of a conversation's timeline before sequence number `beforeSeq`, oldest first,
     * with at most `chars` characters of each: what the assistant remembers of the conversation so far.
     */
    async turnsBefore(conversationId: string, beforeSeq: number, limit: number, chars: number) {
      const rows = await orm
        .select({
          body: sql<string>`substr(${messages.body}, 1, ${chars})`,
          fromAssistant: messages.fromAssistant,
        })
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            sql`${messages.seq} < ${beforeSeq}`,
            sql`${messages.threadRootId} is null`,
            sql`${messages.deletedAt} is null`,
          ),
        )
        .orderBy(desc(messages.seq))
        .limit(limit);
      return rows.reverse();
    },

    /**
     * The questions `askerKey` has put to the assistant since the UTC day began, deleted ones included (taking
     * a question back does not give it back).
     */
    async assistantQuestionsToday(askerKey: string): Promise<number> {
      const [row] = await orm
        .select({ count: sql<number>`count(*)::int` })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(
          and(
            eq(messages.authorKey, askerKey),
            eq(messages.fromAssistant, false),
            sql`${messages.threadRootId} is null`,
            eq(conversations.kind, 'assistant'),
            sql`${messages.createdAt} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`,
          ),
        );
      return row?.count ?? 0;
    },

    // Presence

    /** Records how a person is connected to this instance (`offline`: not at all). */
    async setPresence(instanceId: string, profileKey: string, status: 'online' | 'away' | 'offline') {
      await orm.transaction(async (tx) => {
        if (status === 'offline') {
          await tx
            .delete(realtimePresence)
            .where(
              and(eq(realtimePresence.instanceId, instanceId), eq(realtimePresence.profileKey, profileKey)),
            );
        } else {
          await tx
            .insert(realtimePresence)
            .values({ instanceId, profileKey, status })
            .onConflictDoUpdate({
              target: [realtimePresence.instanceId, realtimePresence.profileKey],
              set: { status, seenAt: sql`now()` },
            });
        }
        await notify(tx, { t: 'presence', p: profileKey });
      });
    },

    /** Renews this instance's presence rows (so they stay fresh while it runs). */
    async renewPresence(instanceId: string) {
      await orm
        .update(realtimePresence)
        .set({ seenAt: sql`now()` })
        .where(eq(realtimePresence.instanceId, instanceId));
    },

    /** Removes this instance's presence rows and those of instances that stopped renewing theirs. */
    async clearPresence(instanceId: string) {
      const removed = await orm
        .delete(realtimePresence)
        .where(
          sql`${realtimePresence.instanceId} = ${instanceId} or ${realtimePresence.seenAt} < now() - make_interval(secs => ${PRESENCE_FRESH_SECONDS * 4})`,
        )
        .returning({ key: realtimePresence.profileKey });
      return [...new Set(removed.map((row) => row.key))];
    },

    /** Each person's presence over every instance: online if any connection is, else away, else offline. */
    async presenceOf(keys: string[]): Promise<Map<string, 'online' | 'away'>> {
      if (keys.length === 0) return new Map();
      const rows = await orm
        .select({
          key: realtimePresence.profileKey,
          online: sql<boolean>`bool_or(${realtimePresence.status} = 'online')`,
        })
        .from(realtimePresence)
        .where(
          and(
            inArray(realtimePresence.profileKey, keys),
            gt(realtimePresence.seenAt, sql`now() - make_interval(secs => ${PRESENCE_FRESH_SECONDS})`),
          ),
        )
        .groupBy(realtimePresence.profileKey);
      return new Map(rows.map((row) => [row.key, row.online ? 'online' : 'away']));
    },
  };
}
export type ConferRepository = ReturnType<typeof createConferRepository>;
