import { createHmac } from 'node:crypto';
import { markdownWords, normalizeTag } from '../../../contracts/card-text.ts';
import {
  snippetMarks,
  type Backlinks,
  type CardGraph,
  type CardPage,
  type CardSummary,
  type CardType,
  type LinkKind,
  type SearchResults,
  type TagSuggestions,
  type ViewResponse,
} from '../../../contracts/cards.ts';
import { AppError } from '../../lib/app-error.ts';
import { mayReadCard } from '../../db/visibility.ts';
import { cardSummaryOf, excerptOfText } from '../cards/index.ts';
import { mayMatchMarkdown } from '../../lib/text-search/markdown.ts';
import { markedSnippet, queryTerms, type QueryTerms } from '../../lib/text-search/snippets.ts';
import type { CardFilters, ExploreRepository, ScoreKey, TimeKey } from './repository.ts';

/** Search never pages past this many results: nobody reads further, and deep offsets cost the most. */
export const searchResultCap = 1000;
/** Fewer full-text matches than this and search also looks for titles with similar words (typos). */
const FEW_MATCHES = 5;
/** How similar (pg_trgm `word_similarity`, 0–1) a title's words must be to the query to count as a typo. */
const TYPO_SIMILARITY = 0.6;
/** At most this many typo candidates are added. */
const TYPO_CANDIDATES = 50;
/** Characters of a card's plain text that a snippet is looked for in. */
const SNIPPET_SOURCE_CHARS = 10_000;
/** Backlinks and mentions each show at most this many cards. */
export const backlinkCap = 50;
/** The local graph stops growing at this many cards. */
export const localGraphCap = 150;
/** At most this many links are drawn in a graph. */
const EDGE_CAP = 2000;
/** Tag suggestions answer at most this many tags. */
const TAG_SUGGESTIONS = 20;

type SummaryRow = {
  card: Parameters<typeof cardSummaryOf>[0] & { publishedAtExact: string | null; trendingScore: number };
  author: Parameters<typeof cardSummaryOf>[1];
};

