import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  gameRecordListSchema,
  gameResultSchema,
  practiceSetSchema,
  type GameResultInput,
} from '../../../../contracts/play.ts';
import { apiFetch } from '../../../lib/api.ts';
import { deckApiPath, playQueryRoot } from '../../../lib/play-api.ts';

/**
 * `GET /api/play/decks/:id/practice?count=`: a random sample for one game. `round` counts the games played
 * on the page, so "Play again" deals a new sample; a game in progress is never reshuffled under the player
 * by a background refetch.
 */
export const practiceQuery = (deckId: string, count: number, round: number, owner: string) =>
  queryOptions({
    queryKey: [...playQueryRoot, 'practice', deckId, count, round, owner],
    queryFn: ({ signal }) =>
      apiFetch(`${deckApiPath(deckId)}/practice?count=${count}`, { schema: practiceSetSchema, signal }),
    staleTime: Infinity,
    gcTime: 0,
  });

const recordsKey = (deckId: string, owner: string) => [...playQueryRoot, 'games', deckId, owner] as const;

/** `GET /api/play/decks/:id/games`: the deck's best scores and times. */
export const gameRecordsQuery = (deckId: string, owner: string) =>
  queryOptions({
    queryKey: recordsKey(deckId, owner),
    queryFn: ({ signal }) =>
      apiFetch(`${deckApiPath(deckId)}/games`, { schema: gameRecordListSchema, signal }),
  });

/** `POST /api/play/games`: a finished game; answers with the deck's record in that game and whether it is new. */
export function usePostGameResult(owner: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (result: GameResultInput) =>
      apiFetch('/api/play/games', { method: 'POST', body: result, schema: gameResultSchema }),
    onSuccess: (_answer, result) =>
      queryClient.invalidateQueries({ queryKey: recordsKey(result.deckId, owner) }),
  });
}
