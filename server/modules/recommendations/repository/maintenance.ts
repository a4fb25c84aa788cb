import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { listedCard } from '../../../db/visibility.ts';

/** Each person's most recent engagements that count for co-engagement (bounding a very active person's pairs). */
export const RECENT_PER_PERSON = 30;
/** Two engagements pair when at most this many places apart in the person's history (a session's span). */
export const PAIR_WINDOW = 5;
/** Neighbours kept per card. */
export const NEIGHBOURS_PER_CARD = 20;
/** Cards kept in each tag's pool. */
export const TAG_POOL = 50;

/**
 * Builds the neighbour table again from likes and studied cards: pairs of cards engaged with close together
 * by the same person, scored by a shrunk cosine (co-engagements over the root of the two cards' engagement
 * counts, times co/(co+1) so a single shared person counts for less). Runs on `db`, which may be a
 * transaction whose `card_neighbours` is a temporary table (the evaluation's).
 */
export async function rebuildNeighbours(db: Executor): Promise<{ pairs: number; cards: number }> {
  await db.execute(sql`set local work_mem = '256MB'`);
  await db.execute(sql`delete from card_neighbours`);
  await db.execute(sql`
    insert into card_neighbours (card_id, neighbour_id, score)
    with events as (
      select profile_key, card_id, created_at as at from card_likes
      union all
      select profile_key, card_id, max(coalesce(last_review, updated_at)) from review_states
      where reps > 0 group by profile_key, card_id
    ),
    engaged as (select profile_key, card_id, max(at) as at from events group by profile_key, card_id),
    kept as (
      select profile_key, card_id, r from (
        select profile_key, card_id, row_number() over (partition by profile_key order by at desc, card_id) as r
        from engaged
      ) ranked
      where r <= ${RECENT_PER_PERSON}
    ),
    degree as (select card_id, count(*)::float8 as d from kept group by card_id),
    pairs as (
      select least(a.card_id, b.card_id) as x, greatest(a.card_id, b.card_id) as y, count(*)::float8 as co
      from kept a
      cross join generate_series(1, ${PAIR_WINDOW}) as step
      join kept b on b.profile_key = a.profile_key and b.r = a.r + step
      group by 1, 2
    ),
    both_ways as (
      select x as c, y as n, co from pairs union all select y as c, x as n, co from pairs
    ),
    scored as (
      select c, n, co / sqrt(dc.d * dn.d) * (co / (co + 1)) as score
      from both_ways join degree dc on dc.card_id = c join degree dn on dn.card_id = n
    ),
    ranked as (select c, n, score, row_number() over (partition by c order by score desc, n) as k from scored)
    select c, n, score from ranked where k <= ${NEIGHBOURS_PER_CARD}`);
  const counts = await db.execute<{ pairs: number; cards: number }>(sql`
    select count(*)::int as pairs, count(distinct card_id)::int as cards from card_neighbours`);
  return counts.rows[0]!;
}

/** Builds the tag statistics again: each listed tag's card count and its most trending cards. */
export async function rebuildTagStats(db: Executor): Promise<number> {
  await db.execute(sql`delete from tag_stats`);
  const result = await db.execute(sql`
    insert into tag_stats (tag, cards, pool)
    select tag, count(*)::int, (array_agg(cards.id order by cards.trending_score desc, cards.id desc))[1:${sql.raw(String(TAG_POOL))}]
    from cards, unnest(cards.tags) as tag
    where ${listedCard()}
    group by tag`);
  return result.rowCount ?? 0;
}

/** Deletes impressions older than `days` and visits older than a day; returns how many of each. */
export async function deleteOldRows(db: Executor, days: number) {
  const impressions = await db.execute(sql`
    delete from recommendation_impressions where shown_at < now() - make_interval(days => ${days})`);
  const feeds = await db.execute(
    sql`delete from recommendation_feeds where created_at < now() - interval '1 day'`,
  );
  return { impressions: impressions.rowCount ?? 0, feeds: feeds.rowCount ?? 0 };
}
