import { AppError } from '../../lib/app-error.ts';
import { ArchiveError, readArchive, type ArchiveLimits } from '../../lib/archive/index.ts';
import type { DocumentSource } from './document.ts';
import { isIgnoreFile, type FileSource, type SourceChanges, type SourceFile } from './extract.ts';
import type { RepositoryFile } from './fetch-repository.ts';

/** The files of a fetched commit as an extraction's source. */
export function gitSource(describe: DocumentSource, files: readonly RepositoryFile[]): FileSource {
  const ordered = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    describe,
    async ignoreFiles() {
      const texts = new Map<string, string>();
      for (const file of ordered)
        if (isIgnoreFile(file.path)) texts.set(file.path, Buffer.from(await file.read()).toString('utf8'));
      return texts;
    },
    async *files() {
      yield* ordered;
    },
  };
}

/**
 * Diff mode: the files of a fetched commit that changed from a base commit, as an extraction's source. The
 * ignore files are still the commit's own, changed or not.
 */
export function gitChangesSource(
  describe: DocumentSource,
  files: readonly RepositoryFile[],
  changes: SourceChanges,
): FileSource {
  const whole = gitSource(describe, files);
  const changed = new Set(changes.files.filter((file) => file.after).map((file) => file.path));
  return {
    ...whole,
    async *files() {
      for await (const file of whole.files()) if (changed.has(file.path)) yield file;
    },
    changes,
  };
}

/** The catalogue error for an archive the guarded reader refused. */
export function archiveFailure(error: unknown): unknown {
  if (!(error instanceof ArchiveError)) return error;
  if (error.kind === 'not-an-archive') return new AppError('extractor/not-an-archive', { cause: error });
  return new AppError('extractor/archive-refused', { message: error.message, cause: error });
}

/**
 * The one folder every entry of an archive is in, if there is one (`project-main/` in a host's download): the
 * repository's root is inside it.
 */
function commonRoot(paths: readonly string[]): string {
  if (paths.length === 0) return '';
  const first = paths[0]!;
  const slash = first.indexOf('/');
  if (slash === -1) return '';
  const root = first.slice(0, slash + 1);
  return paths.every((path) => path.startsWith(root)) ? root : '';
}

/**
 * An uploaded archive (.zip or .tar.gz) as an extraction's source, read through the guarded reader twice: once
 * for its paths and ignore files, once for the files themselves. Nothing is written to disk.
 */
export async function archiveSource(
  describe: DocumentSource,
  bytes: Buffer,
  limits: ArchiveLimits,
): Promise<FileSource> {
  const paths: string[] = [];
  const ignoreTexts = new Map<string, string>();
  try {
    for await (const entry of readArchive({ bytes }, limits)) {
      if (entry.kind !== 'file') continue;
      paths.push(entry.path);
      if (isIgnoreFile(entry.path)) ignoreTexts.set(entry.path, (await entry.read()).toString('utf8'));
    }
  } catch (error) {
    throw archiveFailure(error);
  }
  const root = commonRoot(paths);
  const inRoot = (path: string) => path.slice(root.length);
  const ignoreFiles = new Map([...ignoreTexts].map(([path, text]) => [inRoot(path), text]));
  return {
    describe,
    async ignoreFiles() {
      return ignoreFiles;
    },
    async *files(): AsyncGenerator<SourceFile> {
      try {
        for await (const entry of readArchive({ bytes }, limits)) {
          if (entry.kind !== 'file' || inRoot(entry.path) === '') continue;
          yield {
            path: inRoot(entry.path),
            // The bytes are counted while they inflate: a size that lied is found here.
            read: async () => {
              try {
                return await entry.read();
              } catch (error) {
                throw archiveFailure(error);
              }
            },
          };
        }
      } catch (error) {
        throw archiveFailure(error);
      }
    },
  };
}
