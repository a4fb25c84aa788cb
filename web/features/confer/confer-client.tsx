import { createContext, use, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PresenceStatus } from '../../../contracts/confer.ts';
import type { ProfileSummary } from '../../../contracts/profiles.ts';
import { realtimeConnection, useRealtimeConnection, type RealtimeConnection } from '../../lib/realtime.ts';
import { ActivityStore, type AssistantDraft } from './activity-store.ts';
import { forgetConversation, postMessage, useLiveConversationList } from './api.ts';
import { ConversationStore, type ThreadView, type TimelineView } from './conversation-store.ts';
import { Outbox } from './outbox.ts';
import { indexedDbOutboxStorage, type OutboxEntry, type OutboxStorage } from './outbox-storage.ts';

/** Everything the Confer page shares: the signed-in person, the stores and the connection. */
export interface ConferClient {
  owner: string;
  store: ConversationStore;
  activity: ActivityStore;
  outbox: Outbox;
  connection: RealtimeConnection;
  /** What is written in each composer and not sent yet, by conversation (and thread). */
  drafts: Map<string, string>;
}

const ConferContext = createContext<ConferClient | null>(null);

export function useConferClient(): ConferClient {
  const client = use(ConferContext);
  if (!client) throw new Error('useConferClient is used outside ConferClientProvider');
  return client;
}

/**
 * Makes the Confer client for `owner` and wires it to the tab's realtime connection: messages go to the
 * conversation store (which applies them by their numbers), typing, presence and assistant drafts to the
 * activity store; each (re)connection and `resync` catches every open conversation up and sends what waits in
 * the outbox.
 */
export function ConferClientProvider({
  owner,
  children,
  storage = indexedDbOutboxStorage,
}: {
  owner: string;
  children: ReactNode;
  /** Where the outbox keeps unsent messages; IndexedDB unless a test says otherwise. */
  storage?: OutboxStorage;
}) {
  const queryClient = useQueryClient();
  const connection = useRealtimeConnection();
  useLiveConversationList(owner);
  const [client] = useState<ConferClient>(() => {
    const store = new ConversationStore();
    return {
      owner,
      store,
      activity: new ActivityStore(),
      drafts: new Map(),
      connection: realtimeConnection(),
      outbox: new Outbox({
        ownerKey: owner,
        storage,
        post: (entry) =>
          postMessage(entry.conversationId, {
            clientId: entry.clientId,
            body: entry.body,
            ...(entry.threadRootId ? { threadRootId: entry.threadRootId } : {}),
          }),
        onSent: (message) => store.applyOwn(message),
      }),
    };
  });

  useEffect(() => {
    const { store, activity, outbox } = client;
    const unsubscribe = connection.subscribe((event) => {
      switch (event.type) {
        case 'ready':
          store.catchUpAll();
          outbox.flush();
          break;
        case 'resync':
          store.catchUpAll();
          break;
        case 'message':
          store.receive(event.message);
          activity.messageArrived(event.message);
          return;
        case 'conversation-removed':
          store.forget(event.conversationId);
          forgetConversation(queryClient, owner, event.conversationId);
          return;
        default:
          break;
      }
      activity.receive(event);
    });
    const online = () => outbox.flush();
    window.addEventListener('online', online);
    // The client outlives this effect (StrictMode runs it twice on the same client in development), so the
    // cleanup pauses what the next run starts again rather than ending it for good.
    outbox.start();
    return () => {
      unsubscribe();
      window.removeEventListener('online', online);
      outbox.stop();
      activity.dispose();
    };
  }, [client, connection, queryClient, owner]);

  return <ConferContext value={client}>{children}</ConferContext>;
}

export function useTimeline(conversationId: string): TimelineView {
  const { store } = useConferClient();
  return useSyncExternalStore(store.subscribe, () => store.timeline(conversationId));
}

export function useThread(conversationId: string, rootId: string): ThreadView {
  const { store } = useConferClient();
  return useSyncExternalStore(store.subscribe, () => store.thread(conversationId, rootId));
}

export function useTypists(conversationId: string, threadRootId: string | null): readonly ProfileSummary[] {
  const { activity } = useConferClient();
  return useSyncExternalStore(activity.subscribe, () => activity.typingIn(conversationId, threadRootId));
}

export function usePresence(profileKey: string): PresenceStatus | undefined {
  const { activity } = useConferClient();
  return useSyncExternalStore(activity.subscribe, () => activity.presenceOf(profileKey));
}

export function useAssistantDraft(conversationId: string): AssistantDraft | undefined {
  const { activity } = useConferClient();
  return useSyncExternalStore(activity.subscribe, () => activity.draftIn(conversationId));
}

/** The unsent messages of a timeline or thread, without those the server's copy has already replaced. */
export function useOutboxEntries(
  conversationId: string,
  threadRootId: string | null,
): readonly OutboxEntry[] {
  const { outbox } = useConferClient();
  return useSyncExternalStore(outbox.subscribe, () => outbox.entriesFor(conversationId, threadRootId));
}

/** Follows these people's presence while mounted. */
export function usePresenceWatch(keys: readonly string[]): void {
  const { connection } = useConferClient();
  const joined = [...new Set(keys)].sort().join('\n');
  useEffect(() => {
    if (joined === '') return undefined;
    return connection.watchPresence(joined.split('\n'));
  }, [connection, joined]);
}
