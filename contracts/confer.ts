import { z } from 'zod';
import { cardSummarySchema } from './cards.ts';
import { jobProgressSchema } from './jobs.ts';
import { profileSummarySchema, reportReasons, type ReportReason } from './profiles.ts';

/**
 * Confer: real-time chat for signed-in people. Conversations are public channels, private channels, direct
 * messages, small group messages and the card assistant. Writes go through HTTP; a WebSocket per tab
 * (`/api/realtime`) carries what happens, as it happens.
 *
 * Every change in a conversation takes the next number of the conversation's sequence: a new message takes
 * it as its `seq`, and every change to a message (an edit, a deletion, a reaction, a reply in its thread)
 * takes one as its `changeSeq`. A client that knows a conversation up to some number asks for the changes
 * after it and is exactly up to date: nothing missed, nothing twice, in order.
 */

/** The limits of Confer; the server enforces them, the web app uses them for early feedback. */
export const conferLimits = {
  /** Characters in a message. */
  messageChars: 4000,
  /** A channel's name: lower-case letters, digits, `-` and `_`. */
  channelName: { min: 2, max: 40 },
  /** Characters in a channel's topic. */
  topicChars: 250,
  /** People in a group message besides the one who starts it. */
  groupOthers: 8,
  /** Messages a person may send in `messageWindowSeconds`. */
  messagesPerWindow: 10,
  messageWindowSeconds: 10,
  /** Open realtime connections per person on one server. */
  connectionsPerPerson: 10,
  /** Cards embedded from one message's links. */
  embedsPerMessage: 3,
  /** Messages in a page of history, and at most in one. */
  historyPage: 50,
  historyPageMax: 200,
  /** Changes in one answer of `GET …/changes`. */
  changesPage: 500,
  /** Profiles whose presence one connection may follow. */
  presenceWatch: 500,
  /** A typing indicator lasts this long unless renewed; clients renew it at most every `typingEveryMs`. */
  typingTtlMs: 6000,
  typingEveryMs: 3000,
} as const;

/**
 * The profile of CARD WEB itself, which writes #general's welcome post: a system account (no password), not a
 * person; the web app marks its messages as the product's.
 */
export const conferSystemProfileKey = 'cardweb-system';

/** The public channel everyone is in from sign-up, where a newcomer lands. */
export const generalChannelName = 'general';

/** The reactions people can add, as Confer's picker offers them. */
export const reactionEmojis = ['👍', '❤️', '😂', '🎉', '🤔', '👀', '🙏', '✅', '🔥', '💡'] as const;
export type ReactionEmoji = (typeof reactionEmojis)[number];

/** What a conversation is. */
export const conversationKinds = ['channel', 'private', 'direct', 'group', 'assistant'] as const;
export type ConversationKind = (typeof conversationKinds)[number];

/** A channel's name, as written: `study-group`, `rust_help`. */
export const channelNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(conferLimits.channelName.min, `At least ${conferLimits.channelName.min} characters`)
  .max(conferLimits.channelName.max, `At most ${conferLimits.channelName.max} characters`)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Use lower-case letters, digits, - and _, starting with a letter or digit');

const topicSchema = z
  .string()
  .trim()
  .max(conferLimits.topicChars, `At most ${conferLimits.topicChars} characters`);

/** Someone's presence: connected and active, connected but idle or hidden, or not connected. */
export const presenceStatuses = ['online', 'away', 'offline'] as const;
export type PresenceStatus = (typeof presenceStatuses)[number];

/** A conversation as its reader sees it in the list: with their unread counts and read position. */
export const conversationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(conversationKinds),
  /** A channel's name; null for direct and group messages and the assistant. */
  name: z.string().nullable(),
  /** What to call it: `#name` for channels, the other people's names for direct and group messages. */
  title: z.string(),
  topic: z.string(),
  archived: z.boolean(),
  /** The other people of a direct or group message (up to groupOthers); empty for channels. */
  others: z.array(profileSummarySchema),
  memberCount: z.number().int(),
  /** The reader is a member (a public channel can be read before joining). */
  joined: z.boolean(),
  /** The reader may rename, describe and archive it. */
  canManage: z.boolean(),
  /** The newest number of the conversation's sequence (see the file's comment). */
  lastSeq: z.number().int(),
  lastMessageAt: z.string().nullable(),
  /** The reader's read position: every message up to this number is read. */
  readSeq: z.number().int(),
  /** Messages by others after the read position, outside threads (counted up to 100). */
  unread: z.number().int(),
  /** Messages that mention the reader after the read position, threads included (up to 100). */
  mentions: z.number().int(),
  createdAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** `GET /api/confer/conversations`: the reader's conversations, the most recently active first. */
