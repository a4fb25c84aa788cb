import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ReaderViewer } from './reader-viewer.ts';

/**
 * The pdf.js viewer of one reader page: made once, attached to the page's elements while they are mounted
 * (detached and attached again by StrictMode's rehearsal), and its state read as a snapshot.
 */
export function useReaderViewer(url: string, startPage: number) {
  const [viewer] = useState(() => new ReaderViewer(url, startPage));
  const snapshot = useSyncExternalStore(viewer.subscribe, viewer.getSnapshot, viewer.getSnapshot);
  const containerRef = useRef<HTMLDivElement>(null);
  const pagesRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = containerRef.current;
    const pages = pagesRef.current;
    if (!container || !pages) return;
    viewer.attach(container, pages);
    return () => viewer.detach();
  }, [viewer]);
  return { viewer, snapshot, containerRef, pagesRef };
}
