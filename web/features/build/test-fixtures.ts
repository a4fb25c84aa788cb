import type { Card, CardSummary, Draft } from '../../../contracts/cards.ts';

/** Ids for test cards. */
export const cardIds = {
  draft: '11111111-1111-4111-8111-111111111111',
  fresh: '22222222-2222-4222-8222-222222222222',
  original: '33333333-3333-4333-8333-333333333333',
  other: '44444444-4444-4444-8444-444444444444',
} as const;

/** The draft `GET /api/cards/:id/draft` answers, with `changes`. */
export function draftFixture(changes: Partial<Draft> = {}): Draft {
  return {
    cardId: cardIds.draft,
    title: 'Spaced repetition',
    body: 'Review just before you forget.',
    type: 'note',
    fields: {},
    tags: ['memory'],
    coverURL: null,
    visibility: 'public',
    typedLinks: [],
    revision: 3,
    updatedAt: '2026-11-20T10:00:00.000Z',
    published: false,
    hasUnpublishedChanges: true,
    forkOf: null,
    ...changes,
  };
}

const author = {
  key: 'u-1',
  handle: 'ada',
  displayName: 'Ada Lovelace',
  photoURL: null,
  rank: 'A',
  isSubscribed: false,
} as const;

/** A card in the drafts list. */
export function summaryFixture(changes: Partial<CardSummary> = {}): CardSummary {
  return {
    id: cardIds.draft,
    title: 'Spaced repetition',
    excerpt: 'Review just before you forget.',
    type: 'note',
    tags: ['memory'],
    coverURL: null,
    visibility: 'public',
    status: 'draft',
    author,
    likes: 0,
    remixes: 0,
    views: 0,
    publishedAt: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...changes,
  };
}

/** The whole card as `GET /api/cards/:id` and publishing answer it. */
export function cardFixture(changes: Partial<Card> = {}): Card {
  return {
    ...summaryFixture(),
    body: 'Review just before you forget.',
    fields: {},
    version: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    forkOf: null,
    likedByMe: false,
    isOwner: true,
    links: [],
    source: null,
    attachedPdf: null,
    ...changes,
  };
}
