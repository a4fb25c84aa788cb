import type { PdfDocument, PdfUpdate } from '../../../../contracts/pdfs.ts';

/**
 * Remembers the page being read without a request per scroll: pages reported in quick succession end in one
 * save of the last of them, a page already saved is never sent again, and what is still waiting is saved when
 * the reader closes. Sending the same page twice would be harmless (the server sets, it does not count), so a
 * second saver made by a double effect (React's StrictMode) changes nothing either.
 */
export interface LastPageSaver {
  /** The page now shown; saved once reading settles there. */
  report(page: number): void;
  /** Saves a waiting page now (the reader is closing). */
  flush(): void;
  /** Stops without saving what is waiting. */
  cancel(): void;
}

/** How the saver waits; tests pass fake timers through vitest instead of these. */
export interface LastPageSaverOptions {
  /** The page the server already has. */
  saved: number;
  /** Sends the page; a failure leaves it unsaved, so the next report tries again. */
  save: (page: number) => Promise<unknown>;
  /** How long the page must stay the same before it is saved. */
  delayMs?: number;
}

/** The debounce delay: long enough to skip pages scrolled past, short enough to survive a closed tab. */
export const lastPageDelayMs = 1500;

/** A saver for one open document. */
export function createLastPageSaver({
  saved: initial,
  save,
  delayMs = lastPageDelayMs,
}: LastPageSaverOptions): LastPageSaver {
  let saved = initial;
  let waiting: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = () => {
    clearTimeout(timer);
    timer = undefined;
    const page = waiting;
    waiting = null;
    if (page === null || page === saved) return;
    const previous = saved;
    saved = page;
    save(page).catch(() => {
      // Not saved (offline, signed out): forget it was sent, unless a later page has been saved since.
      if (saved === page) saved = previous;
    });
  };

  return {
    report(page) {
      if (!Number.isInteger(page) || page < 1) return;
      if (page === saved && waiting === null) return;
      waiting = page;
      clearTimeout(timer);
      timer = setTimeout(send, delayMs);
    },
    flush: send,
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      waiting = null;
    },
  };
}

/**
 * What opening a paper changes: a paper still "to read" becomes "reading". Null when nothing changes, which is
 * also the answer for the second effect of StrictMode once the first has marked it.
 */
export function openingUpdate(document: Pick<PdfDocument, 'status'>): PdfUpdate | null {
  return document.status === 'to-read' ? { status: 'reading' } : null;
}
