/**
 * The guarded archive reader: every archive a person gives the app (a repository's .zip or .tar.gz, a deck's
 * export) is opened through here, never with an archive library directly.
 */
export { ArchiveError, type ArchiveErrorKind } from './errors.ts';
export { safeEntryPath } from './paths.ts';
export {
  defaultArchiveLimits,
  RATIO_FLOOR_BYTES,
  readArchive,
  type ArchiveEntry,
  type ArchiveFile,
  type ArchiveLimits,
  type ArchiveSource,
  type SkippedEntry,
} from './read.ts';
export { pathInside, withTempDir } from './temp-dir.ts';
