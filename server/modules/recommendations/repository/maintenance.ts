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
 * latest engagements are read from their own index (a lateral per person), and their window pairs (`lead`)
 * are taken there, over at most 20 rows, instead of sorting every engagement of the site by person; each
 * pair is counted once, unordered, and written both ways only once scored.
 */
const neighbourRows = sql`
  with engaged as materialized (
    select e.card_id, e.n1, e.n2, e.n3 from profiles p
    cross join lateral (
      select card_id, lead(card_id, 1) over w as n1, lead(card_id, 2) over w as n2, lead(card_id, 3) over w as n3
      from (
        select card_id, max(at) as at
        from (
          (select card_id, created_at as at from card_likes where profile_key = p.key
           order by created_at desc limit ${RECENT_PER_PERSON})
          union all
          (select card_id, max(coalesce(last_review, updated_at)) as at from review_states
           where profile_key = p.key and reps > 0 group by card_id order by 2 desc limit ${RECENT_PER_PERSON})
        ) engaged
        group by card_id
        order by max(at) desc, card_id
        limit ${RECENT_PER_PERSON}
      ) latest
      window w as (order by at desc, card_id)
    ) e
  ),
  degrees as (select card_id, count(*)::float8 as d from engaged group by card_id),
  unordered as (
    select least(card_id, x.n) as a, greatest(card_id, x.n) as b, count(*)::float8 as co
    from engaged, lateral (values (n1), (n2), (n3)) as x(n)
    where x.n is not null
    group by 1, 2
  ),
  scored as (
    select u.a, u.b, u.co / sqrt(da.d * db.d) * (u.co / (u.co + 1)) as score
    from unordered u join degrees da on da.card_id = u.a join degrees db on db.card_id = u.b
  ),
  both_ways as (select a as c, b as n, score from scored union all select b, a, score from scored),
  ranked as (select c, n, score, row_number() over (partition by c order by score desc, n) as k from both_ways)
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

/** Deletes impressions older than `days`, visits older than a day and deleted people's counters. */
export async function deleteOldRows(db: Executor, days: number) {
  const impressions = await db.execute(sql`
    delete from recommendation_impressions where shown_at < now() - make_interval(days => ${days})`);
  const feeds = await db.execute(
    sql`delete from recommendation_feeds where created_at < now() - interval '1 day'`,
  );
  // Counters of deleted accounts (their rows cascading away moved them once more).
  await db.execute(sql`
    delete from recommendation_signal_versions v where not exists (select 1 from profiles p where p.key = v.profile_key)`);
  return { impressions: impressions.rowCount ?? 0, feeds: feeds.rowCount ?? 0 };
}
