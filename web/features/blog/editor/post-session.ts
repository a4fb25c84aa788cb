import type { EditablePost, PostContent, SavePostInput, SavedPost } from '../../../../contracts/blog.ts';
import { ApiError } from '../../../lib/api.ts';
import { isNetworkError } from './api.ts';
import { contentOf, metaOf, sameContent, type PostMeta } from './content.ts';
import type { LocalCopy, LocalCopyStore } from './local-copy.ts';

/**
 * When the working copy goes to the server: `debounceMs` after typing stops, but at least every `maxWaitMs`
 * while typing goes on; after a failure, again after each of `retryMs` in turn (the last one repeats).
 */
export const autosaveTiming = {
  debounceMs: 800,
  maxWaitMs: 5_000,
  retryMs: [1_000, 2_000, 5_000, 10_000, 30_000],
};

/**
 * Where the autosave stands. `pending`: waiting for typing to pause; `offline`: the server cannot be reached
 * (retrying); `retrying`: the server failed or asked to slow down (retrying); `conflict`: the post was saved
 * elsewhere and the person must choose; `error`: the server refused the text (it says why).
 */
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'offline' | 'retrying' | 'conflict' | 'error';

export interface PostSnapshot {
  content: PostContent;
  meta: PostMeta;
  status: SaveStatus;
  /** The text holds changes the server has not acknowledged. */
  dirty: boolean;
  /** Why the server refused the last save (`status` is `error`). */
  saveError: ApiError | null;
  /** Unsaved text from an earlier visit, newer than the server's, offered back. */
  restoreOffer: LocalCopy | null;
  /** Bumped when the text is replaced from outside the fields (restore, reload), so editors start again. */
  contentVersion: number;
}

/** What a session needs from the outside world; tests pass their own. */
export interface PostSessionDependencies {
  save: (id: string, input: SavePostInput, options: { keepalive?: boolean }) => Promise<SavedPost>;
  load: (id: string) => Promise<EditablePost>;
  copies: LocalCopyStore;
  isOnline: () => boolean;
  now?: () => number;
}

/** A keepalive request may carry at most 64 KB; larger saves go as ordinary requests. */
const keepaliveLimitBytes = 60_000;

/**
 * The working copy of one post while its editor is open. Every change goes at once to memory and to local
 * storage, and to the server when typing pauses (or every few seconds while it does not), from the revision
 * it was edited from. One save is in flight at a time; what is typed meanwhile goes right after it, from the
 * revision the server answered. The local copy is removed only once the server has acknowledged exactly the
 * text in it. A plain object with `subscribe`/`getSnapshot` for `useSyncExternalStore`; constructing it has no
 * side effects, and `start`/`dispose` may run twice (React's StrictMode).
 */
export class PostSession {
  private snapshot: PostSnapshot;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the oldest change not yet sent was made, for the longest wait while typing goes on. */
  private pendingSince: number | null = null;
  private inFlight: Promise<void> | null = null;
  private saveAgain = false;
  private retries = 0;
  private revision: number;
  private active = false;
  private readonly postId: string;
  private readonly ownerKey: string;
  private readonly dependencies: PostSessionDependencies;

  constructor(post: EditablePost, ownerKey: string, dependencies: PostSessionDependencies) {
    this.postId = post.id;
    this.ownerKey = ownerKey;
    this.dependencies = dependencies;
    this.revision = post.revision;
    const content = contentOf(post);
    this.snapshot = {
      content,
      meta: metaOf(post),
      status: 'saved',
      dirty: false,
      saveError: null,
      restoreOffer: this.offerFor(post, content),
      contentVersion: 0,
    };
  }

  /** The stored copy, when it is this person's, differs from the server's text and was written after it. */
  private offerFor(post: EditablePost, content: PostContent): LocalCopy | null {
    const copy = this.dependencies.copies.read(this.postId);
    if (!copy || copy.ownerKey !== this.ownerKey || sameContent(copy.content, content)) return null;
    const serverTime = Date.parse(post.updatedAt);
    const newer =
      copy.baseRevision >= post.revision || Number.isNaN(serverTime) || copy.writtenAt > serverTime;
    return newer ? copy : null;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): PostSnapshot => this.snapshot;

