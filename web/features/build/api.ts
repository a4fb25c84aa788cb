import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  cardPageSchema,
  cardSchema,
  deleteResponseSchema,
  draftSchema,
  importResponseSchema,
  titleSuggestionsSchema,
} from '../../../contracts/cards.ts';
import type { CardType, Draft, DraftInput, ImportRequest } from '../../../contracts/cards.ts';
import { ApiError, apiFetch } from '../../lib/api.ts';

/** Every query of the builder starts with this, so a change can refresh them all. */
export const buildQueryRoot = ['build'] as const;

/** `GET /api/cards/drafts`: the signed-in person's cards with unpublished work. */
export const draftsQuery = () =>
  queryOptions({
    queryKey: [...buildQueryRoot, 'drafts'],
    queryFn: ({ signal }) => apiFetch('/api/cards/drafts', { schema: cardPageSchema, signal }),
  });

/** `GET /api/cards/:id`: the card as its author sees it, for its published version number. */
export const cardQuery = (id: string) =>
  queryOptions({
    queryKey: [...buildQueryRoot, 'card', id],
    queryFn: ({ signal }) => apiFetch(`/api/cards/${encodeURIComponent(id)}`, { schema: cardSchema, signal }),
  });

/** `POST /api/cards`: a new draft, with a title when it comes from a `[[link]]` to a card not written yet. */
export function createCard(start: { title?: string; type?: CardType } = {}): Promise<Draft> {
  return apiFetch('/api/cards', { method: 'POST', body: start, schema: draftSchema });
}

/** `POST /api/cards/import`: Markdown files become drafts, all or none; a 400 names each file's problem. */
export function importCards(request: ImportRequest) {
  return apiFetch('/api/cards/import', { method: 'POST', body: request, schema: importResponseSchema });
}

/** `GET /api/cards/:id/draft`. */
export function loadDraft(id: string, signal?: AbortSignal): Promise<Draft> {
  return apiFetch(`/api/cards/${encodeURIComponent(id)}/draft`, {
    schema: draftSchema,
    ...(signal ? { signal } : {}),
  });
}

/** `PUT /api/cards/:id/draft`: refused with `cards/draft-conflict` when `baseRevision` is no longer the latest. */
export function saveDraft(id: string, input: DraftInput, options: { keepalive?: boolean } = {}) {
  return apiFetch(`/api/cards/${encodeURIComponent(id)}/draft`, {
    method: 'PUT',
    body: input,
    schema: draftSchema,
    ...(options.keepalive ? { keepalive: true } : {}),
  });
}

/** `POST /api/cards/:id/publish`: a 400 names each field that keeps the draft from being published. */
export function publishCard(id: string) {
  return apiFetch(`/api/cards/${encodeURIComponent(id)}/publish`, { method: 'POST', schema: cardSchema });
}

/** `POST /api/cards/:id/unpublish`. */
export function unpublishCard(id: string) {
  return apiFetch(`/api/cards/${encodeURIComponent(id)}/unpublish`, { method: 'POST', schema: cardSchema });
}

/** `DELETE /api/cards/:id`: the card can be restored until `undoUntil`. */
export function deleteCard(id: string) {
  return apiFetch(`/api/cards/${encodeURIComponent(id)}`, { method: 'DELETE', schema: deleteResponseSchema });
}

/** `POST /api/cards/:id/restore`: undoes a delete made moments ago. */
export function restoreCard(id: string) {
  return apiFetch(`/api/cards/${encodeURIComponent(id)}/restore`, { method: 'POST', schema: cardSchema });
}

/** A card title offered by `[[` autocomplete and the typed-link picker. */
export type TitleSuggestion = z.infer<typeof titleSuggestionsSchema>['items'][number];

/** `GET /api/cards/titles?q=`: the reader's own cards and public cards whose title holds `q`. */
export async function suggestTitles(query: string, signal?: AbortSignal): Promise<TitleSuggestion[]> {
  const result = await apiFetch(`/api/cards/titles?q=${encodeURIComponent(query)}`, {
    schema: titleSuggestionsSchema,
    ...(signal ? { signal } : {}),
  });
  return result.items;
}

/** Whether a failed call never reached the server (offline, connection dropped). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.code === 'common/network-error');
}
