import { getSessionResponseSchema } from '../../contracts/auth.ts';
import { apiFetch } from './api.ts';

/**
 * The session as the identity pages use it, through the API client and the contract. The shell does without
 * this module, which brings zod: its start-up check and Sign Out are in `session-client.ts`, passed on here
 * so the identity pages find everything about the session in one place.
 */
export { reconcileSession, rememberSignedInUser, signOut, storedUserFrom } from './session-client.ts';

/** `GET /api/auth/get-session`: the session behind the cookie, or null when signed out. */
export function fetchSession(signal?: AbortSignal) {
  return apiFetch('/api/auth/get-session', {
    schema: getSessionResponseSchema,
    ...(signal ? { signal } : {}),
  });
}
