import {
  paperSearchQuerySchema,
  paperSorts,
  type PaperSearchQuery,
  type PaperSort,
} from '../../../../contracts/research.ts';

/**
 * A paper search as the address holds it (`?q=&yearFrom=&yearTo=&venue=&tag=&hasPdf=1&hasCode=1&sort=`), so a
 * search is a link. Text fields hold what was typed; the query sent takes only what the contract accepts.
 */
export interface PaperFilters {
  q: string;
  yearFrom: string;
  yearTo: string;
  venue: string;
  tag: string;
  hasPdf: boolean;
  hasCode: boolean;
  sort: PaperSort;
}

/** The address parameters a paper search uses, each cleared by "Clear the filters". */
export const paperFilterParams = [
  'q',
  'yearFrom',
  'yearTo',
  'venue',
  'tag',
  'hasPdf',
  'hasCode',
  'sort',
] as const;

const { yearFrom, venue, tag } = paperSearchQuerySchema.shape;

/** A year the server takes (1000–3000), else undefined: a half-typed "20" filters nothing yet. */
export function yearOf(raw: string): number | undefined {
  const parsed = yearFrom.safeParse(raw.trim() || undefined);
  return parsed.success ? parsed.data : undefined;
}

function sortOf(raw: string | null): PaperSort {
  return paperSorts.find((sort) => sort === raw) ?? 'relevance';
}

/** The filters in `params`; a flag is on only as "1" (what the page writes). */
export function paperFiltersOf(params: URLSearchParams): PaperFilters {
  const text = (name: string) => params.get(name)?.trim() ?? '';
  return {
    q: text('q'),
    yearFrom: text('yearFrom'),
    yearTo: text('yearTo'),
    venue: text('venue'),
    tag: text('tag'),
    hasPdf: params.get('hasPdf') === '1',
    hasCode: params.get('hasCode') === '1',
    sort: sortOf(params.get('sort')),
  };
}

/** Whether anything narrows the search (the sort does not). */
export function isFiltered(filters: PaperFilters): boolean {
  return Boolean(
    filters.q ||
    yearOf(filters.yearFrom) ||
    yearOf(filters.yearTo) ||
    filters.venue ||
    filters.tag ||
    filters.hasPdf ||
    filters.hasCode,
  );
}

/** What to ask the API for: the filters the contract accepts, within `topic` when one is given. */
export function paperQueryOf(filters: PaperFilters, topic?: string): PaperSearchQuery {
  const venueOk = venue.safeParse(filters.venue || undefined);
  const tagOk = tag.safeParse(filters.tag || undefined);
  return {
    q: filters.q.slice(0, 200),
    ...(topic ? { topic } : {}),
    ...(tagOk.success && tagOk.data ? { tag: tagOk.data } : {}),
    ...(venueOk.success && venueOk.data ? { venue: venueOk.data } : {}),
    ...(yearOf(filters.yearFrom) ? { yearFrom: yearOf(filters.yearFrom) } : {}),
    ...(yearOf(filters.yearTo) ? { yearTo: yearOf(filters.yearTo) } : {}),
    ...(filters.hasPdf ? { hasPdf: 'true' } : {}),
    ...(filters.hasCode ? { hasCode: 'true' } : {}),
    sort: filters.sort,
  };
}

/** The tags the Tag box offers: `base` (the topic's), those of the papers shown, and the chosen one; sorted. */
export function tagOptionsOf(base: readonly string[], papers: readonly { tags: string[] }[], chosen: string) {
  const tags = new Set([...base, ...papers.flatMap((paper) => paper.tags)]);
  if (chosen) tags.add(chosen);
  return [...tags].sort((a, b) => a.localeCompare(b, 'en'));
}
