import {
  gameResultSchema,
  practiceSetSchema,
  studyItemSchema,
  type GameKind,
  type StudyItem,
} from '../../../../contracts/play.ts';
import { cardId } from '../../../test/card-fixtures.ts';
import { deckFixture } from '../../../test/deck-fixtures.ts';

/** Study items, decks and game answers as the API gives them, parsed through the contract. */

export const deckId = '00000000-0000-4000-8000-00000000d001';

/** Item `n`: the question "Question n?" with the answer "Answer n". */
export function studyItem(n: number, changes: Partial<StudyItem> = {}): StudyItem {
  return studyItemSchema.parse({
    cardId: cardId(n),
    itemKey: 'main',
    cardTitle: `Card ${n}`,
    cardType: 'flashcard',
    tags: ['memory'],
    prompt: { markdown: `Question ${n}?`, cloze: null },
    answer: { markdown: `Answer ${n}`, cloze: null },
    answerText: `Answer ${n}`,
    links: [],
    ...changes,
  });
}

/** A practice sample of items `1 … count`. */
export function practiceSet(count: number, make: (n: number) => StudyItem = (n) => studyItem(n)) {
  return practiceSetSchema.parse({ items: Array.from({ length: count }, (_, i) => make(i + 1)) });
}

export const deck = deckFixture(1, {
  id: deckId,
  name: 'Memory science',
  source: { kind: 'tags', tags: ['memory'], scope: 'mine' },
  counts: { new: 3, learning: 0, review: 2, cards: 12, items: 12, suspended: 0 },
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
});

/** The answer to `POST /api/play/games`. */
export function gameResult(
  game: GameKind,
  record: { plays?: number; bestMs?: number | null; bestCorrect?: number | null; bestTotal?: number | null },
  isNewBest: boolean,
) {
  return gameResultSchema.parse({
    record: { game, plays: 1, bestMs: null, bestCorrect: null, bestTotal: null, ...record },
    isNewBest,
  });
}

/** A random source that walks a fixed sequence, so shuffles are the same every run. */
export function seededRandom(seed = 1): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return (state - 1) / 2147483646;
  };
}
