import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  cardPageSchema,
  cardSchema,
  cardTypes,
  graphSchema,
  searchResultsSchema,
  tagSuggestionsSchema,
  type CardType,
} from '../../../contracts/cards.ts';
import { profileKey, ProfileKeyError } from '../../../contracts/profiles.ts';
import { forYouPageSchema } from '../../../contracts/recommendations.ts';
import { apiFetch } from '../../lib/api.ts';
import { forYouQueryKey } from '../../lib/recommendations-api.ts';
import type { SessionUser } from '../../lib/session.ts';

/** Every query of Explore starts with 'explore'. */
const root = ['explore'] as const;

/** Cards per page: 24 fills whole rows of one, two, three and four columns. */
export const explorePageSize = 24;

/** The feeds, in the order of their tabs. For you and Following need an account. */
export const feedTabs = ['for-you', 'following', 'trending', 'new'] as const;
export type FeedTab = (typeof feedTabs)[number];
/** The feeds every visitor can read, from `GET /api/cards/feed/:tab`. */
export type PublicFeedTab = Exclude<FeedTab, 'for-you'>;

/** What Explore searches for; every field is in the page's address. */
export interface SearchFilters {
  q: string;
  tag: string;
  type: CardType | '';
  author: string;
}

/** True when there is anything to search for: words or at least one filter. */
export function isSearching(filters: SearchFilters): boolean {
  return filters.q !== '' || filters.tag !== '' || filters.type !== '' || filters.author !== '';
}

/** The card type named in the address, or '' for any type (an unknown name is ignored). */
export function cardTypeOf(value: string | null): CardType | '' {
  return cardTypes.find((type) => type === value) ?? '';
}

/** The signed-in person's profile key, or undefined when signed out or the identity has no usable id. */
export function readerKeyOf(user: SessionUser | null): string | undefined {
  if (!user) return undefined;
  try {
    return profileKey({ uid: user.uid, email: user.email });
  } catch (error) {
    if (error instanceof ProfileKeyError) return undefined;
    throw error;
  }
}

function pageQuery(cursor: string | null): URLSearchParams {
  const query = new URLSearchParams({ limit: String(explorePageSize) });
  if (cursor !== null) query.set('cursor', cursor);
  return query;
}

// What a feed holds depends on who reads it (people they block, their own unlisted cards), so the reader is
// part of every key.

/** `GET /api/cards/feed/:tab`, a page at a time. */
export const feedQuery = (tab: PublicFeedTab, readerKey: string | undefined) =>
  infiniteQueryOptions({
    queryKey: [...root, 'feed', tab, readerKey ?? null],
    queryFn: ({ signal, pageParam }) =>
      apiFetch(`/api/cards/feed/${tab}?${pageQuery(pageParam).toString()}`, {
        schema: cardPageSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

/** `GET /api/cards/search` with the words and filters, a page at a time. */
export const searchQuery = (filters: SearchFilters, readerKey: string | undefined) =>
  infiniteQueryOptions({
    queryKey: [...root, 'search', filters, readerKey ?? null],
    queryFn: ({ signal, pageParam }) => {
      const query = pageQuery(pageParam);
      if (filters.q) query.set('q', filters.q);
      if (filters.tag) query.set('tag', filters.tag);
      if (filters.type) query.set('type', filters.type);
      if (filters.author) query.set('author', filters.author);
      return apiFetch(`/api/cards/search?${query.toString()}`, { schema: searchResultsSchema, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

/** `GET /api/tags?q=`: tags that start with the text typed so far, most used first. */
export const tagSuggestionsQuery = (prefix: string) =>
  queryOptions({
    queryKey: [...root, 'tags', prefix],
    queryFn: ({ signal }) =>
      apiFetch(`/api/tags?${new URLSearchParams({ q: prefix }).toString()}`, {
        schema: tagSuggestionsSchema,
        signal,
      }),
    staleTime: 5 * 60_000,
  });

/** `GET /api/cards/:id`: the whole card, for the preview. */
export const cardQuery = (id: string, readerKey: string | undefined) =>
  queryOptions({
    queryKey: [...root, 'card', id, readerKey ?? null],
    queryFn: ({ signal }) => apiFetch(`/api/cards/${encodeURIComponent(id)}`, { schema: cardSchema, signal }),
  });

/** The graph's filters: a tag, an author handle and how many cards at most. */
export interface GraphFilters {
  tag: string;
  author: string;
  limit: number;
}

/** `GET /api/cards/graph`: the most linked public cards and the links among them. */
export const globalGraphQuery = (filters: GraphFilters, readerKey: string | undefined) =>
  queryOptions({
    queryKey: [...root, 'graph', filters, readerKey ?? null],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(filters.limit) });
      if (filters.tag) query.set('tag', filters.tag);
      if (filters.author) query.set('author', filters.author);
      return apiFetch(`/api/cards/graph?${query.toString()}`, { schema: graphSchema, signal });
    },
  });

/**
 * `GET /api/recommendations/feed`, a page at a time: a first page starts a new visit (a new `feedId`), and
 * the pages after it never repeat one of its cards. The key is shared with Settings (`lib/recommendations-api.ts`),
 * which marks it stale when the feedback or the preferences change.
 */
export const forYouQuery = (owner: string | null) =>
  infiniteQueryOptions({
    queryKey: forYouQueryKey(owner),
    queryFn: ({ signal, pageParam }) => {
      const query = pageParam === null ? '' : `?${new URLSearchParams({ cursor: pageParam }).toString()}`;
      return apiFetch(`/api/recommendations/feed${query}`, { schema: forYouPageSchema, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
