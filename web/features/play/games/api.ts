import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { errorCatalogue } from '../../../../contracts/errors.ts';
import {
  deckSchema,
  gameRecordListSchema,
  gameResultSchema,
  practiceSetSchema,
  type GameResultInput,
} from '../../../../contracts/play.ts';
import { ApiError, apiFetch } from '../../../lib/api.ts';
import type { SessionUser } from '../../../lib/session.ts';

/**
 * Whose data a query holds: review state and records are the signed-in person's own, so a different person
 * in the same browser never sees the last one's cached answers.
 */
export function ownerOf(user: SessionUser | null): string {
  return user?.uid ?? user?.email ?? 'signed-out';
}

/** A 4xx answer (signed out, a deck gone) will be the same if asked again at once; retry only failures. */
export function retryOnce(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** The sentence to show for a failed call: the server's own, or a generic one. */
export function errorSentence(error: unknown): string {
  return error instanceof ApiError ? error.message : errorCatalogue['common/internal-error'].message;
}

const deckPath = (deckId: string) => `/api/play/decks/${encodeURIComponent(deckId)}`;

/** `GET /api/play/decks/:id`: the deck, for its name. */
export const deckQuery = (deckId: string, owner: string) =>
  queryOptions({
    queryKey: ['play', 'decks', deckId, owner],
    queryFn: ({ signal }) => apiFetch(deckPath(deckId), { schema: deckSchema, signal }),
    retry: retryOnce,
  });

/**
 * `GET /api/play/decks/:id/practice?count=`: a random sample for one game. `round` counts the games played
 * on the page, so "Play again" deals a new sample; a game in progress is never reshuffled under the player
 * by a background refetch.
 */
export const practiceQuery = (deckId: string, count: number, round: number, owner: string) =>
  queryOptions({
    queryKey: ['play', 'practice', deckId, count, round, owner],
    queryFn: ({ signal }) =>
      apiFetch(`${deckPath(deckId)}/practice?count=${count}`, { schema: practiceSetSchema, signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: retryOnce,
  });

const recordsKey = (deckId: string, owner: string) => ['play', 'games', deckId, owner] as const;

/** `GET /api/play/decks/:id/games`: the deck's best scores and times. */
export const gameRecordsQuery = (deckId: string, owner: string) =>
  queryOptions({
    queryKey: recordsKey(deckId, owner),
    queryFn: ({ signal }) => apiFetch(`${deckPath(deckId)}/games`, { schema: gameRecordListSchema, signal }),
    retry: retryOnce,
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
