import type { StudyStats } from '../../../../contracts/play.ts';
import { entitlementsFor } from '../../../../contracts/premium.ts';
import { AppError } from '../../../lib/app-error.ts';
import { subscribedNow } from '../../profiles/index.ts';
import type { PlayRepository } from '../repository.ts';
import { settingsOf } from '../service.ts';
import type { StatsRepository, StatsScope } from './repository.ts';
import { addDays, studyDayAround, studyDayStart } from '../study-day.ts';

const forecastDays = 30;
const heatmapDays = 365;
const curveWeeks = 53;
const curveTags = 10;

/** The longest run of consecutive days, and the run that ends today or yesterday (else 0). */
export function streaksOf(days: string[], today: string): { current: number; longest: number } {
  const sorted = [...new Set(days)].sort();
  let longest = 0;
  let run = 0;
  let previous: string | undefined;
  for (const day of sorted) {
    run = previous !== undefined && addDays(previous, 1) === day ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const studied = new Set(sorted);
  let cursor = studied.has(today) ? today : addDays(today, -1);
  let current = 0;
  while (studied.has(cursor)) {
    current++;
    cursor = addDays(cursor, -1);
  }
  return { current, longest };
}

/** The Monday that starts the week of `day`. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

type WeekRow = { week: string; reviews: number; passed: number };

function pointsOf(weeks: string[], rows: WeekRow[]) {
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  return weeks.map((week) => {
    const row = byWeek.get(week);
    const reviews = row?.reviews ?? 0;
    return { week, reviews, retention: reviews > 0 ? (row?.passed ?? 0) / reviews : null };
  });
}

/** Study statistics: forecast, heatmap, streaks, true retention, time, totals and (premium) retention curves. */
export function createStatsService(
  stats: StatsRepository,
  repository: PlayRepository,
  options: { now?: () => Date } = {},
) {
  const clock = options.now ?? (() => new Date());
  return {
    /** The person's statistics over all their reviews, or one deck's (its reviews and its cards' items). */
    async stats(profileKey: string, deckId?: string): Promise<StudyStats> {
      const now = clock();
      const [settingsRow, deck, subscription] = await Promise.all([
        repository.settings(profileKey),
        deckId ? repository.deck(deckId, profileKey) : Promise.resolve(undefined),
        repository.subscription(profileKey),
      ]);
      if (deckId && !deck) throw new AppError('common/not-found', { message: 'There is no such deck.' });
      const settings = settingsOf(settingsRow);
      const { timeZone, dayStartsAtHour } = settings;
      const scope: StatsScope = { profileKey, deck, timeZone, dayStartsAtHour };
      const { day: today, startsAt } = studyDayAround(now, timeZone, dayStartsAtHour);
      const last30StartsAt = studyDayStart(addDays(today, -29), timeZone, dayStartsAtHour);
      const forecastUntil = studyDayStart(addDays(today, forecastDays), timeZone, dayStartsAtHour);
      const advanced = entitlementsFor(subscription ? subscribedNow(subscription) : false).advancedStudyStats;
      const firstWeek = mondayOf(addDays(today, -7 * (curveWeeks - 1)));
      const curvesSince = studyDayStart(firstWeek, timeZone, dayStartsAtHour);

      const [perDay, totals, due, items, deckWeeks, tagWeeks] = await Promise.all([
        stats.reviewsPerDay(scope),
        stats.totals(scope, startsAt, last30StartsAt),
        stats.dueByDay(scope, forecastUntil),
        stats.itemTotals(scope),
        advanced ? stats.deckWeeks(scope, curvesSince) : Promise.resolve([]),
        advanced ? stats.tagWeeks(scope, curvesSince, curveTags) : Promise.resolve([]),
      ]);

      const forecast = Array.from({ length: forecastDays }, (_, index) => ({
        day: addDays(today, index),
        due: 0,
      }));
      for (const row of due) {
        const index = row.day <= today ? 0 : forecast.findIndex((entry) => entry.day === row.day);
        if (index >= 0) forecast[index]!.due += row.due;
      }

      const heatmapFrom = addDays(today, -(heatmapDays - 1));
      let retentionCurves: StudyStats['retentionCurves'] = null;
      if (advanced) {
        const weeks = Array.from({ length: curveWeeks }, (_, index) => addDays(firstWeek, index * 7));
        const decks = new Map<string, { id: string; name: string; rows: WeekRow[] }>();
        for (const row of deckWeeks) {
          const entry = decks.get(row.deckId) ?? { id: row.deckId, name: row.name, rows: [] };
          entry.rows.push(row);
          decks.set(row.deckId, entry);
        }
        const tags = new Map<string, { rank: number; rows: WeekRow[] }>();
        for (const row of tagWeeks) {
          const entry = tags.get(row.tag) ?? { rank: row.rank, rows: [] };
          entry.rows.push(row);
          tags.set(row.tag, entry);
        }
        retentionCurves = {
          decks: [...decks.values()].map((entry) => ({
            id: entry.id,
            name: entry.name,
            points: pointsOf(weeks, entry.rows),
          })),
          tags: [...tags.entries()]
            .sort((a, b) => a[1].rank - b[1].rank)
            .map(([tag, entry]) => ({ tag, points: pointsOf(weeks, entry.rows) })),
        };
      }

      return {
        today: {
          day: today,
          reviews: perDay.find((row) => row.day === today)?.reviews ?? 0,
          newItems: totals.new_today,
          timeMs: totals.time_today,
        },
        forecast,
        heatmap: perDay.filter((row) => row.day >= heatmapFrom && row.day <= today),
        streak: streaksOf(
          perDay.map((row) => row.day),
          today,
        ),
        trueRetention: {
          last30Days: { passed: totals.passed_30, total: totals.mature_30 },
          allTime: { passed: totals.passed_all, total: totals.mature_all },
        },
        timeSpent: { last30DaysMs: Number(totals.time_30), totalMs: Number(totals.time_total) },
        totals: { reviews: totals.reviews, items: items.items, mature: items.mature },
        retentionCurves,
      };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
