import { useEffect, useState, useSyncExternalStore } from 'react';
import type { EditablePost } from '../../../../contracts/blog.ts';
import { loadEditablePost, savePostDraft } from './api.ts';
import { localStorageCopies } from './local-copy.ts';
import { PostSession, type PostSnapshot } from './post-session.ts';

/**
 * The working copy of one post for as long as its editor is open: autosaves it, retries when the connection
 * comes back, sends the last changes with `keepalive` as the page is hidden or closed, and has the browser
 * ask before the tab closes while anything is unsaved.
 */
export function usePostSession(post: EditablePost, ownerKey: string): [PostSession, PostSnapshot] {
  const [session] = useState(
    () =>
      new PostSession(post, ownerKey, {
        save: savePostDraft,
        load: (id) => loadEditablePost(id),
        copies: localStorageCopies,
        isOnline: () => navigator.onLine !== false,
      }),
  );
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);

  useEffect(() => {
    session.start();
    const online = () => session.online();
    const hidden = () => {
      if (document.visibilityState === 'hidden') session.flushOnHide();
    };
    const leaving = () => session.flushOnHide();
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!session.getSnapshot().dirty) return;
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
