import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { createEmptyCard, fsrs, generatorParameters, type Card, type Grade } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { reviewLogs, reviewStates } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { cardFactory } from '../../test/cards.ts';
import { people } from '../../test/people.ts';
import { sessionOrder, type DeckItem, type Queues } from './items.ts';
import { createPlayRepository } from './repository.ts';
import { createReviewRepository } from './reviews/repository.ts';
import { intervalLabel } from './scheduler.ts';
import { createPlayService } from './service.ts';
import { streaksOf } from './stats/service.ts';
import { studyDayAround, studyDayOf } from './study-day.ts';

const minute = 60_000;
const day = 24 * 60 * minute;

describe('Play scheduler', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '192.0.2');
  const make = cardFactory(context);

  it('stores exactly what ts-fsrs computes for the same grades at the same times', async () => {
    const settings = {
      desiredRetention: 0.85,
      learningSteps: ['2m', '15m'],
      relearningSteps: ['5m'],
      maximumIntervalDays: 3650,
      burySiblings: true,
      timeZone: 'Asia/Tokyo',
      dayStartsAtHour: 4,
    };
    const student = await signUp('Equivalent');
    expect((await request('PUT', '/api/play/settings', student, settings)).statusCode).toBe(200);
    const card = await make.card(await make.author(), {
      type: 'flashcard',
      title: 'Equivalence',
      fields: { front: 'Front', back: 'Back' },
    });
    const clock = { now: new Date('2026-01-10T03:00:00.123Z') };
    const service = createPlayService(
      createPlayRepository(context.db.orm),
      createReviewRepository(context.db.orm),
      { now: () => clock.now },
    );
    const deck = await service.createDeck(student.id, {
      name: 'Equivalence',
      description: '',
      source: { kind: 'collection' },
      cardIds: [card.id],
    });

    const scheduler = fsrs(
      generatorParameters({
        request_retention: 0.85,
        maximum_interval: 3650,
        learning_steps: ['2m', '15m'],
        relearning_steps: ['5m'],
        enable_fuzz: true,
      }),
    );
    // The grade buttons show the interval before fuzz, as Anki's do.
    const unfuzzed = fsrs(
      generatorParameters({
        request_retention: 0.85,
        maximum_interval: 3650,
        learning_steps: ['2m', '15m'],
        relearning_steps: ['5m'],
        enable_fuzz: false,
      }),
    );
    let expected: Card = createEmptyCard(clock.now);
    const expectedLogs = [];
    const series: [number, Grade][] = [
      [0, 3],
      [2 * minute + 7, 3],
      [16 * minute, 3],
      [3 * day + 17, 3],
      [12 * day, 1],
      [6 * minute, 2],
      [5 * minute, 3],
      [30 * day, 4],
      [90 * day + 3 * minute, 3],
      [400 * day, 2],
    ];
    for (const [wait, rating] of series) {
      clock.now = new Date(clock.now.getTime() + wait);
      const preview = unfuzzed.repeat(expected, clock.now);
      const session = await service.session(deck.id, student.id, 'review');
      const shown = session.items.find((item) => item.cardId === card.id);
      if (shown) expect(shown.intervals![rating]).toBe(intervalLabel(preview[rating].card.due, clock.now));
      const result = await service.review(student.id, {
        id: randomUUID(),
        deckId: deck.id,
        cardId: card.id,
        itemKey: 'main',
        rating,
        durationMs: 2500,
      });
      const next = scheduler.next(expected, clock.now, rating);
      expected = next.card;
      expectedLogs.push(next.log);
      expect(result.due).toBe(expected.due.toISOString());
    }

    const [stored] = await context.db.orm
      .select()
      .from(reviewStates)
      .where(and(eq(reviewStates.profileKey, student.id), eq(reviewStates.cardId, card.id)));
    expect({
      due: stored!.due,
      stability: stored!.stability,
      difficulty: stored!.difficulty,
      elapsed_days: stored!.elapsedDays,
      scheduled_days: stored!.scheduledDays,
      learning_steps: stored!.learningSteps,
      reps: stored!.reps,
      lapses: stored!.lapses,
      state: stored!.state,
      last_review: stored!.lastReview,
    }).toEqual(expected);
    const logs = await context.db.orm
      .select()
      .from(reviewLogs)
      .where(eq(reviewLogs.profileKey, student.id))
      .orderBy(asc(reviewLogs.review));
    expect(
      logs.map((log) => ({
        rating: log.rating,
        state: log.state,
        due: log.due,
        stability: log.stability,
        difficulty: log.difficulty,
        elapsed_days: log.elapsedDays,
        last_elapsed_days: log.lastElapsedDays,
        scheduled_days: log.scheduledDays,
        learning_steps: log.learningSteps,
        review: log.review,
      })),
    ).toEqual(expectedLogs);
    expect(logs.every((log) => log.deckId === deck.id && log.durationMs === 2500)).toBe(true);
  });

  it('labels intervals as the grade buttons show them', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(intervalLabel(at(20_000), now)).toBe('1m');
    expect(intervalLabel(at(10 * minute), now)).toBe('10m');
    expect(intervalLabel(at(3 * 60 * minute), now)).toBe('3h');
    expect(intervalLabel(at(4 * day), now)).toBe('4d');
    expect(intervalLabel(at(60 * day), now)).toBe('2mo');
    expect(intervalLabel(at(45 * day), now)).toBe('1.5mo');
    expect(intervalLabel(at(438 * day), now)).toBe('1.2y');
  });

  it('turns the study day over at the chosen local hour, through daylight-saving changes', () => {
    // 02:30 in Berlin on 1 March is still the day of 28 February when the day starts at 04:00.
    expect(studyDayOf(new Date('2026-03-01T01:30:00Z'), 'Europe/Berlin', 4)).toBe('2026-02-28');
    expect(studyDayOf(new Date('2026-03-01T03:30:00Z'), 'Europe/Berlin', 4)).toBe('2026-03-01');
    expect(studyDayOf(new Date('2026-03-01T23:30:00Z'), 'UTC', 0)).toBe('2026-03-01');
    // Berlin moves to summer time at 02:00 on 29 March 2026: the day then ends at 04:00 CEST (02:00 UTC).
    const spring = studyDayAround(new Date('2026-03-28T12:00:00Z'), 'Europe/Berlin', 4);
    expect(spring).toEqual({
      day: '2026-03-28',
      startsAt: new Date('2026-03-28T03:00:00Z'),
      endsAt: new Date('2026-03-29T02:00:00Z'),
    });
    const newYork = studyDayAround(new Date('2026-11-01T03:00:00Z'), 'America/New_York', 0);
    expect(newYork.day).toBe('2026-10-31');
    expect(newYork.endsAt).toEqual(new Date('2026-11-01T04:00:00Z'));
  });

  it('counts streaks ending today or yesterday, and the longest run', () => {
    expect(streaksOf([], '2026-01-10')).toEqual({ current: 0, longest: 0 });
    expect(streaksOf(['2026-01-08', '2026-01-09', '2026-01-10'], '2026-01-10')).toEqual({
      current: 3,
      longest: 3,
    });
    expect(
      streaksOf(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-08', '2026-01-09'], '2026-01-10'),
    ).toEqual({ current: 2, longest: 3 });
    expect(streaksOf(['2026-01-07', '2026-01-08'], '2026-01-10')).toEqual({ current: 0, longest: 2 });
  });

  it('spreads new items evenly among reviews after the learning items', () => {
    const entry = (name: string) => ({ name }) as unknown as DeckItem;
    const queues: Queues = {
      learning: [entry('l1')],
      review: [entry('r1'), entry('r2'), entry('r3'), entry('r4')],
      new: [entry('n1'), entry('n2')],
      suspended: 0,
    };
    const order = sessionOrder(queues).map(({ entry: item }) => (item as unknown as { name: string }).name);
    expect(order).toEqual(['l1', 'r1', 'n1', 'r2', 'r3', 'n2', 'r4']);
  });
});
