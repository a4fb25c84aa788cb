import type { Changes, Message, MessagePage } from '../../../contracts/confer.ts';
import type { z } from 'zod';
import type { threadSchema } from '../../../contracts/confer.ts';
import { fetchChanges, fetchMessagePage, fetchThread } from './api.ts';

/**
 * The messages of the conversations open in this tab, kept exactly in step with the server.
 *
 * Every change in a conversation takes the next number of its sequence (a new message's `seq`, a changed
 * message's `changeSeq`), and each conversation here knows the number it is up to date to (`upTo`, first from
 * the page it loaded). A `message` event at or below that number is a duplicate and is ignored; the next number
 * is applied; one further ahead means events were missed, so the changes after the known number are read
 * (`GET …/changes?after=`, again while `more`) and applied in order before anything else. Events that arrive
 * while a conversation loads or catches up wait and are then taken the same way. On every (re)connection and
 * `resync`, each conversation catches up. Messages are kept by id at their latest change and shown in the order
 * of their numbers, so nothing is lost, shown twice or out of order.
 */

type Thread = z.infer<typeof threadSchema>;

/** What the store reads from the server; the real API by default, a fake in tests. */
export interface ConversationSource {
  page(
    conversationId: string,
    position: { before?: number; after?: number; limit?: number },
  ): Promise<MessagePage>;
  changes(conversationId: string, after: number): Promise<Changes>;
  thread(rootId: string, after?: number): Promise<Thread>;
}

export const apiSource: ConversationSource = {
  page: (conversationId, position) => fetchMessagePage(conversationId, position),
  changes: (conversationId, after) => fetchChanges(conversationId, after),
  thread: (rootId, after) => fetchThread(rootId, after),
};

/** What a conversation's timeline shows now. */
export interface TimelineView {
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  /** The loaded stretch of the timeline (thread replies left out), oldest first. */
  messages: readonly Message[];
  hasOlder: boolean;
  /** The loaded stretch ends before the newest message (opened at an older one). */
  hasNewer: boolean;
  loadingOlder: boolean;
  loadingNewer: boolean;
  /** The number the conversation is known up to. */
  upTo: number;
}

export interface ThreadView {
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  root: Message | undefined;
  replies: readonly Message[];
}

/** A failed catch-up is tried again after this long, doubling up to the maximum. */
const CATCH_UP_RETRY_MS = 2000;
const CATCH_UP_RETRY_MAX_MS = 30_000;

/** Messages before (and after) the one a conversation is opened at. */
const CONTEXT_BEFORE = 10;

interface ThreadState {
  status: ThreadView['status'];
  error: unknown;
  version: number;
  view?: { version: number; stateVersion: number; value: ThreadView };
}

class ConversationState {
  readonly messages = new Map<string, Message>();
  readonly clientIds = new Set<string>();
  status: TimelineView['status'] = 'loading';
  error: unknown = null;
  /** The lowest `seq` of the loaded stretch (0: from the beginning). */
  rangeStart = 0;
  /** The highest `seq` of the loaded stretch, or null when it reaches the newest message. */
  rangeEnd: number | null = null;
  hasOlder = false;
  loadingOlder = false;
  loadingNewer = false;
  upTo = 0;
  synced = false;
  loading: Promise<void> | null = null;
  catchingUp: Promise<void> | null = null;
  /** Failed catch-ups in a row, and the timer of the next try. */
  failures = 0;
  retry: ReturnType<typeof setTimeout> | undefined;
  /** Events held while the first page loads or a catch-up runs. */
  held: Message[] = [];
  version = 0;
  view: { version: number; value: TimelineView } | undefined;
  readonly threads = new Map<string, ThreadState>();

  readonly id: string;

  constructor(id: string) {
    this.id = id;
  }
}

export type NewMessageListener = (message: Message) => void;

