import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ReaderViewer } from './reader-viewer.ts';
import { readSelection, type SelectionReading } from './selection.ts';

/** Where the highlight toolbar goes, relative to the element it is placed in. */
export interface ToolbarPlace {
  /** The toolbar's centre, from the element's left. */
  centre: number;
  top: number;
}

const toolbarHeight = 56;
const gap = 8;

/** The selection's place, turned into the toolbar's: under the words, or above them near the bottom edge. */
function placeFor(reading: SelectionReading, frame: HTMLElement | null): ToolbarPlace | null {
  if (reading.kind !== 'passage' || !frame) return null;
  const { bounds } = reading.passage;
  const box = frame.getBoundingClientRect();
  const below = bounds.top + bounds.height - box.top + gap;
  const top =
    below + toolbarHeight <= box.height ? below : Math.max(0, bounds.top - box.top - toolbarHeight - gap);
  const half = Math.min(150, box.width / 2);
  const centre = Math.min(Math.max(bounds.left - box.left + bounds.width / 2, half), box.width - half);
  return { centre, top };
}

/**
 * Follows the text selected in the reader's pages: read once the pointer is up and the selection has been
 * still for a moment, and again as the pages scroll. While a note is being typed (`hold`), the selection the
 * toolbar acts on stays as it was, though the focus has left the page.
 */
export function usePassageSelection(
  viewer: ReaderViewer,
  pagesRef: RefObject<HTMLElement | null>,
  frameRef: RefObject<HTMLElement | null>,
) {
  const [state, setState] = useState<{ reading: SelectionReading; place: ToolbarPlace | null }>({
    reading: { kind: 'none' },
    place: null,
  });
  const held = useRef(false);

  useEffect(() => {
    const pages = pagesRef.current;
    if (!pages) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pointerDown = false;
    const read = () => {
      if (held.current || pointerDown) return;
      const reading = readSelection(document.getSelection(), pages, (page) => viewer.pageSize(page));
      setState({ reading, place: placeFor(reading, frameRef.current) });
    };
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(read, 150);
    };
    const onDown = () => {
      pointerDown = true;
    };
    const onUp = () => {
      pointerDown = false;
      soon();
    };
    document.addEventListener('selectionchange', soon);
    pages.addEventListener('pointerdown', onDown);
    window.addEventListener('pointerup', onUp);
    pages.addEventListener('scroll', soon, { passive: true });
    return () => {
      clearTimeout(timer);
      document.removeEventListener('selectionchange', soon);
      pages.removeEventListener('pointerdown', onDown);
      window.removeEventListener('pointerup', onUp);
      pages.removeEventListener('scroll', soon);
    };
  }, [viewer, pagesRef, frameRef]);

  return {
    reading: state.reading,
    place: state.place,
    /** Keeps the current selection while the toolbar's note is typed. */
    hold(on: boolean) {
      held.current = on;
    },
    /** Forgets the selection (after a highlight is made, or the toolbar dismissed). */
    clear() {
      held.current = false;
      document.getSelection()?.removeAllRanges();
      setState({ reading: { kind: 'none' }, place: null });
    },
  };
}
