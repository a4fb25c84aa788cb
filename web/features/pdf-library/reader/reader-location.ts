/**
 * The reader's address says where to open: `?page=N` a page, `#h-<id>` a highlight (the deep link a card made
 * from it carries). Without either, the paper opens where it was last read.
 */

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const highlightHash = new RegExp(`^#h-(${uuid})$`, 'i');

/** The highlight id in a `#h-<id>` hash, else null. */
export function highlightIdFromHash(hash: string): string | null {
  return highlightHash.exec(hash)?.[1]?.toLowerCase() ?? null;
}

/** A 1-based page number in `value`, else null: digits only, so "2abc" or "-1" do not count. */
export function parsePageNumber(value: string | null | undefined): number | null {
  if (!value || !/^\s*\d+\s*$/.test(value)) return null;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : null;
}

/** The page a page count allows: within 1…count (a count of 0 is not known yet, and allows any page). */
export function clampPage(page: number, pageCount: number): number {
  const atLeastOne = Math.max(1, Math.floor(page));
  return pageCount > 0 ? Math.min(atLeastOne, pageCount) : atLeastOne;
}

/** Where to open: the `page` query parameter when it is a page number, else the last page read. */
export function initialPage(search: URLSearchParams, lastPage: number, pageCount: number): number {
  return clampPage(parsePageNumber(search.get('page')) ?? lastPage, pageCount);
}
