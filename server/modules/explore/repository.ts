import {
  and,
  desc,
  eq,
  getTableName,
  inArray,
  notInArray,
  sql,
  type AnyColumn,
  type Column,
  type Subquery,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Database, Orm } from '../../db/client.ts';
import { blocks, cardLikes, cardLinks, cards, cardViews, follows, profiles } from '../../db/schema.ts';
import { excerptSourceLength } from '../cards/present.ts';
import type { Executor } from '../reputation/repository.ts';
import { estimateShare, type LexemeStats } from './match-estimate.ts';

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

/**
 * Listed in feeds, search, graphs and backlinks: published, public, not deleted. Written out literally (not
 * as parameters) so the planner matches the partial indexes `cards_public_new_idx` and `cards_public_trending_idx`.
 */
const listed = sql`${cards.status} = 'published' and ${cards.visibility} = 'public' and ${cards.deletedAt} is null`;

/**
 * Orders as the partial indexes do (drizzle writes them `desc nulls last`); a plain `desc` means `nulls first`
 * in PostgreSQL, which those indexes cannot give, and the feeds would sort every listed card instead.
 */
const newestFirst = [sql`${cards.publishedAt} desc nulls last`, sql`${cards.id} desc nulls last`];
const trendingFirst = [sql`${cards.trendingScore} desc nulls last`, sql`${cards.id} desc nulls last`];

/** Leaves out the cards of authors the reader blocks. */
function notBlockedBy(readerKey: string | Placeholder | undefined): SQL | undefined {
  if (!readerKey) return undefined;
  return sql`not exists (select 1 from ${blocks} where ${blocks.blockerKey} = ${readerKey} and ${blocks.blockedKey} = ${cards.authorKey})`;
}

/** What a card list reads of a card: the summary's fields, and only the start of the body for the excerpt. */
const summaryColumns = {
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

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Which filters a search uses: statements are prepared once per shape, with the values as parameters. */
type FilterShape = { tag: boolean; type: boolean; author: boolean };

const shapeOf = (filters: CardFilters): FilterShape => ({
  tag: filters.tag !== undefined,
  type: filters.type !== undefined,
  author: filters.author !== undefined,
});

/** The parameters of the filters' conditions, by name. */
function filterValues(filters: CardFilters) {
  return {
    tag: filters.tag,
    nestedTags: filters.tag === undefined ? undefined : `${escapeLike(filters.tag)}/%`,
    type: filters.type,
    author: filters.author,
  };
}
type FilterValues = ReturnType<typeof filterValues>;

/** The conditions of the filters in `shape`, each value given by `value` (a parameter or a placeholder). */
function filterConditionsOf(
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

function filterConditions(filters: CardFilters): (SQL | undefined)[] {
  const values = filterValues(filters);
  return filterConditionsOf(shapeOf(filters), (name) => values[name]);
}

const timeKeyBefore = (column: AnyColumn, idColumn: AnyColumn, key: TimeKey) =>
  sql`(${column}, ${idColumn}) < (${key.at}::timestamp at time zone 'UTC', ${key.id}::uuid)`;

/**
 * The query of search: the words stemmed as English (as titles and bodies are indexed), or else all of them as
 * written, which is how tags are indexed ('simple'): "recsys" stems to "recsi", yet must find the tag `recsys`.
 */
export const tsQuery = (q: string | Placeholder) =>
  sql`(websearch_to_tsquery('english', cardweb_unaccent(${q})) || websearch_to_tsquery('simple', cardweb_unaccent(${q})))`;

/**
 * The query as a subquery that PostgreSQL evaluates once per statement. In a prepared statement's generic plan
 * the expression itself would be parsed again for every row it is compared with or ranked against.
 */
const onceQuery = (q: string | Placeholder) => sql`(select ${tsQuery(q)})`;

/**
 * How much of a body a search result brings for its snippet: snippets look for the first match in the first
 * SNIPPET_SOURCE_CHARS characters of plain text, which this much Markdown covers.
 */
export const snippetSourceLength = 20_000;
const snippetSource = sql<string>`substr(${cards.body}, 1, ${sql.raw(String(snippetSourceLength))})`;

/**
 * How search reads body matches (see `searchBodies`): all of them when PostgreSQL expects at most
 * `bitmapAllBelow`; by walking the newest cards when it expects at least `walkShare` of the listed cards to
 * match; through a window of the newest cards otherwise. Set on the 100,000-card benchmark. The estimate
 * counts a word whose English stem is the word itself twice (the query holds it in both of its forms), so it
 * is up to twice the truth.
 */
export type BodySearchTuning = {
  bitmapAllBelow: number;
  walkShare: number;
  /** The smallest window, in newest cards; the others double it, ten times. */
  smallestWindow: number;
};
const defaultTuning: BodySearchTuning = { bitmapAllBelow: 1000, walkShare: 0.1, smallestWindow: 1000 };
/** How long the cached publication times of the n-th newest listed cards (search's windows) are used. */
const NEWEST_TIMES_TTL_MS = 60_000;
/** How long the cached lexeme statistics (search's estimates) are used; ANALYZE renews them rarely. */
const LEXEME_STATS_TTL_MS = 10 * 60_000;

/** How long the search for mentions of a title may take. */
const MENTIONS_TIMEOUT_MS = 500;

/** PostgreSQL's "canceling statement due to statement timeout" (57014), as it is or wrapped by Drizzle. */
function isQueryCanceled(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: string }).code === '57014') return true;
  }
  return false;
}

