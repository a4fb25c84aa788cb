import type { Message } from '../../../contracts/confer.ts';
import { ApiError } from '../../lib/api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { isTransient } from './api.ts';
import type { OutboxEntry, OutboxStorage } from './outbox-storage.ts';

/**
 * Messages on their way to the server. Each gets its key (`clientId`) when it is written and keeps it through
 * every attempt, so the server stores it once however often it is sent. Entries are written to the device's
 * storage before the first attempt and go one at a time in the order they were written. Without a connection,
 * or when the server fails (no answer, 5xx), an entry waits as pending and is sent again when the connection is
 * back (`flush`, called on every realtime reconnection and when the browser goes online) or after a growing
 * delay. A refusal (4xx) marks it failed with the server's sentence: Retry sends it again, Discard drops it.
 * `stop` pauses it while the page is away and `start` carries on, as often as the page mounts again (React's
 * StrictMode stops and starts every effect once more in development).
 */

export type SendOutcome =
  | { kind: 'sent'; message: Message }
  /** Kept as pending: it goes when the connection is back. */
  | { kind: 'queued' }
  /** The server refused it; the entry is marked failed (the composer may take its text back). */
  | { kind: 'refused'; error: ApiError; clientId: string };

export interface OutboxOptions {
  ownerKey: string;
  storage: OutboxStorage;
  post: (entry: OutboxEntry) => Promise<Message>;
  /** The server has the message (the answer to a send). */
  onSent: (message: Message) => void;
  isOnline?: () => boolean;
  newId?: () => string;
  now?: () => number;
  random?: () => number;
}

const FIRST_RETRY_MS = 2000;
const MAX_RETRY_MS = 60_000;
const noEntries: readonly OutboxEntry[] = [];

