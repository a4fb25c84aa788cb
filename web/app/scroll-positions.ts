/** Where React Router keeps the scroll position of each history entry (its default, named so both ends agree). */
export const scrollPositionsKey = 'react-router-scroll-positions';

/**
 * Forgets the scroll position kept for a tab's first history entry when this document was opened afresh.
 * Every document's first entry has the key "default", so without this a page opened by a typed address or a
 * link from elsewhere would be scrolled to where the tab's first page was left. A reload, Back or Forward
 * still gets its position back.
 */
export function forgetFreshEntryPosition(
  navigationType: string | undefined = (
    performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
  )?.type,
  storage: Storage = window.sessionStorage,
): void {
  if (navigationType !== 'navigate') return;
  try {
    const saved = storage.getItem(scrollPositionsKey);
    if (saved === null) return;
    const positions = JSON.parse(saved) as unknown;
    if (typeof positions !== 'object' || positions === null || !('default' in positions)) return;
    delete (positions as Record<string, unknown>).default;
    storage.setItem(scrollPositionsKey, JSON.stringify(positions));
  } catch {
    // Storage refused (private mode) or held something unreadable: React Router copes with either.
  }
}
