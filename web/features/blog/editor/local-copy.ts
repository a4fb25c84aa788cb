import type { PostContent } from '../../../../contracts/blog.ts';
import { readStorage, removeStorage, writeStorage } from '../../../lib/storage.ts';

/**
 * The copy of a post's unsaved text kept in this browser's local storage until the server has it, so a
 * crash, a closed tab or a lost connection loses nothing. Local storage, not IndexedDB: its writes finish
 * before the page can go, which is what a keystroke typed as the tab closes needs.
 */
export interface LocalCopy {
  postId: string;
  /** Whose post it is: another account signed in on this browser never gets it. */
  ownerKey: string;
  content: PostContent;
  /** The server revision this text was edited from. */
  baseRevision: number;
  /** When it was written (ms since the epoch). */
  writtenAt: number;
}

/** The key, namespaced like the builder's `build-draft:<id>`. */
export const localCopyKey = (postId: string) => `blog-draft:${postId}`;

/** Where copies are kept; tests and the session use this seam. */
export interface LocalCopyStore {
  read(postId: string): LocalCopy | undefined;
  /** False when the browser refused (private window, full quota). */
  write(copy: LocalCopy): boolean;
  remove(postId: string): void;
}

function isCopy(value: unknown, postId: string): value is LocalCopy {
  if (typeof value !== 'object' || value === null) return false;
  const copy = value as Partial<LocalCopy>;
  return (
    copy.postId === postId &&
    typeof copy.ownerKey === 'string' &&
    typeof copy.baseRevision === 'number' &&
    typeof copy.writtenAt === 'number' &&
    typeof copy.content === 'object' &&
    copy.content !== null &&
    typeof copy.content.title === 'string' &&
    typeof copy.content.body === 'string' &&
    Array.isArray(copy.content.tags)
  );
}

/** The browser's local storage. */
export const localStorageCopies: LocalCopyStore = {
  read(postId) {
    const raw = readStorage(localCopyKey(postId));
    if (raw === null) return undefined;
    try {
      const value: unknown = JSON.parse(raw);
      return isCopy(value, postId) ? value : undefined;
    } catch {
      return undefined;
    }
  },
  write(copy) {
    return writeStorage(localCopyKey(copy.postId), JSON.stringify(copy));
  },
  remove(postId) {
    removeStorage(localCopyKey(postId));
  },
};
