import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { defaultArchiveLimits } from '../../lib/archive/index.ts';
import { createLocalFileStore } from '../../lib/files/store.ts';
import { outboundFetch } from '../../lib/outbound-fetch/index.ts';
import { createConferRepository } from '../confer/index.ts';
import { subscribedNow } from '../profiles/index.ts';
import { createExtractorRepository } from './repository.ts';
import { extractorRoutes } from './routes.ts';
import { createExtractorService } from './service.ts';
import { createSnapshots } from './snapshots.ts';
import { sweepUploads } from './upload-sweep.ts';

/** Snapshots of fetched commits not used for this long are removed by the hourly sweep. */
const SNAPSHOT_MAX_AGE_MS = 6 * 60 * 60 * 1000;
/** Uploaded archives not used for this long are forgotten by the daily sweep (their documents stay cached). */
const UPLOAD_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The repository extractor (issue 20, docs/repository-extractor.md): a repository, by its git address or as an
 * uploaded archive, as one clean and token-counted document, whole or in parts, run as a person job with its
 * preview, cache, history and the plan's limits. Its pieces: reading a repository's address
 * (`parseRepositoryUrl`), fetching one commit of it through the outbound rules (`fetchRepository`), which files
 * are taken (`createSelection`), the secrets in them (`findSecrets`), and the document (`writeDocument`).
 */
export async function extractorPlugin(app: FastifyInstance) {
  const { config } = app;
  const root = path.join(config.dataDir, 'extractor');
  const confer = createConferRepository(app.db.orm);
  const repository = createExtractorRepository(app.db.orm);
  const uploads = createLocalFileStore(path.join(root, 'uploads'));
  const service = createExtractorService({
    repository,
    cards: app.cards,
    jobs: app.jobs,
    uploads,
    snapshots: createSnapshots(path.join(root, 'snapshots')),
    fetch: outboundFetch,
    premium: async (owner) => {
      const [profile] = await confer.profilesByKey([owner]);
      return profile !== undefined && subscribedNow(profile);
    },
    settings: {
      maxFetchBytes: config.EXTRACTOR_MAX_FETCH_MB * 1024 * 1024,
      maxFiles: config.EXTRACTOR_MAX_FILES,
      timeoutSeconds: config.EXTRACTOR_TIMEOUT_SECONDS,
      trustedOrigins: config.EXTRACTOR_TRUSTED_ORIGINS,
      outboundEnabled: config.OUTBOUND_FETCH,
      userAgent: `CARD WEB${config.PUBLIC_URL ? ` (+${config.PUBLIC_URL})` : ''}`,
      archiveLimits: defaultArchiveLimits,
    },
  });
  app.jobs.every(
    'sweep.extractor-snapshots',
    '17 * * * *',
    { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 10 * 60 },
    async () => {
      const removed = await service.sweepSnapshots(SNAPSHOT_MAX_AGE_MS);
      if (removed > 0) app.log.info({ removed }, 'extractor snapshots swept');
    },
  );
  app.jobs.every(
    'sweep.extractor-uploads',
    '41 3 * * *',
    { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 10 * 60 },
    async () => {
      const removed = await sweepUploads({ repository, uploads }, UPLOAD_MAX_AGE_MS);
      if (removed > 0) app.log.info({ removed }, 'extractor uploads swept');
    },
  );
  await app.register(extractorRoutes(service));
}

export { createExtractorService, EXTRACT_JOB, type ExtractorService } from './service.ts';
export { findSecrets, redactSecrets, type SecretFinding } from './secrets.ts';
export { summarize, summaryText, type RepositorySummary } from './summary.ts';
export {
  languageOf,
  orderFiles,
  treeOf,
  writeDocument,
  type DocumentFile,
  type DocumentFormat,
  type DocumentOptions,
  type DocumentPart,
  type DocumentSource,
  type TokenCounter,
} from './document.ts';
export {
  fetchRepository,
  type FetchRepositoryInput,
  type RepositoryFile,
  type RepositorySnapshot,
} from './fetch-repository.ts';
export { gitHttpClient, type GitHttpLimits } from './git-http.ts';
export { parseRepositoryUrl, splitRefAndPath, type RepositoryAddress } from './repository-url.ts';
export {
  createSelection,
  DEFAULT_IGNORES,
  IGNORE_FILE_NAMES,
  isBinary,
  isLfsPointer,
  type FileDecision,
  type Selection,
  type SelectionOptions,
} from './selection.ts';