export class Outbox {
  private readonly options: Required<OutboxOptions>;
  private entries: OutboxEntry[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly waiting = new Map<string, (outcome: SendOutcome) => void>();
  /** Entries sent from the composer that have not had their first answer: a refusal goes back to it. */
  private readonly fresh = new Set<string>();
  private readonly cache = new Map<string, readonly OutboxEntry[]>();
  private pumping = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writes: Promise<void> = Promise.resolve();
  /** Off between `stop` and the next `start`: nothing is sent and no retry is scheduled. */
  private stopped = false;
  private loading: Promise<void> | null = null;
  /** Keys of entries sent or discarded during this visit, which the device may still list for a moment. */
  private readonly gone = new Set<string>();

  constructor(options: OutboxOptions) {
    this.options = {
      isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
      newId: () => crypto.randomUUID(),
      now: Date.now,
      random: Math.random,
      ...options,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed() {
    this.cache.clear();
    for (const listener of [...this.listeners]) listener();
  }

  /** The entries of a conversation's timeline (threadRootId null) or of one thread, oldest first. */
  entriesFor(conversationId: string, threadRootId: string | null): readonly OutboxEntry[] {
    const key = `${conversationId}/${threadRootId ?? ''}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const found = this.entries.filter(
      (entry) => entry.conversationId === conversationId && entry.threadRootId === threadRootId,
    );
    const value = found.length === 0 ? noEntries : found;
    this.cache.set(key, value);
    return value;
  }

  /** Every entry, oldest first. */
  all(): readonly OutboxEntry[] {
    return this.entries;
  }

  /**
   * Takes in what the device kept from earlier visits (an attempt cut short is pending), then sends it. The
   * device is read once however often this is called.
   */
  load(): Promise<void> {
    this.loading ??= this.readStored();
    return this.loading;
  }

  private async readStored(): Promise<void> {
    let stored: OutboxEntry[];
    try {
      stored = await this.options.storage.list(this.options.ownerKey);
    } catch {
      return;
    }
    // The list may predate the deletion of an entry sent or discarded while it was read.
    const known = new Set([...this.entries.map((entry) => entry.clientId), ...this.gone]);
    const added = stored
      .filter((entry) => !known.has(entry.clientId))
      .map((entry): OutboxEntry => (entry.state === 'sending' ? { ...entry, state: 'pending' } : entry));
    if (added.length === 0) return;
    this.entries = [...this.entries, ...added].sort((a, b) => a.createdAt - b.createdAt);
    this.changed();
    this.flush();
  }

  /** Writes a message: kept on the device, then sent in its turn. Resolves with its first outcome. */
  send(input: { conversationId: string; threadRootId: string | null; body: string }): Promise<SendOutcome> {
    const entry: OutboxEntry = {
      clientId: this.options.newId(),
      ownerKey: this.options.ownerKey,
      conversationId: input.conversationId,
      threadRootId: input.threadRootId,
      body: input.body,
      createdAt: Math.max(this.options.now(), (this.entries.at(-1)?.createdAt ?? 0) + 1),
      state: 'sending',
      error: null,
    };
    this.entries = [...this.entries, entry];
    this.fresh.add(entry.clientId);
    this.persist(entry);
    const outcome = new Promise<SendOutcome>((resolve) => this.waiting.set(entry.clientId, resolve));
    this.changed();
    void this.pump();
    return outcome;
  }

  /** Sends the waiting entries now (the connection is back). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.attempt = 0;
    void this.pump();
  }

  /** Sends a failed entry again, with the same key. */
  retry(clientId: string): void {
    this.update(clientId, { state: 'pending', error: null });
    this.flush();
  }

  /** Drops an entry that has not been sent (a failed one, or one taken back into the composer). */
  discard(clientId: string): void {
    this.remove(clientId);
  }

  /** Starts sending (again, after `stop`): takes in what the device kept and sends what waits. */
  start(): void {
    this.stopped = false;
    this.flush();
    void this.load();
  }

  /** Stops sending and retrying (the page is going away); entries stay on the device for `start` or later. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private update(clientId: string, change: Partial<OutboxEntry>) {
    let updated: OutboxEntry | undefined;
    this.entries = this.entries.map((entry) => {
      if (entry.clientId !== clientId) return entry;
      updated = { ...entry, ...change };
      return updated;
    });
    if (!updated) return;
    this.persist(updated);
    this.changed();
  }

  private remove(clientId: string) {
    const before = this.entries.length;
    this.entries = this.entries.filter((entry) => entry.clientId !== clientId);
    this.fresh.delete(clientId);
    this.gone.add(clientId);
    this.write(() => this.options.storage.delete(clientId));
    if (this.entries.length !== before) this.changed();
  }

  private persist(entry: OutboxEntry) {
    this.write(() => this.options.storage.put(entry));
  }

  /** Storage writes run one after another, so a delete never overtakes the put before it. */
  private write(operation: () => Promise<void>) {
    this.writes = this.writes.then(operation).catch(() => {
      // Without storage the outbox still works for this visit; there is nothing better to do.
    });
  }

  private settle(clientId: string, outcome: SendOutcome) {
    this.fresh.delete(clientId);
    const resolve = this.waiting.get(clientId);
    this.waiting.delete(clientId);
    resolve?.(outcome);
  }

  /** Everything still to send waits for the connection. */
  private park() {
    for (const entry of this.entries) {
      if (entry.state === 'failed') continue;
      if (entry.state !== 'pending') this.update(entry.clientId, { state: 'pending' });
      this.settle(entry.clientId, { kind: 'queued' });
    }
  }

  private scheduleRetry(delay?: number) {
    if (this.stopped) return;
    clearTimeout(this.timer);
    const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(this.attempt, 6));
    this.attempt++;
    const wait = delay ?? Math.round(ceiling / 2 + (ceiling / 2) * this.options.random());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.pump();
    }, wait);
  }

  private async pump(): Promise<void> {
    if (this.pumping || this.stopped) return;
    this.pumping = true;
    try {
      for (;;) {
        // Stopped while an answer was awaited: the rest waits for `start`, which pumps again.
        if (this.stopped) return;
        const next = this.entries.find((entry) => entry.state !== 'failed');
        if (!next) return;
        if (!this.options.isOnline()) {
          this.park();
          return;
        }
        if (next.state !== 'sending') this.update(next.clientId, { state: 'sending' });
        let message: Message;
        try {
          message = await this.options.post(next);
        } catch (error) {
          if (!this.entries.some((entry) => entry.clientId === next.clientId)) continue;
          const fresh = this.fresh.has(next.clientId);
          if (isTransient(error)) {
            this.park();
            this.scheduleRetry();
            return;
          }
          if (!fresh && error instanceof ApiError && error.code === 'confer/rate-limited') {
            // Messages written offline go out together when the connection is back; the limit only delays them.
            this.park();
            this.scheduleRetry((error.retryAfterSeconds ?? 10) * 1000);
            return;
          }
          this.update(next.clientId, { state: 'failed', error: errorSentence(error) });
          this.settle(next.clientId, {
            kind: 'refused',
            clientId: next.clientId,
            error:
              error instanceof ApiError
                ? error
                : new ApiError({ code: 'common/internal-error', message: errorSentence(error), status: 0 }),
          });
          continue;
        }
        this.attempt = 0;
        this.remove(next.clientId);
        this.options.onSent(message);
        this.settle(next.clientId, { kind: 'sent', message });
      }
    } finally {
      this.pumping = false;
    }
  }
}
