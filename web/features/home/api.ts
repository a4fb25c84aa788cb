import { queryOptions } from '@tanstack/react-query';
import { cardPageSchema, searchResultsSchema, tagSuggestionsSchema } from '../../../contracts/cards.ts';
import { apiFetch } from '../../lib/api.ts';

/** Every query of the home page starts with 'home'; the reader is part of each key (blocks change a feed). */
const root = ['home'] as const;

/** Cards in each row of the home page: two rows of three at 1280 px, one column on a phone. */
export const homeCardCount = 6;

/** Cards of the featured deck shown as its sample. */
export const featuredSampleCount = 3;

/** Courses of the classroom shown to a visitor, the catalogue's first. */
export const featuredCourseCount = 3;

/** `GET /api/cards/feed/:tab` with the first few cards only: the home page shows a taste, Explore the rest. */
export const homeFeedQuery = (tab: 'trending' | 'following', reader: string | null) =>
  queryOptions({
    queryKey: [...root, 'feed', tab, reader] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/cards/feed/${tab}?limit=${homeCardCount}`, { schema: cardPageSchema, signal }),
  });

/**
 * The featured deck: the tag most used on public cards (`GET /api/tags`), with its first cards (`GET
 * /api/cards/search?tag=`). Null when no public card has a tag.
 */
export const featuredDeckQuery = (reader: string | null) =>
  queryOptions({
    queryKey: [...root, 'featured-deck', reader] as const,
    queryFn: async ({ signal }) => {
      const tags = await apiFetch('/api/tags?q=', { schema: tagSuggestionsSchema, signal });
      const top = tags.items[0];
      if (!top) return null;
      const query = new URLSearchParams({ tag: top.tag, limit: String(featuredSampleCount) });
      const sample = await apiFetch(`/api/cards/search?${query.toString()}`, {
        schema: searchResultsSchema,
        signal,
      });
      return { tag: top.tag, count: top.count, cards: sample.items };
    },
    staleTime: 5 * 60_000,
  });
