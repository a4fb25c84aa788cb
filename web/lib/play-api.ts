import { queryOptions } from '@tanstack/react-query';
import {
  activitySchema,
  cardDeckMembershipSchema,
  deckListSchema,
  deckSchema,
  studyStatsSchema,
  type DeckInput,
} from '../../contracts/play.ts';
import { apiFetch } from './api.ts';
import type { SessionUser } from './session.ts';

/**
 * The Play queries that more than one feature reads (Play, Learn, "Study this"). Every key starts with 'play'
 * and ends with the owner, so one invalidation refreshes them all and another person in the same browser never
 * sees the last one's cached schedule.
 */
export const playQueryRoot = ['play'] as const;

/** Whose review state a query holds: the signed-in person's id, else their email. */
export function playOwnerOf(user: SessionUser | null): string {
  return user?.uid ?? user?.email ?? 'signed-out';
}

/** `GET /api/play/decks`: the person's decks with today's counts. */
export const deckListQuery = (owner: string) =>
  queryOptions({
    queryKey: [...playQueryRoot, 'decks', 'list', owner] as const,
    queryFn: ({ signal }) => apiFetch('/api/play/decks', { schema: deckListSchema, signal }),
  });

/** `GET /api/play/activity`: the latest grades. */
export const activityQuery = (owner: string) =>
  queryOptions({
    queryKey: [...playQueryRoot, 'activity', owner] as const,
    queryFn: ({ signal }) => apiFetch('/api/play/activity', { schema: activitySchema, signal }),
  });

/**
 * `GET /api/play/stats?deckId=`: the person's statistics, for one deck or (without `deckId`) all of them. The
 * statistics page reads it, and a course page reads its deck's true retention from it.
 */
export const studyStatsQuery = (deckId: string | null, owner: string) =>
  queryOptions({
    queryKey: [...playQueryRoot, 'stats', deckId ?? 'all', owner] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/play/stats${deckId ? `?${new URLSearchParams({ deckId }).toString()}` : ''}`, {
        schema: studyStatsSchema,
        signal,
      }),
  });

/** `GET /api/play/stats`: the person's statistics over every deck (Learn reads today's numbers from it). */
export const allStatsQuery = (owner: string) => studyStatsQuery(null, owner);

/** The address of a deck in the API. */
export const deckApiPath = (deckId: string) => `/api/play/decks/${encodeURIComponent(deckId)}`;

/** `GET /api/play/cards/:cardId/decks`: the person's collections, and whether each holds the card. */
export const cardDecksQuery = (cardId: string, owner: string) =>
  queryOptions({
    queryKey: [...playQueryRoot, 'card-decks', cardId, owner] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/play/cards/${encodeURIComponent(cardId)}/decks`, {
        schema: cardDeckMembershipSchema,
        signal,
      }),
  });

/**
 * `PUT` (add) or `DELETE` (remove) `/api/play/decks/:id/cards/:cardId`: a card in or out of a collection;
 * answers with the person's collections and whether each now holds the card.
 */
export function setDeckCard(deckId: string, cardId: string, contains: boolean) {
  return apiFetch(`${deckApiPath(deckId)}/cards/${encodeURIComponent(cardId)}`, {
    method: contains ? 'PUT' : 'DELETE',
    schema: cardDeckMembershipSchema,
  });
}

/** `POST /api/play/decks`: a new deck (with `cardIds`, a collection that starts with those cards). */
export function createDeck(input: DeckInput) {
  return apiFetch('/api/play/decks', { method: 'POST', body: input, schema: deckSchema });
}
