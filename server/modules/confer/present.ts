import type { CardSummary } from '../../../contracts/cards.ts';
import {
  reactionEmojis,
  type Conversation,
  type Message,
  type ReactionEmoji,
} from '../../../contracts/confer.ts';
import { cardSummaryOf } from '../cards/index.ts';
import { profileSummaryOf } from '../profiles/index.ts';
import type { ConferRepository, MessageRow, ProfileRow, SummaryRow } from './repository.ts';

/** What to call the assistant's conversation. */
export const ASSISTANT_TITLE = 'Card assistant';

/**
 * A message as everyone sees it but for one thing, which reactions are the reader's own: it is read once and
 * then presented to each reader (an event goes to many).
 */
export type MessageView = { message: Omit<Message, 'reactions'>; reactions: Map<ReactionEmoji, string[]> };

/** The view of `view` for one reader. */
export function messageFor(view: MessageView, readerKey: string): Message {
  const reactions = reactionEmojis.flatMap((emoji) => {
    const keys = view.reactions.get(emoji);
    return keys && keys.length > 0 ? [{ emoji, count: keys.length, mine: keys.includes(readerKey) }] : [];
  });
  return { ...view.message, reactions };
}

/**
 * Reads the reactions and embedded cards of these messages and makes their views, in the order given. `fresh`
 * messages were just written: they have no reactions yet, so none are read.
 */
export async function messageViews(
  repository: ConferRepository,
  rows: { message: MessageRow; author: ProfileRow }[],
  options: { fresh: boolean } = { fresh: false },
): Promise<MessageView[]> {
  const ids = rows.map((row) => row.message.id);
  const cardIds = [...new Set(rows.flatMap((row) => (row.message.deletedAt ? [] : row.message.cardIds)))];
  const [reactionRows, embedRows] = await Promise.all([
    options.fresh ? [] : repository.reactionsOf(ids),
    repository.embeddable(cardIds),
  ]);
  const reactions = new Map<string, Map<ReactionEmoji, string[]>>();
  for (const row of reactionRows) {
    const byEmoji = reactions.get(row.messageId) ?? new Map<ReactionEmoji, string[]>();
    const emoji = row.emoji as ReactionEmoji;
    byEmoji.set(emoji, [...(byEmoji.get(emoji) ?? []), row.key]);
    reactions.set(row.messageId, byEmoji);
  }
  const embeds = new Map<string, CardSummary>(
    embedRows.map((row) => [row.card.id, cardSummaryOf(row.card, row.author)]),
  );
  return rows.map(({ message, author }) => {
    const deleted = message.deletedAt !== null;
    return {
      message: {
        id: message.id,
        conversationId: message.conversationId,
        seq: message.seq,
        changeSeq: message.changeSeq,
        author: profileSummaryOf(author),
        body: deleted ? '' : message.body,
        createdAt: message.createdAt.toISOString(),
        editedAt: message.editedAt?.toISOString() ?? null,
        deleted,
        removed: message.removedBy !== null,
        threadRootId: message.threadRootId,
        replyCount: message.replyCount,
        lastReplyAt: message.lastReplyAt?.toISOString() ?? null,
        mentions: deleted ? [] : message.mentions,
        embeds: deleted ? [] : message.cardIds.flatMap((id) => embeds.get(id) ?? []),
        fromAssistant: message.fromAssistant,
        clientId: message.clientId,
      },
      reactions: reactions.get(message.id) ?? new Map(),
    };
  });
}

/** A person's name as a conversation shows it. */
export function nameOf(profile: Pick<ProfileRow, 'displayName' | 'handle'>): string {
  return profile.displayName?.trim() || `@${profile.handle}`;
}

/** A conversation as its reader sees it. `others` are the other members of a direct or group message. */
export function conversationOf(row: SummaryRow, others: ProfileRow[], canManage: boolean): Conversation {
  const { conversation } = row;
  const personal = conversation.kind === 'direct' || conversation.kind === 'group';
  const title =
    conversation.kind === 'assistant'
      ? ASSISTANT_TITLE
      : conversation.name !== null
        ? `#${conversation.name}`
        : others.length > 0
          ? others.map(nameOf).join(', ')
          : 'Nobody else';
  return {
    id: conversation.id,
    kind: conversation.kind as Conversation['kind'],
    name: conversation.name,
    title,
    topic: conversation.topic,
    archived: conversation.archivedAt !== null,
    others: personal ? others.map(profileSummaryOf) : [],
    memberCount: row.memberCount,
    joined: row.joined,
    canManage,
    lastSeq: conversation.lastSeq,
    lastMessageAt: conversation.lastMessageAt?.toISOString() ?? null,
    readSeq: row.readSeq,
    unread: row.unread,
    mentions: row.mentions,
    createdAt: conversation.createdAt.toISOString(),
  };
}