/** Storage side of Explore: card lists, search, views, trending, backlinks and graphs. */
export function createExploreRepository(db: Database, options: { bodySearch?: BodySearchTuning } = {}) {
  const { orm } = db;
  const tuning = options.bodySearch ?? defaultTuning;
  // Each way of reading body matches runs on sessions where the planner can take no other (see searchBodies).
  const byWalking = db.withSettings({ enable_seqscan: 'off', enable_bitmapscan: 'off' });
  const byIndex = db.withSettings({ enable_seqscan: 'off', enable_indexscan: 'off' });

  // When the n-th newest listed card was published, for n = smallestWindow · 2^i: search's windows of newest
  // cards. Read once a minute; cards published since make a window a little larger, never wrong (see
  // searchBodies).
  let newestTimes: { at: number; times: Map<number, Date> } | undefined;
  const windows = Array.from({ length: 10 }, (_, i) => tuning.smallestWindow * 2 ** i);
  async function newestSince(count: number): Promise<Date | undefined> {
    const n = windows.find((size) => size >= count) ?? Infinity;
    if (!newestTimes || Date.now() - newestTimes.at > NEWEST_TIMES_TTL_MS) {
      const result = await orm.execute<{ n: number; at: Date | string | null }>(sql`
        select n, (select ${cards.publishedAt} from ${cards} where ${listed}
                   order by ${cards.publishedAt} desc nulls last, ${cards.id} desc nulls last
                   offset n - 1 limit 1) as at
        from unnest(${sql.param(windows)}::int[]) as n`);
      newestTimes = {
        at: Date.now(),
        times: new Map(result.rows.flatMap((row) => (row.at ? [[row.n, new Date(row.at)] as const] : []))),
      };
    }
    // No time: fewer cards than that are listed, so the window is all of them.
    return newestTimes.times.get(n);
  }

  // The statistics PostgreSQL keeps of the search vector, read every few minutes: search estimates how many
  // cards a query matches from them, as the planner would (see match-estimate.ts).
  let lexemes: { at: number; stats: Promise<LexemeStats> } | undefined;
  function lexemeStats(): Promise<LexemeStats> {
    if (!lexemes || Date.now() - lexemes.at > LEXEME_STATS_TTL_MS) {
      const stats = readLexemeStats();
      lexemes = { at: Date.now(), stats };
      // A failed read is not kept: the next search asks again.
      stats.catch(() => (lexemes = undefined));
    }
    return lexemes.stats;
  }
  async function readLexemeStats(): Promise<LexemeStats> {
    const result = await orm.execute<{ elems: string[] | null; freqs: number[] | null; cards: number }>(sql`
      select s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as freqs,
             greatest(c.reltuples, 0)::float8 as cards
      from pg_class c
      left join pg_stats s on s.schemaname = current_schema() and s.tablename = c.relname
        and s.attname = 'search_vector'
      where c.oid = ${getTableName(cards)}::regclass`);
    const row = result.rows[0];
    const elems = row?.elems ?? [];
    const freqs = row?.freqs ?? [];
    // The frequencies end with their minimum, maximum and the share of empty vectors.
    return {
      frequencies: new Map(elems.map((lexeme, i) => [lexeme, freqs[i] ?? 0])),
      minimum: freqs[elems.length] ?? 0,
      cards: row?.cards ?? 0,
    };
  }

  function summaries() {
    return orm
      .select({ card: summaryColumns, author: profiles })
      .from(cards)
      .innerJoin(profiles, eq(profiles.key, cards.authorKey));
  }

  // The two public feeds are the most requested lists: their statements are built once per shape (signed in
  // or not, first page or not) and prepared, which saved about a millisecond of CPU per request.
  const feeds = new Map<string, ReturnType<typeof prepareFeed>>();
  function prepareFeed(order: 'newest' | 'trending', signedIn: boolean, paged: boolean) {
    const id = sql.placeholder('id');
    const after =
      order === 'newest'
        ? sql`(${cards.publishedAt}, ${cards.id}) < (${sql.placeholder('at')}::timestamp at time zone 'UTC', ${id}::uuid)`
        : sql`(${cards.trendingScore}, ${cards.id}) < (${sql.placeholder('score')}::float8, ${id}::uuid)`;
    return summaries()
      .where(
        and(
          listed,
          signedIn ? notBlockedBy(sql.placeholder('reader')) : undefined,
          paged ? after : undefined,
        ),
      )
      .orderBy(...(order === 'newest' ? newestFirst : trendingFirst))
      .limit(sql.placeholder('limit'))
      .prepare(`explore_${order}_${signedIn ? 'reader' : 'visitor'}_${paged ? 'next' : 'first'}`);
  }
  function feed(order: 'newest' | 'trending', signedIn: boolean, paged: boolean) {
    const key = `${order}/${signedIn}/${paged}`;
    let statement = feeds.get(key);
    if (!statement) feeds.set(key, (statement = prepareFeed(order, signedIn, paged)));
    return statement;
  }

  /**
   * A page of search results read in full (summary, author, the start of the body for the snippet) from a
   * subquery of their ids, in its order: each query sorts ids alone and reads whole rows for the page only,
   * since sorting whole rows would read every match's body. `before` orders ahead of newest first; `builder`
   * is the handle (or a transaction) to run on.
   */
  function withSnippetSources(
    page: Subquery<string, { id: Column; publishedAt: Column }> & { id: Column; publishedAt: Column },
    options: { before?: SQL; builder?: Pick<Orm, 'select'> } = {},
  ) {
    const { before, builder = orm } = options;
    return builder
      .select({ card: summaryColumns, author: profiles, fullBody: snippetSource })
      .from(page)
      .innerJoin(cards, eq(cards.id, page.id))
      .innerJoin(profiles, eq(profiles.key, cards.authorKey))
      .orderBy(
        ...(before ? [before] : []),
        sql`${page.publishedAt} desc nulls last`,
        sql`${page.id} desc nulls last`,
      );
  }

  // The first tier of search runs on every search: prepared once per shape (filters used, signed in or not).
  // Its best plan never depends on the words (the title and tags index, then a sort of the matches' ids).
  const heads = new Map<string, ReturnType<typeof prepareHead>>();
  function prepareHead(shape: FilterShape, signedIn: boolean, name: string) {
    const query = onceQuery(sql.placeholder('q'));
    const top = orm
      .select({
        id: cards.id,
        rank: sql<number>`ts_rank_cd('{0.1, 0.1, 0.4, 1.0}', ${cards.searchHead}, ${query})`.as(
          'search_rank',
        ),
        publishedAt: cards.publishedAt,
      })
      .from(cards)
      .where(
        and(
          listed,
          sql`${cards.searchHead} @@ ${query}`,
          signedIn ? notBlockedBy(sql.placeholder('reader')) : undefined,
          ...filterConditionsOf(shape, (value) => sql.placeholder(value)),
        ),
      )
      .orderBy(sql`search_rank desc`, ...newestFirst)
      .offset(sql.placeholder('offset'))
      .limit(sql.placeholder('limit'))
      .as('top');
    // By the alias, which only the subquery has (`rank` alone would be the author's rank).
    return withSnippetSources(top, { before: sql`search_rank desc` }).prepare(name);
  }
  function headStatement(shape: FilterShape, signedIn: boolean) {
    const name = `search_head_${signedIn ? 'reader' : 'visitor'}${shape.tag ? '_tag' : ''}${shape.type ? '_type' : ''}${shape.author ? '_author' : ''}`;
    let statement = heads.get(name);
    if (!statement) heads.set(name, (statement = prepareHead(shape, signedIn, name)));
    return statement;
  }

  return {
    /** Listed cards, newest first. */
    async newest(readerKey: string | undefined, limit: number, after?: TimeKey) {
      return feed('newest', readerKey !== undefined, after !== undefined).execute({
        reader: readerKey,
        at: after?.at,
        id: after?.id,
        limit,
      });
    },

    /** Listed cards by trending score. */
    async trending(readerKey: string | undefined, limit: number, after?: ScoreKey) {
      return feed('trending', readerKey !== undefined, after !== undefined).execute({
        reader: readerKey,
        score: after?.score,
        id: after?.id,
        limit,
      });
    },

    /** Listed cards by the people `readerKey` follows, newest first. */
    async following(readerKey: string, limit: number, after?: TimeKey) {
      return summaries()
        .where(
          and(
            listed,
            sql`${cards.authorKey} in (select ${follows.followeeKey} from ${follows} where ${follows.followerKey} = ${readerKey})`,
            notBlockedBy(readerKey),
            after ? timeKeyBefore(cards.publishedAt, cards.id, after) : undefined,
          ),
        )
        .orderBy(...newestFirst)
        .limit(limit);
    },

    /**
     * An author's published cards, newest first: the public ones, and for the author also the unlisted and
     * private ones.
     */
    async byAuthor(authorKey: string, readerKey: string | undefined, limit: number, after?: TimeKey) {
      const own = readerKey === authorKey;
      return summaries()
        .where(
          and(
            eq(cards.authorKey, authorKey),
            sql`${cards.status} = 'published' and ${cards.deletedAt} is null`,
            own ? undefined : eq(cards.visibility, 'public'),
            notBlockedBy(readerKey),
            after ? timeKeyBefore(cards.publishedAt, cards.id, after) : undefined,
          ),
        )
        .orderBy(...newestFirst)
        .limit(limit);
    },

    /** Listed cards `profileKey` liked, the newest like first; the key is the like's time and id. */
    async likedBy(profileKey: string, limit: number, after?: TimeKey) {
      return orm
        .select({
          card: summaryColumns,
          author: profiles,
          likedAt: sql<string>`to_char(${cardLikes.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
          likeId: cardLikes.id,
        })
        .from(cardLikes)
        .innerJoin(cards, eq(cards.id, cardLikes.cardId))
        .innerJoin(profiles, eq(profiles.key, cards.authorKey))
        .where(
          and(
            eq(cardLikes.profileKey, profileKey),
            listed,
            notBlockedBy(profileKey),
            after ? timeKeyBefore(cardLikes.createdAt, cardLikes.id, after) : undefined,
          ),
        )
        .orderBy(desc(cardLikes.createdAt), desc(cardLikes.id))
        .limit(limit);
    },

    async findProfile(key: string) {
      const [row] = await orm.select().from(profiles).where(eq(profiles.key, key)).limit(1);
      return row;
    },

    /** What deciding whether someone may open a card needs; undefined when there is no such card. */
    async findAccess(cardId: string) {
      const [row] = await orm
        .select({
          id: cards.id,
          authorKey: cards.authorKey,
          title: cards.title,
          type: cards.type,
          likes: cards.likes,
          status: cards.status,
          visibility: cards.visibility,
          deletedAt: cards.deletedAt,
          views: cards.views,
        })
        .from(cards)
        .where(eq(cards.id, cardId))
        .limit(1);
      return row;
    },

    // Search

    /**
     * The first tier of search: listed cards whose title or tags match `q`, best first, then newest. The rank
     * is `ts_rank_cd` over the stored title and tags vector with the weights {D, C, B, A} = {0.1, 0.1, 0.4,
     * 1.0}, so a title match counts more than a tag match; every match is ranked, at a few microseconds each,
     * without reading its (large, compressed) full vector. The start of the body comes along for the snippet.
     */
    async searchTitlesAndTags(
      q: string,
      filters: CardFilters,
      readerKey: string | undefined,
      offset: number,
      limit: number,
    ) {
      return headStatement(shapeOf(filters), readerKey !== undefined).execute({
        q,
        reader: readerKey,
        ...filterValues(filters),
        offset,
        limit,
      });
    },

    /**
     * The second tier: listed cards that match `q` only in their body, newest first. Ranking these by
     * `ts_rank_cd` would read the full vector of every one of them (tens of thousands for a common word), and
     * the full-text index hands back its matches in no order, so how to find the newest few depends on how
     * many cards hold the words, estimated as PostgreSQL's planner would (see match-estimate.ts):
     *
     * - Few (up to `bitmapAllBelow`, or only words the statistics do not know): read them all from the
     *   full-text index and sort them.
     * - Very many (at least `walkShare` of the listed cards): walk the index of new cards, testing each, and
     *   stop after a page; a few dozen cards.
     * - In between: the newest cards that should hold about three pages of matches (from the cached
     *   publication times of the n-th newest card), intersected with the full-text index, so only cards that
     *   match and are recent enough are read; a window that holds too few matches (filters, an estimate off)
     *   is widened fourfold until the page is full or the window is everything.
     *
     * Left to itself, PostgreSQL walks too often: it does not count decompressing each card's vector (several
     * kilobytes) to test it, so for a word in 284 of 100,000 cards it read every card (90 ms); for a word in
     * 3,000 the walk read 850 cards (5 ms) where the window reads 60 (1.4 ms). So each way is fixed for its
     * one statement: it runs on sessions where the other kinds of scan are switched off.
     */
    async searchBodies(
      q: string,
      filters: CardFilters,
      readerKey: string | undefined,
      offset: number,
      limit: number,
    ) {
      const query = tsQuery(q);
      const matches = and(
        listed,
        sql`${cards.searchVector} @@ ${query}`,
        sql`not (${cards.searchHead} @@ ${query})`,
        notBlockedBy(readerKey),
        ...filterConditions(filters),
      );
      const page = (by: 'walk' | 'bitmap', since?: Date) => {
        const on = by === 'walk' ? byWalking : byIndex;
        const ids = on
          .select({ id: cards.id, publishedAt: cards.publishedAt })
          .from(cards)
          .where(and(matches, since ? sql`${cards.publishedAt} >= ${since}` : undefined))
          .orderBy(...newestFirst)
          .offset(offset)
          .limit(limit)
          .as('page');
        return withSnippetSources(ids, { builder: on });
      };

      const stats = await lexemeStats();
      const estimate = estimateShare(q, stats);
      const matching = estimate.share * stats.cards;
      // Words the statistics do not know are rarer than any they do: their matches are few, however many
      // cards the default share of an unknown word comes to.
      if (!estimate.known || matching <= tuning.bitmapAllBelow) return page('bitmap');
      if (matching >= tuning.walkShare * stats.cards) return page('walk');

      let newest = Math.ceil((3 * (offset + limit) * stats.cards) / matching);
      for (;;) {
        const since = await newestSince(newest);
        const rows = await page('bitmap', since);
        if (since === undefined || rows.length === limit) return rows;
        newest *= 4;
      }
    },

    /**
     * Typo tolerance: listed cards whose title holds words like the query's (pg_trgm's `word_similarity`, at
     * least `threshold`), most similar first, leaving out `exclude`. The `<%` operator uses the trigram index
     * on titles; its threshold is a setting, so it is set for this transaction only.
     */
    async searchSimilarTitles(
      q: string,
      filters: CardFilters,
      readerKey: string | undefined,
      threshold: number,
      exclude: string[],
      limit: number,
    ) {
      const similarity = sql<number>`word_similarity(${q}, ${cards.title})`;
      return orm.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true)`,
        );
        return tx
          .select({ card: summaryColumns, author: profiles, similarity })
          .from(cards)
          .innerJoin(profiles, eq(profiles.key, cards.authorKey))
          .where(
            and(
              listed,
              sql`${q} <% ${cards.title}`,
              exclude.length > 0 ? notInArray(cards.id, exclude) : undefined,
              notBlockedBy(readerKey),
              ...filterConditions(filters),
            ),
          )
          .orderBy(desc(similarity), desc(cards.likes), desc(cards.id))
          .limit(limit);
      });
    },

    /** Listed cards that pass the filters, newest first: search with filters and no words. */
    async filtered(filters: CardFilters, readerKey: string | undefined, offset: number, limit: number) {
      return summaries()
        .where(and(listed, notBlockedBy(readerKey), ...filterConditions(filters)))
        .orderBy(...newestFirst)
        .offset(offset)
        .limit(limit);
    },

    // Views

    /**
     * Records one view of the card by `viewerKey` for today (the database's UTC date). Only a first view that
     * day counts, and the counter moves in the same transaction as the row it counts.
     */
    async recordView(cardId: string, viewerKey: string): Promise<{ counted: boolean; views: number }> {
      return orm.transaction(async (tx) => {
        const inserted = await tx
          .insert(cardViews)
          .values({ cardId, viewerKey, day: sql`(now() at time zone 'UTC')::date` })
          .onConflictDoNothing()
          .returning({ cardId: cardViews.cardId });
        if (inserted.length === 0) {
          const [row] = await tx.select({ views: cards.views }).from(cards).where(eq(cards.id, cardId));
          return { counted: false, views: row?.views ?? 0 };
        }
        const [row] = await tx
          .update(cards)
          .set({ views: sql`${cards.views} + 1` })
          .where(eq(cards.id, cardId))
          .returning({ views: cards.views });
        return { counted: true, views: row?.views ?? 0 };
      });
    },

    // Backlinks and graphs

    /** Listed cards with a link to `cardId`, one row per card (a typed link wins over a wiki link). */
    async linkedFrom(cardId: string, readerKey: string | undefined, limit: number) {
      return orm
        .selectDistinctOn([cards.publishedAt, cards.id], {
          card: summaryColumns,
          author: profiles,
          kind: cardLinks.kind,
        })
        .from(cardLinks)
        .innerJoin(cards, eq(cards.id, cardLinks.sourceId))
        .innerJoin(profiles, eq(profiles.key, cards.authorKey))
        .where(
          and(eq(cardLinks.targetId, cardId), sql`${cards.id} <> ${cardId}`, listed, notBlockedBy(readerKey)),
        )
        .orderBy(...newestFirst, sql`case when ${cardLinks.kind} = 'wiki' then 1 else 0 end`, cardLinks.kind)
        .limit(limit);
    },

    /**
     * Listed cards that name `title` as a phrase without linking to the card: the full-text index finds the
     * candidates, and a case- and accent-insensitive substring check confirms the words are really together.
     */
    async mentioning(cardId: string, title: string, readerKey: string | undefined, limit: number) {
      const phrase = sql`phraseto_tsquery('english', cardweb_unaccent(${title}))`;
      try {
        return await orm.transaction(async (tx) => {
          // A title of common words can have many candidates, each checked against its full vector; past the
          // time limit the card page does without mentions rather than wait.
          await tx.execute(sql`select set_config('statement_timeout', ${String(MENTIONS_TIMEOUT_MS)}, true)`);
          return tx
            .select({ card: summaryColumns, author: profiles })
            .from(cards)
            .innerJoin(profiles, eq(profiles.key, cards.authorKey))
            .where(
              and(
                listed,
                sql`${cards.id} <> ${cardId}`,
                sql`numnode(${phrase}) > 0`,
                sql`${cards.searchVector} @@ ${phrase}`,
                sql`strpos(lower(cardweb_unaccent(${cards.title} || ' ' || ${cards.body})), lower(cardweb_unaccent(${title}))) > 0`,
                sql`not exists (select 1 from ${cardLinks} where ${cardLinks.sourceId} = ${cards.id} and ${cardLinks.targetId} = ${cardId})`,
                notBlockedBy(readerKey),
              ),
            )
            .orderBy(...newestFirst)
            .limit(limit);
        });
      } catch (error) {
        if (isQueryCanceled(error)) return [];
        throw error;
      }
    },

    /**
     * Listed cards linked to or from any of `from`, leaving out `exclude`, most liked first: one ring of the
     * local graph.
     */
    async neighbours(from: string[], exclude: string[], readerKey: string | undefined, limit: number) {
      if (from.length === 0 || limit <= 0) return [];
      const ids = sql`select ${cardLinks.targetId} from ${cardLinks} where ${inArray(cardLinks.sourceId, from)} union select ${cardLinks.sourceId} from ${cardLinks} where ${inArray(cardLinks.targetId, from)}`;
      return orm
        .select({ id: cards.id, title: cards.title, type: cards.type, likes: cards.likes })
        .from(cards)
        .where(
          and(
            sql`${cards.id} in (${ids})`,
            exclude.length > 0 ? notInArray(cards.id, exclude) : undefined,
            listed,
            notBlockedBy(readerKey),
          ),
        )
        .orderBy(desc(cards.likes), desc(cards.id))
        .limit(limit);
    },

    /** The links between cards of `ids` (both ends in the set). */
    async linksAmong(ids: string[], limit: number) {
      if (ids.length === 0) return [];
      return orm
        .select({ source: cardLinks.sourceId, target: cardLinks.targetId, kind: cardLinks.kind })
        .from(cardLinks)
        .where(and(inArray(cardLinks.sourceId, ids), inArray(cardLinks.targetId, ids)))
        .limit(limit);
    },

    /**
     * The global graph's nodes: listed cards passing the filters, the most linked first (links in count
     * twice: being linked to is the stronger sign of a hub), then the most liked.
     */
    async hubs(filters: CardFilters, readerKey: string | undefined, limit: number) {
      // Links are counted once for all cards (one pass over card_links), not per card: a count per card
      // is two index probes for every listed card, 200,000 for 100,000 cards.
      const result = await orm.execute<{ id: string; title: string; type: string; likes: number }>(sql`
        with degree as (
          select id, sum(weight) as score from (
            select ${cardLinks.targetId} as id, 2 as weight from ${cardLinks}
            union all
            select ${cardLinks.sourceId} as id, 1 as weight from ${cardLinks}
          ) as ends
          group by id
        )
        select ${cards.id} as id, ${cards.title} as title, ${cards.type} as type, ${cards.likes} as likes
        from ${cards} left join degree on degree.id = ${cards.id}
        where ${and(listed, notBlockedBy(readerKey), ...filterConditions(filters))!}
        order by coalesce(degree.score, 0) desc, ${cards.likes} desc, ${cards.id} desc
        limit ${limit}`);
      return result.rows;
    },

    // Tags

    /** Tags of listed cards starting with `prefix`, most used first. */
    async tagCounts(prefix: string, limit: number) {
      const result = await orm.execute<{ tag: string; count: number }>(sql`
        select tag, count(*)::int as count
        from ${cards}, unnest(${cards.tags}) as tag
        where ${listed} and tag like ${`${escapeLike(prefix)}%`}
        group by tag
        order by count desc, tag
        limit ${limit}`);
      return result.rows;
    },

    // Trending

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
            and ${cards.status} = 'published' and ${cards.deletedAt} is null
            and abs(${cards.trendingScore} - ${trendingScoreSql}) > ${TRENDING_TOLERANCE} * ${trendingScoreSql}`);
        updated += result.rowCount ?? 0;
      }
      return { updated };
    },
  };
}
export type ExploreRepository = ReturnType<typeof createExploreRepository>;

/**
 * Recomputes one card's trending score now, in `executor`'s transaction: the cards module calls it after a
 * like, an unlike, a remix or a publish, so the card moves at once rather than at the next sweep.
 */
export async function refreshTrendingScore(executor: Executor, cardId: string): Promise<void> {
  await executor.update(cards).set({ trendingScore: trendingScoreSql }).where(eq(cards.id, cardId));
}
