import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PaperSummary } from '../../../../contracts/research.ts';
import type { Orm } from '../../../db/client.ts';
import {
  cardLinks,
  cardNeighbours,
  cards,
  pdfDocuments,
  profiles,
  researchListItems,
  researchLists,
  researchNotes,
  researchProjectPapers,
  researchProjects,
  researchQueue,
  researchTopics,
} from '../../../db/schema.ts';
import { tsQuery } from '../../../db/text-search.ts';
import { listedCard, notBlockedBetween, ownCard } from '../../../db/visibility.ts';

/** A paper: a card of type paper that is not deleted. */
const isPaper = sql`(${cards.type} = 'paper' and ${cards.deletedAt} is null)`;

/**
 * A paper the reader may see in the research centre and their research home: a listed (published, public)
 * paper, or their own in any state, by nobody blocked either way.
 */
export function paperVisibleTo(reader: string | undefined): SQL {
  return and(isPaper, or(listedCard(), ownCard(reader)), notBlockedBetween(reader, cards.authorKey))!;
}

const summaryColumns = {
  id: cards.id,
  title: cards.title,
  fields: cards.fields,
  tags: cards.tags,
  readers: cards.readers,
};

type SummaryRow = {
  id: string;
  title: string;
  fields: typeof cards.$inferSelect.fields;
  tags: string[];
  readers: number;
};

/** A paper card's row as a list shows it. */
export function summaryOf(row: SummaryRow): PaperSummary {
  const fields = row.fields;
  return {
    id: row.id,
    title: row.title,
    authors: fields.authors ?? [],
    venue: fields.venue ?? null,
    year: fields.year ?? null,
    doi: fields.doi ?? null,
    arxivId: fields.arxivId ?? null,
    tldr: fields.tldr ?? null,
    tags: row.tags,
    citationKey: fields.citationKey ?? null,
    hasCode: Boolean(fields.codeUrl),
    readers: row.readers,
  };
}

/** What a new paper is compared by: its DOI, arXiv id, and title with first author and year. */
export type DuplicateProbe = {
  doi?: string;
  arxivId?: string;
  title: string;
  firstAuthor?: string;
  year?: number;
};

/** Search and filters of the research centre, with a topic's tags already looked up. */
export type PaperSearch = {
  q: string;
  topicTags?: string[];
  tag?: string;
  venue?: string;
  yearFrom?: number;
  yearTo?: number;
  hasPdf?: boolean;
  hasCode?: boolean;
  sort: 'relevance' | 'year' | 'readers';
  offset: number;
  limit: number;
};

/**
 * A search counts its matches up to this many and says "more than" beyond: counting a common word's every
 * match cost more than the rest of the search (decision 027).
 */
export const SEARCH_COUNT_CAP = 500;

/** A paper's year as a number (migration 0022), as the research centre's indexes hold it. */
const paperYear = sql<number | null>`cardweb_paper_year(${cards.fields})`;

/**
 * The research centre's two orders, written as their indexes (`cards_paper_readers_idx`, `cards_paper_year_idx`)
 * are, so that PostgreSQL can walk one and stop after a page; the id makes the order total.
 */
const searchOrders = {
  readers: sql`${cards.readers} desc nulls last, ${paperYear} desc nulls last, ${cards.title}, ${cards.id}`,
  year: sql`${paperYear} desc nulls last, ${cards.title}, ${cards.id}`,
};
const unionOrders = {
  readers: sql.raw('readers desc nulls last, year desc nulls last, title, id'),
  year: sql.raw('year desc nulls last, title, id'),
};

/**
 * The first `count` ids, in `order`, of the papers matching `where` that the reader may see. Listed papers and
 * the reader's own are two walks, each in its own index (the listed ones' is partial), merged: one condition
 * with an OR of the two could use neither.
 */
