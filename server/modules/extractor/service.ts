import { createHash, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { entitlementsFor } from '../../../contracts/premium.ts';
import {
  extractorLimits,
  type Extraction,
  type ExtractionCard,
  type ExtractionListItem,
  type ExtractionMode,
  type ExtractionOptions,
  type ExtractionSource,
  type ExtractorUsage,
  type rerunExtractionSchema,
  type startExtractionSchema,
  type UploadedArchive,
} from '../../../contracts/extractor.ts';
import { extractionOptionsSchema } from '../../../contracts/extractor.ts';
import type { CardVisibility } from '../../../contracts/cards.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CardsService } from '../cards/index.ts';
import type { ArchiveLimits } from '../../lib/archive/index.ts';
import { contentHash, type FileStore } from '../../lib/files/store.ts';
import type { Jobs } from '../../lib/jobs/plugin.ts';
import type { OutboundFetch } from '../../lib/outbound-fetch/index.ts';
import type { DocumentSource } from './document.ts';
import { documentOfSource, previewSource, type ExtractProgress, type FileSource } from './extract.ts';
import { archiveFailure, archiveSource, gitChangesSource, gitSource } from './file-sources.ts';
import { compareFiles } from './changes.ts';
import { fetchCommit, listFiles, resolveRepository, type ResolvedRepository } from './fetch-repository.ts';
import { gitHttpClient } from './git-http.ts';
import { composeModuleCards } from './module-cards.ts';
import { findModules, firstParagraph } from './modules.ts';
import type { ExtractionRow, ExtractorRepository } from './repository.ts';
import { parseRepositoryUrl, type RepositoryAddress } from './repository-url.ts';
import type { Snapshots } from './snapshots.ts';

/** The job kind of an extraction. */
export const EXTRACT_JOB = 'repository-extract';

/** What the operator sets for every run. */
export interface ExtractorSettings {
  /** Bytes one run may fetch from a git host. */
  maxFetchBytes: number;
  /** Files one run may read. */
  maxFiles: number;
  /** One run's time limit. */
  timeoutSeconds: number;
  /** Origins whose repositories may be fetched though their addresses are not public, or over http. */
  trustedOrigins: string[];
  /** Whether the server may fetch from the internet at all (OUTBOUND_FETCH). */
  outboundEnabled: boolean;
  userAgent: string;
  archiveLimits: ArchiveLimits;
}

export interface ExtractorDependencies {
  repository: ExtractorRepository;
  /** Module cards are published through the cards' own service (their links, counters and checks). */
  cards: Pick<CardsService, 'publishMany'>;
  jobs: Pick<Jobs, 'register' | 'start'>;
  /** Uploaded archives, by the SHA-256 of their bytes. */
  uploads: FileStore;
  snapshots: Snapshots;
  fetch: OutboundFetch;
  premium: (ownerKey: string) => Promise<boolean>;
  settings: ExtractorSettings;
}

type JobInput = { extractionId: string };

/** A token given for a run lives here, in this process's memory only, until the run has fetched. */
const TOKEN_TTL_MS = 30 * 60 * 1000;

/** The cache key of a document: the source, the commit and every option (all change the document). */
function resultKey(
  source: ExtractionSource,
  commit: string,
  folder: string,
  options: ExtractionOptions,
  baseCommit: string | null = null,
) {
  const identity =
    source.kind === 'git'
      ? [
          'git',
          parseRepositoryUrl(source.url, { allowHttp: true }).cloneUrl,
          commit,
          folder,
          // Diff mode's documents are of the pair of commits; the whole repository's keep their old keys.
          ...(baseCommit ? [baseCommit] : []),
        ]
      : ['upload', source.sha256];
  return createHash('sha256')
    .update(JSON.stringify([...identity, options]))
    .digest('hex');
}

const ARCHIVE_NAME = /\.(zip|tar\.gz|tgz)$/i;

/** What every answer about an extraction says of it, from its row: the history's lines and the whole view. */
function fieldsOf(row: ExtractionRow) {
  return {
    id: row.id,
    source: row.source,
    mode: row.mode,
    options: extractionOptionsSchema.parse(row.options),
    jobId: row.jobId,
    status: row.status,
    errorCode: row.errorCode,
    ref: row.ref,
    commit: row.commit,
    baseCommit: row.baseCommit,
    bytesRead: row.bytesRead,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The opening paragraph of the README at the root of what was extracted, for the repository's card. */
function readmeOpening(files: readonly { path: string; content: string | null }[], folder: string) {
  const prefix = folder ? `${folder}/` : '';
  const readme = files.find(
    (file) =>
      file.content !== null &&
      file.path.startsWith(prefix) &&
      /^readme(\.[a-z]+)?$/i.test(file.path.slice(prefix.length)),
  );
  return readme?.content ? firstParagraph(readme.content) : null;
}

/**
 * The repository extractor: starts extractions (within the plan's limits), runs them as person jobs (fetch or
 * open the archive, preview or write the document, cache it by commit and options), and reads them back.
 */
export function createExtractorService(deps: ExtractorDependencies) {
  const { repository, settings } = deps;
  const tokens = new Map<string, { token: string; expires: number }>();

  function takeToken(extractionId: string): string | undefined {
    const entry = tokens.get(extractionId);
    tokens.delete(extractionId);
    return entry && entry.expires > Date.now() ? entry.token : undefined;
  }

  function keepToken(extractionId: string, token: string) {
    const now = Date.now();
    // Tokens of runs that never started (a stopped queue) go with the next one kept.
    for (const [id, entry] of tokens) if (entry.expires <= now) tokens.delete(id);
    tokens.set(extractionId, { token, expires: now + TOKEN_TTL_MS });
  }

  function addressOf(url: string): RepositoryAddress {
    const allowHttp = settings.trustedOrigins.some((origin) => origin.startsWith('http:'));
    const address = parseRepositoryUrl(url, { allowHttp });
    // http is only for an origin the operator trusts (a forge on the local network).
    if (
      new URL(address.cloneUrl).protocol === 'http:' &&
      !settings.trustedOrigins.includes(new URL(address.cloneUrl).origin)
    )
      throw new AppError('extractor/invalid-url', { message: 'Repositories are fetched over https only.' });
    return address;
  }

  /** A git HTTP client for one run: it counts the bytes read and holds them under the run's cap. */
  function runClient(signal: AbortSignal) {
    let bytes = 0;
    const counting: OutboundFetch = async (url, options) => {
      const remaining = settings.maxFetchBytes - bytes;
      if (remaining <= 0) throw new AppError('extractor/too-large');
      const response = await deps.fetch(url, {
        ...options,
        maxBytes: Math.min(options.maxBytes ?? remaining, remaining),
        trustedOrigins: settings.trustedOrigins,
        enabled: settings.outboundEnabled,
        signal,
      });
      bytes += response.body.length;
      return response;
    };
    const http = gitHttpClient(counting, {
      userAgent: settings.userAgent,
      maxBytes: settings.maxFetchBytes,
      timeoutMs: settings.timeoutSeconds * 1000,
    });
    return { http, bytes: () => bytes };
  }

  async function entitlements(ownerKey: string) {
    return entitlementsFor(await deps.premium(ownerKey));
  }

  async function begin(
    ownerKey: string,
    source: ExtractionSource,
    mode: ExtractionMode,
    options: ExtractionOptions,
    token: string | undefined,
    pinned: { commit: string | null; baseCommit: string | null } = { commit: null, baseCommit: null },
  ): Promise<Extraction> {
    const allowed = await entitlements(ownerKey);
    const { bytesToday } = await repository.usage(ownerKey);
    if (bytesToday >= allowed.extractorBytesPerDay) throw new AppError('extractor/daily-limit');
    const id = randomUUID();
    const jobId = randomUUID();
    const free = await repository.insertIfFree(
      { id, ownerKey, jobId, source, mode, options, ...pinned },
      allowed.extractorConcurrentRuns,
    );
    if (!free) throw new AppError('extractor/busy');
    if (token) keepToken(id, token);
    try {
      await deps.jobs.start<JobInput>(ownerKey, EXTRACT_JOB, { extractionId: id }, jobId);
    } catch (error) {
      tokens.delete(id);
      await repository.remove(ownerKey, id);
      throw error;
    }
    return get(ownerKey, id);
  }

  async function view(row: ExtractionRow): Promise<Extraction> {
    const preview =
      row.mode === 'preview' && row.status === 'succeeded' ? await repository.preview(row.id) : null;
    const result = row.resultKey ? await repository.result(row.resultKey) : undefined;
    return {
      ...fieldsOf(row),
      preview,
      cards: row.cards,
      document: result
        ? {
            summary: result.summary,
            parts: result.parts,
            secrets: result.secrets,
            secretCount: result.secretCount,
            cached: row.cached,
          }
        : null,
    };
  }

  async function own(ownerKey: string, id: string): Promise<ExtractionRow> {
    const row = await repository.find(id);
    if (!row || row.ownerKey !== ownerKey) throw new AppError('common/not-found');
    return row;
  }

  async function get(ownerKey: string, id: string): Promise<Extraction> {
    return view(await own(ownerKey, id));
  }

  /** Opens the source of a git extraction: resolved with the person's token, fetched or read from a snapshot. */
  async function openGit(
    row: ExtractionRow,
    source: Extract<ExtractionSource, { kind: 'git' }>,
    token: string | undefined,
    progress: ExtractProgress,
    signal: AbortSignal,
  ): Promise<Opened> {
    const address = addressOf(source.url);
    const client = runClient(signal);
    await progress({ stage: 'Asking the host', message: `${address.host}: ${address.name}` });
    let resolved = await resolveRepository({
      address,
      ref: source.ref ?? undefined,
      folder: source.folder || undefined,
      token,
      http: client.http,
    });
    // Diff mode: the base is resolved the same way, in the same folder.
    const base = source.compareTo
      ? await resolveRepository({
          address,
          ref: source.compareTo,
          folder: resolved.folder,
          token,
          http: client.http,
        })
      : null;
    // A rerun is pinned to the commits its first run read (`row.commit`, `row.baseCommit`), fetched by their
    // ids if the refs moved.
    const pin = (found: ResolvedRepository, kept: string | null) => {
      const commit = kept ?? found.commit;
      return {
        commit,
        fetchAs: commit === found.commit ? found : { ...found, ref: commit, commit },
      };
    };
    const head = pin(resolved, row.commit);
    const baseAt = base ? pin(base, row.baseCommit) : null;
    resolved = { ...resolved, commit: head.commit };
    await repository.started(row.id, {
      ref: resolved.ref,
      commit: head.commit,
      baseCommit: baseAt?.commit ?? null,
    });
    const key =
      row.mode === 'document'
        ? resultKey(row.source, head.commit, resolved.folder, row.options, baseAt?.commit ?? null)
        : null;
    if (key && (await repository.hasResult(key)))
      return { cachedKey: key, resolved, bytes: client.bytes(), source: null };
    /** The files of one commit under the folder: from its snapshot, fetched first if there is none. */
    const filesAt = async (at: { commit: string; fetchAs: ResolvedRepository }, allowEmpty: boolean) => {
      await progress({ stage: 'Fetching', message: `${address.name} at ${at.fetchAs.ref}` });
      const snapshot = await deps.snapshots.open(address.cloneUrl, at.commit, (dir) =>
        fetchCommit({ address, resolved: at.fetchAs, token, http: client.http, dir }),
      );
      if (!snapshot.cached)
        await progress({ message: `Fetched ${(client.bytes() / 1024 / 1024).toFixed(1)} MB` });
      const listing = {
        dir: snapshot.dir,
        commit: snapshot.commit,
        folder: resolved.folder,
        name: address.name,
      };
      try {
        return { commit: snapshot.commit, files: await listFiles({ ...listing, ref: at.fetchAs.ref }) };
      } catch (error) {
        // A folder that is new since the base: at the base, it holds nothing (every file is added).
        if (allowEmpty && error instanceof AppError && error.code === 'extractor/path-not-found')
          return { commit: snapshot.commit, files: [] };
        throw error;
      }
    };
    const current = await filesAt(head, false);
    const describe: DocumentSource = {
      name: address.name,
      ref: resolved.ref,
      commit: current.commit,
      folder: resolved.folder,
    };
    let opened: FileSource = gitSource(describe, current.files);
    if (base && baseAt) {
      const before = await filesAt(baseAt, true);
      opened = gitChangesSource(describe, current.files, {
        base: base.ref,
        baseCommit: before.commit,
        files: compareFiles(before.files, current.files),
      });
    }
    return {
      cachedKey: null,
      resolved: { ...resolved, commit: current.commit },
      bytes: client.bytes(),
      source: opened,
    };
  }

  async function openUpload(
    row: ExtractionRow,
    source: Extract<ExtractionSource, { kind: 'upload' }>,
  ): Promise<Opened> {
    const key = row.mode === 'document' ? resultKey(row.source, source.sha256, '', row.options) : null;
    if (key && (await repository.hasResult(key)))
      return { cachedKey: key, bytes: 0, source: null, resolved: null };
    const bytes = await deps.uploads.get(source.sha256);
    if (!bytes)
      throw new AppError('common/not-found', { message: 'The uploaded archive is no longer kept.' });
    const describe: DocumentSource = {
      name: source.name.replace(ARCHIVE_NAME, ''),
      ref: 'upload',
      commit: source.sha256.slice(0, 12),
      folder: '',
    };
    return {
      cachedKey: null,
      bytes: bytes.length,
      source: await archiveSource(describe, bytes, settings.archiveLimits),
      resolved: null,
    };
  }

  /** One run of an extraction, as its job. */
  async function run(extractionId: string, signal: AbortSignal, report: ExtractProgress): Promise<void> {
    const row = await repository.find(extractionId);
    if (!row) return; // deleted before it started
    const token = takeToken(extractionId);
    if (row.source.kind === 'git' && row.source.private && token === undefined)
      throw new AppError('extractor/token-lost');
    const progress: ExtractProgress = async (update) => {
      signal.throwIfAborted();
      await report(update);
    };
    let bytesRead = 0;
    try {
      await repository.started(row.id, {});
      const opened =
        row.source.kind === 'git'
          ? await openGit(row, row.source, token, progress, signal)
          : await openUpload(row, row.source);
      bytesRead = opened.bytes;
      const where = opened.resolved ? { ref: opened.resolved.ref, commit: opened.resolved.commit } : {};
      if (opened.cachedKey) {
        await repository.finish(row.id, {
          status: 'succeeded',
          resultKey: opened.cachedKey,
          cached: true,
          bytesRead,
          ...where,
        });
        return;
      }
      const source = opened.source;
      if (!source) throw new Error('An opened source without files or a cached document');
      const caps = { maxFiles: settings.maxFiles };
      if (row.mode === 'preview') {
        const preview = await previewSource(source, row.options, progress, caps);
        await repository.finish(row.id, { status: 'succeeded', preview, bytesRead, ...where });
        return;
      }
      const written = await documentOfSource(source, row.options, progress, caps);
      await progress({ stage: 'Saving' });
      const commit = opened.resolved?.commit ?? (row.source.kind === 'upload' ? row.source.sha256 : '');
      const folder = opened.resolved?.folder ?? '';
      const key = resultKey(row.source, commit, folder, row.options);
      await repository.storeResult({
        key,
        summary: written.summary,
        secrets: written.secrets,
        secretCount: written.secretCount,
        // A comparison holds the changed files only: its modules would be a misleading part of the repository's.
        modules: source.changes
          ? { modules: [], readme: null }
          : { modules: findModules(written.files), readme: readmeOpening(written.files, folder) },
        parts: written.parts.map((part) => ({
          index: part.index,
          tokens: part.tokens,
          chars: part.text.length,
          files: part.files.length,
          firstFile: part.files[0] ?? null,
          lastFile: part.files.at(-1) ?? null,
          text: part.text,
        })),
      });
      await repository.finish(row.id, { status: 'succeeded', resultKey: key, bytesRead, ...where });
    } catch (error) {
      const failure = archiveFailure(error);
      if (signal.aborted) {
        // Stopped: by its owner (the job says cancelled), or by its time limit or the instance stopping.
        const cancelled = (await repository.find(row.id))?.status === 'cancelled';
        await repository.finish(row.id, {
          status: cancelled ? 'cancelled' : 'failed',
          errorCode: cancelled ? null : 'jobs/interrupted',
          bytesRead,
        });
        throw failure;
      }
      await repository.finish(row.id, {
        status: 'failed',
        errorCode: failure instanceof AppError ? failure.code : 'jobs/failed',
        bytesRead,
      });
      throw failure;
    }
  }

  deps.jobs.register<JobInput, { extractionId: string }>({
    kind: EXTRACT_JOB,
    // Not retried: a failure says why (not found, too large, refused), and the person can run it again.
    queue: {
      retryLimit: 0,
      retryDelaySeconds: 5,
      retryBackoff: false,
      expireInSeconds: settings.timeoutSeconds,
      concurrency: 2,
    },
    run: async ({ input, signal, progress }) => {
      await run(input.extractionId, signal, progress);
      return { extractionId: input.extractionId };
    },
  });

  return {
    /** Starts an extraction of a git address or an uploaded archive; refused past the plan's limits. */
    async start(ownerKey: string, input: StartInput): Promise<Extraction> {
      if (input.source.kind === 'git') {
        const address = addressOf(input.source.url);
        const source: ExtractionSource = {
          kind: 'git',
          url: input.source.url,
          host: address.host,
          name: address.name,
          ref: input.source.ref || null,
          folder: input.source.folder ?? '',
          compareTo: input.source.compareTo || null,
          private: Boolean(input.token),
        };
        return begin(ownerKey, source, input.mode, input.options, input.token || undefined);
      }
      const upload = await repository.findUpload(ownerKey, input.source.sha256);
      if (!upload) throw new AppError('common/not-found', { message: 'There is no such uploaded archive.' });
      await repository.touchUpload(ownerKey, upload.sha256);
      const source: ExtractionSource = {
        kind: 'upload',
        name: upload.name,
        sha256: upload.sha256,
        bytes: upload.bytes,
      };
      return begin(ownerKey, source, input.mode, input.options, undefined);
    },

    /** The same source again, with other options or mode (a private repository's token given again). */
    async rerun(ownerKey: string, id: string, input: RerunInput): Promise<Extraction> {
      const row = await own(ownerKey, id);
      const source =
        row.source.kind === 'git' ? { ...row.source, private: Boolean(input.token) } : row.source;
      if (row.source.kind === 'upload') await repository.touchUpload(ownerKey, row.source.sha256);
      // A rerun reads the commits its first run found, not wherever the branches have moved since.
      const pinned =
        row.source.kind === 'git'
          ? { commit: row.commit, baseCommit: row.baseCommit }
          : { commit: null, baseCommit: null };
      return begin(ownerKey, source, input.mode, input.options, input.token || undefined, pinned);
    },

    get,

    async list(ownerKey: string): Promise<ExtractionListItem[]> {
      const rows = await repository.listOf(ownerKey, extractorLimits.listed);
      return rows.map((row) => ({ ...fieldsOf(row), tokens: row.tokens, parts: row.parts }));
    },

    /** Deletes an extraction from the history, and its document when no other extraction shares it. */
    async remove(ownerKey: string, id: string): Promise<void> {
      const resultKeyOf = await repository.remove(ownerKey, id);
      if (resultKeyOf === undefined) throw new AppError('common/not-found');
      if (resultKeyOf) await repository.removeResultIfUnused(resultKeyOf);
    },

    /**
     * Publishes the cards of the document's modules (and one for the repository), linked to each other, once:
     * a second call answers with the cards made the first time.
     */
    async makeCards(ownerKey: string, id: string, visibility: CardVisibility): Promise<ExtractionCard[]> {
      const row = await own(ownerKey, id);
      if (row.cards && row.cards.length > 0) return row.cards;
      if (row.source.kind === 'git' && row.source.compareTo)
        throw new AppError('extractor/cards-of-a-comparison');
      if (!row.resultKey || row.status !== 'succeeded') throw new AppError('extractor/not-finished');
      const result = await repository.result(row.resultKey);
      if (!result) throw new AppError('extractor/not-finished');
      if (!(await repository.claimCards(row.id))) {
        const again = await repository.find(row.id);
        if (again?.cards && again.cards.length > 0) return again.cards;
        throw new AppError('extractor/cards-being-made');
      }
      try {
        const composed = composeModuleCards(
          {
            name: row.source.name,
            url: row.source.kind === 'git' ? row.source.url : null,
            ref: row.ref ?? (row.source.kind === 'upload' ? 'upload' : 'HEAD'),
            commit: row.commit ?? (row.source.kind === 'upload' ? row.source.sha256 : ''),
            extractionId: row.id,
            readme: result.modules.readme,
          },
          result.summary,
          result.modules.modules,
        );
        const ids = await deps.cards.publishMany(
          ownerKey,
          composed.map((card) => ({
            title: card.title,
            body: card.body,
            type: 'note' as const,
            fields: {},
            tags: card.tags,
            visibility,
          })),
        );
        const cards = composed.map((card, index) => ({
          id: ids[index]!,
          title: card.title,
          module: card.module,
        }));
        await repository.setCards(row.id, cards);
        return cards;
      } catch (error) {
        await repository.setCards(row.id, null);
        throw error;
      }
    },

    /** Part `index` of an extraction's document, with what it is called when downloaded. */
    async part(ownerKey: string, id: string, index: number) {
      const row = await own(ownerKey, id);
      if (!row.resultKey) throw new AppError('extractor/not-finished');
      const text = await repository.partText(row.resultKey, index);
      if (text === undefined) throw new AppError('common/not-found', { message: 'There is no such part.' });
      const count = (await repository.result(row.resultKey))?.parts.length ?? index;
      return { text, row, count };
    },

    /** Every part of an extraction's document, one at a time. */
    async parts(ownerKey: string, id: string) {
      const row = await own(ownerKey, id);
      if (!row.resultKey) throw new AppError('extractor/not-finished');
      const result = await repository.result(row.resultKey);
      return { row, count: result?.parts.length ?? 0, texts: repository.partTexts(row.resultKey) };
    },

    async usage(ownerKey: string): Promise<ExtractorUsage> {
      const allowed = await entitlements(ownerKey);
      const used = await repository.usage(ownerKey);
      return {
        running: used.running,
        concurrentRuns: allowed.extractorConcurrentRuns,
        bytesToday: used.bytesToday,
        bytesPerDay: allowed.extractorBytesPerDay,
      };
    },

    /** Keeps an uploaded archive for the person's extractions; refuses what is not a .zip or .tar.gz. */
    async upload(ownerKey: string, name: string, bytes: Buffer): Promise<UploadedArchive> {
      if (!ARCHIVE_NAME.test(name) || !isArchive(bytes)) throw new AppError('extractor/not-an-archive');
      const sha256 = contentHash(bytes);
      // The row first, then the bytes, under the lock the sweep takes: they are never removed under it.
      await repository.withUploadLock(sha256, async (uploads) => {
        await uploads.insert({ ownerKey, name, bytes: bytes.length });
        await deps.uploads.put(bytes);
      });
      return { sha256, name, bytes: bytes.length };
    },

    /** Removes snapshots of commits not used for `maxAgeMs`. */
    sweepSnapshots: (maxAgeMs: number) => deps.snapshots.sweep(maxAgeMs),
  };
}

/** A zip (`PK\3\4`, or an empty one's `PK\5\6`) or a gzip stream, by their first bytes. */
function isArchive(bytes: Buffer): boolean {
  if (bytes.length < 4) return false;
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  return zip || gzip;
}

/** A source opened for a run: its files, or the key of the document already cached for it. */
type Opened = {
  cachedKey: string | null;
  bytes: number;
  source: FileSource | null;
  resolved: ResolvedRepository | null;
};

type StartInput = z.output<typeof startExtractionSchema>;
type RerunInput = z.output<typeof rerunExtractionSchema>;

export type ExtractorService = ReturnType<typeof createExtractorService>;
