import { useCallback, useEffect, useRef, useState } from 'react';
import { saveNote } from '../../../lib/research-api.ts';

/** Where the note stands against the server. */
export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'failed';

/** How long typing must pause before the note is saved. */
export const noteSaveDelayMs = 800;

/**
 * Saves a note as it is typed: after a pause, when the editor loses focus, when the page is hidden and when
 * the note closes, so no typing is lost. Saves run one after another (never two at once, so an older text
 * can never overwrite a newer one), and a text equal to the last saved one is not sent again, which also
 * keeps StrictMode's extra unmount harmless. `onSaved` runs after each save.
 */
export function useNoteAutosave(paperId: string, initialBody: string, onSaved: () => void) {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const latest = useRef(initialBody);
  const saved = useRef(initialBody);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(true);
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  }, [onSaved]);

  const flush = useCallback((): Promise<void> => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    chain.current = chain.current.then(async () => {
      const body = latest.current;
      if (body === saved.current) return;
      if (mounted.current) setStatus('saving');
      try {
        await saveNote(paperId, body);
        saved.current = body;
        if (mounted.current) setStatus(latest.current === body ? 'saved' : 'unsaved');
        onSavedRef.current();
      } catch {
        if (mounted.current) setStatus('failed');
      }
    });
    return chain.current;
  }, [paperId]);

  const change = useCallback(
    (body: string) => {
      latest.current = body;
      setStatus(body === saved.current ? 'saved' : 'unsaved');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), noteSaveDelayMs);
    },
    [flush],
  );

  useEffect(() => {
    mounted.current = true;
    const hide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    document.addEventListener('visibilitychange', hide);
    return () => {
      document.removeEventListener('visibilitychange', hide);
      mounted.current = false;
      // Closing the note (another paper, another page) saves what was typed since the last save.
      void flush();
    };
  }, [flush]);

  return { status, change, flush };
}
