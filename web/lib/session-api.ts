import { z } from 'zod';
import { getSessionResponseSchema } from '../../contracts/auth.ts';
import type { SessionUserResponse } from '../../contracts/auth.ts';
import { apiFetch } from './api.ts';
import { readStorage } from './storage.ts';
import { clearSession, saveSessionUser, sessionStorageKey } from './session.ts';

/**
 * Keeps the browser's display copy of the signed-in user (local storage `user`) in step with the real
 * session, which is an httpOnly cookie the page cannot read. The shell loads this module on demand (see
 * `session-sync.ts`): it brings zod and the contracts, which the first page must not wait for.
 */

/** `GET /api/auth/get-session`: the session behind the cookie, or null when signed out. */
export function fetchSession(signal?: AbortSignal) {
  return apiFetch('/api/auth/get-session', {
    schema: getSessionResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The seed's stored shape `{ uid, name, email, picture }`, built in one place so every writer agrees. */
export function storedUserFrom(user: SessionUserResponse) {
  return { uid: user.id, name: user.name, email: user.email, picture: user.image ?? undefined };
}

/**
 * Saves `user` as the signed-in user. Writes only when the stored text differs, because every write wakes
 * every other open tab through the `storage` event. False when the browser refuses to store it.
 */
export function rememberSignedInUser(user: SessionUserResponse): boolean {
  const stored = storedUserFrom(user);
  if (readStorage(sessionStorageKey) === JSON.stringify(stored)) return true;
  return saveSessionUser(stored);
}

/**
 * Asks the server who is signed in and corrects the stored copy: saves a user the server knows (signed in
 * elsewhere, e.g. by an email link in another tab) and forgets one whose session has ended (expired,
 * revoked, signed out on another device). A failed request changes nothing: being offline is not signing out.
 */
export async function reconcileSession(): Promise<void> {
  const before = readStorage(sessionStorageKey);
  let session: z.output<typeof getSessionResponseSchema>;
  try {
    session = await fetchSession();
  } catch {
    return;
  }
  // Someone signed in or out (here or in another tab) while the answer was on its way; the answer may
  // predate that, so it must not undo it.
  if (readStorage(sessionStorageKey) !== before) return;
  if (session) rememberSignedInUser(session.user);
  else if (before !== null) clearSession();
}

/**
 * Ends the session on the server, then forgets the user here and, through the `storage` event, in every
 * other tab. The local copy is cleared even when the server cannot be reached: the person asked to leave.
 */
export async function signOut(): Promise<void> {
  try {
    await apiFetch('/api/auth/sign-out', {
      method: 'POST',
      body: {},
      schema: z.unknown(),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    // Cleared below either way; a session left on the server expires on its own.
  } finally {
    clearSession();
  }
}
