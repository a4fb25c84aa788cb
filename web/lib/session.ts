import { useMemo, useSyncExternalStore } from 'react';
import { readStorage, removeStorage, subscribeToStorage, writeStorage } from './storage.ts';

/**
 * The signed-in identity as the browser remembers it (local storage key `user`). This is the seam the
 * identity work plugs into: it saves the user here after signing in, and everything in the shell reads it
 * through `useSession()`.
 */
export interface SessionUser {
  /** The identity's id, read from `uid`, else `sub`, else `id`; null when none of them is present. */
  uid: string | null;
  name: string | null;
  email: string | null;
  picture: string | null;
}

export const sessionStorageKey = 'user';

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * Parses the stored JSON. Different identity providers name the id differently, so `uid`, `sub` and `id`
 * are all accepted, in that order. Anything that is not a JSON object means "signed out".
 */
export function parseSessionUser(raw: string | null): SessionUser | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  return {
    uid: text(record.uid) ?? text(record.sub) ?? text(record.id),
    name: text(record.name),
    email: text(record.email),
    picture: text(record.picture),
  };
}

/** The stored user right now, outside React. */
export function readSessionUser(): SessionUser | null {
  return parseSessionUser(readStorage(sessionStorageKey));
}

/**
 * Remembers `user` as signed in; for the identity flows. False when the browser refused to store it (private
 * mode, blocked site data, full quota): the caller must then treat the person as signed out.
 */
export function saveSessionUser(user: {
  uid?: string;
  sub?: string;
  id?: string;
  name?: string;
  email?: string;
  picture?: string;
}): boolean {
  return writeStorage(sessionStorageKey, JSON.stringify(user));
}

/**
 * Changes the stored user's picture (after a new profile photo), so the top bar shows it in every tab at once.
 * Nothing happens when nobody is signed in.
 */
export function updateSessionPicture(picture: string | null): void {
  const raw = readStorage(sessionStorageKey);
  if (!raw) return;
  try {
    const stored = JSON.parse(raw) as Record<string, unknown>;
    if (picture === null) delete stored.picture;
    else stored.picture = picture;
    writeStorage(sessionStorageKey, JSON.stringify(stored));
  } catch {
    // Unreadable stored text is the reconciliation's to repair; the picture can wait for it.
  }
}

/**
 * Forgets the signed-in user in this tab and, through the `storage` event, in every other tab. Local only:
 * to sign out, use `signOut` in `session-sync.ts`, which also ends the server's session.
 */
export function clearSession(): void {
  removeStorage(sessionStorageKey);
}

function subscribe(listener: () => void): () => void {
  return subscribeToStorage(sessionStorageKey, listener);
}

// The raw string is the snapshot because strings compare by value: useSyncExternalStore re-renders only when
// the stored text really changed, and parsing happens once per change.
function getSnapshot(): string | null {
  return readStorage(sessionStorageKey);
}

function getServerSnapshot(): string | null {
  return null;
}

export interface Session {
  user: SessionUser | null;
  signedIn: boolean;
}

/** The current session; re-renders when this or another tab signs in or out. */
export function useSession(): Session {
  const raw = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const user = useMemo(() => parseSessionUser(raw), [raw]);
  return { user, signedIn: user !== null };
}