function pageOfIdsQuery(
  reader: string | undefined,
  where: SQL,
  order: keyof typeof searchOrders,
  count: number,
) {
  const walk = (visible: SQL) =>
    sql`(select ${cards.id} as id, ${cards.readers} as readers, ${paperYear} as year, ${cards.title} as title from ${cards} where ${and(isPaper, visible, where)} order by ${searchOrders[order]} limit ${count})`;
  const listed = walk(and(listedCard(), notBlockedBetween(reader, cards.authorKey))!);
  if (reader === undefined) return sql`select id from ${listed} as listed order by ${unionOrders[order]}`;
  return sql`select id from (${listed} union ${walk(ownCard(reader))}) as matched order by ${unionOrders[order]} limit ${count}`;
}

/** The database side of papers: duplicates, lists, search and what a paper page gathers. */
export function createPapersRepository(orm: Orm) {
  async function pageOfIds(
    reader: string | undefined,
    where: SQL,
    order: keyof typeof searchOrders,
    count: number,
  ): Promise<string[]> {
    const result = await orm.execute<{ id: string }>(pageOfIdsQuery(reader, where, order, count));
    return result.rows.map((row) => row.id);
  }

  return {
    /**
     * For each probe in order, the paper the reader may see that it duplicates, found by DOI, then arXiv id
     * (without version), then folded title + first author's family name + year, all through the same SQL
     * functions as the indexes; their own papers first. One statement for the whole list.
     */
    async duplicates(reader: string, probes: DuplicateProbe[]) {
      if (probes.length === 0) return [];
      const visible = paperVisibleTo(reader);
      const order = sql`${cards.authorKey} = ${reader} desc, ${cards.createdAt}`;
      const result = await orm.execute<{
        i: string;
        doi_id: string | null;
        arxiv_id: string | null;
        title_id: string | null;
      }>(sql`
        select p.i,
          (select ${cards.id} from ${cards} where p.doi is not null and lower(${cards.fields} ->> 'doi') = p.doi and ${visible} order by ${order} limit 1) as doi_id,
          (select ${cards.id} from ${cards} where p.arxiv is not null and cardweb_arxiv_key(${cards.fields} ->> 'arxivId') = cardweb_arxiv_key(p.arxiv) and ${visible} order by ${order} limit 1) as arxiv_id,
          (select ${cards.id} from ${cards} where cardweb_paper_title_key(${cards.title}, ${cards.fields}) = cardweb_paper_title_key(p.title, p.fields) and ${visible} order by ${order} limit 1) as title_id
        from unnest(${sql.param(probes.map((probe) => probe.doi?.toLowerCase() ?? null))}::text[],
                    ${sql.param(probes.map((probe) => probe.arxivId ?? null))}::text[],
                    ${sql.param(probes.map((probe) => probe.title))}::text[],
                    ${sql.param(probes.map((probe) => JSON.stringify({ authors: probe.firstAuthor ? [probe.firstAuthor] : [], ...(probe.year !== undefined ? { year: probe.year } : {}) })))}::jsonb[])
          with ordinality as p(doi, arxiv, title, fields, i)
        order by p.i`);
      return result.rows.map((row) =>
        row.doi_id
          ? { id: row.doi_id, matchedBy: 'doi' as const }
          : row.arxiv_id
            ? { id: row.arxiv_id, matchedBy: 'arxiv' as const }
            : row.title_id
              ? { id: row.title_id, matchedBy: 'title' as const }
              : undefined,
      );
    },

    /**
     * The keys of records as the database computes them (`cardweb_paper_title_key`, `cardweb_arxiv_key`), so
     * entries of one file are compared exactly as papers already here are.
     */
    async keysOf(probes: DuplicateProbe[]): Promise<{ arxiv: string | null; title: string }[]> {
      if (probes.length === 0) return [];
      const result = await orm.execute<{ arxiv: string | null; title: string }>(sql`
        select cardweb_arxiv_key(p.arxiv) as arxiv, cardweb_paper_title_key(p.title, p.fields) as title
        from unnest(${sql.param(probes.map((probe) => probe.arxivId ?? null))}::text[],
                    ${sql.param(probes.map((probe) => probe.title))}::text[],
                    ${sql.param(probes.map((probe) => JSON.stringify({ authors: probe.firstAuthor ? [probe.firstAuthor] : [], ...(probe.year !== undefined ? { year: probe.year } : {}) })))}::jsonb[])
          with ordinality as p(arxiv, title, fields, i)
        order by p.i`);
      return result.rows;
    },

    /** The papers of `ids` the reader may see, in the order of `ids`. */
    async summaries(reader: string | undefined, ids: string[]): Promise<PaperSummary[]> {
      if (ids.length === 0) return [];
      const rows = await orm
        .select(summaryColumns)
        .from(cards)
        .where(and(inArray(cards.id, ids), paperVisibleTo(reader)));
      const byId = new Map(rows.map((row) => [row.id, summaryOf(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * The citation keys among papers the owner sees that are one of `bases` or a base with letters after it
     * ("koren2009matrixa"). Exact keys come from the key's index. Lettered keys are only looked for after a
     * base that is taken, or that the caller will letter anyway (`repeated`: a base several new papers share),
     * since no other base needs a letter: an import's 5,000 patterns matched against every paper took seconds.
     */
    async citationKeysLike(owner: string, bases: string[], repeated: string[] = []): Promise<Set<string>> {
      if (bases.length === 0) return new Set();
      const key = sql<string>`${cards.fields} ->> 'citationKey'`;
      const exact = await orm
        .selectDistinct({ key })
        .from(cards)
        .where(and(paperVisibleTo(owner), sql`${key} = any(${sql.param(bases)}::text[])`));
      const taken = new Set(exact.map((row) => row.key));
      const letteredBases = [...new Set([...taken, ...repeated])];
      if (letteredBases.length === 0) return taken;
      const lettered = await orm
        .selectDistinct({ key })
        .from(cards)
        .where(
          and(
            paperVisibleTo(owner),
            sql`${key} like any (${sql.param(letteredBases.map((base) => `${base.replace(/[\\%_]/g, '\\$&')}_%`))}::text[])`,
          ),
        );
      for (const row of lettered) taken.add(row.key);
      return taken;
    },

    /** The paper cards of `ids` the reader may see, with their fields (for export and citing). */
    async records(reader: string | undefined, ids: string[]) {
      if (ids.length === 0) return [];
      return orm
        .select({ id: cards.id, title: cards.title, fields: cards.fields, tags: cards.tags })
        .from(cards)
        .where(and(inArray(cards.id, ids), paperVisibleTo(reader)));
    },

    /**
     * The papers `[@key]` citations name as the reader sees them (their own first, then the earliest added),
     * as cards publishing resolves them for their author.
     */
    async resolveCitationKeys(reader: string | undefined, keys: string[]) {
      if (keys.length === 0) return new Map<string, string>();
      const key = sql<string>`${cards.fields} ->> 'citationKey'`;
      const rows = await orm
        .select({ id: cards.id, key })
        .from(cards)
        .where(and(paperVisibleTo(reader), inArray(key, keys)))
        .orderBy(desc(sql`${cards.authorKey} = ${reader ?? null}`), asc(cards.createdAt));
      const found = new Map<string, string>();
      for (const row of rows) if (!found.has(row.key)) found.set(row.key, row.id);
      return found;
    },

    /** A paper card the reader may see, with who added it. */
    async find(reader: string | undefined, id: string) {
      const [row] = await orm
        .select({ card: cards, handle: profiles.handle, displayName: profiles.displayName })
        .from(cards)
        .innerJoin(profiles, eq(profiles.key, cards.authorKey))
        .where(and(eq(cards.id, id), paperVisibleTo(reader)));
      return row;
    },

    /**
     * Search and filters over the papers the reader may see: a page, and how many match, counted up to
     * `SEARCH_COUNT_CAP` (`capped` when more do). Ids are found first and the page's rows read after, so no
     * statement carries every match's row: decision 027.
     */
    async search(reader: string | undefined, search: PaperSearch) {
      const query = search.q ? tsQuery(search.q) : undefined;
      const filter = and(
        search.topicTags ? sql`${cards.tags} && ${sql.param(search.topicTags)}::text[]` : undefined,
        search.tag ? sql`${cards.tags} @> ${sql.param([search.tag])}::text[]` : undefined,
        search.venue
          ? sql`${cards.fields} ->> 'venue' ilike ${`%${search.venue.replace(/[\\%_]/g, '\\$&')}%`}`
          : undefined,
        search.yearFrom !== undefined ? sql`${paperYear} >= ${search.yearFrom}` : undefined,
        search.yearTo !== undefined ? sql`${paperYear} <= ${search.yearTo}` : undefined,
        search.hasCode === undefined
          ? undefined
          : search.hasCode
            ? sql`${cards.fields} ? 'codeUrl'`
            : sql`not (${cards.fields} ? 'codeUrl')`,
        search.hasPdf === undefined
          ? undefined
          : sql`${search.hasPdf ? sql`` : sql`not`} (${cards.fields} ? 'arxivId' or exists (select 1 from ${pdfDocuments} where ${pdfDocuments.paperCardId} = ${cards.id} and ${pdfDocuments.ownerKey} = ${reader ?? null}))`,
      );
      const matches = query ? sql`${cards.searchVector} @@ ${query}` : undefined;
      // Relevance with words: papers whose title or tags hold them, then those that only mention them; each
      // tier in readers' order. A tier is an index walk that stops after a page, where ranking by ts_rank
      // must read and rank every match (decision 027).
      const tiers =
        query && search.sort === 'relevance'
          ? [
              sql`${cards.searchHead} @@ ${query}`,
              sql`${cards.searchVector} @@ ${query} and not (${cards.searchHead} @@ ${query})`,
            ]
          : [matches ?? sql`true`];
      const order = search.sort === 'year' ? 'year' : 'readers';
      // The count runs beside the walks, on a connection of its own: it reads up to SEARCH_COUNT_CAP matches
      // where a walk reads a page, so it is most of a search's time.
      const counted = orm.execute<{ n: number }>(
        sql`select count(*)::int as n from (select 1 from ${cards} where ${and(paperVisibleTo(reader), matches, filter)} limit ${SEARCH_COUNT_CAP + 1}) as counted`,
      );
      // Awaited below; until then a failed count must not count as a rejection nobody handles.
      counted.catch(() => undefined);
      const ids: string[] = [];
      // The page and one more, which says whether there is a next page.
      let wanted = search.limit + 1;
      let skip = search.offset;
      for (const tier of tiers) {
        const found = await pageOfIds(reader, and(tier, filter)!, order, skip + wanted);
        // Fewer than asked for: the tier is exhausted, and `found.length` is all of it.
        const taken = found.slice(skip);
        skip = Math.max(0, skip - found.length);
        ids.push(...taken);
        wanted -= taken.length;
        if (wanted <= 0) break;
      }
      const [rows, { rows: countRows }] = await Promise.all([
        this.summaries(reader, ids.slice(0, search.limit)),
        counted,
      ]);
      const count = countRows[0]?.n ?? 0;
      return {
        items: rows,
        total: Math.min(count, SEARCH_COUNT_CAP),
        capped: count > SEARCH_COUNT_CAP,
        hasMore: ids.length > search.limit,
      };
    },

    /** The papers in CARD WEB that cite this one: by its DOI, arXiv id or title in their references, or by a card link. */
    async citedBy(
      reader: string | undefined,
      paper: { id: string; doi?: string; arxivId?: string; title: string },
    ) {
      const conditions = [
        sql`exists (select 1 from ${cardLinks} where ${cardLinks.sourceId} = ${cards.id} and ${cardLinks.targetId} = ${paper.id})`,
      ];
      if (paper.doi)
        conditions.push(
          sql`${cards.fields} -> 'references' @> ${JSON.stringify([{ doi: paper.doi.toLowerCase() }])}::jsonb`,
        );
      // An arXiv id is compared without its version, and a title folded, as resolveReferences compares them:
      // a reference to "1708.05031v1" cites the paper kept as "1708.05031v2".
      const references = sql`case when jsonb_typeof(${cards.fields} -> 'references') = 'array' then ${cards.fields} -> 'references' else '[]'::jsonb end`;
      conditions.push(
        sql`exists (select 1 from jsonb_array_elements(${references}) r where cardweb_arxiv_key(r ->> 'arxivId') = cardweb_arxiv_key(${paper.arxivId ?? null}::text) or nullif(cardweb_norm_title(r ->> 'title'), '') = nullif(cardweb_norm_title(${paper.title}::text), ''))`,
      );
      const rows = await orm
        .select(summaryColumns)
        .from(cards)
        .where(and(paperVisibleTo(reader), sql`${cards.id} <> ${paper.id}`, or(...conditions)))
        .orderBy(sql`(${cards.fields} ->> 'year')::int desc nulls last`, asc(cards.title))
        .limit(100);
      return rows.map(summaryOf);
    },

    /**
     * Which of the references (DOIs, arXiv ids, titles) are papers the reader may see: the match for each
     * reference in order, or undefined.
     */
    async resolveReferences(
      reader: string | undefined,
      references: { doi?: string; arxivId?: string; title?: string }[],
    ) {
      if (references.length === 0) return [];
      const result = await orm.execute<{ i: string; id: string | null }>(sql`
        select p.i, coalesce(
          (select ${cards.id} from ${cards} where p.doi is not null and lower(${cards.fields} ->> 'doi') = p.doi and ${paperVisibleTo(reader)} limit 1),
          (select ${cards.id} from ${cards} where p.arxiv is not null and cardweb_arxiv_key(${cards.fields} ->> 'arxivId') = cardweb_arxiv_key(p.arxiv) and ${paperVisibleTo(reader)} limit 1),
          (select ${cards.id} from ${cards} where p.title is not null and cardweb_norm_title(${cards.title}) = cardweb_norm_title(p.title) and ${paperVisibleTo(reader)} limit 1)
        ) as id
        from unnest(${sql.param(references.map((ref) => ref.doi?.toLowerCase() ?? null))}::text[],
                    ${sql.param(references.map((ref) => ref.arxivId ?? null))}::text[],
                    ${sql.param(references.map((ref) => ref.title ?? null))}::text[]) with ordinality as p(doi, arxiv, title, i)
        order by p.i`);
      return result.rows.map((row) => row.id ?? undefined);
    },

    /** Papers this one links to by a card link (`[[Title]]` or a typed link) that the reader may see. */
    async linkedPapers(reader: string | undefined, id: string) {
      const rows = await orm
        .select(summaryColumns)
        .from(cardLinks)
        .innerJoin(cards, eq(cards.id, cardLinks.targetId))
        .where(and(eq(cardLinks.sourceId, id), paperVisibleTo(reader)));
      return rows.map(summaryOf);
    },

    /** Cards that are not papers and cite or link to the paper: notes, quotes, published research notes. */
    async citingCards(reader: string | undefined, id: string) {
      return orm
        .selectDistinctOn([cards.id], {
          id: cards.id,
          title: cards.title,
          body: cards.body,
          type: cards.type,
          authorHandle: profiles.handle,
          authorName: profiles.displayName,
        })
        .from(cardLinks)
        .innerJoin(cards, eq(cards.id, cardLinks.sourceId))
        .innerJoin(profiles, eq(profiles.key, cards.authorKey))
        .where(
          and(
            eq(cardLinks.targetId, id),
            sql`${cards.type} <> 'paper'`,
            or(listedCard(), and(ownCard(reader), sql`${cards.status} = 'published'`)),
            notBlockedBetween(reader, cards.authorKey),
          ),
        )
        .orderBy(cards.id)
        .limit(50);
    },

    /**
     * Related papers, each with why: sharing a tag, read by the same people (queued by someone who queued this
     * one) or neighbours in the recommender's card graph. At most `limit` of each, strongest first.
     */
    async related(reader: string | undefined, paper: { id: string; tags: string[] }, limit: number) {
      const notThis = sql`${cards.id} <> ${paper.id}`;
      const [byTags, byReaders, byNeighbours] = await Promise.all([
        paper.tags.length === 0
          ? Promise.resolve([])
          : orm
              .select(summaryColumns)
              .from(cards)
              .where(
                and(paperVisibleTo(reader), notThis, sql`${cards.tags} && ${sql.param(paper.tags)}::text[]`),
              )
              .orderBy(
                desc(
                  sql`cardinality(array(select unnest(${cards.tags}) intersect select unnest(${sql.param(paper.tags)}::text[])))`,
                ),
                desc(cards.readers),
                asc(cards.id),
              )
              .limit(limit),
        orm
          .select({ ...summaryColumns, shared: sql<number>`count(*)::int` })
          .from(researchQueue)
          .innerJoin(cards, eq(cards.id, researchQueue.cardId))
          .where(
            and(
              paperVisibleTo(reader),
              notThis,
              sql`${researchQueue.profileKey} in (select q.profile_key from ${researchQueue} q where q.card_id = ${paper.id})`,
            ),
          )
          .groupBy(cards.id)
          .orderBy(desc(sql`count(*)`), asc(cards.id))
          .limit(limit),
        orm
          .select(summaryColumns)
          .from(cardNeighbours)
          .innerJoin(cards, eq(cards.id, cardNeighbours.neighbourId))
          .where(and(eq(cardNeighbours.cardId, paper.id), paperVisibleTo(reader)))
          .orderBy(desc(cardNeighbours.score))
          .limit(limit),
      ]);
      return {
        byTags: byTags.map(summaryOf),
        byReaders: byReaders.map(summaryOf),
        byNeighbours: byNeighbours.map(summaryOf),
      };
    },

    /** The topics whose tags the paper carries, or whose lists hold it. */
    async topicsOf(id: string, tags: string[]) {
      return orm
        .selectDistinct({ slug: researchTopics.slug, title: researchTopics.title })
        .from(researchTopics)
        .where(
          or(
            sql`${researchTopics.tags} && ${sql.param(tags)}::text[]`,
            sql`exists (select 1 from ${researchLists} l join ${researchListItems} i on i.list_id = l.id where l.topic_id = ${researchTopics.id} and i.card_id = ${id})`,
          ),
        )
        .orderBy(researchTopics.title);
    },

    /** The reader's own things about the paper: queue entry, note, attached PDF, projects holding it. */
    async mine(reader: string, id: string) {
      const [queue, note, pdf, projects] = await Promise.all([
        orm
          .select({ status: researchQueue.status, priority: researchQueue.priority })
          .from(researchQueue)
          .where(and(eq(researchQueue.profileKey, reader), eq(researchQueue.cardId, id))),
        orm
          .select({
            body: researchNotes.body,
            publishedCardId: researchNotes.publishedCardId,
            updatedAt: researchNotes.updatedAt,
          })
          .from(researchNotes)
          .where(and(eq(researchNotes.ownerKey, reader), eq(researchNotes.paperCardId, id))),
        orm
          .select({
            id: pdfDocuments.id,
            title: pdfDocuments.title,
            lastPage: pdfDocuments.lastPage,
            pageCount: pdfDocuments.pageCount,
          })
          .from(pdfDocuments)
          .where(and(eq(pdfDocuments.ownerKey, reader), eq(pdfDocuments.paperCardId, id)))
          .orderBy(desc(pdfDocuments.updatedAt))
          .limit(1),
        orm
          .select({ id: researchProjects.id, title: researchProjects.title })
          .from(researchProjectPapers)
          .innerJoin(researchProjects, eq(researchProjects.id, researchProjectPapers.projectId))
          .where(and(eq(researchProjects.ownerKey, reader), eq(researchProjectPapers.cardId, id)))
          .orderBy(researchProjects.title),
      ]);
      return { queue: queue[0], note: note[0], pdf: pdf[0], projects };
    },
  };
}

export type PapersRepository = ReturnType<typeof createPapersRepository>;