export const conversationListSchema = z.object({
  items: z.array(conversationSchema),
  /** Whether this server has an assistant (an LLM is configured). */
  assistantAvailable: z.boolean(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/** `GET /api/confer/channels?q=`: public channels to browse and join, the busiest first. */
export const channelDirectoryQuerySchema = z.object({
  q: z.string().trim().max(40).default(''),
});
export const channelDirectorySchema = z.object({ items: z.array(conversationSchema) });

/** `POST /api/confer/channels`: a new channel; its creator is its owner. */
export const channelInputSchema = z.object({
  name: channelNameSchema,
  topic: topicSchema.default(''),
  /** A private channel is seen and read by its members only, who invite others. */
  private: z.boolean().default(false),
});
export type ChannelInput = z.input<typeof channelInputSchema>;

/** `PATCH /api/confer/conversations/:id`: rename, describe or archive a channel (its owner or an admin). */
export const conversationPatchSchema = z
  .object({ name: channelNameSchema, topic: topicSchema, archived: z.boolean() })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Nothing to change');
export type ConversationPatch = z.input<typeof conversationPatchSchema>;

/**
 * `POST /api/confer/direct`: the direct message with one person, or the group message with up to
 * groupOthers people (by profile key). The same people always get the same conversation.
 */
export const directInputSchema = z.object({
  keys: z
    .array(z.string().min(1).max(200))
    .min(1, 'Choose someone to write to')
    .max(conferLimits.groupOthers, `A group message has at most ${conferLimits.groupOthers} other people`),
});

/**
 * `GET /api/confer/people?q=`: people to write to or invite, whose handle or name starts with `q` (up to 20),
 * leaving out the reader and anyone either of them has blocked.
 */
export const peopleQuerySchema = z.object({ q: z.string().trim().min(1, 'Type a name or handle').max(60) });
export const peopleSchema = z.object({ items: z.array(profileSummarySchema) });

/** `POST /api/confer/conversations/:id/members`: invite people to a private channel or add them to a group. */
export const memberInputSchema = z.object({
  keys: z.array(z.string().min(1).max(200)).min(1, 'Choose someone to add').max(50),
});

/** A member of a conversation, with their presence. */
export const memberSchema = z.object({
  profile: profileSummarySchema,
  role: z.enum(['owner', 'member']),
  presence: z.enum(presenceStatuses),
});
export const memberListSchema = z.object({ items: z.array(memberSchema) });

/** A reaction on a message: how many people gave it, and whether the reader is one of them. */
export const reactionSchema = z.object({
  emoji: z.enum(reactionEmojis),
  count: z.number().int(),
  mine: z.boolean(),
});

/** A message as people read it. Deleted messages stay as a marker in their place, without their text. */
export const messageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  /** Its number in the conversation's sequence, for ordering and "read up to". */
  seq: z.number().int(),
  /** The number of its latest change (its `seq` until it changes). */
  changeSeq: z.number().int(),
  author: profileSummarySchema,
  /** Markdown (rendered with the cards' safe renderer); empty once deleted. */
  body: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deleted: z.boolean(),
  /** Removed by an administrator rather than by its author. */
  removed: z.boolean(),
  /** The message whose thread this one replies in. */
  threadRootId: z.uuid().nullable(),
  replyCount: z.number().int(),
  lastReplyAt: z.string().nullable(),
  reactions: z.array(reactionSchema),
  /** Profile keys of the members it mentions (`@handle`). */
  mentions: z.array(z.string()),
  /** Cards it links to (`/cards/<id>`) that anyone may open: public and unlisted published cards. */
  embeds: z.array(cardSummarySchema),
  /** Written by the card assistant. */
  fromAssistant: z.boolean(),
  /** The sender's idempotency key, so a sender can match its pending copy. */
  clientId: z.uuid().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * `GET /api/confer/conversations/:id/messages`: a page of messages in their thread-free timeline, oldest
 * first: the newest page with no cursor, older ones `before` a seq, newer ones `after` one.
 */
export const messagePageQuerySchema = z.object({
  before: z.coerce.number().int().min(0).optional(),
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(conferLimits.historyPageMax).default(conferLimits.historyPage),
});
export const messagePageSchema = z.object({
  items: z.array(messageSchema),
  hasOlder: z.boolean(),
  hasNewer: z.boolean(),
  /** The conversation's sequence when the page was read: changes after it come as events or from `…/changes`. */
  upTo: z.number().int(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** `GET /api/confer/conversations/:id/changes?after=`: every message created or changed after a number. */
export const changesQuerySchema = z.object({
  after: z.coerce.number().int().min(0),
  limit: z.coerce.number().int().min(1).max(conferLimits.changesPage).default(conferLimits.changesPage),
});
export const changesSchema = z.object({
  /** In the order of their changes (`changeSeq`), threads included. */
  items: z.array(messageSchema),
  /** The reader is now up to date to this number. */
  upTo: z.number().int(),
  /** More changes follow `upTo`: ask again. */
  more: z.boolean(),
});
export type Changes = z.infer<typeof changesSchema>;

/** `GET /api/confer/messages/:id/thread`: a message and the replies in its thread, oldest first. */
export const threadQuerySchema = z.object({
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(conferLimits.historyPageMax).default(conferLimits.historyPageMax),
});
export const threadSchema = z.object({
  root: messageSchema,
  replies: z.array(messageSchema),
  hasNewer: z.boolean(),
});

/** The text of a message: Markdown, not empty, at most messageChars characters. */
export const messageBodySchema = z
  .string()
  .max(conferLimits.messageChars, `At most ${conferLimits.messageChars.toLocaleString('en-US')} characters`)
  .refine((text) => text.trim().length > 0, 'Write something first');

/**
 * `POST /api/confer/conversations/:id/messages`: send a message (201), or a reply in a thread. `clientId`
 * makes a retry safe: the same key answers the message already sent (200) and sends nothing again.
 */
export const messageInputSchema = z.object({
  clientId: z.uuid('Not a message key'),
  body: messageBodySchema,
  threadRootId: z.uuid().optional(),
});
export type MessageInput = z.input<typeof messageInputSchema>;

/** `PATCH /api/confer/messages/:id`: the author changes the text (it shows as edited). */
export const messagePatchSchema = z.object({ body: messageBodySchema });

/** `PUT /api/confer/conversations/:id/read`: the reader has read up to `seq` (positions only move forward). */
export const readInputSchema = z.object({ seq: z.number().int().min(0) });
export const readStateSchema = z.object({ readSeq: z.number().int() });

/** `POST /api/confer/messages/:id/reports`: report a message to the administrators. */
export const messageReportInputSchema = z.object({
  reason: z.enum(Object.keys(reportReasons) as [ReportReason, ...ReportReason[]]),
  details: z.string().trim().max(2000, 'At most 2,000 characters').default(''),
});

/** `POST /api/confer/messages/:id/card`: a draft card made from a message; open it in the builder. */
export const savedCardSchema = z.object({ cardId: z.uuid() });

/** `GET /api/confer/search`: full-text search of the messages the reader may read, threads included. */
export const messageSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search for').max(200),
  conversationId: z.uuid().optional(),
  /** A handle (`@` optional). */
  author: z.string().trim().max(60).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const messageSearchResultsSchema = z.object({
  items: z.array(
    z.object({
      message: messageSchema,
      conversation: z.object({ id: z.uuid(), kind: z.enum(conversationKinds), title: z.string() }),
      /** About 35 words around the first match, matched words between the card search's snippet marks. */
      snippet: z.string(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
export type MessageSearchResults = z.infer<typeof messageSearchResultsSchema>;

/** `PUT /api/admin/confer/mutes/:key`: an administrator stops someone sending messages until a time. */
export const muteInputSchema = z.object({
  until: z.iso.datetime({ offset: true }),
  reason: z.string().trim().min(1, 'Say why').max(500),
});
export const muteSchema = z.object({ until: z.string(), reason: z.string() });

// ---------------------------------------------------------------------------------------------------------
// The realtime connection: GET /api/realtime (WebSocket), signed in by the session cookie, from an allowed
// origin. Each frame is one JSON object.

/** What a client sends on its connection. */
export const realtimeClientEventSchema = z.discriminatedUnion('type', [
  /** The reader is typing in a conversation, or in a thread of it (send at most every typingEveryMs). */
  z.object({ type: z.literal('typing'), conversationId: z.uuid(), threadRootId: z.uuid().optional() }),
  /** The tab is in use (`online`) or hidden or idle (`away`). */
  z.object({ type: z.literal('presence'), status: z.enum(['online', 'away']) }),
  /** Follow these people's presence (replaces the previous list); answered with their current presence. */
  z.object({
    type: z.literal('watch-presence'),
    keys: z.array(z.string().min(1).max(200)).max(conferLimits.presenceWatch),
  }),
  /** Receive a public channel's events without being a member (reading it before joining). */
  z.object({ type: z.literal('watch'), conversationId: z.uuid() }),
]);
export type RealtimeClientEvent = z.infer<typeof realtimeClientEventSchema>;

/** What the server sends on a connection. */
export const realtimeServerEventSchema = z.discriminatedUnion('type', [
  /** The connection is open and subscribed to every conversation of the person. */
  z.object({ type: z.literal('ready'), profileKey: z.string() }),
  /** A message was created or changed. */
  z.object({ type: z.literal('message'), message: messageSchema }),
  /** A conversation the person has changed (name, topic, archive, members) or was added to: read it again. */
  z.object({ type: z.literal('conversation'), conversationId: z.uuid() }),
  /** The person left or was taken out of a conversation. */
  z.object({ type: z.literal('conversation-removed'), conversationId: z.uuid() }),
  /** The person's read position moved (on another device). */
  z.object({ type: z.literal('read'), conversationId: z.uuid(), readSeq: z.number().int() }),
  /** Someone is typing in a conversation. */
  z.object({
    type: z.literal('typing'),
    conversationId: z.uuid(),
    profile: profileSummarySchema,
    threadRootId: z.uuid().nullable().optional(),
  }),
  /** Someone's presence changed (or, after `watch-presence`, is). */
  z.object({ type: z.literal('presence'), profileKey: z.string(), status: z.enum(presenceStatuses) }),
  /** The assistant's answer so far, streamed while it is written; the finished answer comes as a message. */
  z.object({
    type: z.literal('assistant-draft'),
    conversationId: z.uuid(),
    /** The question it answers. */
    replyTo: z.uuid(),
    text: z.string(),
  }),
  /** A job of the person's moved on (progress, or its end): see contracts/jobs.ts. */
  z.object({ type: z.literal('job'), job: jobProgressSchema }),
  /** The server may have missed events (its database connection dropped): read everything again. */
  z.object({ type: z.literal('resync') }),
  /** A problem with something the client sent. */
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type RealtimeServerEvent = z.infer<typeof realtimeServerEventSchema>;

/** Close codes of the realtime connection, beyond the WebSocket standard's. */
export const realtimeCloseCodes = {
  /** The client fell too far behind in reading: reconnect and catch up. */
  slowConsumer: 4008,
  /** Too many connections for this person on this server. */
  tooManyConnections: 4029,
  /** The client sent frames far faster than any tab does: reconnect, but only after a long wait. */
  tooManyFrames: 4030,
  /** Not signed in (or the session ended). */
  unauthenticated: 4401,
  /** The server is shutting down: reconnect (to another instance, or shortly). */
  goingAway: 1001,
} as const;

// ---------------------------------------------------------------------------------------------------------
// The text of messages, read the same way on both sides.

/** A message's text without its code (fenced blocks and inline spans), where mentions and links don't count. */
function withoutCode(text: string): string {
  return text.replace(/```[\s\S]*?(```|$)/g, ' ').replace(/`[^`\n]*`/g, ' ');
}

/** The handles a message mentions (`@ada_l`), lower-cased, each once, outside code. */
export function mentionedHandles(text: string): string[] {
  const handles = new Set<string>();
  for (const match of withoutCode(text).matchAll(/(^|[^\w@/])@([A-Za-z0-9_]{3,30})(?![\w@])/g)) {
    if (match[2]) handles.add(match[2].toLowerCase());
  }
  return [...handles];
}

/**
 * The cards a message links to: `/cards/<id>` paths, alone or in a full address on `origin` (the site's own,
 * e.g. `https://cardweb.example`), each once, outside code, at most `embedsPerMessage`.
 */
export function linkedCardIds(text: string, origin: string): string[] {
  const ids = new Set<string>();
  const pattern =
    /(?:^|[\s(<[\]"'])(https?:\/\/[^\s/]+)?\/cards\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![0-9a-z-])/gi;
  for (const match of withoutCode(text).matchAll(pattern)) {
    if (match[1] !== undefined && match[1].toLowerCase() !== origin.toLowerCase()) continue;
    if (match[2]) ids.add(match[2].toLowerCase());
    if (ids.size === conferLimits.embedsPerMessage) break;
  }
  return [...ids];
}
