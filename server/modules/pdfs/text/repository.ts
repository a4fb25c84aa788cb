import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { TextStatus } from '../../../../contracts/pdfs.ts';
import type { Database } from '../../../db/client.ts';
import { pdfDocuments, pdfPages } from '../../../db/schema.ts';

/** What extraction needs of a document. */
export type DocumentForExtraction = {
  id: string;
  ownerKey: string;
  fileHash: string;
  doi: string | null;
  arxivId: string | null;
};

/** A page that matched a search, with its snippet as `ts_headline` marked it. */
export type PageMatch = { documentId: string; page: number; title: string; headline: string };

/** The characters `ts_headline` puts around each matching word; extraction keeps them out of the text. */
export const hitStart = '\u0001';
export const hitEnd = '\u0002';
/**
 * What `<` is while `ts_headline` reads a page: its parser takes `<b>` or `<script …>` for markup and leaves it
 * out of the snippet, where the page printed those characters. Another control character no page holds.
 */
export const lessThan = '\u0003';

/**
 * How a snippet is cut: about 35 words around the best matches, in up to two fragments. The options are
 * PostgreSQL's own syntax; the markers are control characters no stored page holds.
 */
const HEADLINE_OPTIONS =
  `StartSel=${hitStart}, StopSel=${hitEnd}, MaxWords=35, MinWords=15, ShortWord=3, ` +
  'MaxFragments=2, FragmentDelimiter=" … "';

/**
 * Matching pages ranked per search, at most: ranking reads each match's whole vector (2–3 KB a page, stored
 * compressed), which for a word on most of 20,000 pages took 40–60 ms. Past this many matches the best are
 * picked among the first found.
 */
const RANKED_CANDIDATES = 2_000;
/** Characters of a page `ts_headline` reads: it parses all it is given (a real page has a few thousand). */
const HEADLINE_CHARS = 20_000;

/** Whether `error` is PostgreSQL's foreign-key violation, as it is or wrapped by Drizzle. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: string }).code === '23503') return true;
  }
  return false;
}

/** The text extraction's and the full-text search's queries over `pdf_documents` and `pdf_pages`. */
export function createTextRepository(db: Database) {
  const { orm } = db;
  // Matches are read from both indexes (the words' and the owner's) and combined: left to choose, the planner
  // walked the owner's index for common words, reading and decompressing the vector of every page of theirs.
  // Without JIT, which a large estimate could switch on for tens of milliseconds; it also gives these
  // statements a pool of their own rather than Explore's.
  const byBitmaps = db.withSettings({ enable_seqscan: 'off', enable_indexscan: 'off', jit: 'off' });
  return {
    /** The document to extract, or undefined when it was deleted. */
    async document(id: string): Promise<DocumentForExtraction | undefined> {
      const [row] = await orm
        .select({
          id: pdfDocuments.id,
          ownerKey: pdfDocuments.ownerKey,
          fileHash: pdfDocuments.fileHash,
          doi: pdfDocuments.doi,
          arxivId: pdfDocuments.arxivId,
        })
        .from(pdfDocuments)
        .where(eq(pdfDocuments.id, id));
      return row;
    },

    /**
     * Removes every page of a document's text and sets it pending again: an extraction that runs again starts
     * afresh, and the status says so until it ends.
     */
    async startOver(documentId: string): Promise<void> {
      await orm.transaction(async (tx) => {
        await tx.delete(pdfPages).where(eq(pdfPages.documentId, documentId));
        await tx
          .update(pdfDocuments)
          .set({ textStatus: 'pending' })
          .where(and(eq(pdfDocuments.id, documentId), ne(pdfDocuments.textStatus, 'pending')));
      });
    },

    /**
     * Writes pages of a document's text in one statement (a page written already is replaced). False when the
     * document has been deleted meanwhile: its pages have nowhere to go.
     */
    async writePages(
      document: Pick<DocumentForExtraction, 'id' | 'ownerKey'>,
      pages: readonly { page: number; text: string }[],
    ): Promise<boolean> {
      if (pages.length === 0) return true;
      try {
        await orm
          .insert(pdfPages)
          .values(
            pages.map(({ page, text }) => ({
              documentId: document.id,
              ownerKey: document.ownerKey,
              page,
              text,
            })),
          )
          .onConflictDoUpdate({
            target: [pdfPages.documentId, pdfPages.page],
            set: { text: sql`excluded.text`, ownerKey: sql`excluded.owner_key` },
          });
        return true;
      } catch (error) {
        if (isForeignKeyViolation(error)) return false;
        throw error;
      }
    },

    /**
     * Records how extraction ended, and the DOI and arXiv id found in the text where the document has none (a
     * value the person typed meanwhile stays). False when the document is gone.
     */
    async finish(
      documentId: string,
      status: Exclude<TextStatus, 'pending'>,
      found: { doi: string | null; arxivId: string | null },
    ): Promise<boolean> {
      const rows = await orm
        .update(pdfDocuments)
        .set({
          textStatus: status,
          doi: sql`coalesce(${pdfDocuments.doi}, ${found.doi}::text)`,
          arxivId: sql`coalesce(${pdfDocuments.arxivId}, ${found.arxivId}::text)`,
        })
        .where(eq(pdfDocuments.id, documentId))
        .returning({ id: pdfDocuments.id });
      return rows.length > 0;
    },

    /** Marks a document whose extraction gave up as failed, unless another extraction finished it since. */
    async markFailed(documentId: string): Promise<void> {
      await orm
        .update(pdfDocuments)
        .set({ textStatus: 'failed' })
        .where(and(eq(pdfDocuments.id, documentId), eq(pdfDocuments.textStatus, 'pending')));
    },

    /** Documents still waiting for their text, oldest first. */
    async pendingIds(limit: number): Promise<string[]> {
      const rows = await orm
        .select({ id: pdfDocuments.id })
        .from(pdfDocuments)
        .where(eq(pdfDocuments.textStatus, 'pending'))
        .orderBy(asc(pdfDocuments.createdAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * The owner's pages that match `q` (`websearch_to_tsquery`, English, accents folded as the pages are
     * indexed), best first by `ts_rank_cd` among at most `RANKED_CANDIDATES` matches, at most `limit`. The
     * snippets are made only for those: `ts_headline` parses a page's whole text.
     */
    async search(ownerKey: string, q: string, limit: number): Promise<PageMatch[]> {
      const result = await byBitmaps.execute<PageMatch>(sql`
        with query as (select websearch_to_tsquery('english', cardweb_unaccent(${q})) as q),
        candidates as (
          select p.document_id, p.page, p.search_vector from pdf_pages p, query
          where p.owner_key = ${ownerKey} and p.search_vector @@ query.q
          limit ${RANKED_CANDIDATES}
        ),
        best as (
          select c.document_id, c.page, ts_rank_cd(c.search_vector, query.q) as rank from candidates c, query
          order by rank desc, c.document_id, c.page
          limit ${limit}
        )
        select best.document_id as "documentId", best.page, d.title,
          ts_headline('english', translate(left(p.text, ${HEADLINE_CHARS}), ${'<' + hitStart + hitEnd}, ${lessThan}),
            query.q, ${HEADLINE_OPTIONS}) as headline
        from best
        join pdf_pages p on p.document_id = best.document_id and p.page = best.page
        join pdf_documents d on d.id = best.document_id
        cross join query
        order by best.rank desc, best.document_id, best.page`);
      return result.rows;
    },
  };
}

export type TextRepository = ReturnType<typeof createTextRepository>;
