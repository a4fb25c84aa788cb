import { and, asc, desc, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type {
  DocumentPartView,
  ExtractionCard,
  ExtractionMode,
  ExtractionOptions,
  ExtractionPreview,
  ExtractionSource,
  SecretFindingView,
} from '../../../contracts/extractor.ts';
import type { Orm } from '../../db/client.ts';
import { extractionParts, extractionResults, extractions, extractorUploads, jobs } from '../../db/schema.ts';
import type { RepositoryModule } from './modules.ts';
import type { RepositorySummary } from './summary.ts';

/** What a document keeps for module cards: the modules, and the opening of the repository's README. */
export type StoredModules = { modules: RepositoryModule[]; readme: string | null };

/** Since the UTC day began (the daily volume resets at midnight UTC). */
const today = sql`${extractions.createdAt} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`;

/**
 * An extraction's status: its job's while the job row lasts; once the retention sweep removed it, the outcome
 * written at the end, and a run that never wrote one was interrupted.
 */
const status = sql<string>`coalesce(${jobs.status}, case when ${extractions.status} in ('queued', 'running') then 'failed' else ${extractions.status} end)`;
const errorCode = sql<
  string | null
>`coalesce(${jobs.errorCode}, ${extractions.errorCode}, case when ${jobs.id} is null and ${extractions.status} in ('queued', 'running') then 'jobs/interrupted' end)`;
const finishedAt = sql<Date | null>`coalesce(${jobs.finishedAt}, ${extractions.finishedAt})`;

const extractionColumns = {
  id: extractions.id,
  ownerKey: extractions.ownerKey,
  jobId: extractions.jobId,
  source: extractions.source,
  mode: extractions.mode,
  options: extractions.options,
  status,
  errorCode,
  ref: extractions.ref,
  commit: extractions.commit,
  baseCommit: extractions.baseCommit,
  bytesRead: extractions.bytesRead,
  resultKey: extractions.resultKey,
  cached: extractions.cached,
  cards: extractions.cards,
  createdAt: extractions.createdAt,
  finishedAt,
};

export type ExtractionRow = {
  id: string;
  ownerKey: string;
  jobId: string;
  source: ExtractionSource;
  mode: ExtractionMode;
  options: ExtractionOptions;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  errorCode: string | null;
  ref: string | null;
  commit: string | null;
  baseCommit: string | null;
  bytesRead: number;
  resultKey: string | null;
  cached: boolean;
  cards: ExtractionCard[] | null;
  createdAt: Date;
  finishedAt: Date | null;
};

/** What a document run stores: shared by every extraction with the same key. */
export type StoredResult = {
  key: string;
  summary: RepositorySummary;
  secrets: SecretFindingView[];
  secretCount: number;
  modules: StoredModules;
  parts: (DocumentPartView & { text: string })[];
};

const asRow = (row: Record<string, unknown>) => {
  const value = row as ExtractionRow & { createdAt: Date | string; finishedAt: Date | string | null };
  // Columns read through `sql` come back as strings.
  return {
    ...value,
    createdAt: new Date(value.createdAt),
    finishedAt: value.finishedAt === null ? null : new Date(value.finishedAt),
  } as ExtractionRow;
};

/** Storage of the repository extractor: extractions (the history), the cached documents, uploads. */
export function createExtractorRepository(orm: Orm) {
  return {
    /**
     * Writes a new extraction unless the owner already has `maxRunning` running: the count and the insert are
     * one transaction under a lock on the owner, so two requests at once cannot both pass. False when refused.
     */
    async insertIfFree(
      row: {
        id: string;
        ownerKey: string;
        jobId: string;
        source: ExtractionSource;
        mode: ExtractionMode;
        options: ExtractionOptions;
        /** For a rerun: the commit its first run read, and in diff mode the one it compared with. */
        commit: string | null;
        baseCommit: string | null;
      },
      maxRunning: number,
    ): Promise<boolean> {
      return orm.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`extractor:${row.ownerKey}`}))`);
        const [running] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(extractions)
          .innerJoin(jobs, eq(jobs.id, extractions.jobId))
          .where(and(eq(extractions.ownerKey, row.ownerKey), inArray(jobs.status, ['queued', 'running'])));
        // An extraction whose job is not written yet (being started right now) counts as running too.
        const [starting] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(extractions)
          .where(
            and(
              eq(extractions.ownerKey, row.ownerKey),
              eq(extractions.status, 'queued'),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(jobs)
                  .where(eq(jobs.id, extractions.jobId)),
              ),
              sql`${extractions.createdAt} > now() - interval '1 minute'`,
            ),
          );
        if ((running?.count ?? 0) + (starting?.count ?? 0) >= maxRunning) return false;
        await tx.insert(extractions).values(row);
        return true;
      });
    },

    async remove(ownerKey: string, id: string): Promise<string | null | undefined> {
      const [row] = await orm
        .delete(extractions)
        .where(and(eq(extractions.id, id), eq(extractions.ownerKey, ownerKey)))
        .returning({ resultKey: extractions.resultKey });
      return row === undefined ? undefined : row.resultKey;
    },

    /** Removes a cached document no extraction names any more. */
    async removeResultIfUnused(key: string): Promise<void> {
      await orm.delete(extractionResults).where(
        and(
          eq(extractionResults.key, key),
          notExists(
            orm
              .select({ one: sql`1` })
              .from(extractions)
              .where(eq(extractions.resultKey, key)),
          ),
        ),
      );
    },

    async find(id: string): Promise<ExtractionRow | undefined> {
      const [row] = await orm
        .select(extractionColumns)
        .from(extractions)
        .leftJoin(jobs, eq(jobs.id, extractions.jobId))
        .where(eq(extractions.id, id));
      return row ? asRow(row) : undefined;
    },

    async preview(id: string): Promise<ExtractionPreview | null> {
      const [row] = await orm
        .select({ preview: extractions.preview })
        .from(extractions)
        .where(eq(extractions.id, id));
      return (row?.preview as ExtractionPreview | null | undefined) ?? null;
    },

    /** The owner's most recent extractions, newest first, with their documents' tokens and parts. */
    async listOf(ownerKey: string, limit: number) {
      const rows = await orm
        .select({
          ...extractionColumns,
          tokens: sql<number | null>`(${extractionResults.summary} ->> 'tokens')::int`,
          parts: sql<
            number | null
          >`(select count(*)::int from ${extractionParts} where ${extractionParts.resultKey} = ${extractions.resultKey})`,
        })
        .from(extractions)
        .leftJoin(jobs, eq(jobs.id, extractions.jobId))
        .leftJoin(extractionResults, eq(extractionResults.key, extractions.resultKey))
        .where(eq(extractions.ownerKey, ownerKey))
        .orderBy(desc(extractions.createdAt), desc(extractions.id))
        .limit(limit);
      return rows.map((row) => ({
        ...asRow(row),
        tokens: row.tokens,
        parts: row.resultKey === null ? null : row.parts,
      }));
    },

    /** Marks the run as started and says where it reads (the ref and commits, once known). */
    async started(
      id: string,
      fields: { ref?: string | null; commit?: string | null; baseCommit?: string | null },
    ): Promise<void> {
      await orm
        .update(extractions)
        .set({ status: 'running', ...fields })
        .where(eq(extractions.id, id));
    },

    /** Writes the run's outcome. */
    async finish(
      id: string,
      fields: {
        status: 'succeeded' | 'failed' | 'cancelled';
        errorCode?: string | null;
        bytesRead?: number;
        preview?: ExtractionPreview | null;
        resultKey?: string | null;
        cached?: boolean;
        ref?: string | null;
        commit?: string | null;
      },
    ): Promise<void> {
      await orm
        .update(extractions)
        .set({ ...fields, finishedAt: new Date() })
        .where(eq(extractions.id, id));
    },

    /** Bytes read for the owner since midnight UTC, and how many runs are going. */
    async usage(ownerKey: string): Promise<{ bytesToday: number; running: number }> {
      const [bytes] = await orm
        .select({ total: sql<number>`coalesce(sum(${extractions.bytesRead}), 0)::bigint` })
        .from(extractions)
        .where(and(eq(extractions.ownerKey, ownerKey), today));
      const [running] = await orm
        .select({ count: sql<number>`count(*)::int` })
        .from(extractions)
        .innerJoin(jobs, eq(jobs.id, extractions.jobId))
        .where(and(eq(extractions.ownerKey, ownerKey), inArray(jobs.status, ['queued', 'running'])));
      return { bytesToday: Number(bytes?.total ?? 0), running: running?.count ?? 0 };
    },

    async result(key: string) {
      const [row] = await orm.select().from(extractionResults).where(eq(extractionResults.key, key));
      if (!row) return undefined;
      const parts = await orm
        .select({
          index: extractionParts.index,
          tokens: extractionParts.tokens,
          chars: extractionParts.chars,
          files: extractionParts.files,
          firstFile: extractionParts.firstFile,
          lastFile: extractionParts.lastFile,
        })
        .from(extractionParts)
        .where(eq(extractionParts.resultKey, key))
        .orderBy(asc(extractionParts.index));
      return {
        summary: row.summary as RepositorySummary,
        secrets: row.secrets as SecretFindingView[],
        secretCount: row.secretCount,
        modules: row.modules as StoredModules,
        parts,
      };
    },

    /** Whether a document is cached under `key`. */
    async hasResult(key: string): Promise<boolean> {
      const [row] = await orm
        .select({ key: extractionResults.key })
        .from(extractionResults)
        .where(eq(extractionResults.key, key));
      return row !== undefined;
    },

    /** Stores a document (a run of the same key at the same time may have stored it first: then that one stays). */
    async storeResult(result: StoredResult): Promise<void> {
      await orm.transaction(async (tx) => {
        const inserted = await tx
          .insert(extractionResults)
          .values({
            key: result.key,
            summary: result.summary,
            secrets: result.secrets,
            secretCount: result.secretCount,
            modules: result.modules,
          })
          .onConflictDoNothing()
          .returning({ key: extractionResults.key });
        if (inserted.length === 0) return;
        // Inserted in slices: a large document's parts would pass PostgreSQL's parameter limit at once.
        for (let start = 0; start < result.parts.length; start += 100)
          await tx
            .insert(extractionParts)
            .values(
              result.parts.slice(start, start + 100).map((part) => ({ resultKey: result.key, ...part })),
            );
      });
    },

    /** The text of part `index` of the document `key`. */
    async partText(key: string, index: number): Promise<string | undefined> {
      const [row] = await orm
        .select({ text: extractionParts.text })
        .from(extractionParts)
        .where(and(eq(extractionParts.resultKey, key), eq(extractionParts.index, index)));
      return row?.text;
    },

    /** Every part's text, in order, one at a time (for the zip of all parts). */
    async *partTexts(key: string): AsyncGenerator<{ index: number; text: string }> {
      const indexes = await orm
        .select({ index: extractionParts.index })
        .from(extractionParts)
        .where(eq(extractionParts.resultKey, key))
        .orderBy(asc(extractionParts.index));
      for (const { index } of indexes) {
        const text = await this.partText(key, index);
        if (text !== undefined) yield { index, text };
      }
    },

    /**
     * Marks the extraction's cards as being made, unless they are made or being made already: true when this
     * caller is to make them (two clicks make one set).
     */
    async claimCards(id: string): Promise<boolean> {
      const claimed = await orm
        .update(extractions)
        .set({ cards: [] })
        .where(and(eq(extractions.id, id), isNull(extractions.cards)))
        .returning({ id: extractions.id });
      return claimed.length > 0;
    },

    /** Writes the cards made, or (null) gives the claim back after a failure. */
    async setCards(id: string, cards: ExtractionCard[] | null): Promise<void> {
      await orm.update(extractions).set({ cards }).where(eq(extractions.id, id));
    },

    /**
     * Runs `work` holding the lock of one upload's bytes, in one transaction: a new upload of the same bytes and
     * the sweep that would remove them take turns, so bytes are never removed under a row that names them.
     */
    async withUploadLock<T>(
      sha256: string,
      work: (uploads: {
        /** Writes (or, for the same owner and bytes, freshens) an upload's row. */
        insert(row: { ownerKey: string; name: string; bytes: number }): Promise<void>;
        /** Whether any row still names the bytes. */
        named(): Promise<boolean>;
      }) => Promise<T>,
    ): Promise<T> {
      return orm.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`extractor-upload:${sha256}`}))`);
        return work({
          async insert(row) {
            await tx
              .insert(extractorUploads)
              .values({ ...row, sha256 })
              .onConflictDoUpdate({
                target: [extractorUploads.ownerKey, extractorUploads.sha256],
                set: { name: row.name, createdAt: new Date() },
              });
          },
          async named() {
            const [row] = await tx
              .select({ one: sql`1` })
              .from(extractorUploads)
              .where(eq(extractorUploads.sha256, sha256))
              .limit(1);
            return row !== undefined;
          },
        });
      });
    },

    /** Marks an upload as used now: it is kept for a while after its last use. */
    async touchUpload(ownerKey: string, sha256: string): Promise<void> {
      await orm
        .update(extractorUploads)
        .set({ createdAt: new Date() })
        .where(and(eq(extractorUploads.ownerKey, ownerKey), eq(extractorUploads.sha256, sha256)));
    },

    /** Removes the rows of uploads last used before `before`; returns the hashes of the bytes they named. */
    async removeUploadsBefore(before: Date): Promise<string[]> {
      const removed = await orm
        .delete(extractorUploads)
        .where(lt(extractorUploads.createdAt, before))
        .returning({ sha256: extractorUploads.sha256 });
      return [...new Set(removed.map((row) => row.sha256))];
    },

    async findUpload(ownerKey: string, sha256: string) {
      const [row] = await orm
        .select()
        .from(extractorUploads)
        .where(and(eq(extractorUploads.ownerKey, ownerKey), eq(extractorUploads.sha256, sha256)));
      return row;
    },
  };
}

export type ExtractorRepository = ReturnType<typeof createExtractorRepository>;
