import { and, sql, type SQL } from 'drizzle-orm';
import { studyDefaults } from '../../../../contracts/play.ts';
import type { Orm } from '../../../db/client.ts';
import { cards } from '../../../db/schema.ts';
import { studyableBy } from '../../../db/visibility.ts';
import { deckSelection, type DeckRow } from '../repository.ts';

/** Where the statistics look: the person's whole log, or one deck of theirs. */
export type StatsScope = {
  profileKey: string;
  deck?: DeckRow;
  timeZone: string;
  dayStartsAtHour: number;
};

/** A timestamp's study day in SQL, the same day `studyDayOf` computes. */
function studyDaySql(column: SQL, scope: StatsScope): SQL {
  return sql`((${column} at time zone ${scope.timeZone}) - make_interval(hours => ${scope.dayStartsAtHour}))::date`;
}

const mature = sql.raw(`l.state = 2 and l.scheduled_days >= ${studyDefaults.matureIntervalDays}`);

function logsOf(scope: StatsScope): SQL {
  return scope.deck
    ? sql`l.profile_key = ${scope.profileKey} and l.deck_id = ${scope.deck.id}::uuid`
    : sql`l.profile_key = ${scope.profileKey}`;
}

/** The deck's cards (those the owner can still study), or every card, for the state rows. */
function statesOf(scope: StatsScope): SQL {
  if (!scope.deck) return sql`s.profile_key = ${scope.profileKey}`;
  const { where } = deckSelection(scope.deck);
  const inDeck = sql`select ${cards.id} from ${cards} where ${and(studyableBy(scope.profileKey), where)}`;
  return sql`s.profile_key = ${scope.profileKey} and s.card_id in (${inDeck})`;
}

type Week = { week: string; reviews: number; passed: number };

/** The queries behind the study statistics; all of them read the person's own rows only. */
export function createStatsRepository(orm: Orm) {
  return {
    /** Reviews on every study day the person reviewed on, oldest first. */
    async reviewsPerDay(scope: StatsScope): Promise<{ day: string; reviews: number }[]> {
      const day = studyDaySql(sql`l.review`, scope);
      const result = await orm.execute<{ day: string; reviews: number }>(sql`
        select to_char(${day}, 'YYYY-MM-DD') as day, count(*)::int as reviews
        from review_logs l where ${logsOf(scope)} group by 1 order by 1`);
      return result.rows;
    },

    /** Counts and sums over the log: today, the last 30 days and all time. */
    async totals(scope: StatsScope, todayStartsAt: Date, last30StartsAt: Date) {
      const result = await orm.execute<{
        new_today: number;
        time_today: number;
        reviews: number;
        time_total: number;
        time_30: number;
        mature_all: number;
        passed_all: number;
        mature_30: number;
        passed_30: number;
      }>(sql`
        select
          count(*) filter (where l.review >= ${todayStartsAt} and l.state = 0)::int as new_today,
          coalesce(sum(l.duration_ms) filter (where l.review >= ${todayStartsAt}), 0)::int as time_today,
          count(*)::int as reviews,
          coalesce(sum(l.duration_ms), 0)::bigint::float8 as time_total,
          coalesce(sum(l.duration_ms) filter (where l.review >= ${last30StartsAt}), 0)::bigint::float8 as time_30,
          count(*) filter (where ${mature})::int as mature_all,
          count(*) filter (where ${mature} and l.rating >= 2)::int as passed_all,
          count(*) filter (where ${mature} and l.review >= ${last30StartsAt})::int as mature_30,
          count(*) filter (where ${mature} and l.review >= ${last30StartsAt} and l.rating >= 2)::int as passed_30
        from review_logs l where ${logsOf(scope)}`);
      return result.rows[0]!;
    },

    /** Items due on each study day before `until` (overdue ones on their own past days), not suspended. */
    async dueByDay(scope: StatsScope, until: Date): Promise<{ day: string; due: number }[]> {
      const day = studyDaySql(sql`s.due`, scope);
      const result = await orm.execute<{ day: string; due: number }>(sql`
        select to_char(${day}, 'YYYY-MM-DD') as day, count(*)::int as due
        from review_states s
        where ${statesOf(scope)} and s.state <> 0 and not s.suspended and s.due < ${until}
        group by 1 order by 1`);
      return result.rows;
    },

    /** Items studied at least once, and those that are mature now. */
    async itemTotals(scope: StatsScope): Promise<{ items: number; mature: number }> {
      const result = await orm.execute<{ items: number; mature: number }>(sql`
        select count(*) filter (where s.state <> 0)::int as items,
          count(*) filter (where s.state = 2 and s.scheduled_days >= ${studyDefaults.matureIntervalDays})::int as mature
        from review_states s where ${statesOf(scope)}`);
      return result.rows[0] ?? { items: 0, mature: 0 };
    },

    /** Mature reviews and passes per deck and week (weeks start on Monday) since `since`, for decks reviewed. */
    async deckWeeks(scope: StatsScope, since: Date): Promise<(Week & { deckId: string; name: string })[]> {
      const week = sql`date_trunc('week', ${studyDaySql(sql`l.review`, scope)})`;
      const result = await orm.execute<Week & { deck_id: string; name: string }>(sql`
        select l.deck_id, d.name, to_char(${week}, 'YYYY-MM-DD') as week,
          count(*) filter (where ${mature})::int as reviews,
          count(*) filter (where ${mature} and l.rating >= 2)::int as passed
        from review_logs l join decks d on d.id = l.deck_id and d.owner_key = l.profile_key
        where ${logsOf(scope)} and l.review >= ${since}
        group by 1, 2, 3 order by 2, 1, 3`);
      return result.rows.map((row) => ({ ...row, deckId: row.deck_id }));
    },

    /**
     * Mature reviews and passes per week for the `limit` tags with the most reviews since `since` (a card
     * counts for each of its tags).
     */
    async tagWeeks(
      scope: StatsScope,
      since: Date,
      limit: number,
    ): Promise<(Week & { tag: string; rank: number })[]> {
      const week = sql`date_trunc('week', ${studyDaySql(sql`l.review`, scope)})`;
      const result = await orm.execute<Week & { tag: string; rank: number }>(sql`
        with tagged as (
          select l.*, tag from review_logs l join cards c on c.id = l.card_id, unnest(c.tags) as tag
          where ${logsOf(scope)} and l.review >= ${since}
        ),
        top as (
          select tag, row_number() over (order by count(*) desc, tag)::int as rank
          from tagged group by tag order by count(*) desc, tag limit ${limit}
        )
        select l.tag, top.rank, to_char(${week}, 'YYYY-MM-DD') as week,
          count(*) filter (where ${mature})::int as reviews,
          count(*) filter (where ${mature} and l.rating >= 2)::int as passed
        from tagged l join top on top.tag = l.tag
        group by 1, 2, 3 order by 2, 3`);
      return result.rows;
    },
  };
}
export type StatsRepository = ReturnType<typeof createStatsRepository>;
