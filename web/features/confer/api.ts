import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  changesSchema,
  channelDirectorySchema,
  conversationSchema,
  memberListSchema,
  type memberSchema,
  messagePageSchema,
  messageSchema,
  messageSearchResultsSchema,
  peopleSchema,
  readStateSchema,
  savedCardSchema,
  threadSchema,
  type ChannelInput,
  type ConversationPatch,
  type MessageInput,
  type ReactionEmoji,
} from '../../../contracts/confer.ts';
import { userReportResponseSchema, type UserReportRequest } from '../../../contracts/profiles.ts';
import { ApiError, apiFetch } from '../../lib/api.ts';
import { conferKeys, conversationPath } from '../../lib/confer-conversations.ts';

export {
  conferKeys,
  conferQueryRoot,
  conversationListQuery,
  forgetConversation,
  markedRead,
  storeConversation,
  useLiveConversationList,
} from '../../lib/confer-conversations.ts';

/** A member of a conversation, with their presence. */
export type Member = z.infer<typeof memberSchema>;

const messagePath = (id: string) => `/api/confer/messages/${encodeURIComponent(id)}`;
const noContent = z.unknown();

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** Whether a failed send may simply be sent again later: no answer at all, or the server failed. */
export function isTransient(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

/** `GET /api/confer/conversations/:id`: one conversation the reader may read (a channel before joining). */
export const conversationQuery = (owner: string, id: string) =>
  queryOptions({
    queryKey: conferKeys.conversation(owner, id),
    queryFn: ({ signal }) => apiFetch(conversationPath(id), { schema: conversationSchema, signal }),
  });

/** `GET …/members`: the members with their presence (kept live by presence events once shown). */
export const membersQuery = (owner: string, id: string) =>
  queryOptions({
    queryKey: conferKeys.members(owner, id),
    queryFn: ({ signal }) =>
      apiFetch(`${conversationPath(id)}/members`, { schema: memberListSchema, signal }),
  });

/** `GET /api/confer/channels?q=`: public channels to browse. */
export const directoryQuery = (owner: string, q: string) =>
  queryOptions({
    queryKey: [...conferKeys.all(owner), 'directory', q] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/confer/channels${query({ q })}`, { schema: channelDirectorySchema, signal }),
  });

/** `GET /api/confer/people?q=`: people to write to or add. */
export const peopleQuery = (owner: string, q: string) =>
  queryOptions({
    queryKey: [...conferKeys.all(owner), 'people', q] as const,
    queryFn: ({ signal }) => apiFetch(`/api/confer/people${query({ q })}`, { schema: peopleSchema, signal }),
    enabled: q.trim() !== '',
  });

export interface SearchFilters {
  q: string;
  conversationId?: string | undefined;
  author?: string | undefined;
}

/** `GET /api/confer/search`: messages the reader may read, newest first, a page at a time. */
export const searchQuery = (owner: string, filters: SearchFilters) =>
  infiniteQueryOptions({
    queryKey: [...conferKeys.all(owner), 'search', filters] as const,
    queryFn: ({ signal, pageParam }) =>
      apiFetch(
        `/api/confer/search${query({
          q: filters.q,
          conversationId: filters.conversationId,
          author: filters.author?.trim() || undefined,
          cursor: pageParam ?? undefined,
        })}`,
        { schema: messageSearchResultsSchema, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: filters.q.trim() !== '',
  });

/** `GET …/messages`: a page of the timeline (the newest, or before or after a number). */
export function fetchMessagePage(
  id: string,
  position: { before?: number; after?: number; limit?: number } = {},
  signal?: AbortSignal,
) {
  return apiFetch(`${conversationPath(id)}/messages${query(position)}`, {
    schema: messagePageSchema,
    signal,
  });
}

/** `GET …/changes?after=`: what changed after a number, in order. */
export function fetchChanges(id: string, after: number, signal?: AbortSignal) {
  return apiFetch(`${conversationPath(id)}/changes${query({ after })}`, { schema: changesSchema, signal });
}

/** `GET /api/confer/messages/:id/thread`: a message and its replies. */
export function fetchThread(rootId: string, after?: number, signal?: AbortSignal) {
  return apiFetch(`${messagePath(rootId)}/thread${query({ after })}`, { schema: threadSchema, signal });
}

/** `POST …/messages`: send (or send again: the same clientId answers the message already sent). */
export function postMessage(conversationId: string, input: MessageInput) {
  return apiFetch(`${conversationPath(conversationId)}/messages`, {
    method: 'POST',
    body: input,
    schema: messageSchema,
  });
}

/** `PATCH /api/confer/messages/:id`: the author changes the text. */
export function editMessage(id: string, body: string) {
  return apiFetch(messagePath(id), { method: 'PATCH', body: { body }, schema: messageSchema });
}

/** `DELETE /api/confer/messages/:id`: the author deletes it; a marker stays. */
export function deleteMessage(id: string) {
  return apiFetch(messagePath(id), { method: 'DELETE', schema: messageSchema });
}

/** `PUT`/`DELETE …/reactions/:emoji`. */
export function setReaction(id: string, emoji: ReactionEmoji, on: boolean) {
  return apiFetch(`${messagePath(id)}/reactions/${encodeURIComponent(emoji)}`, {
    method: on ? 'PUT' : 'DELETE',
    schema: messageSchema,
  });
}

/** `POST …/reports`. */
export function reportMessage(id: string, report: UserReportRequest) {
  return apiFetch(`${messagePath(id)}/reports`, {
    method: 'POST',
    body: report,
    schema: userReportResponseSchema,
  });
}

/** `POST …/card`: a draft card made from the message. */
export function saveMessageAsCard(id: string) {
  return apiFetch(`${messagePath(id)}/card`, { method: 'POST', schema: savedCardSchema });
}

/** `PUT …/read`. */
export function markRead(conversationId: string, seq: number) {
  return apiFetch(`${conversationPath(conversationId)}/read`, {
    method: 'PUT',
    body: { seq },
    schema: readStateSchema,
  });
}

/** `POST /api/confer/channels`. */
export function createChannel(input: ChannelInput) {
  return apiFetch('/api/confer/channels', { method: 'POST', body: input, schema: conversationSchema });
}

/** `PATCH /api/confer/conversations/:id`. */
export function updateConversation(id: string, patch: ConversationPatch) {
  return apiFetch(conversationPath(id), { method: 'PATCH', body: patch, schema: conversationSchema });
}

/** `PUT …/membership`: join a public channel. */
export function joinChannel(id: string) {
  return apiFetch(`${conversationPath(id)}/membership`, { method: 'PUT', schema: conversationSchema });
}

/** `DELETE …/membership`: leave a channel or group. */
export function leaveConversation(id: string) {
  return apiFetch(`${conversationPath(id)}/membership`, { method: 'DELETE', schema: noContent });
}

/** `POST …/members`: invite to a private channel, add to a group. */
export function addMembers(id: string, keys: string[]) {
  return apiFetch(`${conversationPath(id)}/members`, {
    method: 'POST',
    body: { keys },
    schema: conversationSchema,
  });
}

/** `POST /api/confer/direct`: the direct message with one person, the group message with several. */
export function openDirect(keys: string[]) {
  return apiFetch('/api/confer/direct', { method: 'POST', body: { keys }, schema: conversationSchema });
}

/** `POST /api/confer/assistant`: the reader's conversation with the card assistant. */
export function openAssistant() {
  return apiFetch('/api/confer/assistant', { method: 'POST', schema: conversationSchema });
}
