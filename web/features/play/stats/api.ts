import { queryOptions } from '@tanstack/react-query';
import { studyStatsSchema } from '../../../../contracts/play.ts';
import { apiFetch } from '../../../lib/api.ts';
import { playQueryRoot } from '../../../lib/play-api.ts';

/** `GET /api/play/stats?deckId=`: the person's statistics, for one deck or (without `deckId`) all of them. */
export const studyStatsQuery = (deckId: string | null, owner: string) =>
  queryOptions({
    queryKey: [...playQueryRoot, 'stats', deckId ?? 'all', owner],
    queryFn: ({ signal }) =>
      apiFetch(`/api/play/stats${deckId ? `?${new URLSearchParams({ deckId }).toString()}` : ''}`, {
        schema: studyStatsSchema,
        signal,
      }),
  });