  private set(patch: Partial<PostSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  private now(): number {
    return this.dependencies.now?.() ?? Date.now();
  }

  /** The editor is on screen: saves what waits (after a StrictMode remount too). */
  start(): void {
    this.active = true;
    const { dirty, status } = this.snapshot;
    if (dirty && (status === 'pending' || status === 'saving')) this.schedule(0);
    else if (dirty && (status === 'offline' || status === 'retrying')) this.retryLater();
  }

  /** The editor leaves: timers stop, and what waits is sent now (local storage has it already). */
  dispose(): void {
    this.active = false;
    this.clearTimer();
    const { dirty, status } = this.snapshot;
    if (dirty && status === 'pending') void this.save();
  }

  /** A change from the editor: kept in memory and on this device at once, sent when typing pauses. */
  edit(content: PostContent): void {
    const { status } = this.snapshot;
    const waiting = status === 'offline' || status === 'retrying' || status === 'conflict';
    this.set({
      content,
      dirty: true,
      ...(waiting ? {} : { status: status === 'saving' ? 'saving' : 'pending', saveError: null }),
    });
    this.writeCopy();
    if (waiting) return;
    const now = this.now();
    this.pendingSince ??= now;
    const { debounceMs, maxWaitMs } = autosaveTiming;
    // While a save is in flight, the next one is started when it returns, not by the timer.
    if (this.inFlight) {
      this.saveAgain = true;
      return;
    }
    this.schedule(Math.max(0, Math.min(debounceMs, this.pendingSince + maxWaitMs - now)));
  }

  /** A change to some fields, merged into the latest text (callbacks made long ago stay correct). */
  patch(changes: Partial<PostContent>): void {
    this.edit({ ...this.snapshot.content, ...changes });
  }

  /** Replaces the whole text (a restored revision or copy); the editors start again from it. */
  replace(content: PostContent): void {
    this.set({ contentVersion: this.snapshot.contentVersion + 1, restoreOffer: null });
    this.edit(content);
  }

  /** Takes the offered copy from an earlier visit into the editor; it is saved over the latest revision. */
  acceptRestore(): void {
    const offer = this.snapshot.restoreOffer;
    if (offer) this.replace(offer.content);
  }

  /** Declines the offered copy and forgets it. */
  declineRestore(): void {
    if (!this.snapshot.restoreOffer) return;
    if (!this.snapshot.dirty) this.dependencies.copies.remove(this.postId);
    this.set({ restoreOffer: null });
  }

  private clearTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(delay: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.save();
    }, delay);
  }

  private retryLater(): void {
    const delays = autosaveTiming.retryMs;
    const delay = delays[Math.min(this.retries, delays.length - 1)] ?? 30_000;
    this.retries++;
    if (this.active) this.schedule(delay);
  }

  /** Sends the text now, unless a save is in flight (then once more right after it). */
  save(options: { keepalive?: boolean } = {}): Promise<void> {
    this.clearTimer();
    if (this.inFlight) {
      this.saveAgain = true;
      return this.inFlight;
    }
    const { dirty, status } = this.snapshot;
    if (!dirty || status === 'conflict') return Promise.resolve();
    const run = this.send(options.keepalive === true).finally(() => {
      this.inFlight = null;
      const again = this.saveAgain;
      this.saveAgain = false;
      const next = this.snapshot.status;
      if (again && this.snapshot.dirty && (next === 'pending' || next === 'saving')) void this.save();
    });
    this.inFlight = run;
    return run;
  }

  private async send(keepalive: boolean): Promise<void> {
    const sent = this.snapshot.content;
    this.pendingSince = null;
    if (!this.dependencies.isOnline()) {
      this.set({ status: 'offline' });
      this.retryLater();
      return;
    }
    this.set({ status: 'saving', saveError: null });
    const input: SavePostInput = { ...sent, baseRevision: this.revision };
    const small = keepalive && new TextEncoder().encode(JSON.stringify(input)).length < keepaliveLimitBytes;
    let saved: SavedPost;
    try {
      saved = await this.dependencies.save(this.postId, input, small ? { keepalive: true } : {});
    } catch (error) {
      this.failed(error);
      return;
    }
    this.retries = 0;
    this.revision = saved.revision;
    const unchanged = this.snapshot.content === sent;
    this.set({
      meta: {
        ...this.snapshot.meta,
        revision: saved.revision,
        updatedAt: saved.updatedAt,
        hasUnpublishedChanges: this.snapshot.meta.status !== 'draft' || this.snapshot.meta.liveSlug !== null,
      },
      dirty: !unchanged,
      status: unchanged ? 'saved' : 'pending',
    });
    if (unchanged) this.dependencies.copies.remove(this.postId);
    else {
      // The device's copy learns the new revision, or a reload would offer text the server partly has.
      this.writeCopy();
      this.saveAgain = true;
    }
  }

  private failed(error: unknown): void {
    if (isNetworkError(error)) {
      this.set({ status: 'offline' });
      this.retryLater();
    } else if (error instanceof ApiError && error.code === 'blog/draft-conflict') {
      this.set({ status: 'conflict' });
    } else if (error instanceof ApiError && (error.status >= 500 || error.status === 429)) {
      this.set({ status: 'retrying' });
      this.retryLater();
    } else {
      this.set({ status: 'error', saveError: error instanceof ApiError ? error : null });
    }
  }

  /** The connection is back: retry now instead of at the end of the back-off. */
  online(): void {
    const { status, dirty } = this.snapshot;
    if (dirty && (status === 'offline' || status === 'retrying')) {
      this.retries = 0;
      this.set({ status: 'pending' });
      void this.save();
    }
  }

  /** The page is being hidden or closed: send what waits with `keepalive`, so the request outlives it. */
  flushOnHide(): void {
    const { dirty, status } = this.snapshot;
    if (dirty && status === 'pending' && !this.inFlight) void this.save({ keepalive: true });
  }

  /** Saves everything now (before publishing); true when the server has all of it. */
  async flush(): Promise<boolean> {
    while (this.inFlight) await this.inFlight;
    const { dirty, status } = this.snapshot;
    if (dirty && status !== 'conflict') {
      if (status !== 'pending') this.set({ status: 'pending' });
      await this.save();
      while (this.inFlight) await this.inFlight;
    }
    return !this.snapshot.dirty;
  }

  /**
   * Settles a conflict by taking the server's latest text, dropping this copy (the person chose so, after
   * being offered to copy it). Rejects, changing nothing, when the server cannot be reached.
   */
  async reload(): Promise<void> {
    const latest = await this.dependencies.load(this.postId);
    this.clearTimer();
    this.revision = latest.revision;
    this.retries = 0;
    this.pendingSince = null;
    this.dependencies.copies.remove(this.postId);
    this.set({
      content: contentOf(latest),
      meta: metaOf(latest),
      dirty: false,
      status: 'saved',
      saveError: null,
      restoreOffer: null,
      contentVersion: this.snapshot.contentVersion + 1,
    });
  }

  /**
   * Takes the post's state after publishing, unpublishing or scheduling. Publishing keeps a revision, so the
   * next save starts from the server's when the server's text is exactly this one.
   */
  updated(post: EditablePost): void {
    const { dirty, content } = this.snapshot;
    if (!dirty && !this.inFlight && sameContent(contentOf(post), content)) this.revision = post.revision;
    this.set({ meta: { ...metaOf(post), revision: this.revision } });
  }

  /** Stops everything and forgets this device's copy (the post is deleted). */
  forget(): void {
    this.active = false;
    this.clearTimer();
    this.dependencies.copies.remove(this.postId);
    this.set({ dirty: false, status: 'saved' });
  }

  private writeCopy(): void {
    this.dependencies.copies.write({
      postId: this.postId,
      ownerKey: this.ownerKey,
      content: this.snapshot.content,
      baseRevision: this.revision,
      writtenAt: this.now(),
    });
  }
}