function invalidCursor(): AppError {
  return new AppError('common/validation-failed', {
    details: { fields: [{ path: 'cursor', message: 'Not a cursor from this list' }] },
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeCursor(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
  } catch {
    throw invalidCursor();
  }
}

function decodeTimeKey(cursor: string | undefined): TimeKey | undefined {
  if (cursor === undefined) return undefined;
  const value = decodeCursor(cursor);
  if (!Array.isArray(value) || value.length !== 2) throw invalidCursor();
  const [at, id] = value as unknown[];
  if (typeof at !== 'string' || !EXACT_TIME.test(at) || typeof id !== 'string' || !UUID.test(id))
    throw invalidCursor();
  return { at, id };
}

function decodeScoreKey(cursor: string | undefined): ScoreKey | undefined {
  if (cursor === undefined) return undefined;
  const value = decodeCursor(cursor);
  if (!Array.isArray(value) || value.length !== 2) throw invalidCursor();
  const [score, id] = value as unknown[];
  if (typeof score !== 'number' || !Number.isFinite(score) || typeof id !== 'string' || !UUID.test(id))
    throw invalidCursor();
  return { score, id };
}

/**
 * Search pages by offset (`o`); `h` is how many title and tag matches come first, once a page has seen it; `t`
 * marks the typo list (few exact matches).
 */
function decodeSearchCursor(cursor: string | undefined): { offset: number; head?: number; typos: boolean } {
  if (cursor === undefined) return { offset: 0, typos: false };
  const value = decodeCursor(cursor);
  if (typeof value !== 'object' || value === null || !('o' in value)) throw invalidCursor();
  const isCount = (n: unknown): n is number =>
    typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= searchResultCap;
  const head = 'h' in value ? value.h : undefined;
  const typos = 't' in value ? value.t : undefined;
  if (!isCount(value.o) || (head !== undefined && !isCount(head)) || (typos !== undefined && typos !== 1))
    throw invalidCursor();
  return head === undefined
    ? { offset: value.o, typos: typos === 1 }
    : { offset: value.o, head, typos: typos === 1 };
}

/** One page from `limit + 1` rows: the extra row only says that there is a next page. */
function pageOf<Row>(
  rows: Row[],
  limit: number,
  present: (row: Row) => CardSummary,
  keyOf: (row: Row) => unknown,
) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(present),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}

const summaryOf = (row: SummaryRow) => cardSummaryOf(row.card, row.author);
const publishedKey = (row: SummaryRow) => [row.card.publishedAtExact, row.card.id];

/** Removes the snippet marks from text, so only the marks search adds are in a snippet. */
function withoutMarks(text: string): string {
  return text.replaceAll(snippetMarks.start, '').replaceAll(snippetMarks.end, '');
}

/**
 * The snippet of a card's body with the words that match marked; undefined when no word of it matches.
 * `plainText` is the body's plain text (`markdownWords`), when the caller has it.
 */
function markedSnippetOf(body: string, terms: QueryTerms, plainText?: string): string | undefined {
  const source = body.slice(0, SNIPPET_SOURCE_CHARS * 2);
  // Reading the Markdown as plain text costs the most, and the bodies of many title and tag matches do not
  // hold the words: those are told from the Markdown itself.
  if (!mayMatchMarkdown(source, terms)) return undefined;
  const text = excerptOfText(plainText ?? markdownWords(source), SNIPPET_SOURCE_CHARS);
  return markedSnippet(withoutMarks(text), terms);
}

/** What a visitor who is not signed in is known by: a keyed hash of the day, address and browser. */
export function visitorKey(salt: string, day: string, ip: string, userAgent: string): string {
  return `v:${createHmac('sha256', salt).update(`${day}\n${ip}\n${userAgent}`).digest('base64url')}`;
}

/** The read side of cards: feeds, search, views, backlinks, graphs, profile tabs and tag suggestions. */
export function createExploreService(repository: ExploreRepository, options: { viewSalt: string }) {
  /** The card if `readerKey` may open it (its author, or anyone for a published public or unlisted card). */
  async function openable(readerKey: string | undefined, cardId: string) {
    const card = await repository.findAccess(cardId);
    if (card === undefined || !mayReadCard(card, readerKey))
      throw new AppError('common/not-found', { message: 'There is no such card.' });
    return card;
  }

  function filtersOf(query: { tag?: string; type?: CardType; author?: string }): CardFilters | undefined {
    const filters: CardFilters = {};
    if (query.tag) {
      const tag = normalizeTag(query.tag);
      // A tag that can't exist matches no card.
      if (tag === null) return undefined;
      filters.tag = tag;
    }
    if (query.type) filters.type = query.type;
    if (query.author) filters.author = query.author.replace(/^@/, '');
    return filters;
  }

  type Hit = SummaryRow & { fullBody?: string };

  /**
   * The list search shows when fewer than FEW_MATCHES cards match exactly: those first, then the cards whose
   * titles are spelt like the query, most similar first. It is short and built the same way for every page;
   * the first page passes the exact matches it has just read (`known`).
   */
  async function typoList(
    q: string,
    filters: CardFilters,
    readerKey: string | undefined,
    known?: Hit[],
  ): Promise<Hit[]> {
    const exact: Hit[] = known ?? [
      ...(await repository.searchTitlesAndTags(q, filters, readerKey, 0, FEW_MATCHES)),
      ...(await repository.searchBodies(q, filters, readerKey, 0, FEW_MATCHES)),
    ];
    const similar = await repository.searchSimilarTitles(
      q,
      filters,
      readerKey,
      TYPO_SIMILARITY,
      exact.map((row) => row.card.id),
      TYPO_CANDIDATES,
    );
    return [...exact, ...similar];
  }

  /**
   * Search results with their snippets: marked words for the cards whose text has a matching word, the
   * excerpt for the others (matched by title or tag, or by similar titles).
   */
  function present(q: string, page: Hit[]): SearchResults['items'] {
    const terms = queryTerms(q);
    return page.map((hit) => {
      // A body short enough for the summary to read it whole is the snippet's source too: its plain text
      // is made once for both.
      const plainText = hit.fullBody === hit.card.body ? markdownWords(hit.card.body) : undefined;
      const summary = cardSummaryOf(hit.card, hit.author, { plainText });
      const marked = hit.fullBody === undefined ? undefined : markedSnippetOf(hit.fullBody, terms, plainText);
      return { ...summary, snippet: marked ?? summary.excerpt };
    });
  }

  return {
    /** Listed cards, newest first. */
    async newest(readerKey: string | undefined, limit: number, cursor?: string): Promise<CardPage> {
      const rows = await repository.newest(readerKey, limit + 1, decodeTimeKey(cursor));
      return pageOf(rows, limit, summaryOf, publishedKey);
    },

    /** Listed cards by trending score, highest first. */
    async trending(readerKey: string | undefined, limit: number, cursor?: string): Promise<CardPage> {
      const rows = await repository.trending(readerKey, limit + 1, decodeScoreKey(cursor));
      return pageOf(rows, limit, summaryOf, (row) => [row.card.trendingScore, row.card.id]);
    },

    /**
     * The cards among `ids` the reader may see in a list, as summaries in the order of `ids`; cards that are
     * no longer listed, or whose author blocks or is blocked by the reader, are left out.
     */
    async listedByIds(readerKey: string, ids: readonly string[]): Promise<CardSummary[]> {
      const rows = await repository.listedByIds(readerKey, ids);
      const byId = new Map(rows.map((row) => [row.card.id, summaryOf(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** Listed cards by the people the reader follows, newest first. */
    async following(readerKey: string, limit: number, cursor?: string): Promise<CardPage> {
      const rows = await repository.following(readerKey, limit + 1, decodeTimeKey(cursor));
      return pageOf(rows, limit, summaryOf, publishedKey);
    },

    /**
     * Full-text search of listed cards, best first, with snippets; with few matches, titles with similar words
     * follow (typos); with no words, the cards passing the filters, newest first.
     */
    async search(
      readerKey: string | undefined,
      query: { q: string; tag?: string; type?: CardType; author?: string; cursor?: string; limit: number },
    ): Promise<SearchResults> {
      const cursor = decodeSearchCursor(query.cursor);
      const offset = cursor.offset;
      const limit = Math.min(query.limit, searchResultCap - offset);
      const filters = filtersOf(query);
      if (!filters || limit <= 0) return { items: [], nextCursor: null };
      const next = (count: number, head?: number, typos?: boolean) =>
        count > limit && offset + limit < searchResultCap
          ? encodeCursor({
              o: offset + limit,
              ...(head === undefined ? {} : { h: head }),
              ...(typos ? { t: 1 } : {}),
            })
          : null;
      const q = query.q;

      if (!q) {
        const rows = await repository.filtered(filters, readerKey, offset, limit + 1);
        return {
          items: rows.slice(0, limit).map((row) => {
            const summary = summaryOf(row);
            return { ...summary, snippet: summary.excerpt };
          }),
          nextCursor: next(rows.length),
        };
      }

      let hits: Hit[];
      let head = cursor.head;
      if (cursor.typos) {
        hits = (await typoList(q, filters, readerKey)).slice(offset, offset + limit + 1);
        head = undefined;
      } else {
        // Title and tag matches first, by rank; then body-only matches, newest first. Where the first tier
        // ends is found on the page that reaches it, and carried in the cursor.
        hits = [];
        if (head === undefined || offset < head) {
          // The first page reads at least FEW_MATCHES, so it can tell whether there are few matches.
          const fetch = Math.max(limit + 1, offset === 0 ? FEW_MATCHES : 0);
          const rows = await repository.searchTitlesAndTags(q, filters, readerKey, offset, fetch);
          if (rows.length < fetch) head = offset + rows.length;
          hits = rows.slice(0, limit + 1);
        }
        if (hits.length <= limit && head !== undefined) {
          const bodyOffset = Math.max(0, offset + hits.length - head);
          const need = limit + 1 - hits.length;
          // The first page reads enough to tell whether fewer than FEW_MATCHES cards match in all.
          const fetch = Math.max(need, offset === 0 ? FEW_MATCHES - hits.length : 0);
          const body = await repository.searchBodies(q, filters, readerKey, bodyOffset, fetch);
          if (offset === 0 && hits.length + body.length < FEW_MATCHES) {
            // Few exact matches: the typo list instead, for this page and (through the cursor) the next.
            hits = (await typoList(q, filters, readerKey, [...hits, ...body])).slice(0, limit + 1);
            return {
              items: present(q, hits.slice(0, limit)),
              nextCursor: next(hits.length, undefined, true),
            };
          }
          hits = [...hits, ...body.slice(0, need)];
        }
      }
      return {
        items: present(q, hits.slice(0, limit)),
        nextCursor: next(hits.length, head, cursor.typos),
      };
    },
    /**
     * Counts a view: once per viewer per card per UTC day. The viewer is the signed-in profile, or else a
     * keyed hash of the day, address and browser (no address is stored). Authors' own views and views of
     * unpublished cards are not counted; a card the reader may not open is not found.
     */
    async recordView(
      readerKey: string | undefined,
      cardId: string,
      client: { ip: string; userAgent: string },
    ): Promise<ViewResponse> {
      const card = await openable(readerKey, cardId);
      if (card.status !== 'published' || card.authorKey === readerKey)
        return { counted: false, views: card.views };
      const day = new Date().toISOString().slice(0, 10);
      const viewer = readerKey ?? visitorKey(options.viewSalt, day, client.ip, client.userAgent);
      return repository.recordView(cardId, viewer);
    },

    /** Listed cards that link to the card, and listed cards that name its title without linking. */
    async backlinks(readerKey: string | undefined, cardId: string): Promise<Backlinks> {
      const card = await openable(readerKey, cardId);
      const [linked, mentions] = await Promise.all([
        repository.linkedFrom(cardId, readerKey, backlinkCap),
        // Very short titles ("Go", "AI") are named everywhere by chance; they are not mentions.
        card.title.trim().length >= 3
          ? repository.mentioning(cardId, card.title.trim(), readerKey, backlinkCap)
          : Promise.resolve([]),
      ]);
      return {
        linked: linked.map((row) => ({ ...summaryOf(row), kind: row.kind as LinkKind })),
        mentions: mentions.map(summaryOf),
      };
    },

    /** The card and the listed cards linked to or from it, up to `depth` links away, capped. */
    async localGraph(readerKey: string | undefined, cardId: string, depth: number): Promise<CardGraph> {
      const card = await openable(readerKey, cardId);
      const root = {
        id: card.id,
        title: card.title,
        type: card.type as CardType,
        likes: card.likes,
        depth: 0,
      };
      const nodes = [root];
      let ring = [root.id];
      for (let level = 1; level <= depth && nodes.length < localGraphCap; level++) {
        const found = await repository.neighbours(
          ring,
          nodes.map((node) => node.id),
          readerKey,
          localGraphCap - nodes.length,
        );
        for (const row of found) nodes.push({ ...row, type: row.type as CardType, depth: level });
        ring = found.map((row) => row.id);
      }
      return { nodes, edges: await edgesAmong(nodes.map((node) => node.id)) };
    },

    /** The global graph: the most linked (then most liked) listed cards passing the filters, and their links. */
    async globalGraph(
      readerKey: string | undefined,
      query: { tag?: string; author?: string; limit: number },
    ): Promise<CardGraph> {
      const filters = filtersOf(query);
      if (!filters) return { nodes: [], edges: [] };
      const rows = await repository.hubs(filters, readerKey, query.limit);
      const nodes = rows.map((row) => ({ ...row, type: row.type as CardType, depth: 0 }));
      return { nodes, edges: await edgesAmong(nodes.map((node) => node.id)) };
    },

    /** A person's published cards, newest first; the owner also sees their unlisted and private ones. */
    async profileCards(
      readerKey: string | undefined,
      key: string,
      limit: number,
      cursor?: string,
    ): Promise<CardPage> {
      const profile = await repository.findProfile(key);
      if (!profile) throw new AppError('common/not-found', { message: 'There is no such profile.' });
      const rows = await repository.byAuthor(profile.key, readerKey, limit + 1, decodeTimeKey(cursor));
      return pageOf(rows, limit, summaryOf, publishedKey);
    },

    /**
     * The listed cards a person liked, the newest like first. Only the person themselves sees it: what
     * someone likes says a lot about them, and the public already sees each card's like count.
     */
    async likedCards(
      readerKey: string | undefined,
      key: string,
      limit: number,
      cursor?: string,
    ): Promise<CardPage> {
      if (!readerKey) throw new AppError('auth/unauthenticated');
      if (readerKey !== key)
        throw new AppError('common/forbidden', { message: 'Only its owner sees the cards a person liked.' });
      const rows = await repository.likedBy(key, limit + 1, decodeTimeKey(cursor));
      return pageOf(rows, limit, summaryOf, (row) => [row.likedAt, row.likeId]);
    },

    /** Tags of listed cards that start with `q`, most used first. */
    async tags(q: string): Promise<TagSuggestions> {
      const prefix = q.normalize('NFKC').toLowerCase().replace(/^#/, '');
      return { items: await repository.tagCounts(prefix, TAG_SUGGESTIONS) };
    },

    /** One pass of the trending sweep over every published card. */
    async sweepTrending() {
      return repository.recomputeTrending();
    },

    /** Builds the recent-cards search index again when it covers too many cards (see recent-search-index.ts). */
    async maintainSearchIndex() {
      return repository.refreshRecentSearchIndex();
    },
  };

  async function edgesAmong(ids: string[]): Promise<CardGraph['edges']> {
    const links = await repository.linksAmong(ids, EDGE_CAP);
    return links
      .filter((link) => link.source !== link.target)
      .map((link) => ({ source: link.source, target: link.target, kind: link.kind as LinkKind }));
  }
}
export type ExploreService = ReturnType<typeof createExploreService>;
