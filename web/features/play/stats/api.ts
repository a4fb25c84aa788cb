import { queryOptions } from '@tanstack/react-query';
import { deckListSchema, studyStatsSchema } from '../../../../contracts/play.ts';
import { apiFetch } from '../../../lib/api.ts';
import { retryOnce } from '../games/api.ts';

/** `GET /api/play/stats?deckId=`: the person's statistics, for one deck or (without `deckId`) all of them. */
export const studyStatsQuery = (deckId: string | null, owner: string) =>
  queryOptions({
    queryKey: ['play', 'stats', deckId ?? 'all', owner],
    queryFn: ({ signal }) =>
      apiFetch(`/api/play/stats${deckId ? `?${new URLSearchParams({ deckId }).toString()}` : ''}`, {
        schema: studyStatsSchema,
        signal,
      }),
    retry: retryOnce,
  });

/** `GET /api/play/decks`: the person's decks, for the deck selector. */
export const deckListQuery = (owner: string) =>
  queryOptions({
    queryKey: ['play', 'decks', 'list', owner],
    queryFn: ({ signal }) => apiFetch('/api/play/decks', { schema: deckListSchema, signal }),
    retry: retryOnce,
  });
