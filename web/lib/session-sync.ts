import { useEffect, useRef } from 'react';
import { reconcileSession } from './session-client.ts';

/**
 * Reconciles the stored user with the server once per page load. Called by the root layout only: the shell
 * stays mounted across navigations, and the ref keeps Strict Mode's second effect run from asking twice.
 * The check is part of the first page's code (small, and without zod: see `session-client.ts`), so its request
 * starts as soon as the shell mounts rather than after another chunk has arrived.
 */
export function useSessionReconciliation(): void {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void reconcileSession();
  }, []);
}

/** Signs out on the server, then here and in every other tab; see `signOut` in `session-client.ts`. */
export { signOut } from './session-client.ts';
