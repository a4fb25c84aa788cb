import { and, asc, desc, eq, gt, inArray, lt, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Orm } from '../../../db/client.ts';
import {
  cards,
  conversationMembers,
  conversations,
  messageReactions,
  messages,
  profiles,
} from '../../../db/schema.ts';
import { openCard } from '../../../db/visibility.ts';
import { REALTIME_CHANNEL } from '../../../db/realtime-bus.ts';
import { tsQuery } from '../../../db/text-search.ts';
import { isUniqueViolation, messageColumns, nextSeq, notify, type Tx } from './shared.ts';

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

/** Messages: sends, changes, reactions, timelines, threads, changes since a number, search and card embeds. */
export function createMessagesRepository(orm: Orm) {
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
        .where(and(inArray(cards.id, cardIds), openCard()));
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
  };
}
