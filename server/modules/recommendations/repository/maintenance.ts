import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { listedCard } from '../../../db/visibility.ts';

/** Each person's most recent engagements that count for co-engagement (bounding a very active person's pairs). */
export const RECENT_PER_PERSON = 20;
/** Two engagements pair when at most three places apart in the person's history (a session's span; the
 * statement below writes the three `lead`s out). */
/** Neighbours kept per card. */
export const NEIGHBOURS_PER_CARD = 20;
/** Cards kept in each tag's pool. */
export const TAG_POOL = 50;

/**
 * The neighbour rows, computed from likes and studied cards: pairs of cards engaged with close together by
 * the same person, scored by a shrunk cosine (co-engagements over the root of the two cards' engagement
 * counts, times co/(co+1) so a single shared person counts for less), the best per card. Each person's
 * latest engagements are read from their own index (a lateral per person), which costs half of sorting
 * every engagement of the site by person and time.
 */
const neighbourRows = sql`
  with kept as (
    select p.key as profile_key, e.card_id, e.r from profiles p
    cross join lateral (
      select card_id, row_number() over (order by max(at) desc, card_id) as r
      from (
        (select card_id, created_at as at from card_likes where profile_key = p.key
         order by created_at desc limit ${RECENT_PER_PERSON})
        union all
        (select card_id, max(coalesce(last_review, updated_at)) as at from review_states
         where profile_key = p.key and reps > 0 group by card_id order by 2 desc limit ${RECENT_PER_PERSON})
      ) engaged
      group by card_id
      order by r
      limit ${RECENT_PER_PERSON}
    ) e
  ),
  -- Each engagement with its card's engagement count, then the next few of the same person beside it: the
  -- window pairs without a self-join, each carrying both counts (no join to a table of counts after).
  counted as (select profile_key, card_id, r, count(*) over (partition by card_id) as d from kept),
  windowed as (
    select card_id, d,
      lead(card_id, 1) over w as n1, lead(d, 1) over w as d1,
      lead(card_id, 2) over w as n2, lead(d, 2) over w as d2,
      lead(card_id, 3) over w as n3, lead(d, 3) over w as d3
    from counted window w as (partition by profile_key order by r)
  ),
  one_way as (
    select card_id as c, d as dc, x.n, x.dn
    from windowed, lateral (values (n1, d1), (n2, d2), (n3, d3)) as x(n, dn)
    where x.n is not null
  ),
  pairs as (
    select c, n, count(*)::float8 as co, max(dc)::float8 as dc, max(dn)::float8 as dn
    from (select c, dc, n, dn from one_way union all select n, dn, c, dc from one_way) both_ways
    group by c, n
  ),
  ranked as (
    select c, n, co / sqrt(dc * dn) * (co / (co + 1)) as score,
      row_number() over (partition by c order by co / sqrt(dc * dn) * (co / (co + 1)) desc, n) as k
    from pairs
  )
  select c, n, score from ranked where k <= ${NEIGHBOURS_PER_CARD}`;

/**
 * Builds the neighbour table again. A new table is filled without indexes, indexed once, and takes the old
 * one's place in the same transaction, so readers see the old rows until the commit and the insert does not
 * maintain an index row by row (with `inPlace`, on the evaluation's temporary table, the rows are replaced
 * where they are). Two rebuilds never overlap (a transaction-level advisory lock).
 */
export async function rebuildNeighbours(
  db: Executor,
  options: { inPlace?: boolean } = {},
): Promise<{ pairs: number; cards: number }> {
  await db.execute(sql`set local work_mem = '256MB'`);
  if (options.inPlace) {
    await db.execute(sql`delete from card_neighbours`);
    await db.execute(sql`insert into card_neighbours (card_id, neighbour_id, score) ${neighbourRows}`);
    await db.execute(sql`analyze card_neighbours`);
    const counts = await db.execute<{ pairs: number; cards: number }>(sql`
      select count(*)::int as pairs, count(distinct card_id)::int as cards from card_neighbours`);
    return counts.rows[0]!;
  }
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('recommendations.neighbours'))`);
  await db.execute(sql`drop table if exists card_neighbours_next`);
  await db.execute(sql`
    create table card_neighbours_next (card_id uuid not null, neighbour_id uuid not null, score double precision not null)`);
  await db.execute(sql`insert into card_neighbours_next (card_id, neighbour_id, score) ${neighbourRows}`);
  await db.execute(sql`
    alter table card_neighbours_next add constraint card_neighbours_next_pk primary key (card_id, neighbour_id)`);
  // The planner needs the new table's statistics at once: without them it scans it whole for each feed.
  await db.execute(sql`analyze card_neighbours_next`);
  const counts = await db.execute<{ pairs: number; cards: number }>(sql`
    select count(*)::int as pairs, count(distinct card_id)::int as cards from card_neighbours_next`);
  // The swap comes last: from the drop to the commit, feeds wait for the table, so nothing else runs then.
  await db.execute(sql`drop table card_neighbours`);
  await db.execute(sql`alter table card_neighbours_next rename to card_neighbours`);
  await db.execute(sql`
    alter table card_neighbours rename constraint card_neighbours_next_pk to card_neighbours_card_id_neighbour_id_pk`);
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
