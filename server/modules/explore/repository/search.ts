import {
  and,
  desc,
  eq,
  getTableName,
  notInArray,
  sql,
  type Column,
  type Subquery,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Database, Orm } from '../../../db/client.ts';
import { cards, profiles, searchHeadTerms, titleWords } from '../../../db/schema.ts';
import { estimateShare, type LexemeStats } from '../match-estimate.ts';
import {
  authorColumns,
  filterConditions,
  filterConditionsOf,
  filterValues,
  newestFirst,
  shapeOf,
  summaries,
  summaryColumns,
  type CardFilters,
  type FilterShape,
} from './shared.ts';
import { listedCard, notBlockedBetween } from '../../../db/visibility.ts';
import { oneWordLexemes, tsQuery } from '../../../db/text-search.ts';
import { excerptSourceLength } from '../../cards/index.ts';
import {
  insideRecentIndex,
  publishedSinceForRecentIndex,
  readRecentIndexBound,
  type RecentIndexBound,
} from './recent-search-index.ts';

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

// A search result reads the start of the body once, for its snippet, and takes the excerpt's source from it
// (see `withExcerptSources`), rather than PostgreSQL decompressing and sending the body twice.
const { body: _excerptSource, ...summaryColumnsButBody } = summaryColumns;

/** The first `count` characters of `text` as PostgreSQL's `substr` counts them (code points, not UTF-16 units). */
export function firstCharacters(text: string, count: number): string {
  if (text.length <= count) return text;
  let units = 0;
  for (let characters = 0; characters < count && units < text.length; characters++) {
    const code = text.charCodeAt(units);
    units += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
  }
  return text.slice(0, units);
}

/** Rows of `withSnippetSources` with the summary's body (the excerpt's source) taken from the snippet's. */
function withExcerptSources<Row extends { card: object; fullBody: string }>(rows: Row[]) {
  return rows.map((row) => ({
    ...row,
    card: { ...row.card, body: firstCharacters(row.fullBody, excerptSourceLength) },
  }));
}

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
/** How alike (pg_trgm `similarity`) a title word must be to a query word to make a title a typo candidate. */
const TITLE_WORD_SIMILARITY = 0.3;
/** At most this many title words, the most alike, stand in for each query word. */
const TITLE_WORD_NEIGHBOURS = 20;
/** How long the cached publication times of the n-th newest listed cards (search's windows) are used. */
const NEWEST_TIMES_TTL_MS = 60_000;
/** How long the cached lexeme statistics (search's estimates) are used; ANALYZE renews them rarely. */
const LEXEME_STATS_TTL_MS = 10 * 60_000;

/** Pages of a one-word search that end within this many cards are read from the posting lists. */
const POSTINGS_DEPTH = 100;
/** A query `tsQuery` makes one or two lexemes of (a word and its stem): letters and digits only. */
const ONE_WORD = /^[\p{L}\p{N}]+$/u;

/** The first tier's rank of a card for `query` (the function holds the weights; see migration 0015). */
const headRank = (query: SQL) => sql<number>`cardweb_search_head_rank(${cards.searchHead}, ${query})`;

/** Whether a search of this shape uses any filter. */
const filtered = (shape: FilterShape) => shape.tag || shape.type || shape.author;

