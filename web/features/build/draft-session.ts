import type { Draft, DraftInput } from '../../../contracts/cards.ts';
import { ApiError } from '../../lib/api.ts';
import { isNetworkError } from './api.ts';
import { contentOf, draftInputOf, holdsContent } from './content.ts';
import type { BuilderContent } from './content.ts';
import type { DraftStore, LocalDraft, SpareStore } from './draft-store.ts';

/** How long after the last change the draft goes to the server, and how retries back off. */
export const autosaveTiming = {
  debounceMs: 1500,
  retryMs: [2_000, 5_000, 10_000, 30_000, 60_000],
};

/**
 * Where the autosave stands. `pending`: changes wait for typing to pause; `offline`: the server cannot be
 * reached (retrying); `retrying`: the server failed or asked us to slow down; `conflict`: the draft changed
 * elsewhere and the person must choose; `error`: the server refused the content (it says why); `stopped`:
 * the card is being deleted.
 */
export type SaveStatus =
  'saved' | 'pending' | 'saving' | 'offline' | 'retrying' | 'conflict' | 'error' | 'stopped';

/** What the builder shows about the draft besides its content. */
export interface DraftMeta {
  cardId: string;
  revision: number;
  published: boolean;
  hasUnpublishedChanges: boolean;
  forkOf: { id: string; title: string } | null;
}

export interface SessionSnapshot {
  phase: 'loading' | 'ready' | 'failed';
  loadError: ApiError | null;
  content: BuilderContent | null;
  meta: DraftMeta | null;
  status: SaveStatus;
  /** The content holds changes the server has not acknowledged. */
  dirty: boolean;
  /** The latest content is in this device's store. */
  storedLocally: boolean;
  /** This browser keeps no local copies (no IndexedDB, or it refused). */
  localUnavailable: boolean;
  /** Why the server refused the last save (`status` is `error`). */
  saveError: ApiError | null;
  /** Unsaved changes from an earlier visit were restored from this device. */
  restored: boolean;
  /** Bumped when the content is replaced from outside the editors (the latest loaded), so they start again. */
  contentVersion: number;
}

/** What a session needs from the outside world; tests pass their own. */
export interface SessionDependencies {
  loadDraft: (id: string) => Promise<Draft>;
  saveDraft: (id: string, input: DraftInput, options: { keepalive?: boolean }) => Promise<Draft>;
  store: DraftStore;
  /** Where the last changes go synchronously as the page closes, if IndexedDB has not stored them yet. */
  spare?: SpareStore;
  isOnline: () => boolean;
}

function metaOf(draft: Draft): DraftMeta {
  return {
    cardId: draft.cardId,
    revision: draft.revision,
    published: draft.published,
    hasUnpublishedChanges: draft.hasUnpublishedChanges,
    forkOf: draft.forkOf,
  };
}

/** A keepalive request may carry at most 64 KB; larger saves go as ordinary requests. */
const keepaliveLimitBytes = 60_000;

/**
 * One draft being edited: its content, the copy on this device and the autosave to the server. Every change
 * is written to the device at once and sent to the server when typing pauses, from the revision it was edited
 * from; the server refuses a save from an older revision, and then the person chooses. Text is never dropped
 * without them choosing it. A plain object with `subscribe`/`getSnapshot` for `useSyncExternalStore`.
 */
export class DraftSession {
  private snapshot: SessionSnapshot = {
    phase: 'loading',
    loadError: null,
    content: null,
    meta: null,
    status: 'saved',
    dirty: false,
    storedLocally: true,
    localUnavailable: false,
    saveError: null,
    restored: false,
    contentVersion: 0,
  };
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<void> | null = null;
  private saveAgain = false;
  private retries = 0;
  private baseRevision = 0;
  private writes: Promise<void> = Promise.resolve();
  private writing = false;
  private writeQueued = false;
  private spareStored = false;
  private loading: Promise<void> | null = null;
  private active = false;

