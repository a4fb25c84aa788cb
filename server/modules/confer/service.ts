import {
  conferLimits,
  linkedCardIds,
  mentionedHandles,
  type ChannelInput,
  type Changes,
  type Conversation,
  type ConversationList,
  type ConversationPatch,
  type Message,
  type MessagePage,
  type MessageSearchResults,
  type ReactionEmoji,
} from '../../../contracts/confer.ts';
import type { ReportReason } from '../../../contracts/profiles.ts';
import { AppError } from '../../lib/app-error.ts';
import { queryTerms, snippetOf } from '../../lib/text-search/snippets.ts';
import { markdownWords } from '../../../contracts/card-text.ts';
import { profileSummaryOf } from '../profiles/index.ts';
import { conversationOf, messageFor, messageViews, nameOf, type MessageView } from './present.ts';
import type { ConferRepository, ConversationRow, SummaryRow } from './repository.ts';

/** The conversations the list shows at most. */
const LIST_LIMIT = 300;
/** Channels the directory shows at most. */
const DIRECTORY_LIMIT = 50;
/** Search never pages past this many results. */
const SEARCH_CAP = 500;

/** Who is asking: a person, and whether they administer the site. */
export type Reader = { key: string; admin: boolean };

/** What Confer needs from outside: the site's address, the card builder and the assistant. */
export type ConferDependencies = {
  repository: ConferRepository;
  /** The site's own address: links to its cards embed them. */
  publicUrl: string;
  /** Starts a draft card for `authorKey` (Save as card). */
  createDraft: (
    authorKey: string,
    draft: { title: string; body: string; visibility: 'public' | 'private' },
  ) => Promise<string>;
  /** The card assistant, when an LLM is configured. */
  assistant?: {
    /** Refuses a question beyond the asker's daily allowance; called before the question is stored. */
    admit: (question: { conversationId: string; askerKey: string }) => Promise<void>;
    /** Answers a stored question in the background. */
    answer: (question: { conversationId: string; messageId: string; askerKey: string }) => void;
  };
};

const notFound = () => new AppError('common/not-found', { message: 'There is no such conversation.' });
const noMessage = () => new AppError('common/not-found', { message: 'There is no such message.' });

function fieldError(path: string, message: string) {
  return new AppError('common/validation-failed', { details: { fields: [{ path, message }] } });
}

/** The first line of a message's text as plain words, cut to fit a card title. */
function titleFrom(body: string): string {
  const line = body.split('\n').find((text) => markdownWords(text).length > 0) ?? body;
  const words = markdownWords(line);
  if (words.length <= 120) return words;
  const cut = words.slice(0, 119);
  const space = cut.lastIndexOf(' ');
  return `${space > 60 ? cut.slice(0, space) : cut}…`;
}

