import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  deckCardPageSchema,
  deckItemPageSchema,
  deckSchema,
  itemStatusListSchema,
  reviewResultSchema,
  studySessionSchema,
  studySettingsSchema,
  undoResultSchema,
  type DeckInput,
  type DeckPatch,
  type ItemPatch,
  type ReviewInput,
  type SessionMode,
  type StudySettings,
} from '../../../contracts/play.ts';
import { ApiError, apiFetch } from '../../lib/api.ts';
import { createDeck, deckApiPath, playQueryRoot } from '../../lib/play-api.ts';

export {
  activityQuery,
  createDeck,
  deckListQuery,
  playOwnerOf as ownerOf,
  playQueryRoot,
  setDeckCard,
} from '../../lib/play-api.ts';

// A deleted deck is answered with an empty 204.
const noContent = z.unknown();

// The contract gives these lists no page size of their own: the server's default applies.
function pageQuery(cursor: string | null): string {
  return cursor === null ? '' : `?${new URLSearchParams({ cursor }).toString()}`;
}

/** `GET /api/play/settings`: how the scheduler treats this person's reviews. */
export const settingsQuery = (owner: string) =>
  queryOptions({
    queryKey: [...playQueryRoot, 'settings', owner] as const,
    queryFn: ({ signal }) => apiFetch('/api/play/settings', { schema: studySettingsSchema, signal }),
  });

/** `PUT /api/play/settings`: every setting at once; the answer replaces the cached copy. */
export function useSaveSettings(owner: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: StudySettings) =>
      apiFetch('/api/play/settings', { method: 'PUT', body: settings, schema: studySettingsSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQuery(owner).queryKey, saved);
      // Steps, retention and the day's start change what is due and the intervals on the buttons.
      void queryClient.invalidateQueries({ queryKey: [...playQueryRoot, 'decks'] });
    },
  });
}

/** `GET /api/play/decks/:id`: one deck with today's counts. */
export const deckQuery = (deckId: string, owner: string) =>
  queryOptions({
    queryKey: [...playQueryRoot, 'decks', deckId, owner] as const,
    queryFn: ({ signal }) => apiFetch(deckApiPath(deckId), { schema: deckSchema, signal }),
  });

/** `POST /api/play/decks`, then every list of decks is refreshed. */
export function useCreateDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeckInput) => createDeck(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playQueryRoot }),
  });
}

/** `PATCH /api/play/decks/:id`: only the fields given change. */
export function useUpdateDeck(deckId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: DeckPatch) =>
      apiFetch(deckApiPath(deckId), { method: 'PATCH', body: patch, schema: deckSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playQueryRoot }),
  });
}

/** `DELETE /api/play/decks/:id`: the deck goes; the cards and their review history stay. */
export function useDeleteDeck(deckId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(deckApiPath(deckId), { method: 'DELETE', schema: noContent }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [...playQueryRoot, 'decks', deckId] });
      return queryClient.invalidateQueries({ queryKey: playQueryRoot });
    },
  });
}

/** `GET /api/play/decks/:id/cards`: the deck's cards, newest first, a page at a time. */
export const deckCardsQuery = (deckId: string, owner: string) =>
  infiniteQueryOptions({
    queryKey: [...playQueryRoot, 'decks', deckId, 'cards', owner] as const,
    queryFn: ({ signal, pageParam }) =>
      apiFetch(`${deckApiPath(deckId)}/cards${pageQuery(pageParam)}`, { schema: deckCardPageSchema, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** `GET /api/play/decks/:id/items`: every study item of the deck with its schedule, a page at a time. */
export const deckItemsQuery = (deckId: string, owner: string) =>
  infiniteQueryOptions({
    queryKey: [...playQueryRoot, 'decks', deckId, 'items', owner] as const,
    queryFn: ({ signal, pageParam }) =>
      apiFetch(`${deckApiPath(deckId)}/items${pageQuery(pageParam)}`, { schema: deckItemPageSchema, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/**
 * `GET /api/play/decks/:id/session?mode=`: the items to study now. Read once per visit: a session in progress
 * must never be reshuffled under the person by a background refetch.
 */
export const sessionQuery = (deckId: string, mode: SessionMode, owner: string) =>
  queryOptions({
    queryKey: [...playQueryRoot, 'session', deckId, mode, owner] as const,
    queryFn: ({ signal }) =>
      apiFetch(`${deckApiPath(deckId)}/session?mode=${mode}`, { schema: studySessionSchema, signal }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** Whether a failed grade may be sent again as it was: no answer at all, or the server failed. */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500 || error.status === 429);
}

/**
 * `POST /api/play/reviews`: one grade. The id travels with the grade, so sending it again after a lost answer
 * can never count twice; a network or server failure is therefore retried quietly, a few times.
 */
export function useReview() {
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      apiFetch('/api/play/reviews', { method: 'POST', body: input, schema: reviewResultSchema }),
    retry: (failureCount, error) => isTransient(error) && failureCount < 2,
    retryDelay: (attempt) => Math.min(400 * 2 ** attempt, 3000),
  });
}

/** `POST /api/play/reviews/undo`: the person's last grade taken back. */
export function undoReview() {
  return apiFetch('/api/play/reviews/undo', { method: 'POST', schema: undoResultSchema });
}

/** `PATCH /api/play/items`: suspend or bury one item, or every item of a card; answers with the items changed. */
export function patchItem(patch: ItemPatch) {
  return apiFetch('/api/play/items', { method: 'PATCH', body: patch, schema: itemStatusListSchema });
}

/** `patchItem`, refreshing the deck's counts and items after it. */
export function usePatchItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...playQueryRoot, 'decks'] }),
  });
}
