import type { SessionUserResponse } from '../../contracts/auth.ts';
import { readStorage } from './storage.ts';
import { clearSession, saveSessionUser, sessionStorageKey } from './session.ts';

/**
 * The browser's side of the server session: the start-up session check and Sign Out. The check runs on every
 * page load, so it is part of the JavaScript `/` needs before it is interactive; both calls go through plain
 * `fetch` instead of `apiFetch` and the zod contracts, which together weigh far more than this module (see the
 * start-up budget in e2e/bundle-size.spec.ts). `session-client.test.ts` holds the hand-written reader of the
 * session answer to `getSessionResponseSchema`.
 */

/** What `getSessionResponseSchema` parses a `GET /api/auth/get-session` answer into. */
export type SessionResponse = {
  user: SessionUserResponse;
  session: { id: string; expiresAt: Date };
} | null;

type JsonObject = Record<string, unknown>;

// zod's objects accept any non-null, non-array object and keep only the keys they declare.
function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `z.string().nullish()`: absent stays absent, so the output has the same keys as zod's. */
function nullishString(record: JsonObject, key: string, into: JsonObject): boolean {
  if (!(key in record)) return true;
  const value = record[key];
  if (value !== null && value !== undefined && typeof value !== 'string') return false;
  into[key] = value;
  return true;
}

function parseUser(value: unknown): SessionUserResponse | undefined {
  if (!isObject(value)) return undefined;
  const { id, name, email, emailVerified } = value;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof email !== 'string') return undefined;
  if (typeof emailVerified !== 'boolean') return undefined;
  const user: JsonObject = { id, name, email, emailVerified };
  if (!nullishString(value, 'image', user) || !nullishString(value, 'role', user)) return undefined;
  return user as SessionUserResponse;
}

/**
 * Reads a `GET /api/auth/get-session` body as `getSessionResponseSchema` would: the session, null when signed
 * out, or undefined when the body does not match the contract.
 */
export function parseSessionResponse(json: unknown): SessionResponse | undefined {
  if (json === null) return null;
  if (!isObject(json)) return undefined;
  const user = parseUser(json.user);
  if (!user || !isObject(json.session)) return undefined;
  const { id, expiresAt } = json.session;
  if (typeof id !== 'string') return undefined;
  // `z.coerce.date()` is `new Date(input)`, valid when the result is a real time.
  const expires = new Date(expiresAt as string);
  if (Number.isNaN(expires.getTime())) return undefined;
  return { user, session: { id, expiresAt: expires } };
}

/**
 * Asks the server for the session behind the cookie, as `apiFetch` would; undefined when there is no usable
 * answer (no connection, an error status, a body that breaks the contract).
 */
async function fetchSessionResponse(): Promise<SessionResponse | undefined> {
  try {
    const response = await fetch('/api/auth/get-session', {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
    if (!response.ok) return undefined;
    const text = await response.text();
    return parseSessionResponse(text === '' ? undefined : (JSON.parse(text) as unknown));
  } catch {
    return undefined;
  }
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
 * Never rejects.
 */
export async function reconcileSession(): Promise<void> {
  const before = readStorage(sessionStorageKey);
  const session = await fetchSessionResponse();
  if (session === undefined) return;
  // Someone signed in or out (here or in another tab) while the answer was on its way; the answer may
  // predate that, so it must not undo it.
  if (readStorage(sessionStorageKey) !== before) return;
  if (session) rememberSignedInUser(session.user);
  else if (before !== null) clearSession();
}

/**
 * Ends the session on the server, then forgets the user here and, through the `storage` event, in every
 * other tab. The local copy is cleared even when the server cannot be reached: the person asked to leave.
 * The answer is not read (it carries nothing the page needs), so no contract is needed. Never rejects.
 */
export async function signOut(): Promise<void> {
  try {
    await fetch('/api/auth/sign-out', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: '{}',
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    // Cleared below either way; a session left on the server expires on its own.
  } finally {
    clearSession();
  }
}