  readonly cardId: string;
  private readonly ownerKey: string;
  private readonly dependencies: SessionDependencies;

  constructor(cardId: string, ownerKey: string, dependencies: SessionDependencies) {
    this.cardId = cardId;
    this.ownerKey = ownerKey;
    this.dependencies = dependencies;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.snapshot;

  private set(patch: Partial<SessionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Starts (or, after `stop`, resumes) the session: loads the draft once, and saves what is waiting. */
  start(): Promise<void> {
    this.active = true;
    this.loading ??= this.load();
    if (this.snapshot.phase === 'ready' && this.snapshot.dirty) this.schedule(0);
    return this.loading;
  }

  /**
   * Leaves the page: timers stop, and changes not sent yet go to the server now (the device has them
   * already). The session can start again (React runs effects twice in development).
   */
  dispose(): void {
    this.active = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    const { phase, dirty, status } = this.snapshot;
    if (phase === 'ready' && dirty && (status === 'pending' || status === 'saving')) void this.save();
  }

  private async load(): Promise<void> {
    const { store, loadDraft } = this.dependencies;
    let local: LocalDraft | undefined;
    try {
      local = await store.get(this.cardId);
    } catch {
      this.set({ localUnavailable: true, storedLocally: false });
    }
    // Changes saved only to the spare as the page last closed are newer than IndexedDB's copy.
    const spare = this.dependencies.spare?.read(this.cardId);
    if (spare) {
      this.spareStored = true;
      if (!local || spare.writtenAt > local.writtenAt) local = spare;
    }
    if (local && local.ownerKey !== this.ownerKey) local = undefined;

    let draft: Draft;
    try {
      draft = await loadDraft(this.cardId);
    } catch (error) {
      if (isNetworkError(error) && local) {
        // No server, but this device has the draft: carry on offline and save when the connection is back.
        this.baseRevision = local.baseRevision;
        this.set({
          phase: 'ready',
          content: local.content,
          meta: local.meta ?? null,
          dirty: local.dirty,
          restored: local.dirty,
          status: 'offline',
        });
        this.retryLater();
        return;
      }
      this.set({ phase: 'failed', loadError: error instanceof ApiError ? error : null });
      return;
    }

    const meta = metaOf(draft);
    if (local && local.baseRevision === draft.revision) {
      // Nobody saved since this device's copy was made: it holds everything the server has, and maybe more.
      this.baseRevision = draft.revision;
      this.set({
        phase: 'ready',
        content: local.content,
        meta,
        dirty: local.dirty,
        restored: local.dirty,
        status: local.dirty ? 'pending' : 'saved',
      });
      if (this.spareStored) this.writeLocal();
      if (local.dirty && this.active) this.schedule(0);
    } else if (local?.dirty && holdsContent(draft, local.content)) {
      // This device's last save reached the server as the page closed, but its answer never came back.
      this.baseRevision = draft.revision;
      this.set({ phase: 'ready', content: local.content, meta, dirty: false, status: 'saved' });
      this.writeLocal();
    } else if (local?.dirty) {
      // The draft was saved elsewhere while this device held changes it never sent: show them, and ask.
      this.baseRevision = local.baseRevision;
      this.set({
        phase: 'ready',
        content: local.content,
        meta,
        dirty: true,
        restored: true,
        status: 'conflict',
      });
      if (this.spareStored) this.writeLocal();
    } else {
      this.baseRevision = draft.revision;
      this.set({ phase: 'ready', content: contentOf(draft), meta, dirty: false, status: 'saved' });
      this.writeLocal();
    }
  }

  /** A change from the builder: kept on the device at once, sent to the server when typing pauses. */
  edit(content: BuilderContent): void {
    if (this.snapshot.phase !== 'ready') return;
    const { status } = this.snapshot;
    const waiting =
      status === 'offline' || status === 'retrying' || status === 'conflict' || status === 'stopped';
    this.set({
      content,
      dirty: true,
      storedLocally: false,
      ...(waiting ? {} : { status: status === 'saving' ? 'saving' : 'pending', saveError: null }),
    });
    this.writeLocal();
    if (!waiting) this.schedule(autosaveTiming.debounceMs);
  }

  /** A change to some of the content, merged into the latest (callbacks made long ago stay correct). */
  patch(changes: Partial<BuilderContent>): void {
    const content = this.snapshot.content;
    if (content) this.edit({ ...content, ...changes });
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.save();
    }, delay);
  }

