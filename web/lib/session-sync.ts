import { useEffect, useRef } from 'react';
import { clearSession } from './session.ts';

// The code that talks to the server is loaded on demand: it brings zod and the contracts, which the first
// page's JavaScript must not wait for (see the bundle budget in e2e/bundle-size.spec.ts).
const loadSessionApi = () => import('./session-api.ts');

/**
 * Reconciles the stored user with the server once per page load. Called by the root layout only: the shell
 * stays mounted across navigations, and the ref keeps Strict Mode's second effect run from asking twice.
 */
export function useSessionReconciliation(): void {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // A chunk that fails to load (offline, a deploy in between) leaves the stored user as it is.
    loadSessionApi()
      .then(({ reconcileSession }) => reconcileSession())
      .catch(() => undefined);
  }, []);
}

/** Signs out on the server, then here and in every other tab; see `signOut` in `session-api.ts`. */
export async function signOut(): Promise<void> {
  try {
    const api = await loadSessionApi();
    await api.signOut();
  } catch {
    // Could not even load the code that asks the server: the person still asked to leave.
    clearSession();
  }
}