export class ConversationStore {
  private readonly states = new Map<string, ConversationState>();
  private readonly listeners = new Set<() => void>();
  private readonly newMessageListeners = new Set<NewMessageListener>();
  private static readonly emptyThread: ThreadView = {
    status: 'loading',
    error: null,
    root: undefined,
    replies: [],
  };
  private static readonly loadingTimeline: TimelineView = {
    status: 'loading',
    error: null,
    messages: [],
    hasOlder: false,
    hasNewer: false,
    loadingOlder: false,
    loadingNewer: false,
    upTo: 0,
  };

  private readonly source: ConversationSource;

  constructor(source: ConversationSource = apiSource) {
    this.source = source;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Told about each message that appears live (an event, a catch-up), not about pages of history. */
  onNewMessage(listener: NewMessageListener): () => void {
    this.newMessageListeners.add(listener);
    return () => this.newMessageListeners.delete(listener);
  }

  private changed(state: ConversationState) {
    state.version++;
    for (const listener of [...this.listeners]) listener();
  }

  /** The timeline of a conversation, the same object until it changes (for useSyncExternalStore). */
  timeline(conversationId: string): TimelineView {
    const state = this.states.get(conversationId);
    if (!state) return ConversationStore.loadingTimeline;
    if (state.view?.version === state.version) return state.view.value;
    const messages = [...state.messages.values()]
      .filter(
        (message) =>
          message.threadRootId === null &&
          message.seq >= state.rangeStart &&
          (state.rangeEnd === null || message.seq <= state.rangeEnd),
      )
      .sort((a, b) => a.seq - b.seq);
    const value: TimelineView = {
      status: state.status,
      error: state.error,
      messages,
      hasOlder: state.hasOlder,
      hasNewer: state.rangeEnd !== null,
      loadingOlder: state.loadingOlder,
      loadingNewer: state.loadingNewer,
      upTo: state.upTo,
    };
    state.view = { version: state.version, value };
    return value;
  }

  /** A thread: its root and replies, oldest first. */
  thread(conversationId: string, rootId: string): ThreadView {
    const state = this.states.get(conversationId);
    const thread = state?.threads.get(rootId);
    if (!state || !thread) return ConversationStore.emptyThread;
    if (thread.view?.version === thread.version && thread.view.stateVersion === state.version)
      return thread.view.value;
    const value: ThreadView = {
      status: thread.status,
      error: thread.error,
      root: state.messages.get(rootId),
      replies: [...state.messages.values()]
        .filter((message) => message.threadRootId === rootId)
        .sort((a, b) => a.seq - b.seq),
    };
    thread.view = { version: thread.version, stateVersion: state.version, value };
    return value;
  }

  /** A message this tab knows, wherever it is. */
  message(conversationId: string, messageId: string): Message | undefined {
    return this.states.get(conversationId)?.messages.get(messageId);
  }

  /** Whether the server's copy of a message sent with this key is here (its pending copy can go). */
  hasClientId(conversationId: string, clientId: string): boolean {
    return this.states.get(conversationId)?.clientIds.has(clientId) ?? false;
  }

  isLoaded(conversationId: string): boolean {
    return this.states.has(conversationId);
  }

  /**
   * Loads a conversation (its newest page, or the stretch around message number `atSeq`) unless that stretch is
   * loaded already. Resolves when it is shown.
   */
  open(conversationId: string, atSeq?: number): Promise<void> {
    const existing = this.states.get(conversationId);
    if (existing?.loading) return existing.loading;
    if (existing && existing.status !== 'error') {
      const inRange =
        atSeq === undefined
          ? existing.rangeEnd === null
          : atSeq >= existing.rangeStart && (existing.rangeEnd === null || atSeq <= existing.rangeEnd);
      if (inRange) return Promise.resolve();
    }
    const state = existing ?? new ConversationState(conversationId);
    this.states.set(conversationId, state);
    state.status = 'loading';
    state.error = null;
    this.changed(state);
    const load = async () => {
      try {
        const page = await this.source.page(
          conversationId,
          atSeq === undefined ? {} : { after: Math.max(0, atSeq - CONTEXT_BEFORE - 1) },
        );
        if (this.states.get(conversationId) !== state) return;
        this.takePage(state, page, 'replace');
        state.status = 'ready';
        if (!state.synced) {
          state.synced = true;
          state.upTo = page.upTo;
          this.changed(state);
          this.release(state);
        } else {
          this.changed(state);
          // The page was read after the number known here: changes of messages outside it may be missing.
          if (page.upTo > state.upTo) void this.catchUp(state);
        }
      } catch (error) {
        state.status = 'error';
        state.error = error;
        this.changed(state);
      } finally {
        state.loading = null;
      }
    };
    state.loading = load();
    return state.loading;
  }

  /** Loads the page before the loaded stretch (scrolling up). */
  async loadOlder(conversationId: string): Promise<void> {
    const state = this.states.get(conversationId);
    if (!state || !state.hasOlder || state.loadingOlder || state.status !== 'ready') return;
    state.loadingOlder = true;
    this.changed(state);
    try {
      const page = await this.source.page(conversationId, { before: state.rangeStart });
      if (this.states.get(conversationId) !== state) return;
      this.takePage(state, page, 'older');
    } catch (error) {
      state.error = error;
    } finally {
      state.loadingOlder = false;
      this.changed(state);
    }
  }

  /** Loads the page after the loaded stretch, when it stops before the newest message. */
  async loadNewer(conversationId: string): Promise<void> {
    const state = this.states.get(conversationId);
    if (!state || state.rangeEnd === null || state.loadingNewer || state.status !== 'ready') return;
    state.loadingNewer = true;
    this.changed(state);
    try {
      const page = await this.source.page(conversationId, { after: state.rangeEnd });
      if (this.states.get(conversationId) !== state) return;
      this.takePage(state, page, 'newer');
    } catch (error) {
      state.error = error;
    } finally {
      state.loadingNewer = false;
      this.changed(state);
    }
  }

  /** Goes to the newest page (from a stretch opened at an older message). */
  async jumpToLatest(conversationId: string): Promise<void> {
    const state = this.states.get(conversationId);
    if (!state || state.rangeEnd === null) return;
    state.loadingNewer = true;
    this.changed(state);
    try {
      const page = await this.source.page(conversationId, {});
      if (this.states.get(conversationId) !== state) return;
      this.takePage(state, page, 'replace');
      if (page.upTo > state.upTo) void this.catchUp(state);
    } catch (error) {
      state.error = error;
    } finally {
      state.loadingNewer = false;
      this.changed(state);
    }
  }

  private takePage(state: ConversationState, page: MessagePage, how: 'replace' | 'older' | 'newer') {
    for (const message of page.items) this.merge(state, message);
    const first = page.items[0]?.seq;
    const last = page.items.at(-1)?.seq;
    if (how !== 'newer') {
      state.hasOlder = page.hasOlder;
      state.rangeStart = page.hasOlder && first !== undefined ? first : 0;
    }
    if (how !== 'older') {
      state.rangeEnd = page.hasNewer ? (last ?? state.rangeEnd ?? 0) : null;
    }
  }

  /** Loads a thread's root and every reply. */
  async openThread(conversationId: string, rootId: string): Promise<void> {
    const state = this.states.get(conversationId);
    if (!state) return;
    const thread: ThreadState = state.threads.get(rootId) ?? { status: 'loading', error: null, version: 0 };
    state.threads.set(rootId, thread);
    thread.status = 'loading';
    thread.version++;
    this.changed(state);
    try {
      let after: number | undefined;
      for (;;) {
        const answer = await this.source.thread(rootId, after);
        this.merge(state, answer.root);
        for (const reply of answer.replies) this.merge(state, reply);
        after = answer.replies.at(-1)?.seq;
        if (!answer.hasNewer || after === undefined) break;
      }
      thread.status = 'ready';
    } catch (error) {
      thread.status = 'error';
      thread.error = error;
    }
    thread.version++;
    this.changed(state);
  }

  /** A message the server sent as an event: applied, held, ignored or the sign of a gap (see the file's top). */
  receive(message: Message): void {
    const state = this.states.get(message.conversationId);
    if (!state) return;
    if (!state.synced || state.catchingUp) {
      state.held.push(message);
      return;
    }
    this.take(state, message);
  }

  /** The server's answer to this tab's own write (sent, edited, reacted): newer copies win, numbers unmoved. */
  applyOwn(message: Message): void {
    const state = this.states.get(message.conversationId);
    if (!state) return;
    if (this.merge(state, message)) this.changed(state);
  }

  /** After a (re)connection or `resync`: every conversation catches up; failed loads try again. */
  catchUpAll(): void {
    for (const state of this.states.values()) {
      if (state.synced) void this.catchUp(state);
      else if (state.status === 'error') void this.open(state.id);
    }
  }

  /** The reader left or was taken out: nothing of it stays. */
  forget(conversationId: string): void {
    clearTimeout(this.states.get(conversationId)?.retry);
    if (!this.states.delete(conversationId)) return;
    for (const listener of [...this.listeners]) listener();
  }

  private take(state: ConversationState, message: Message) {
    if (message.changeSeq <= state.upTo) return;
    if (message.changeSeq === state.upTo + 1) {
      state.upTo = message.changeSeq;
      const isNew = !state.messages.has(message.id);
      this.merge(state, message);
      this.changed(state);
      if (isNew) this.announce(message);
      return;
    }
    state.held.push(message);
    void this.catchUp(state);
  }

  /** Reads every change after the known number, then takes the events that waited. */
  private catchUp(state: ConversationState): Promise<void> {
    if (state.catchingUp) return state.catchingUp;
    clearTimeout(state.retry);
    const run = async () => {
      try {
        for (;;) {
          const answer = await this.source.changes(state.id, state.upTo);
          if (this.states.get(state.id) !== state) return;
          const fresh: Message[] = [];
          for (const message of answer.items) {
            if (message.changeSeq <= state.upTo) continue;
            if (!state.messages.has(message.id)) fresh.push(message);
            this.merge(state, message);
          }
          state.upTo = Math.max(state.upTo, answer.upTo);
          this.changed(state);
          for (const message of fresh) this.announce(message);
          if (!answer.more) break;
        }
        state.failures = 0;
      } catch {
        // Held events wait for the next try (soon, then less and less often), or the next (re)connection.
        state.catchingUp = null;
        if (this.states.get(state.id) !== state) return;
        const delay = Math.min(CATCH_UP_RETRY_MAX_MS, CATCH_UP_RETRY_MS * 2 ** Math.min(state.failures, 5));
        state.failures++;
        state.retry = setTimeout(() => void this.catchUp(state), delay);
        return;
      } finally {
        state.catchingUp = null;
      }
      this.release(state);
    };
    state.catchingUp = run();
    return state.catchingUp;
  }

  /** Takes the events held while loading or catching up, in the order of their numbers. */
  private release(state: ConversationState) {
    const held = state.held.sort((a, b) => a.changeSeq - b.changeSeq);
    state.held = [];
    for (const message of held) {
      if (state.catchingUp) {
        state.held.push(message);
        continue;
      }
      this.take(state, message);
    }
  }

  /** Keeps the newest copy of a message; true when it changed anything. */
  private merge(state: ConversationState, message: Message): boolean {
    const known = state.messages.get(message.id);
    if (known && known.changeSeq > message.changeSeq) return false;
    state.messages.set(message.id, message);
    if (message.clientId) state.clientIds.add(message.clientId);
    return true;
  }

  private announce(message: Message) {
    for (const listener of [...this.newMessageListeners]) listener(message);
  }
}
