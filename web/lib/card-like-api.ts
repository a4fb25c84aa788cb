import { cardSchema, likeResponseSchema } from '../../contracts/cards.ts';
import { apiFetch } from './api.ts';

/**
 * Liking cards, for every place that shows a card: its page, and cards embedded in Confer messages.
 * `PUT` (like) or `DELETE` (take back) `/api/cards/:id/like`: idempotent; answers the real count.
 */
export function setCardLike(id: string, like: boolean) {
  return apiFetch(`/api/cards/${encodeURIComponent(id)}/like`, {
    method: like ? 'PUT' : 'DELETE',
    schema: likeResponseSchema,
  });
}

/** `GET /api/cards/:id`: the card as this reader sees it (whether they like it, among the rest). */
export function fetchCard(id: string, signal?: AbortSignal) {
  return apiFetch(`/api/cards/${encodeURIComponent(id)}`, { schema: cardSchema, signal });
}
