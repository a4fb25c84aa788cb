import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { PdfDocument } from '../../../../contracts/pdfs.ts';
import { updatePdf } from '../../../lib/pdfs-api.ts';
import { withDocument } from './detail-cache.ts';
import { useDetailCache } from './detail-query.ts';
import { createLastPageSaver, openingUpdate } from './last-page.ts';

/**
 * Keeps the library up to date with the reading: a paper "to read" becomes "reading" when it is opened (once,
 * also under StrictMode's double effects), and the page being read is saved as the last page once reading
 * settles on it, and when the reader closes.
 */
export function useReadingProgress(
  owner: string | null,
  document: PdfDocument,
  pageNumber: number,
  ready: boolean,
) {
  const cache = useDetailCache(owner, document.id);
  // The cache's writers depend only on the query client, the owner and the id: fixed for this page.
  const [stored] = useState(() => (saved: PdfDocument) => {
    cache.change((detail) => withDocument(detail, saved));
    cache.refreshLibrary();
  });

  const marked = useRef(false);
  const markOpened = useEffectEvent(() => {
    if (marked.current) return;
    marked.current = true;
    const update = openingUpdate(document);
    if (!update) return;
    updatePdf(document.id, update).then(stored, () => {
      // The status stays as it was; the person can still set it in the library.
    });
  });
  useEffect(() => markOpened(), []);

  const [saver] = useState(() =>
    createLastPageSaver({
      saved: document.lastPage,
      save: (page) => updatePdf(document.id, { lastPage: page }).then(stored),
    }),
  );
  useEffect(() => {
    if (ready) saver.report(pageNumber);
  }, [saver, ready, pageNumber]);
  // Leaving the reader saves the page it was on at once; so does hiding the tab (it may never come back).
  useEffect(() => {
    const onHide = () => saver.flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      saver.flush();
    };
  }, [saver]);
}
