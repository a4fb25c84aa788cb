import { useCallback, useMemo } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { normalizeTitle, parseWikiLinks } from '../../../../contracts/card-text.ts';
import type { titleSuggestionsSchema } from '../../../../contracts/cards.ts';
import type { LinkResolver, ResolvedLink } from '../../../components/markdown/markdown.tsx';
import { cardTitleQuery } from '../api.ts';

/** A post links to at most this many distinct cards by title; the rest stay as written links. */
const maxTitles = 30;

type Suggestions = z.infer<typeof titleSuggestionsSchema>;

/**
 * Every card the lookups found, by normalised title. Any card found whose title is one the text links to is
 * that link's card, so it does not matter which lookup found it. Defined once, so the queries' combined
 * result stays the same object until an answer changes.
 */
function cardsByTitle(results: UseQueryResult<Suggestions>[]): ReadonlyMap<string, ResolvedLink> {
  const map = new Map<string, ResolvedLink>();
  for (const result of results)
    for (const item of result.data?.items ?? []) {
      const key = normalizeTitle(item.title);
      if (!map.has(key)) map.set(key, { href: `/cards/${item.id}`, title: item.title });
    }
  return map;
}

/**
 * Resolves a post's `[[Title]]` links to the cards of those titles (an exact match of the normalised title),
 * asking once per distinct title. While a title is unknown its link offers to create the card, as in cards.
 */
export function useCardLinks(body: string): LinkResolver {
  const titles = useMemo(
    () => [...new Set(parseWikiLinks(body).map((link) => link.title))].slice(0, maxTitles),
    [body],
  );
  const byTitle = useQueries({
    queries: titles.map((title) => cardTitleQuery(title)),
    combine: cardsByTitle,
  });
  return useCallback((title: string) => byTitle.get(normalizeTitle(title)) ?? null, [byTitle]);
}
