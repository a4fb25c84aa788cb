import { useEffect, useState, useSyncExternalStore } from 'react';
import { loadDraft, saveDraft } from './api.ts';
import { indexedDbDraftStore, localStorageSpareStore } from './draft-store.ts';
import { DraftSession } from './draft-session.ts';
import type { SessionSnapshot } from './draft-session.ts';

/**
 * The draft session of one card for as long as the builder shows it: loads it, autosaves it, retries when
 * the connection comes back, sends the last changes as the page is hidden or closed, and warns before
 * leaving only while a change is on neither the server nor this device.
 */
export function useDraftSession(cardId: string, ownerKey: string): [DraftSession, SessionSnapshot] {
  const [session] = useState(
    () =>
      new DraftSession(cardId, ownerKey, {
        loadDraft: (id) => loadDraft(id),
        saveDraft,
        store: indexedDbDraftStore,
        spare: localStorageSpareStore,
        isOnline: () => navigator.onLine !== false,
      }),
  );
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);

  useEffect(() => {
    void session.start();
    const online = () => session.online();
    const hidden = () => {
      if (document.visibilityState === 'hidden') session.flushOnHide();
    };
    const leaving = () => session.flushOnHide();
    const beforeUnload = (event: BeforeUnloadEvent) => {
      const { dirty, storedLocally } = session.getSnapshot();
      if (!dirty || storedLocally) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leaving);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leaving);
      window.removeEventListener('beforeunload', beforeUnload);
      session.dispose();
    };
  }, [session]);

  return [session, snapshot];
}
