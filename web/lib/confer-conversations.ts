import { useEffect } from 'react';
import { hashKey, queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  conversationListSchema,
  conversationSchema,
  type Conversation,
  type ConversationList,
  type Message,
  type RealtimeServerEvent,
} from '../../contracts/confer.ts';
import { ApiError, apiFetch } from './api.ts';
import { realtimeConnection, type RealtimeConnection } from './realtime.ts';

/**
 * The signed-in person's Confer conversations with their unread counts, shared by the Confer page and the top
 * bar's badge. The list is read once and then kept live from the realtime connection: new messages move a
 * conversation up and count as unread or as a mention, read positions (also from other devices) clear them,
 * and every (re)connection reads the list again, so whatever happened while disconnected is counted.
 */

export const conferQueryRoot = ['confer'] as const;

/** Query keys, all under `['confer', owner]`, so another account in the same browser never sees them. */
export const conferKeys = {
  all: (owner: string) => [...conferQueryRoot, owner] as const,
  list: (owner: string) => [...conferQueryRoot, owner, 'conversations'] as const,
  conversation: (owner: string, id: string) => [...conferQueryRoot, owner, 'conversation', id] as const,
  members: (owner: string, id: string) => [...conferQueryRoot, owner, 'members', id] as const,
};

export const conversationPath = (id: string) => `/api/confer/conversations/${encodeURIComponent(id)}`;

/** `GET /api/confer/conversations`: kept fresh by events, so it is never stale by age. */
export const conversationListQuery = (owner: string) =>
  queryOptions({
    queryKey: conferKeys.list(owner),
    queryFn: ({ signal }) =>
      apiFetch('/api/confer/conversations', { schema: conversationListSchema, signal }).then(sortList),
    staleTime: Infinity,
  });

/** When a conversation was last active: its newest message, else its creation. */
function activeAt(conversation: Conversation): string {
  return conversation.lastMessageAt ?? conversation.createdAt;
}

function sortList(list: ConversationList): ConversationList {
  const items = [...list.items].sort((a, b) =>
    activeAt(a) < activeAt(b) ? 1 : activeAt(a) > activeAt(b) ? -1 : 0,
  );
  return { ...list, items };
}

/** What the top bar's badge counts: mentions anywhere, and unread messages in direct and group messages. */
export function badgeTotal(list: ConversationList | undefined): number {
  if (!list) return 0;
  let total = 0;
  for (const conversation of list.items) {
    if (conversation.kind === 'direct' || conversation.kind === 'group')
      total += Math.max(conversation.unread, conversation.mentions);
    else if (conversation.kind !== 'assistant') total += conversation.mentions;
  }
  return total;
}

function updateList(
  queryClient: QueryClient,
  owner: string,
  change: (list: ConversationList) => ConversationList,
): void {
  queryClient.setQueryData(conferKeys.list(owner), (list: ConversationList | undefined) =>
    list ? sortList(change(list)) : list,
  );
}

/**
 * Puts a conversation as the server just described it into the list (after a join, a new channel, a rename),
 * or takes it out when the reader is no longer a member.
 */
export function storeConversation(queryClient: QueryClient, owner: string, conversation: Conversation): void {
  queryClient.setQueryData(conferKeys.conversation(owner, conversation.id), conversation);
  updateList(queryClient, owner, (list) => {
    const others = list.items.filter((item) => item.id !== conversation.id);
    return { ...list, items: conversation.joined ? [...others, conversation] : others };
  });
}

/** Takes a conversation out of the list (the reader left or was taken out). */
export function forgetConversation(queryClient: QueryClient, owner: string, conversationId: string): void {
  queryClient.removeQueries({ queryKey: conferKeys.conversation(owner, conversationId) });
  updateList(queryClient, owner, (list) => ({
    ...list,
    items: list.items.filter((item) => item.id !== conversationId),
  }));
}

function findConversation(queryClient: QueryClient, owner: string, id: string): Conversation | undefined {
  return queryClient
    .getQueryData<ConversationList>(conferKeys.list(owner))
    ?.items.find((item) => item.id === id);
}

/**
 * Keeps the cached list in step with the connection's events. One per query client and person, however many
 * components ask for it (see `useLiveConversationList`).
 */
