import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activitySchema, gameRecordListSchema, studyStatsSchema } from '../../../contracts/play.ts';
import { profiles, reviewLogs } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { cardFactory } from '../../test/cards.ts';
import { people } from '../../test/people.ts';
import { createPlayRepository } from './repository.ts';
import { createReviewRepository } from './reviews/repository.ts';
import { createPlayService } from './service.ts';
import { createStatsRepository } from './stats/repository.ts';
import { createStatsService } from './stats/service.ts';

const day = 24 * 60 * 60 * 1000;

describe('Play statistics, games and activity', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '198.18.0');
  const make = cardFactory(context);

  it('reports forecast, heatmap, streak, true retention, time and totals from the person’s own log', async () => {
    const student = await signUp('Statistician');
    const other = await signUp('Other Student');
    const author = await make.author();
    const tag = `stats${Date.now().toString(36)}`;
    const list = [];
    for (let i = 0; i < 3; i++)
      list.push(
        await make.card(author, {
          type: 'flashcard',
          title: `Stat ${i}`,
          tags: [tag],
          fields: { front: `Q${i}`, back: `A${i}` },
        }),
      );
    const clock = { now: new Date('2026-06-01T10:00:00Z') };
    const repository = createPlayRepository(context.db.orm);
    const service = createPlayService(repository, createReviewRepository(context.db.orm), {
      now: () => clock.now,
    });
    const stats = createStatsService(createStatsRepository(context.db.orm), repository, {
      now: () => clock.now,
    });
    const deck = await service.createDeck(student.id, {
      name: 'Stats',
      description: '',
      source: { kind: 'tags', tags: [tag], scope: 'everyone' },
    });
    const otherDeck = await service.createDeck(other.id, {
      name: 'Other',
      description: '',
      source: { kind: 'tags', tags: [tag], scope: 'everyone' },
    });
    const review = (
      person: string,
      deckId: string,
      cardId: string,
      rating: 1 | 2 | 3 | 4,
      durationMs = 4000,
    ) => service.review(person, { id: randomUUID(), deckId, cardId, itemKey: 'main', rating, durationMs });

    // Three days in a row, then a gap, then today.
    await review(student.id, deck.id, list[0]!.id, 4, 120_000);
    clock.now = new Date(clock.now.getTime() + day);
    await review(student.id, deck.id, list[1]!.id, 4);
    clock.now = new Date(clock.now.getTime() + day);
    await review(student.id, deck.id, list[2]!.id, 3);
    clock.now = new Date(clock.now.getTime() + 40 * day);
    await review(student.id, deck.id, list[0]!.id, 3);
    await review(other.id, otherDeck.id, list[0]!.id, 1);

    const result = studyStatsSchema.parse(await stats.stats(student.id));
    expect(result.heatmap.map((entry) => entry.day)).toEqual([
      '2026-06-01',
      '2026-06-02',
      '2026-06-03',
      '2026-07-13',
    ]);
    expect(result.streak).toEqual({ current: 1, longest: 3 });
    expect(result.today).toEqual({ day: '2026-07-13', reviews: 1, newItems: 0, timeMs: 4000 });
    // The first grade's two minutes count as one: durations are capped.
    expect(result.timeSpent).toEqual({ last30DaysMs: 4000, totalMs: 60_000 + 3 * 4000 });
    expect(result.totals).toMatchObject({ reviews: 4, items: 3 });
    expect(result.forecast).toHaveLength(30);
    expect(result.forecast[0]!.day).toBe('2026-07-13');
    // Everything studied is due some day: overdue items land on day 0, the rest later or beyond the window.
    expect(result.forecast.reduce((sum, entry) => sum + entry.due, 0)).toBeLessThanOrEqual(3);
    expect(result.forecast[0]!.due).toBeGreaterThanOrEqual(1);
    expect(result.retentionCurves).toBeNull();

    // A mature review: one whose item had been scheduled 21 days or more.
    await context.db.orm
      .update(reviewLogs)
      .set({ state: 2, scheduledDays: 30 })
      .where(eq(reviewLogs.profileKey, student.id));
    const mature = await stats.stats(student.id);
    expect(mature.trueRetention).toEqual({
      last30Days: { passed: 1, total: 1 },
      allTime: { passed: 4, total: 4 },
    });

    await context.db.orm.update(profiles).set({ isSubscribed: true }).where(eq(profiles.key, student.id));
    const premium = await stats.stats(student.id, deck.id);
    expect(premium.retentionCurves!.decks).toHaveLength(1);
    expect(premium.retentionCurves!.decks[0]!).toMatchObject({ id: deck.id, name: 'Stats' });
    expect(premium.retentionCurves!.decks[0]!.points).toHaveLength(53);
    expect(premium.retentionCurves!.decks[0]!.points.reduce((sum, point) => sum + point.reviews, 0)).toBe(4);
    expect(premium.retentionCurves!.tags.map((entry) => entry.tag)).toEqual([tag]);

    const response = await request('GET', '/api/play/stats', student);
    expect(response.statusCode, response.body).toBe(200);
    expect(studyStatsSchema.parse(response.json()).totals.reviews).toBe(4);

    const activity = activitySchema.parse((await request('GET', '/api/play/activity', student)).json());
    expect(activity.recent.map((entry) => entry.cardTitle)).toEqual(['Stat 0', 'Stat 2', 'Stat 1', 'Stat 0']);
    expect(activity.recent[0]!.rating).toBe(3);
  });

  it('keeps game records: the best time on the biggest board for Match, the best score for the others', async () => {
    const player = await signUp('Player');
    const created = await request('POST', '/api/play/decks', player, {
      name: 'Games',
      source: { kind: 'liked' },
    });
    const deckId = created.json().id as string;
    const play = async (game: string, correct: number, total: number, elapsedMs: number) => {
      const response = await request('POST', '/api/play/games', player, {
        deckId,
        game,
        correct,
        total,
        elapsedMs,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { isNewBest: boolean; record: object };
    };
    // A small board first (the deck had three pairs): any bigger board then beats it, whatever the time.
    expect((await play('match', 3, 3, 9_000)).isNewBest).toBe(true);
    expect((await play('match', 6, 6, 30_000)).isNewBest).toBe(true);
    expect((await play('match', 5, 6, 10_000)).isNewBest).toBe(false);
    expect((await play('match', 6, 6, 40_000)).isNewBest).toBe(false);
    const best = await play('match', 6, 6, 20_000);
    expect(best).toEqual({
      isNewBest: true,
      record: { game: 'match', plays: 5, bestMs: 20_000, bestCorrect: 6, bestTotal: 6 },
    });
    expect((await play('multiple-choice', 7, 10, 50_000)).isNewBest).toBe(true);
    expect((await play('multiple-choice', 14, 20, 40_000)).isNewBest).toBe(true);
    expect((await play('multiple-choice', 6, 10, 1_000)).isNewBest).toBe(false);

    const bad = await request('POST', '/api/play/games', player, {
      deckId,
      game: 'typed',
      correct: 5,
      total: 4,
      elapsedMs: 1,
    });
    expect(bad.statusCode).toBe(400);

    const records = gameRecordListSchema.parse(
      (await request('GET', `/api/play/decks/${deckId}/games`, player)).json(),
    );
    expect(records.items).toEqual([
      { game: 'multiple-choice', plays: 3, bestMs: 40_000, bestCorrect: 14, bestTotal: 20 },
      { game: 'match', plays: 5, bestMs: 20_000, bestCorrect: 6, bestTotal: 6 },
      { game: 'typed', plays: 0, bestMs: null, bestCorrect: null, bestTotal: null },
    ]);
  });
});
