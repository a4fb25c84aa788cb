import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Orm } from '../../../db/client.ts';
import { cards, profiles } from '../../../db/schema.ts';
import { excerptSourceLength } from '../../cards/index.ts';

/**
 * Orders as the partial indexes do (drizzle writes them `desc nulls last`); a plain `desc` means `nulls first`
 * in PostgreSQL, which those indexes cannot give, and the feeds would sort every listed card instead.
 */
export const newestFirst = [sql`${cards.publishedAt} desc nulls last`, sql`${cards.id} desc nulls last`];
export const trendingFirst = [sql`${cards.trendingScore} desc nulls last`, sql`${cards.id} desc nulls last`];

/** What a card list reads of a card: the summary's fields, and only the start of the body for the excerpt. */
export const summaryColumns = {
  id: cards.id,
  title: cards.title,
  body: sql<string>`substr(${cards.body}, 1, ${sql.raw(String(excerptSourceLength))})`,
  type: cards.type,
  tags: cards.tags,
  coverURL: cards.coverURL,
  visibility: cards.visibility,
  status: cards.status,
  likes: cards.likes,
  remixes: cards.remixes,
  views: cards.views,
  publishedAt: cards.publishedAt,
  updatedAt: cards.updatedAt,
  trendingScore: cards.trendingScore,
  // Microsecond precision as text: a JavaScript Date keeps milliseconds only, and a cursor that rounds
  // would skip or repeat cards published within the same millisecond.
  publishedAtExact: sql<string>`to_char(${cards.publishedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
};

/**
 * What a card list reads of its author: the fields of a profile summary, not the whole row (bio, contact
 * details), which every list would otherwise carry from PostgreSQL and parse for nothing.
 */
export const authorColumns = {
  key: profiles.key,
  handle: profiles.handle,
  displayName: profiles.displayName,
  photoURL: profiles.photoURL,
  rank: profiles.rank,
  isSubscribed: profiles.isSubscribed,
  subscribedUntil: profiles.subscribedUntil,
};

/** A keyset position in a list ordered by a timestamp (exact, as text) and then an id, both descending. */
export type TimeKey = { at: string; id: string };
/** A keyset position in the trending list. */
export type ScoreKey = { score: number; id: string };

/** Optional filters of search and the global graph. */
export type CardFilters = {
  /** A normalised tag: matches itself and the tags nested under it (`ml` matches `ml/recsys`). */
  tag?: string;
  type?: string;
  /** A handle, in any letter case. */
  author?: string;
};

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Which filters a search uses: statements are prepared once per shape, with the values as parameters. */
export type FilterShape = { tag: boolean; type: boolean; author: boolean };

export const shapeOf = (filters: CardFilters): FilterShape => ({
  tag: filters.tag !== undefined,
  type: filters.type !== undefined,
  author: filters.author !== undefined,
});

/** The parameters of the filters' conditions, by name. */
export function filterValues(filters: CardFilters) {
  return {
    tag: filters.tag,
    nestedTags: filters.tag === undefined ? undefined : `${escapeLike(filters.tag)}/%`,
    type: filters.type,
    author: filters.author,
  };
}
type FilterValues = ReturnType<typeof filterValues>;

/** The conditions of the filters in `shape`, each value given by `value` (a parameter or a placeholder). */
export function filterConditionsOf(
  shape: FilterShape,
  value: (name: keyof FilterValues) => unknown,
): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (shape.tag) {
    conditions.push(
      sql`exists (select 1 from unnest(${cards.tags}) as tag where tag = ${value('tag')} or tag like ${value('nestedTags')})`,
    );
    // No `search_vector @@` prefilter here: when the planner walks the index of new cards, every card it
    // passes would have its large vector decompressed just to test the tag words.
  }
  if (shape.type) conditions.push(sql`${cards.type} = ${value('type')}`);
  if (shape.author) {
    conditions.push(
      sql`${cards.authorKey} = (select ${profiles.key} from ${profiles} where lower(${profiles.handle}) = lower(${value('author')}))`,
    );
  }
  return conditions;
}

export function filterConditions(filters: CardFilters): (SQL | undefined)[] {
  const values = filterValues(filters);
  return filterConditionsOf(shapeOf(filters), (name) => values[name]);
}

export const timeKeyBefore = (column: AnyColumn, idColumn: AnyColumn, key: TimeKey) =>
  sql`(${column}, ${idColumn}) < (${key.at}::timestamp at time zone 'UTC', ${key.id}::uuid)`;

/** Card summaries with their authors: what every card list selects. */
export function summaries(orm: Pick<Orm, 'select'>) {
  return orm
    .select({ card: summaryColumns, author: authorColumns })
    .from(cards)
    .innerJoin(profiles, eq(profiles.key, cards.authorKey));
}
