import { deckSchema, studyStatsSchema, type Deck, type StudyStats } from '../../contracts/play.ts';

/** Decks as the Play API answers them, parsed through the contract (Play and the home page read them). */

/** A valid UUID for test deck `n`. */
export function deckIdOf(n: number): string {
  return `00000000-0000-4000-8000-0000000d${String(n).padStart(4, '0')}`;
}

/** Deck `n`, made from the tag `memory` unless `changes` says otherwise. */
export function deckFixture(n: number, changes: Partial<Deck> = {}): Deck {
  return deckSchema.parse({
    id: deckIdOf(n),
    name: `Deck ${n}`,
    description: '',
    source: { kind: 'tags', tags: ['memory'], scope: 'everyone' },
    includeReversed: false,
    newPerDay: 20,
    reviewsPerDay: 200,
    counts: { new: 3, learning: 1, review: 2, cards: 10, items: 12, suspended: 0 },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...changes,
  });
}

/** Study statistics with nothing mature yet: 12 items, none due, unless `changes` says otherwise. */
export function studyStatsFixture(changes: Partial<StudyStats> = {}): StudyStats {
  return studyStatsSchema.parse({
    today: { day: '2026-03-10', reviews: 0, newItems: 0, timeMs: 0 },
    forecast: [],
    heatmap: [],
    streak: { current: 0, longest: 0 },
    trueRetention: { last30Days: { passed: 0, total: 0 }, allTime: { passed: 0, total: 0 } },
    timeSpent: { last30DaysMs: 0, totalMs: 0 },
    totals: { reviews: 0, items: 12, mature: 0 },
    retentionCurves: null,
    ...changes,
  });
}
