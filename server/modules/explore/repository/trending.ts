import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../../../db/client.ts';
import { cards } from '../../../db/schema.ts';
import { publishedCard } from '../../../db/visibility.ts';
import type { Executor } from '../../../db/client.ts';

/**
 * Trending: engagement over age, recomputed by the sweep every few minutes and by the cards module right after
 * a like or a publish (`refreshTrendingScore`).
 *
 *   score = (likes·3 + remixes·5 + views·0.2 + 1) / (hours since published + 2)^1.5
 *
 * Why this shape: a remix is the strongest signal (someone built on the card), a like is a deliberate one, a
 * view is cheap and easy to inflate, so it counts little. The `+ 1` lets a brand-new card with no engagement
 * still rank by freshness. Dividing by age to the power 1.5 (the Hacker News form) makes a card need
 * ever more engagement to stay up, so the feed turns over in a day or two; the `+ 2` keeps the first hours
 * from dividing by almost nothing, which would put every new card above everything else.
 */
export const trendingWeights = { likes: 3, remixes: 5, views: 0.2, base: 1, ageOffsetHours: 2, gravity: 1.5 };

const float = (value: number) => sql.raw(`${value}::float8`);

/**
 * The formula above in SQL, on the row's current counters, at the statement's `now()`. Everything is float8:
 * with numeric literals and `extract` (numeric since PostgreSQL 14), `power` runs in numeric and a sweep of
 * 100,000 cards took forty times as long.
 */
const trendingScoreSql = sql`((${cards.likes} * ${float(trendingWeights.likes)} + ${cards.remixes} * ${float(trendingWeights.remixes)} + ${cards.views} * ${float(trendingWeights.views)} + ${float(trendingWeights.base)}) / power(greatest(extract(epoch from (now() - coalesce(${cards.publishedAt}, now())))::float8 / ${float(3600)}, ${float(0)}) + ${float(trendingWeights.ageOffsetHours)}, ${float(trendingWeights.gravity)}))`;

/** Scores that moved less than this fraction are left alone, so a sweep rewrites only the rows that changed. */
const TRENDING_TOLERANCE = 0.01;

/** The trending sweep. */
export function createTrendingRepository(orm: Orm) {
  return {
    /**
     * Recomputes the trending score of published cards, writing only scores that moved by more than the
     * tolerance. It walks the table in physical order, `pagesPerBatch` pages per statement (a TID range
     * scan: sequential reads, and row locks held only for one short statement); walking by id instead reads
     * the wide rows in random order and took ten times as long on 100,000 cards.
     */
    async recomputeTrending(pagesPerBatch = 2000): Promise<{ updated: number }> {
      const size = await orm.execute<{ pages: number }>(
        sql`select (pg_relation_size('cards') / current_setting('block_size')::int)::int as pages`,
      );
      const pages = size.rows[0]?.pages ?? 0;
      let updated = 0;
      for (let start = 0; start < pages; start += pagesPerBatch) {
        const result = await orm.execute(sql`
          update ${cards} set trending_score = ${trendingScoreSql}
          where ctid >= ${`(${start},0)`}::tid and ctid < ${`(${start + pagesPerBatch},0)`}::tid
            and ${publishedCard()}
            and abs(${cards.trendingScore} - ${trendingScoreSql}) > ${TRENDING_TOLERANCE} * ${trendingScoreSql}`);
        updated += result.rowCount ?? 0;
      }
      return { updated };
    },
  };
}

/**
 * Recomputes one card's trending score now, in `executor`'s transaction: the cards module calls it after a
 * like, an unlike, a remix or a publish, so the card moves at once rather than at the next sweep.
 */
export async function refreshTrendingScore(executor: Executor, cardId: string): Promise<void> {
  await executor.update(cards).set({ trendingScore: trendingScoreSql }).where(eq(cards.id, cardId));
}
