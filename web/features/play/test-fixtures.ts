import {
  reviewResultSchema,
  sessionItemSchema,
  studySessionSchema,
  studySettingsSchema,
  type ReviewResult,
  type SessionItem,
  type StudySession,
} from '../../../contracts/play.ts';
import { deckFixture, deckIdOf } from '../../test/deck-fixtures.ts';
import { studyItem } from './games/test-fixtures.ts';

export { deckFixture, deckIdOf };

/** Decks, sessions and grades as the Play API answers them, parsed through the contract. */

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** What each grade would do: Again in 1 minute, Hard in 6 minutes, Good in 1 day, Easy in 4 days. */
export function intervalsFixture() {
  return {
    1: '1m',
    2: '6m',
    3: '1d',
    4: '4d',
  };
}

/** Item `n` of a session: a new flashcard asking "Question n?" with the answer "Answer n". */
export function sessionItem(n: number, changes: Partial<SessionItem> = {}): SessionItem {
  return sessionItemSchema.parse({
    ...studyItem(n),
    queue: 'new',
    state: 'new',
    due: null,
    intervals: intervalsFixture(),
    ...changes,
  });
}

/** A review session of deck 1 holding `items`. */
export function sessionFixture(items: SessionItem[], changes: Partial<StudySession> = {}): StudySession {
  const counts = { new: 0, learning: 0, review: 0 };
  for (const item of items) counts[item.queue] += 1;
  return studySessionSchema.parse({
    deckId: deckIdOf(1),
    mode: 'review',
    items,
    counts,
    dayEndsAt: inDays(1),
    learnAheadMinutes: 20,
    ...changes,
  });
}

/** The server's answer to a grade of `item`: by default due tomorrow, nothing buried. */
export function reviewResultFixture(
  item: SessionItem,
  changes: Partial<ReviewResult> = {},
  reviewId = '00000000-0000-4000-8000-00000000e001',
): ReviewResult {
  return reviewResultSchema.parse({
    reviewId,
    cardId: item.cardId,
    itemKey: item.itemKey,
    state: 'review',
    due: inDays(1),
    intervals: intervalsFixture(),
    buried: [],
    ...changes,
  });
}

/** Minutes from now, as an ISO time. */
export { inMinutes };

/** Study settings as stored for a person who never changed them. */
export const defaultSettings = studySettingsSchema.parse({
  desiredRetention: 0.9,
  learningSteps: ['1m', '10m'],
  relearningSteps: ['10m'],
  maximumIntervalDays: 36_500,
  burySiblings: true,
  timeZone: 'UTC',
  dayStartsAtHour: 4,
});
