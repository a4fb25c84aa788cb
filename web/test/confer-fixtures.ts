import {
  conversationSchema,
  memberSchema,
  messageSchema,
  type Conversation,
  type Message,
} from '../../contracts/confer.ts';
import type { ProfileSummary } from '../../contracts/profiles.ts';

/** Conversations, messages and people as the Confer API answers them, parsed through the contract. */

/** A valid UUID for test conversation `n`. */
export function conversationIdOf(n: number): string {
  return `00000000-0000-4000-8000-00000c${String(n).padStart(6, '0')}`;
}

/** A valid UUID for test message `n`. */
export function messageIdOf(n: number): string {
  return `00000000-0000-4000-8000-00000e${String(n).padStart(6, '0')}`;
}

/** A valid UUID for a client key. */
export function clientIdOf(n: number): string {
  return `00000000-0000-4000-8000-0000c1${String(n).padStart(6, '0')}`;
}

export function person(
  handle: string,
  displayName: string | null = null,
  key = `u_${handle}`,
): ProfileSummary {
  return { key, handle, displayName, photoURL: null, rank: 'B', isSubscribed: false };
}

export const ada = person('ada', 'Ada Lovelace', 'u-1');
export const bob = person('bob', 'Bob Babbage');
export const cy = person('cy', 'Cy Young');

/** Conversation `n`: a public channel called `general-n` that the reader has joined, unless `changes` say. */
export function conversationFixture(n: number, changes: Partial<Conversation> = {}): Conversation {
  return conversationSchema.parse({
    id: conversationIdOf(n),
    kind: 'channel',
    name: `general-${n}`,
    title: `#general-${n}`,
    topic: '',
    archived: false,
    others: [],
    memberCount: 3,
    joined: true,
    canManage: false,
    lastSeq: 0,
    lastMessageAt: null,
    readSeq: 0,
    unread: 0,
    mentions: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...changes,
  });
}

/** The direct message with `other`. */
export function directFixture(n: number, other: ProfileSummary, changes: Partial<Conversation> = {}) {
  return conversationFixture(n, {
    kind: 'direct',
    name: null,
    title: other.displayName ?? `@${other.handle}`,
    others: [other],
    memberCount: 2,
    ...changes,
  });
}

/** Message number `seq` of conversation 1, by Bob unless `changes` say otherwise. */
export function messageFixture(seq: number, changes: Partial<Message> = {}): Message {
  return messageSchema.parse({
    id: messageIdOf(seq),
    conversationId: conversationIdOf(1),
    seq,
    changeSeq: seq,
    author: bob,
    body: `Message number ${seq}`,
    createdAt: new Date(Date.UTC(2026, 10, 20, 9, 0, seq)).toISOString(),
    editedAt: null,
    deleted: false,
    removed: false,
    threadRootId: null,
    replyCount: 0,
    lastReplyAt: null,
    reactions: [],
    mentions: [],
    embeds: [],
    fromAssistant: false,
    clientId: null,
    ...changes,
  });
}

export function memberFixture(profile: ProfileSummary, presence: 'online' | 'away' | 'offline' = 'offline') {
  return memberSchema.parse({ profile, role: 'member', presence });
}