  private retryLater(): void {
    const delays = autosaveTiming.retryMs;
    const delay = delays[Math.min(this.retries, delays.length - 1)] ?? 60_000;
    this.retries++;
    if (this.active) this.schedule(delay);
  }

  /** Sends the content now, unless a save is running (then once more after it). */
  save(options: { keepalive?: boolean } = {}): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.inFlight) {
      this.saveAgain = true;
      return this.inFlight;
    }
    const { phase, dirty, status } = this.snapshot;
    if (phase !== 'ready' || !dirty || status === 'conflict' || status === 'stopped')
      return Promise.resolve();
    const run = this.send(options.keepalive === true).finally(() => {
      this.inFlight = null;
      if (this.saveAgain) {
        this.saveAgain = false;
        const next = this.snapshot.status;
        if (this.snapshot.dirty && (next === 'pending' || next === 'saving')) void this.save();
      }
    });
    this.inFlight = run;
    return run;
  }

  private async send(keepalive: boolean): Promise<void> {
    const sent = this.snapshot.content;
    if (!sent) return;
    if (!this.dependencies.isOnline()) {
      this.set({ status: 'offline' });
      this.retryLater();
      return;
    }
    this.set({ status: 'saving', saveError: null });
    const input = draftInputOf(sent, this.baseRevision);
    const small = keepalive && new TextEncoder().encode(JSON.stringify(input)).length < keepaliveLimitBytes;
    let draft: Draft;
    try {
      draft = await this.dependencies.saveDraft(this.cardId, input, small ? { keepalive: true } : {});
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.code === 'cards/draft-conflict' &&
        (await this.ownSaveLanded(sent))
      )
        return;
      this.failed(error);
      return;
    }
    this.retries = 0;
    this.baseRevision = draft.revision;
    const unchanged = this.snapshot.content === sent;
    this.set({
      meta: metaOf(draft),
      dirty: !unchanged,
      status: unchanged ? 'saved' : 'pending',
      saveError: null,
    });
    // The device's copy learns the new revision even when the content moved on, or a reload would see a
    // conflict with its own save.
    this.writeLocal();
    if (!unchanged && !this.timer && this.active) this.schedule(autosaveTiming.debounceMs);
  }

  /**
   * After a refusal as stale: whether the newer revision holds exactly what was sent, which happens when this
   * device's own save from a closing page landed after the reloaded page read the draft. Then it is taken as
   * saved instead of shown as a conflict.
   */
  private async ownSaveLanded(sent: BuilderContent): Promise<boolean> {
    let latest: Draft;
    try {
      latest = await this.dependencies.loadDraft(this.cardId);
    } catch {
      return false;
    }
    if (!holdsContent(latest, sent)) return false;
    this.baseRevision = latest.revision;
    const unchanged = this.snapshot.content === sent;
    this.set({
      meta: metaOf(latest),
      dirty: !unchanged,
      status: unchanged ? 'saved' : 'pending',
      saveError: null,
    });
    this.writeLocal();
    if (!unchanged && !this.timer && this.active) this.schedule(autosaveTiming.debounceMs);
    return true;
  }

  private failed(error: unknown): void {
    if (isNetworkError(error)) {
      this.set({ status: 'offline' });
      this.retryLater();
    } else if (error instanceof ApiError && error.code === 'cards/draft-conflict') {
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
      void this.save();
    }
  }

  /** The page is being hidden or closed: send what is waiting with `keepalive`, so it outlives the page. */
  flushOnHide(): void {
    const { dirty, status, storedLocally, content } = this.snapshot;
    // IndexedDB may not finish before the page goes: the spare is written before this returns.
    if (dirty && !storedLocally && content && this.dependencies.spare?.write(this.record(content)))
      this.spareStored = true;
    if (dirty && status === 'pending' && !this.inFlight) void this.save({ keepalive: true });
  }

  /** Saves everything now (before publishing); true when the server has all of it. */
  async flush(): Promise<boolean> {
    if (this.inFlight) await this.inFlight;
    if (this.snapshot.dirty) {
      if (this.snapshot.status !== 'conflict' && this.snapshot.status !== 'stopped') {
        if (this.snapshot.status !== 'pending') this.set({ status: 'pending' });
        await this.save();
      }
      while (this.inFlight) await this.inFlight;
    }
    return !this.snapshot.dirty;
  }

  /**
   * Settles a conflict. `latest` replaces this device's content with the server's; `mine` saves this
   * device's content on top of the latest revision. Rejects (changing nothing) when the server cannot be
   * reached.
   */
  async resolveConflict(choice: 'latest' | 'mine'): Promise<void> {
    const latest = await this.dependencies.loadDraft(this.cardId);
    this.baseRevision = latest.revision;
    this.retries = 0;
    if (choice === 'latest') {
      this.set({
        content: contentOf(latest),
        meta: metaOf(latest),
        dirty: false,
        status: 'saved',
        restored: false,
        contentVersion: this.snapshot.contentVersion + 1,
      });
      this.writeLocal();
      return;
    }
    this.set({ meta: metaOf(latest), dirty: true, status: 'pending', restored: false });
    this.writeLocal();
    await this.save();
  }

  /** Stops saving (the card is being deleted); `resume` undoes it. */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.set({ status: 'stopped' });
  }

  resume(): void {
    this.set({ status: this.snapshot.dirty ? 'pending' : 'saved' });
    if (this.snapshot.dirty) void this.save();
  }

  /** Records what publishing or unpublishing changed. */
  published(published: boolean): void {
    const meta = this.snapshot.meta;
    if (!meta) return;
    this.set({ meta: { ...meta, published, hasUnpublishedChanges: published ? this.snapshot.dirty : true } });
  }

  /** Forgets this device's copy (the card is gone for good). */
  async forget(): Promise<void> {
    await this.writes;
    this.dependencies.spare?.remove(this.cardId);
    try {
      await this.dependencies.store.delete(this.cardId);
    } catch {
      // Nothing was stored, or the store is gone: either way nothing is left to forget.
    }
  }

  private record(content: BuilderContent): LocalDraft {
    const { dirty, meta } = this.snapshot;
    return {
      cardId: this.cardId,
      ownerKey: this.ownerKey,
      content,
      baseRevision: this.baseRevision,
      dirty,
      writtenAt: Date.now(),
      ...(meta ? { meta } : {}),
    };
  }

  /**
   * Stores the current content on the device. One write runs at a time and the next one takes whatever is
   * newest then, so a burst of typing costs two writes, not one per key, and the last key is never queued
   * behind the others.
   */
  private writeLocal(): void {
    if (!this.snapshot.content || this.snapshot.localUnavailable) return;
    if (this.writing) {
      this.writeQueued = true;
      return;
    }
    this.writing = true;
    this.writes = this.drainWrites();
  }

  private async drainWrites(): Promise<void> {
    try {
      do {
        this.writeQueued = false;
        const content = this.snapshot.content;
        if (!content) break;
        await this.dependencies.store.put(this.record(content));
      } while (this.writeQueued);
    } catch {
      this.writing = false;
      this.set({ localUnavailable: true, storedLocally: false });
      return;
    }
    this.writing = false;
    if (this.spareStored) {
      this.dependencies.spare?.remove(this.cardId);
      this.spareStored = false;
    }
    this.set({ storedLocally: true });
  }
}
