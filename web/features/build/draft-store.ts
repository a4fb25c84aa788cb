import type { DBSchema } from 'idb';
import { lazyDatabase } from '../../lib/idb-database.ts';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage.ts';
import type { BuilderContent } from './content.ts';
import type { DraftMeta } from './draft-session.ts';

/**
 * The copy of each draft kept on this device, in IndexedDB, so a reload, a lost connection or a crash loses
 * nothing the person typed. One record per card, written on every change; the server copy follows a moment
 * later.
 */
export interface LocalDraft {
  cardId: string;
  /** Whose draft it is: another account signed in on this browser never gets it. */
  ownerKey: string;
  content: BuilderContent;
  /** The server revision this content was edited from. */
  baseRevision: number;
  /** True while the content holds changes the server has not acknowledged. */
  dirty: boolean;
  /** When this device last wrote the record (ms since the epoch). */
  writtenAt: number;
  /** What the server last said about the draft, to open it offline. */
  meta?: DraftMeta;
}

interface BuilderDatabase extends DBSchema {
  drafts: { key: string; value: LocalDraft };
}

/** Where the builder keeps its copies; the in-memory one serves tests and browsers without IndexedDB. */
export interface DraftStore {
  get(cardId: string): Promise<LocalDraft | undefined>;
  put(draft: LocalDraft): Promise<void>;
  delete(cardId: string): Promise<void>;
}

const { open: database, reset: resetDatabase } = lazyDatabase<BuilderDatabase>(
  'card-web-builder',
  1,
  (db) => {
    db.createObjectStore('drafts', { keyPath: 'cardId' });
  },
);

/** The device's IndexedDB store (throws from each call when the browser has none or refuses it). */
export const indexedDbDraftStore: DraftStore = {
  async get(cardId) {
    return (await database()).get('drafts', cardId);
  },
  async put(draft) {
    await (await database()).put('drafts', draft);
  },
  async delete(cardId) {
    await (await database()).delete('drafts', cardId);
  },
};

/** Forgets the open connection; tests call it after replacing IndexedDB with a fresh one. */
export function resetDraftDatabase(): void {
  resetDatabase();
}

/** A synchronous place for the last changes when the page closes before IndexedDB has stored them. */
export interface SpareStore {
  read(cardId: string): LocalDraft | undefined;
  write(draft: LocalDraft): boolean;
  remove(cardId: string): void;
}

const spareKey = (cardId: string) => `build-draft:${cardId}`;

/**
 * Local storage as the spare: an IndexedDB write is asynchronous and dies with the page, a local-storage
 * write finishes before `pagehide` returns. Used only then, and emptied as soon as IndexedDB has the text.
 */
export const localStorageSpareStore: SpareStore = {
  read(cardId) {
    const raw = readStorage(spareKey(cardId));
    if (raw === null) return undefined;
    try {
      const value = JSON.parse(raw) as Partial<LocalDraft> | null;
      return value && value.cardId === cardId && typeof value.baseRevision === 'number' && value.content
        ? (value as LocalDraft)
        : undefined;
    } catch {
      return undefined;
    }
  },
  write(draft) {
    return writeStorage(spareKey(draft.cardId), JSON.stringify(draft));
  },
  remove(cardId) {
    removeStorage(spareKey(cardId));
  },
};
