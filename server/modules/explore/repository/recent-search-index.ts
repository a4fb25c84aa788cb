import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { Orm } from '../../../db/client.ts';
import { cards } from '../../../db/schema.ts';
import { listedCard } from '../../../db/visibility.ts';

/**
 * The recent-cards search index: a second full-text index over the cards published since a bound, kept by a
 * job (see docs/decisions/019-a-search-index-of-recent-cards.md). Search reads body matches newest first through
 * windows of the newest cards (`searchBodies`); in the full index a common word pair means decoding the posting
 * lists of every card that holds either word, while in this one only those of the recent cards. No query
 * names it: PostgreSQL may use it for a window only when the window starts at or after the bound (it proves
 * the index's predicate from the window's condition), and uses the full index otherwise, so a stale or missing
 * index can make a search slower, never wrong.
 */

/** The prefix of the index's name; the rest is the bound, in seconds since 1970, so each build has a name. */
const NAME_PREFIX = 'cards_recent_search_';
/** How many of the newest listed cards a fresh build covers; it is built again once it covers twice as many. */
export const RECENT_SEARCH_CARDS = 8_000;

/**
 * The condition that lets a window of search use the recent-cards index: "published since `since`", written on
 * the UTC wall-clock time. The index's bound is written on that same expression rather than on `published_at`
 * itself because PostgreSQL will not combine (BitmapAnd) a partial index with another index whose condition
 * already implies the partial index's predicate: the window's `published_at >= since`, read through the index
 * of new cards, would make it drop the recent-cards index whenever that index of new cards looks cheaper.
 */
export function publishedSinceForRecentIndex(since: Date): SQL {
  return sql`(${cards.publishedAt} at time zone 'UTC') >= (${since.toISOString()}::timestamptz at time zone 'UTC')`;
}

type IndexRow = { name: string; valid: boolean; bound: string | null };

/** The recent-cards indexes there are, oldest first, with their bounds as PostgreSQL prints them. */
async function indexes(orm: Orm): Promise<IndexRow[]> {
  const result = await orm.execute<IndexRow>(sql`
    select c.relname as name, i.indisvalid as valid,
           substring(pg_get_expr(i.indpred, i.indrelid) from '''([^'']+)''::timestamp') as bound
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    where i.indrelid = ${getTableName(cards)}::regclass and c.relname like ${`${NAME_PREFIX}%`}
    order by c.relname`);
  return result.rows;
}

/** A bound as PostgreSQL prints a timestamp (UTC wall-clock time): safe to write into a statement. */
const BOUND = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?$/;

/** The recent-cards index search can use: its bound, as a literal and as a time; none while there is none. */
export type RecentIndexBound = { literal: string; since: Date };

/** The bound of the newest valid recent-cards index, if there is one. */
export async function readRecentIndexBound(orm: Orm): Promise<RecentIndexBound | undefined> {
  const bound = (await indexes(orm)).filter((row) => row.valid).at(-1)?.bound;
  if (!bound || !BOUND.test(bound)) return undefined;
  return { literal: bound, since: new Date(`${bound.replace(' ', 'T')}Z`) };
}

/**
 * The recent-cards index's own predicate, for a prepared statement that reads a window inside it: a generic
 * plan can prove the predicate only from the same expression and constant, not from a parameter.
 */
export function insideRecentIndex(bound: RecentIndexBound): SQL {
  if (!BOUND.test(bound.literal)) throw new Error(`Bad bound ${bound.literal}`);
  return sql`(${cards.publishedAt} at time zone 'UTC') >= ${sql.raw(`'${bound.literal}'::timestamp`)}`;
}

/** Builds, replaces and drops the recent-cards search index. */
export function createRecentSearchIndexRepository(orm: Orm) {
  return {
    /**
     * Keeps the recent-cards index covering between `size` and twice `size` of the newest listed cards:
     * builds it (concurrently: writes go on meanwhile) when there is none or it covers more, then drops the
     * older ones and any that a failed build left invalid. With no more than twice `size` listed cards there
     * is nothing to gain over the full index, and nothing is built. Returns the bound of the index it built.
     */
    async refreshRecentSearchIndex(size = RECENT_SEARCH_CARDS): Promise<{ built: string | null }> {
      // When the size-th and the (2·size + 1)-th newest listed cards were published (null: fewer are listed).
      const bounds = await orm.execute<{ fresh: string | null; stale: string | null }>(sql`
        select (select to_char(${cards.publishedAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')
                from ${cards} where ${listedCard()}
                order by ${cards.publishedAt} desc nulls last, ${cards.id} desc nulls last
                offset ${size - 1} limit 1) as fresh,
               (select ${cards.publishedAt}::text from ${cards} where ${listedCard()}
                order by ${cards.publishedAt} desc nulls last, ${cards.id} desc nulls last
                offset ${2 * size} limit 1) as stale`);
      const { fresh, stale } = bounds.rows[0] ?? { fresh: null, stale: null };

      let existing = await indexes(orm);
      for (const index of existing.filter((row) => !row.valid))
        await orm.execute(sql`drop index concurrently if exists ${sql.identifier(index.name)}`);
      existing = existing.filter((row) => row.valid);
      if (fresh === null || stale === null) return { built: null };

      // The index in use covers the cards since its bound: fine while that is no more than 2·size listed cards.
      const current = existing.at(-1);
      if (current?.bound) {
        const covers = await orm.execute<{ ok: boolean }>(
          sql`select ${current.bound}::timestamp > (${stale}::timestamptz at time zone 'UTC') as ok`,
        );
        if (covers.rows[0]?.ok) return { built: null };
      }

      // A timestamp PostgreSQL printed in this exact form: safe to write into the statement as a literal.
      if (!/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}$/.test(fresh)) throw new Error(`Bad bound ${fresh}`);
      const name = `${NAME_PREFIX}${Math.floor(Date.parse(`${fresh.replace(' ', 'T')}Z`) / 1000)}`;
      // An index definition names bare columns (the schema's casing makes these the SQL names); the predicate
      // is on the expression of `publishedSinceForRecentIndex`.
      await orm.execute(sql`
        create index concurrently if not exists ${sql.identifier(name)} on ${cards}
        using gin (search_vector) with (gin_pending_list_limit = 256)
        where (published_at at time zone 'UTC') >= ${sql.raw(`'${fresh}'::timestamp`)}`);
      for (const index of existing.filter((row) => row.name !== name))
        await orm.execute(sql`drop index concurrently if exists ${sql.identifier(index.name)}`);
      return { built: fresh };
    },
  };
}