/** Confer's rules: who may read and write where, and what every change does. */
export function createConferService(deps: ConferDependencies) {
  const { repository } = deps;
  const origin = new URL(deps.publicUrl).origin;

  /** The conversation if `reader` may read it: a public channel, or one they are a member of; else 404. */
  async function readable(reader: Reader, conversationId: string) {
    const conversation = await repository.conversation(conversationId);
    if (!conversation) throw notFound();
    const member = await repository.membership(conversationId, reader.key);
    if (!member && conversation.kind !== 'channel') throw notFound();
    return { conversation, member };
  }

  /** Refuses a write by someone who is not a member, in an archived conversation, muted or blocked. */
  function refuseWrite(facts: {
    kind: string;
    member: boolean;
    archived: boolean;
    mute: { until: Date; reason: string } | undefined;
    blocking: boolean;
    blockedBy: boolean;
  }) {
    if (!facts.member) throw new AppError('confer/not-a-member');
    if (facts.archived) throw new AppError('confer/archived');
    if (facts.mute) {
      throw new AppError('confer/muted', {
        message: `An administrator has paused your messages until ${facts.mute.until.toUTCString()}: ${facts.mute.reason}`,
      });
    }
    // In a direct message a block either way ends it; in a group, being blocked by someone in it does.
    if (facts.blockedBy || (facts.kind === 'direct' && facts.blocking)) throw new AppError('confer/blocked');
  }

  /** Checks that `reader` may write in a conversation they can read. */
  async function checkWritable(reader: Reader, conversation: ConversationRow, isMember: boolean) {
    const facts = {
      kind: conversation.kind,
      member: isMember,
      archived: conversation.archivedAt !== null,
      mute: isMember && !conversation.archivedAt ? await repository.muteOf(reader.key) : undefined,
      blocking: false,
      blockedBy: false,
    };
    if (
      facts.member &&
      !facts.archived &&
      !facts.mute &&
      (facts.kind === 'direct' || facts.kind === 'group')
    ) {
      const others = (await repository.members(conversation.id))
        .map((row) => row.profile.key)
        .filter((key) => key !== reader.key);
      const { blocking, blockedBy } = await repository.blockedAmong(reader.key, others);
      facts.blocking = blocking.length > 0;
      facts.blockedBy = blockedBy.length > 0;
    }
    refuseWrite(facts);
  }

  function canManage(reader: Reader, row: SummaryRow): boolean {
    const { kind } = row.conversation;
    return (kind === 'channel' || kind === 'private') && (reader.admin || row.role === 'owner');
  }

  async function present(reader: Reader, rows: SummaryRow[]): Promise<Conversation[]> {
    const personal = rows
      .filter((row) => row.conversation.kind === 'direct' || row.conversation.kind === 'group')
      .map((row) => row.conversation.id);
    const others = await repository.othersIn(personal, reader.key);
    return rows.map((row) =>
      conversationOf(row, others.get(row.conversation.id) ?? [], canManage(reader, row)),
    );
  }

  async function summaryFor(reader: Reader, conversationId: string): Promise<Conversation> {
    const row = await repository.summary(reader.key, conversationId);
    if (!row) throw notFound();
    const [conversation] = await present(reader, [row]);
    if (!conversation) throw notFound();
    return conversation;
  }

  async function viewsFor(
    reader: Reader,
    rows: Parameters<typeof messageViews>[1],
    options?: Parameters<typeof messageViews>[2],
  ): Promise<Message[]> {
    return (await messageViews(repository, rows, options)).map((view) => messageFor(view, reader.key));
  }

  /** A message `reader` may read, with its conversation and their membership; 404 otherwise. */
  async function readableMessage(reader: Reader, messageId: string) {
    const row = await repository.message(messageId);
    if (!row) throw noMessage();
    try {
      return { row, ...(await readable(reader, row.message.conversationId)) };
    } catch (error) {
      if (error instanceof AppError && error.code === 'common/not-found') throw noMessage();
      throw error;
    }
  }

  /** One message as `reader` sees it; `fresh` for one just written, which has no reactions to read. */
  async function oneMessage(
    reader: Reader,
    messageId: string,
    options?: { fresh: boolean },
  ): Promise<Message> {
    const row = await repository.message(messageId);
    if (!row) throw noMessage();
    const [message] = await viewsFor(reader, [row], options);
    if (!message) throw noMessage();
    return message;
  }

  return {
    /** Reads messages' views for events (the realtime fan-out presents them to each reader). */
    async views(messageIds: string[]): Promise<MessageView[]> {
      return messageViews(repository, await repository.messageRows(messageIds));
    },

    /** Whether `reader` may follow a conversation's events (read it). */
    async mayRead(reader: Reader, conversationId: string): Promise<boolean> {
      try {
        await readable(reader, conversationId);
        return true;
      } catch (error) {
        if (error instanceof AppError) return false;
        throw error;
      }
    },

    /** The reader's conversations, the most recently active first. */
    async list(reader: Reader): Promise<ConversationList> {
      const rows = await repository.conversationsOf(reader.key, LIST_LIMIT);
      return { items: await present(reader, rows), assistantAvailable: deps.assistant !== undefined };
    },

    /** One conversation the reader may read. */
    async conversation(reader: Reader, conversationId: string): Promise<Conversation> {
      await readable(reader, conversationId);
      return summaryFor(reader, conversationId);
    },

    /** Public channels whose names start with `q`. */
    async directory(reader: Reader, q: string): Promise<{ items: Conversation[] }> {
      return {
        items: await present(
          reader,
          await repository.directory(reader.key, q.toLowerCase(), DIRECTORY_LIMIT),
        ),
      };
    },

    /** A new channel owned by its creator; `confer/name-taken` when the name is in use. */
    async createChannel(reader: Reader, input: Required<ChannelInput>): Promise<Conversation> {
      const mute = await repository.muteOf(reader.key);
      if (mute) throw new AppError('confer/muted');
      const result = await repository.createChannel({
        kind: input.private ? 'private' : 'channel',
        name: input.name,
        topic: input.topic,
        ownerKey: reader.key,
      });
      if ('taken' in result) throw new AppError('confer/name-taken');
      return summaryFor(reader, result.created.id);
    },

    /** Renames, describes, archives or restores a channel: its owner or an administrator. */
    async update(reader: Reader, conversationId: string, patch: ConversationPatch): Promise<Conversation> {
      const row = await repository.summary(reader.key, conversationId);
      if (!row || (!row.joined && row.conversation.kind !== 'channel')) throw notFound();
      if (!canManage(reader, row)) throw new AppError('common/forbidden');
      const result = await repository.updateConversation(conversationId, {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.topic !== undefined ? { topic: patch.topic } : {}),
        ...(patch.archived !== undefined ? { archivedAt: patch.archived ? new Date() : null } : {}),
      });
      if ('taken' in result) throw new AppError('confer/name-taken');
      return summaryFor(reader, conversationId);
    },

    /** Joins a public channel (doing it twice changes nothing). */
    async join(reader: Reader, conversationId: string): Promise<Conversation> {
      const { conversation, member } = await readable(reader, conversationId);
      if (!member) {
        if (conversation.kind !== 'channel') throw notFound();
        if (conversation.archivedAt) throw new AppError('confer/archived');
        await repository.addMembers(conversationId, [reader.key]);
      }
      return summaryFor(reader, conversationId);
    },

    /** Leaves a channel or group; a direct message and the assistant cannot be left. */
    async leave(reader: Reader, conversationId: string): Promise<void> {
      const { conversation } = await readable(reader, conversationId);
      if (conversation.kind === 'direct' || conversation.kind === 'assistant')
        throw new AppError('common/bad-request', { message: 'A direct conversation cannot be left.' });
      await repository.removeMember(conversationId, reader.key);
    },

    /** Adds people to a private channel or a group (any member may); not to public channels, which people join. */
    async addMembers(reader: Reader, conversationId: string, keys: string[]): Promise<Conversation> {
      const { conversation, member } = await readable(reader, conversationId);
      if (conversation.kind !== 'private' && conversation.kind !== 'group')
        throw new AppError('common/bad-request', { message: 'People join public channels themselves.' });
      await checkWritable(reader, conversation, member !== undefined);
      const wanted = [...new Set(keys)].filter((key) => key !== reader.key);
      const found = new Set((await repository.profilesByKey(wanted)).map((row) => row.key));
      const missing = wanted.find((key) => !found.has(key));
      if (missing) throw fieldError('keys', `There is nobody with the key ${missing}`);
      const { blocking, blockedBy } = await repository.blockedAmong(reader.key, wanted);
      if (blocking.length > 0 || blockedBy.length > 0) throw new AppError('confer/blocked');
      if (conversation.kind === 'group') {
        const count = (await repository.members(conversationId)).length;
        if (count + wanted.length > conferLimits.groupOthers + 1)
          throw fieldError('keys', `A group message has at most ${conferLimits.groupOthers + 1} people`);
      }
      await repository.addMembers(conversationId, wanted);
      return summaryFor(reader, conversationId);
    },

    /** The members of a conversation the reader may read, with their presence. */
    async members(reader: Reader, conversationId: string) {
      await readable(reader, conversationId);
      const rows = await repository.members(conversationId);
      const presence = await repository.presenceOf(rows.map((row) => row.profile.key));
      return {
        items: rows.map((row) => ({
          profile: profileSummaryOf(row.profile),
          role: row.role as 'owner' | 'member',
          presence: presence.get(row.profile.key) ?? ('offline' as const),
        })),
      };
    },

    /** People to write to or invite. */
    async people(reader: Reader, q: string) {
      return { items: (await repository.people(reader.key, q, 20)).map(profileSummaryOf) };
    },

    /** The direct message with one person, or the group message with several, made on first use. */
    async openDirect(reader: Reader, keys: string[]): Promise<Conversation> {
      const others = [...new Set(keys)].filter((key) => key !== reader.key);
      if (others.length === 0) throw fieldError('keys', 'Choose someone other than yourself');
      const found = new Set((await repository.profilesByKey(others)).map((row) => row.key));
      const missing = others.find((key) => !found.has(key));
      if (missing) throw fieldError('keys', `There is nobody with the key ${missing}`);
      const { blocking, blockedBy } = await repository.blockedAmong(reader.key, others);
      if (blocking.length > 0 || blockedBy.length > 0) throw new AppError('confer/blocked');
      const members = [reader.key, ...others].sort();
      const id = await repository.openDirect(
        others.length === 1 ? 'direct' : 'group',
        `${others.length === 1 ? 'direct' : 'group'}:${members.join(',')}`,
        members,
      );
      return summaryFor(reader, id);
    },

    /** The reader's conversation with the card assistant, made on first use. */
    async openAssistant(reader: Reader): Promise<Conversation> {
      if (!deps.assistant) throw new AppError('confer/assistant-unavailable');
      const id = await repository.openDirect('assistant', `assistant:${reader.key}`, [reader.key]);
      return summaryFor(reader, id);
    },

    /** A page of a conversation's timeline (outside threads), oldest first. */
    async messages(
      reader: Reader,
      conversationId: string,
      query: { before?: number; after?: number; limit: number },
    ): Promise<MessagePage> {
      await readable(reader, conversationId);
      if (query.before !== undefined && query.after !== undefined)
        throw fieldError('after', 'Ask for messages before a number or after one, not both');
      const upTo = await repository.lastSeq(conversationId);
      const { rows, more } = await repository.page(conversationId, query, query.limit);
      const first = rows[0]?.message.seq;
      const last = rows.at(-1)?.message.seq;
      const hasOlder =
        query.after === undefined
          ? more
          : first !== undefined
            ? await repository.hasTimeline(conversationId, 'before', first)
            : query.after > 0 && (await repository.hasTimeline(conversationId, 'before', query.after + 1));
      const hasNewer =
        query.after !== undefined
          ? more
          : query.before !== undefined && last !== undefined
            ? await repository.hasTimeline(conversationId, 'after', last)
            : false;
      return { items: await viewsFor(reader, rows), hasOlder, hasNewer, upTo };
    },

    /** Every message created or changed after `after`: how a client catches up after being away. */
    async changes(reader: Reader, conversationId: string, after: number, limit: number): Promise<Changes> {
      await readable(reader, conversationId);
      const upTo = await repository.lastSeq(conversationId);
      const { rows, more } = await repository.changes(conversationId, after, limit);
      const last = rows.at(-1)?.message.changeSeq;
      return {
        items: await viewsFor(reader, rows),
        // Read before the changes: anything later comes again, as an event or on the next ask.
        upTo: more && last !== undefined ? last : Math.max(upTo, after),
        more,
      };
    },

    /** A message and the replies in its thread; for a reply, the thread it is in. */
    async thread(reader: Reader, messageId: string, query: { after?: number; limit: number }) {
      const { row } = await readableMessage(reader, messageId);
      // A reply's link leads to the thread it is in.
      const rootRow =
        row.message.threadRootId === null ? row : await repository.message(row.message.threadRootId);
      if (!rootRow) throw noMessage();
      const { rows, more } = await repository.replies(rootRow.message.id, query.after ?? 0, query.limit);
      const [root, ...replies] = await viewsFor(reader, [rootRow, ...rows]);
      if (!root) throw noMessage();
      return { root, replies, hasNewer: more };
    },

    /**
     * Sends a message (or a reply in a thread). A retry with the same `clientId` answers the message already
     * sent and sends nothing again (`created: false`).
     */
    async send(
      reader: Reader,
      conversationId: string,
      input: { clientId: string; body: string; threadRootId?: string | undefined },
    ): Promise<{ message: Message; created: boolean }> {
      // The checks are read in one statement: with the session's two, a send is 5 statements where it was 14
      // (bench/README.md).
      const context = await repository.sendContext({
        conversationId,
        authorKey: reader.key,
        clientId: input.clientId,
        threadRootId: input.threadRootId ?? null,
        handles: mentionedHandles(input.body),
        windowSeconds: conferLimits.messageWindowSeconds,
      });
      if (!context || (!context.member && context.kind !== 'channel')) throw notFound();
      const existing = async (id: string) => {
        const message = await oneMessage(reader, id);
        if (message.conversationId !== conversationId)
          throw fieldError('clientId', 'This key was used for a message in another conversation');
        return { message, created: false };
      };
      if (context.sentId) return existing(context.sentId);
      refuseWrite(context);
      if (!context.rootOk) throw fieldError('threadRootId', 'There is no such message to reply to here');
      if (context.recent >= conferLimits.messagesPerWindow) {
        throw new AppError('confer/rate-limited', {
          details: { retryAfterSeconds: conferLimits.messageWindowSeconds },
        });
      }
      if (context.kind === 'assistant' && !input.threadRootId) {
        // Without an assistant on this server, a question would wait for an answer forever.
        if (!deps.assistant) throw new AppError('confer/assistant-unavailable');
        await deps.assistant.admit({ conversationId, askerKey: reader.key });
      }
      const result = await repository.insertMessage({
        conversationId,
        authorKey: reader.key,
        body: input.body,
        clientId: input.clientId,
        threadRootId: input.threadRootId ?? null,
        mentions: context.mentions,
        cardIds: linkedCardIds(input.body, origin),
      });
      if (!('id' in result)) {
        // A retry with the same key won the race to insert.
        const id = await repository.byClientId(reader.key, input.clientId);
        if (!id) throw noMessage();
        return existing(id);
      }
      if (context.kind === 'assistant' && !input.threadRootId)
        deps.assistant?.answer({ conversationId, messageId: result.id, askerKey: reader.key });
      return { message: await oneMessage(reader, result.id, { fresh: true }), created: true };
    },

    /** The author changes a message's text; it shows as edited. */
    async edit(reader: Reader, messageId: string, body: string): Promise<Message> {
      const { row, conversation, member } = await readableMessage(reader, messageId);
      if (row.message.authorKey !== reader.key || row.message.fromAssistant)
        throw new AppError('confer/not-the-author');
      if (row.message.deletedAt) throw noMessage();
      await checkWritable(reader, conversation, member !== undefined);
      const mentions = await repository.membersByHandle(conversation.id, mentionedHandles(body));
      await repository.changeMessage(conversation.id, messageId, (tx) =>
        repository.setMessage(tx, messageId, {
          body,
          editedAt: new Date(),
          mentions,
          cardIds: linkedCardIds(body, origin),
        }),
      );
      return oneMessage(reader, messageId);
    },

    /** The author deletes a message: it stays as a marker in its place, without its text. */
    async remove(reader: Reader, messageId: string): Promise<Message> {
      const { row, conversation } = await readableMessage(reader, messageId);
      if (row.message.authorKey !== reader.key) throw new AppError('confer/not-the-author');
      if (!row.message.deletedAt) {
        await repository.changeMessage(conversation.id, messageId, (tx) =>
          repository.setMessage(tx, messageId, {
            body: '',
            deletedAt: new Date(),
            mentions: [],
            cardIds: [],
          }),
        );
      }
      return oneMessage(reader, messageId);
    },

    /** An administrator removes someone's message. */
    async removeAsAdmin(admin: Reader, messageId: string): Promise<Message> {
      const row = await repository.message(messageId);
      if (!row) throw noMessage();
      if (!row.message.deletedAt) {
        await repository.changeMessage(row.message.conversationId, messageId, (tx) =>
          repository.setMessage(tx, messageId, {
            body: '',
            deletedAt: new Date(),
            mentions: [],
            cardIds: [],
            removedBy: admin.key,
          }),
        );
      }
      return oneMessage(admin, messageId);
    },

    /** Gives (`on`) or takes back a reaction; members only. Doing it twice changes nothing. */
    async react(reader: Reader, messageId: string, emoji: ReactionEmoji, on: boolean): Promise<Message> {
      const { row, conversation, member } = await readableMessage(reader, messageId);
      if (row.message.deletedAt) throw noMessage();
      if (!member) throw new AppError('confer/not-a-member');
      if (conversation.archivedAt) throw new AppError('confer/archived');
      await repository.changeMessage(conversation.id, messageId, (tx) =>
        repository.setReaction(tx, messageId, reader.key, emoji, on),
      );
      return oneMessage(reader, messageId);
    },

    /** Moves the reader's read position forward to `seq` (at most the conversation's sequence). */
    async markRead(reader: Reader, conversationId: string, seq: number): Promise<{ readSeq: number }> {
      const { conversation, member } = await readable(reader, conversationId);
      if (!member) throw new AppError('confer/not-a-member');
      const readSeq = await repository.markRead(
        conversationId,
        reader.key,
        Math.min(seq, conversation.lastSeq),
      );
      return { readSeq: readSeq ?? 0 };
    },

    /** Tells the conversation's other readers that `reader` is typing (nothing is stored). */
    async typing(reader: Reader, conversationId: string, threadRootId: string | null = null): Promise<void> {
      const { conversation, member } = await readable(reader, conversationId);
      if (!member || conversation.archivedAt) return;
      await repository.publish({ t: 'typing', c: conversationId, p: reader.key, r: threadRootId });
    },

    /** Full-text search of the messages the reader may read, newest first, with snippets. */
    async search(
      reader: Reader,
      query: { q: string; conversationId?: string; author?: string; cursor?: string; limit: number },
    ): Promise<MessageSearchResults> {
      let offset = 0;
      if (query.cursor) {
        const decoded = Number(Buffer.from(query.cursor, 'base64url').toString('utf8'));
        if (!Number.isInteger(decoded) || decoded < 0 || decoded > SEARCH_CAP)
          throw fieldError('cursor', 'Not a cursor from this list');
        offset = decoded;
      }
      if (query.conversationId) await readable(reader, query.conversationId);
      let authorKey: string | undefined;
      if (query.author) {
        authorKey = await repository.keyOfHandle(query.author.replace(/^@/, ''));
        if (!authorKey) return { items: [], nextCursor: null };
      }
      const limit = Math.min(query.limit, SEARCH_CAP - offset);
      if (limit <= 0) return { items: [], nextCursor: null };
      const rows = await repository.search(
        reader.key,
        query.q,
        {
          ...(query.conversationId ? { conversationId: query.conversationId } : {}),
          ...(authorKey ? { authorKey } : {}),
        },
        offset,
        limit + 1,
      );
      const page = rows.slice(0, limit);
      const messages = await viewsFor(reader, page);
      const personal = page
        .filter((row) => row.conversation.kind === 'direct' || row.conversation.kind === 'group')
        .map((row) => row.conversation.id);
      const others = await repository.othersIn([...new Set(personal)], reader.key);
      const terms = queryTerms(query.q);
      return {
        items: page.flatMap((row, i) => {
          const message = messages[i];
          if (!message) return [];
          const conversation = row.conversation;
          const title =
            conversation.kind === 'assistant'
              ? 'Card assistant'
              : conversation.name !== null
                ? `#${conversation.name}`
                : (others.get(conversation.id) ?? []).map(nameOf).join(', ') || 'Nobody else';
          return [
            {
              message,
              conversation: {
                id: conversation.id,
                kind: message && (conversation.kind as Conversation['kind']),
                title,
              },
              snippet: snippetOf(markdownWords(message.body), terms),
            },
          ];
        }),
        nextCursor:
          rows.length > limit ? Buffer.from(String(offset + limit), 'utf8').toString('base64url') : null,
      };
    },

    /** Reports a message to the administrators (not one's own). */
    async report(
      reader: Reader,
      messageId: string,
      input: { reason: ReportReason; details: string },
    ): Promise<{ id: string; status: 'open' }> {
      const { row } = await readableMessage(reader, messageId);
      if (row.message.authorKey === reader.key) throw fieldError('id', 'You can’t report your own message');
      const report = await repository.report({
        reporterKey: reader.key,
        reportedKey: row.message.authorKey,
        messageId,
        reason: input.reason,
        details: input.details,
      });
      if (!report) throw new Error('No report was filed');
      return { id: report.id, status: 'open' };
    },

    /**
     * A draft card from a message, with where it came from. Only public channels' messages start public
     * drafts; anything said in private starts private.
     */
    async saveAsCard(reader: Reader, messageId: string): Promise<{ cardId: string }> {
      const { row, conversation } = await readableMessage(reader, messageId);
      if (row.message.deletedAt) throw noMessage();
      const where =
        conversation.kind === 'channel'
          ? `#${conversation.name}`
          : conversation.kind === 'assistant'
            ? 'the card assistant'
            : 'a conversation';
      const who = row.message.fromAssistant ? 'the card assistant' : `@${row.author.handle}`;
      const cardId = await deps.createDraft(reader.key, {
        title: titleFrom(row.message.body) || 'Saved from Confer',
        body: `${row.message.body}\n\n*Saved from ${where} in Confer: written by ${who} on ${row.message.createdAt.toISOString().slice(0, 10)}.*`,
        visibility: conversation.kind === 'channel' ? 'public' : 'private',
      });
      return { cardId };
    },

    /** An administrator pauses someone's messages until a time. */
    async mute(admin: Reader, profileKey: string, until: Date, reason: string) {
      if (until <= new Date()) throw fieldError('until', 'Choose a time in the future');
      const [profile] = await repository.profilesByKey([profileKey]);
      if (!profile) throw new AppError('common/not-found', { message: 'There is no such person.' });
      const row = await repository.setMute({ profileKey, until, reason, mutedBy: admin.key });
      if (!row) throw new Error('The mute was not written');
      return { until: row.until.toISOString(), reason: row.reason };
    },

    /** An administrator lets someone send messages again. */
    async unmute(profileKey: string): Promise<void> {
      await repository.removeMute(profileKey);
    },
  };
}
export type ConferService = ReturnType<typeof createConferService>;