/** Search: the title and tags tier, the body tier, similar titles, and filters without words. */
export function createSearchRepository(db: Database, tuning: BodySearchTuning = defaultTuning) {
  const { orm } = db;
  // Each way of reading body matches runs on sessions where the planner can take no other (see searchBodies).
  const walking = { enable_seqscan: 'off', enable_bitmapscan: 'off' };
  const indexed = { enable_seqscan: 'off', enable_indexscan: 'off' };
  const byWalking = db.withSettings(walking);
  const byIndex = db.withSettings(indexed);
  // The first tier's prepared statements without filters run on sessions that always use their generic plan:
  // left to choose, PostgreSQL planned them again on every execution (0.6 ms of a 3–4 ms search), since the
  // generic plan's estimate for an unknown query is higher than the custom plans', though the plan is the
  // same. With a filter the best plan may depend on its value (a rare tag: the tags index), so those choose.
  const genericPlan = { plan_cache_mode: 'force_generic_plan' };
  const generic = db.withSettings(genericPlan);
  // The same for body matches read without a window, all of them or by walking: one plan whatever the words.
  const byWalkingGeneric = db.withSettings({ ...walking, ...genericPlan });
  const byIndexGeneric = db.withSettings({ ...indexed, ...genericPlan });

  // When the n-th newest listed card was published, for n = smallestWindow · 2^i: search's windows of newest
  // cards, with the recent-cards index that holds them. Read once a minute; cards published since make a
  // window a little larger, never wrong (see searchBodies).
  type NewestTimes = { at: number; times: Map<number, Date>; recent?: RecentIndexBound };
  let newestTimes: NewestTimes | undefined;
  let readingNewestTimes: Promise<void> | undefined;
  const windows = Array.from({ length: 10 }, (_, i) => tuning.smallestWindow * 2 ** i);
  async function readNewestTimes(): Promise<NewestTimes> {
    // One walk down the index of new cards, as far as the largest window or the last listed card.
    const result = await orm.execute<{ n: number; at: Date | string | null }>(sql`
      select n::int, at from (
        select ${cards.publishedAt} as at,
               row_number() over (order by ${cards.publishedAt} desc nulls last, ${cards.id} desc nulls last) as n
        from ${cards} where ${listedCard()}
        order by ${cards.publishedAt} desc nulls last, ${cards.id} desc nulls last
        limit ${windows.at(-1)}
      ) as newest
      where n = any(${sql.param(windows)}::int[])`);
    return {
      at: Date.now(),
      times: new Map(result.rows.flatMap((row) => (row.at ? [[row.n, new Date(row.at)] as const] : []))),
      recent: await readRecentIndexBound(orm),
    };
  }
  async function newestSince(
    count: number,
  ): Promise<{ since: Date; recent: RecentIndexBound | undefined } | undefined> {
    const n = windows.find((size) => size >= count) ?? Infinity;
    // Read again by one search at a time, while the others use the last times: when the minute ran out,
    // every search under load would have read them at once.
    if ((!newestTimes || Date.now() - newestTimes.at > NEWEST_TIMES_TTL_MS) && !readingNewestTimes) {
      const reading = readNewestTimes()
        .then((times) => void (newestTimes = times))
        .finally(() => (readingNewestTimes = undefined));
      // A failed read in the background is no search's error; the next search asks again.
      reading.catch(() => undefined);
      readingNewestTimes = reading;
    }
    if (!newestTimes) await readingNewestTimes;
    // No time: fewer cards than that are listed, so the window is all of them.
    const since = newestTimes!.times.get(n);
    return since && { since, recent: newestTimes!.recent };
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
      .select({ card: summaryColumnsButBody, author: authorColumns, fullBody: snippetSource })
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
    const on = filtered(shape) ? orm : generic;
    const top = on
      .select({
        id: cards.id,
        rank: headRank(query).as('search_rank'),
        publishedAt: cards.publishedAt,
      })
      .from(cards)
      .where(
        and(
          listedCard(),
          sql`${cards.searchHead} @@ ${query}`,
          signedIn ? notBlockedBetween(sql.placeholder('reader'), cards.authorKey) : undefined,
          ...filterConditionsOf(shape, (value) => sql.placeholder(value)),
        ),
      )
      .orderBy(sql`search_rank desc`, ...newestFirst)
      .offset(sql.placeholder('offset'))
      .limit(sql.placeholder('limit'))
      .as('top');
    // By the alias, which only the subquery has (`rank` alone would be the author's rank).
    return withSnippetSources(top, { before: sql`search_rank desc`, builder: on }).prepare(name);
  }
  function headStatement(shape: FilterShape, signedIn: boolean) {
    const name = `search_head_${signedIn ? 'reader' : 'visitor'}${shape.tag ? '_tag' : ''}${shape.type ? '_type' : ''}${shape.author ? '_author' : ''}`;
    let statement = heads.get(name);
    if (!statement) heads.set(name, (statement = prepareHead(shape, signedIn, name)));
    return statement;
  }

  // The first tier of a one-word search without filters, from the posting lists (decision 020): the first
  // `depth` cards of each of the word's lexemes (one or two) in rank order, and the cards that hold both,
  // make the candidates; they are ranked as the statement above ranks them. A card in the true first `depth`
  // holds one lexeme, and then fewer than `depth` cards come before it in that lexeme's list, or holds both.
  const wordHeads = new Map<string, ReturnType<typeof prepareWordHead>>();
  function prepareWordHead(signedIn: boolean, name: string) {
    const query = onceQuery(sql.placeholder('q'));
    const reader = sql.placeholder('reader');
    const lexemes = oneWordLexemes(sql.placeholder('q'));
    const terms = searchHeadTerms;
    const candidates = sql`(
      select best.card_id
      from unnest(${lexemes}) as term (lexeme)
      cross join lateral (
        select ${terms.cardId} as card_id from ${terms}
        where ${terms.lexeme} = term.lexeme
          ${signedIn ? sql`and ${notBlockedBetween(reader, terms.authorKey)}` : sql``}
        order by ${terms.rank} desc nulls last, ${terms.publishedAt} desc nulls last, ${terms.cardId} desc nulls last
        limit ${sql.placeholder('depth')}
      ) as best
      union
      select ${cards.id} from ${cards}
      where ${listedCard()} and ${cards.searchHead} @@ (
        select cardweb_lexeme_query(min(lexeme)) && cardweb_lexeme_query(max(lexeme))
        from unnest(${oneWordLexemes(sql.placeholder('q'))}) as lexeme having count(*) = 2
      )
    ) as candidates (card_id)`;
    const top = generic
      .select({
        id: cards.id,
        rank: headRank(query).as('search_rank'),
        publishedAt: cards.publishedAt,
      })
      .from(candidates)
      .innerJoin(cards, sql`${cards.id} = candidates.card_id`)
      .where(
        and(
          listedCard(),
          // `is true` keeps the planner off the title and tags index here: the candidates are few, and their
          // rows are read by id. The test only matters if a lexeme's list holds a card the query misses.
          sql`(${cards.searchHead} @@ ${query}) is true`,
          signedIn ? notBlockedBetween(reader, cards.authorKey) : undefined,
        ),
      )
      .orderBy(sql`search_rank desc`, ...newestFirst)
      .offset(sql.placeholder('offset'))
      .limit(sql.placeholder('limit'))
      .as('top');
    return withSnippetSources(top, { before: sql`search_rank desc`, builder: generic }).prepare(name);
  }
  function wordHeadStatement(signedIn: boolean) {
    const name = `search_head_word_${signedIn ? 'reader' : 'visitor'}`;
    let statement = wordHeads.get(name);
    if (!statement) wordHeads.set(name, (statement = prepareWordHead(signedIn, name)));
    return statement;
  }

  // Body matches without filters as a prepared statement on `on`'s sessions: the page of ids newest first,
  // with `within` narrowing it (a window), then the page's rows.
  function prepareBody(on: Orm, signedIn: boolean, name: string, within: SQL[] = []) {
    const query = onceQuery(sql.placeholder('q'));
    const ids = on
      .select({ id: cards.id, publishedAt: cards.publishedAt })
      .from(cards)
      .where(
        and(
          listedCard(),
          sql`${cards.searchVector} @@ ${query}`,
          sql`not (${cards.searchHead} @@ ${query})`,
          signedIn ? notBlockedBetween(sql.placeholder('reader'), cards.authorKey) : undefined,
          ...within,
        ),
      )
      .orderBy(...newestFirst)
      .offset(sql.placeholder('offset'))
      .limit(sql.placeholder('limit'))
      .as('page');
    return withSnippetSources(ids, { builder: on }).prepare(name);
  }

  // Body matches read without a window (a window's plan depends on its start: whether the index of recent
  // cards covers it), prepared per way and per kind of reader.
  const bodies = new Map<string, ReturnType<typeof prepareBody>>();
  function bodyStatement(by: 'walk' | 'bitmap', signedIn: boolean) {
    const name = `search_body_${by}_${signedIn ? 'reader' : 'visitor'}`;
    let statement = bodies.get(name);
    if (!statement)
      bodies.set(
        name,
        (statement = prepareBody(by === 'walk' ? byWalkingGeneric : byIndexGeneric, signedIn, name)),
      );
    return statement;
  }

  // A window of body matches inside the recent-cards index, without filters: prepared per kind of reader
  // and per index, whose predicate the statement carries. The window's start is a parameter, so the plan is
  // made once, not for every search (0.7 ms): it reads the index's matches and keeps those in the window,
  // where a plan for the one start would intersect them with the index of new cards first. Inside the small
  // recent index that costs less than planning; in the full index it would not, so windows reaching past
  // the recent index are planned for their start.
  const windowStatements = new Map<string, ReturnType<typeof prepareBody>>();
  function windowStatement(signedIn: boolean, recent: RecentIndexBound) {
    const index = String(recent.since.getTime());
    const name = `search_body_window_${index}_${signedIn ? 'reader' : 'visitor'}`;
    let statement = windowStatements.get(name);
    if (!statement) {
      // A new recent-cards index replaced the last: the statements of the last are not used again.
      for (const key of windowStatements.keys())
        if (!key.includes(`_${index}_`)) windowStatements.delete(key);
      windowStatements.set(
        name,
        (statement = prepareBody(byIndexGeneric, signedIn, name, [
          sql`${cards.publishedAt} >= ${sql.placeholder('since')}`,
          insideRecentIndex(recent),
        ])),
      );
    }
    return statement;
  }

  return {
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
      const shape = shapeOf(filters);
      const statement =
        !filtered(shape) && ONE_WORD.test(q) && offset + limit <= POSTINGS_DEPTH
          ? wordHeadStatement(readerKey !== undefined)
          : headStatement(shape, readerKey !== undefined);
      const rows = await statement.execute({
        q,
        reader: readerKey,
        ...filterValues(filters),
        offset,
        limit,
        depth: offset + limit,
      });
      return withExcerptSources(rows);
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
        listedCard(),
        sql`${cards.searchVector} @@ ${query}`,
        sql`not (${cards.searchHead} @@ ${query})`,
        notBlockedBetween(readerKey, cards.authorKey),
        ...filterConditions(filters),
      );
      const unfiltered = !filtered(shapeOf(filters));
      const page = async (by: 'walk' | 'bitmap', window?: { since: Date; recent?: RecentIndexBound }) => {
        const since = window?.since;
        const recent = window?.recent && window.since >= window.recent.since ? window.recent : undefined;
        if (unfiltered && (!window || recent)) {
          const statement = recent
            ? windowStatement(readerKey !== undefined, recent)
            : bodyStatement(by, readerKey !== undefined);
          return withExcerptSources(await statement.execute({ q, reader: readerKey, since, offset, limit }));
        }
        const on = by === 'walk' ? byWalking : byIndex;
        const ids = on
          .select({ id: cards.id, publishedAt: cards.publishedAt })
          .from(cards)
          .where(
            and(
              matches,
              since ? sql`${cards.publishedAt} >= ${since}` : undefined,
              since ? publishedSinceForRecentIndex(since) : undefined,
            ),
          )
          .orderBy(...newestFirst)
          .offset(offset)
          .limit(limit)
          .as('page');
        return withSnippetSources(ids, { builder: on }).then(withExcerptSources);
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
        const window = await newestSince(newest);
        const rows = await page('bitmap', window);
        if (window === undefined || rows.length === limit) return rows;
        newest *= 4;
      }
    },

    /**
     * Typo tolerance: listed cards whose title is spelt like the query (pg_trgm's `word_similarity` of the
     * query and the title at least `threshold`), most similar first, leaving out `exclude`. Asking the titles'
     * own trigram index reads every title that shares a common trigram ("ing", "ion"): 14 ms on 100,000 cards.
     * So the candidates come from the dictionary of title words instead (`title_words`): for each word of the
     * query, the title words spelt most like it (`%`, at least TITLE_WORD_SIMILARITY, the closest
     * TITLE_WORD_NEIGHBOURS); a candidate's title holds one of them for every query word that has any, found
     * through the title and tags index. Stop words and words under three letters pick no neighbours (too
     * many words look like "the" or "vu"); the final similarity still counts them.
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
      // `%` finds the neighbours through the dictionary's trigram index at the server's threshold (pg_trgm's
      // default, 0.3, unless changed); the comparison makes it ours without a transaction to set it.
      const alike = sql`(
        select to_tsquery('english', string_agg('(' || alternatives || ')', ' & '))
        from (
          select string_agg(neighbour.word, ' | ') as alternatives
          from cardweb_title_words(${q}) as asked (word)
          cross join lateral (
            select ${titleWords.word} as word from ${titleWords}
            where ${titleWords.word} % asked.word
              and similarity(${titleWords.word}, asked.word) >= ${TITLE_WORD_SIMILARITY}
              and to_tsvector('english', ${titleWords.word}) <> ''::tsvector
            order by ${titleWords.word} <-> asked.word
            limit ${sql.raw(String(TITLE_WORD_NEIGHBOURS))}
          ) as neighbour
          where length(asked.word) >= 3 and to_tsvector('english', asked.word) <> ''::tsvector
          group by asked.word
        ) as groups
      )`;
      return orm
        .select({ card: summaryColumns, author: authorColumns, similarity })
        .from(cards)
        .innerJoin(profiles, eq(profiles.key, cards.authorKey))
        .where(
          and(
            listedCard(),
            sql`${cards.searchHead} @@ ${alike}`,
            // A plain comparison, not `<%`: that operator would send the planner to the titles' trigram index.
            sql`${similarity} >= ${threshold}`,
            exclude.length > 0 ? notInArray(cards.id, exclude) : undefined,
            notBlockedBetween(readerKey, cards.authorKey),
            ...filterConditions(filters),
          ),
        )
        .orderBy(desc(similarity), desc(cards.likes), desc(cards.id))
        .limit(limit);
    },

    /** Listed cards that pass the filters, newest first: search with filters and no words. */
    async filtered(filters: CardFilters, readerKey: string | undefined, offset: number, limit: number) {
      return summaries(orm)
        .where(and(listedCard(), notBlockedBetween(readerKey, cards.authorKey), ...filterConditions(filters)))
        .orderBy(...newestFirst)
        .offset(offset)
        .limit(limit);
    },
  };
}
