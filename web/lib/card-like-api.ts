import { CARD_LIKES_MAX_IDS, cardLikesSchema, likeResponseSchema } from '../../contracts/cards.ts';
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

/** Whether the reader likes a card, and its count. */
export type CardLike = { liked: boolean; likes: number };
/** A card's like, or null when the card is not one the reader may read. */
export type CardLikeState = CardLike | null;

type Waiting = { resolve: (state: CardLikeState) => void; reject: (error: unknown) => void };

let waiting = new Map<string, Waiting[]>();
let scheduled = false;

/** Asks `GET /api/cards/likes` about every card requested in the same turn, at most 100 at a time. */
function flush() {
  scheduled = false;
  const batch = waiting;
  waiting = new Map();
  const ids = [...batch.keys()];
  for (let start = 0; start < ids.length; start += CARD_LIKES_MAX_IDS) {
    const chunk = ids.slice(start, start + CARD_LIKES_MAX_IDS);
    apiFetch(`/api/cards/likes?ids=${chunk.join(',')}`, { schema: cardLikesSchema }).then(
      (answer) => {
        const found = new Map(answer.items.map((item) => [item.id, item]));
        for (const id of chunk) {
          const item = found.get(id);
          for (const { resolve } of batch.get(id) ?? [])
            resolve(item ? { liked: item.liked, likes: item.likes } : null);
        }
      },
      (error: unknown) => {
        for (const id of chunk) for (const { reject } of batch.get(id) ?? []) reject(error);
      },
    );
  }
}

/**
 * Whether the reader likes card `id`. The cards of a page ask together: every call made before the next task
 * goes in one request, so a conversation with many embedded cards costs one request, not one per card.
 */
export function fetchCardLike(id: string): Promise<CardLikeState> {
  return new Promise((resolve, reject) => {
    const key = id.toLowerCase();
    waiting.set(key, [...(waiting.get(key) ?? []), { resolve, reject }]);
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, 0);
    }
  });
}
