import type { Card, CardSummary } from '../../contracts/cards.ts';

/** Cards as the API answers them, for component tests. */

/** A valid UUID for test card `n`. */
export function cardId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** Card `n` of a list, by Ada unless `changes` says otherwise. */
export function cardSummary(n: number, changes: Partial<CardSummary> = {}): CardSummary {
  return {
    id: cardId(n),
    title: `Card number ${n}`,
    excerpt: `The excerpt of card ${n}.`,
    type: 'note',
    tags: ['memory'],
    coverURL: null,
    visibility: 'public',
    status: 'published',
    author: {
      key: 'u_ada',
      handle: 'ada',
      displayName: 'Ada Lovelace',
      photoURL: null,
      rank: 'A',
      isSubscribed: false,
    },
    likes: n,
    remixes: 0,
    views: 10 * n,
    publishedAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...changes,
  };
}

/** A page of cards `from` … `to` (inclusive). */
export function cardPage(from: number, to: number, nextCursor: string | null = null) {
  const items: CardSummary[] = [];
  for (let n = from; n <= to; n++) items.push(cardSummary(n));
  return { items, nextCursor };
}

/** The whole card, as `GET /api/cards/:id` answers it. */
export function fullCard(summary: CardSummary, changes: Partial<Card> = {}): Card {
  return {
    ...summary,
    body: `The **whole text** of ${summary.title}.`,
    fields: {},
    version: 1,
    createdAt: summary.updatedAt,
    forkOf: null,
    likedByMe: false,
    isOwner: false,
    links: [],
    source: null,
    attachedPdf: null,
    ...changes,
  };
}