export function followConversationList(
  queryClient: QueryClient,
  owner: string,
  connection: RealtimeConnection,
): () => void {
  const refreshing = new Map<string, ReturnType<typeof setTimeout>>();

  /** Reads one conversation's counts again (after a change the list cannot count by itself). */
  const refresh = (id: string, delay = 300) => {
    if (refreshing.has(id)) return;
    refreshing.set(
      id,
      setTimeout(() => {
        refreshing.delete(id);
        apiFetch(conversationPath(id), { schema: conversationSchema })
          .then((conversation) => {
            const known = findConversation(queryClient, owner, id);
            storeConversation(queryClient, owner, conversation);
            // Read before a message the list has already counted: ask again, so the counts settle.
            if (known && conversation.lastSeq < known.lastSeq) refresh(id, 1000);
          })
          .catch((error: unknown) => {
            if (error instanceof ApiError && error.status === 404) forgetConversation(queryClient, owner, id);
          });
      }, delay),
    );
  };

  // A list read that is under way when a message arrives may have been answered before that message was
  // stored; its answer would then replace the count the event just added. Those conversations are read again
  // once the list read is over.
  const listKey = conferKeys.list(owner);
  const listHash = hashKey(listKey);
  const readAfterList = new Set<string>();
  const stopWatchingList = queryClient.getQueryCache().subscribe((event) => {
    if (readAfterList.size === 0 || event.type !== 'updated') return;
    if (event.query.queryHash !== listHash || event.query.state.fetchStatus !== 'idle') return;
    for (const id of readAfterList) refresh(id, 0);
    readAfterList.clear();
  });

  const onMessage = (message: Message) => {
    if (queryClient.isFetching({ queryKey: listKey, exact: true }) > 0)
      readAfterList.add(message.conversationId);
    const conversation = findConversation(queryClient, owner, message.conversationId);
    if (!conversation) return;
    const mine = message.author.key === owner;
    if (message.seq > conversation.lastSeq) {
      // A new message: creations arrive in the order of their numbers, so anything above the list's newest
      // number has not been counted yet.
      const unreadNow = message.seq > conversation.readSeq && !mine && !message.deleted;
      updateList(queryClient, owner, (list) => ({
        ...list,
        items: list.items.map((item) =>
          item.id !== conversation.id
            ? item
            : {
                ...item,
                lastSeq: message.seq,
                ...(message.threadRootId === null ? { lastMessageAt: message.createdAt } : {}),
                unread: item.unread + (unreadNow && message.threadRootId === null ? 1 : 0),
                mentions: item.mentions + (unreadNow && message.mentions.includes(owner) ? 1 : 0),
              },
        ),
      }));
    } else if (message.seq > conversation.readSeq && !mine) {
      // An unread message changed (deleted, edited to mention the reader): the server counts it again.
      refresh(conversation.id);
    }
  };

  const onEvent = (event: RealtimeServerEvent) => {
    switch (event.type) {
      case 'ready':
      case 'resync':
        void queryClient.invalidateQueries({ queryKey: conferKeys.list(owner) });
        return;
      case 'message':
        onMessage(event.message);
        return;
      case 'conversation':
        void queryClient.invalidateQueries({ queryKey: conferKeys.members(owner, event.conversationId) });
        // Read again: the list takes it in (added to it) or leaves it out (a channel read before joining).
        refresh(event.conversationId, 0);
        void queryClient.invalidateQueries({
          queryKey: conferKeys.conversation(owner, event.conversationId),
        });
        return;
      case 'conversation-removed':
        forgetConversation(queryClient, owner, event.conversationId);
        return;
      case 'read': {
        const conversation = findConversation(queryClient, owner, event.conversationId);
        if (!conversation || event.readSeq <= conversation.readSeq) return;
        markedRead(queryClient, owner, event.conversationId, event.readSeq);
        if (event.readSeq < conversation.lastSeq) refresh(event.conversationId);
        return;
      }
      default:
        return;
    }
  };

  const unsubscribe = connection.subscribe(onEvent);
  return () => {
    unsubscribe();
    stopWatchingList();
    for (const timer of refreshing.values()) clearTimeout(timer);
    refreshing.clear();
  };
}

/**
 * The reader has read up to `readSeq` (here or on another device): a position past the newest message clears
 * the counts; one before it is corrected by the server's own count.
 */
export function markedRead(queryClient: QueryClient, owner: string, id: string, readSeq: number): void {
  updateList(queryClient, owner, (list) => ({
    ...list,
    items: list.items.map((item) =>
      item.id !== id || readSeq <= item.readSeq
        ? item
        : {
            ...item,
            readSeq,
            ...(readSeq >= item.lastSeq ? { unread: 0, mentions: 0 } : {}),
          },
    ),
  }));
}

const followers = new WeakMap<QueryClient, Map<string, { users: number; stop: () => void }>>();

/** Keeps the conversation list live while the calling component is mounted (and `owner` is signed in). */
export function useLiveConversationList(owner: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!owner) return undefined;
    const connection = realtimeConnection();
    const release = connection.acquire();
    let byOwner = followers.get(queryClient);
    if (!byOwner) {
      byOwner = new Map();
      followers.set(queryClient, byOwner);
    }
    const existing = byOwner.get(owner);
    if (existing) existing.users++;
    else byOwner.set(owner, { users: 1, stop: followConversationList(queryClient, owner, connection) });
    return () => {
      const entry = byOwner.get(owner);
      if (entry && --entry.users === 0) {
        entry.stop();
        byOwner.delete(owner);
      }
      release();
    };
  }, [queryClient, owner]);
}
