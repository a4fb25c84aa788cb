import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import yauzl from 'yauzl';
import { ArchiveError } from './errors.ts';
import { safeEntryPath } from './paths.ts';

/** What one archive may hold before it is refused. */
export interface ArchiveLimits {
  /** Entries of every kind (files, folders, links). */
  maxEntries: number;
  /** One file's bytes, inflated. */
  maxEntryBytes: number;
  /** All files' bytes, inflated. */
  maxTotalBytes: number;
  /** Inflated bytes per byte of archive, once past `RATIO_FLOOR_BYTES` (a zip bomb's mark). */
  maxRatio: number;
}

/** Limits for archives people upload: 20,000 entries, 10 MB a file, 500 MB in all, at most 100 to 1. */
export const defaultArchiveLimits: ArchiveLimits = {
  maxEntries: 20_000,
  maxEntryBytes: 10 * 1024 * 1024,
  maxTotalBytes: 500 * 1024 * 1024,
  maxRatio: 100,
};

/** Below this many inflated bytes the ratio is not held against an archive: small text compresses well. */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

/** An archive on disk (a per-run temporary file) or in memory (an upload under its size cap). */
export type ArchiveSource = { path: string } | { bytes: Buffer };

/** A regular file of the archive. */
export interface ArchiveFile {
  kind: 'file';
  /** Its path inside the archive's root, checked (see `safeEntryPath`). */
  path: string;
  /** The size its header declares; checked against the limits before reading, and against what inflates. */
  size: number;
  /**
   * Its bytes, counted against the limits while they inflate. Call it before asking for the next entry, once;
   * an entry not read is skipped without keeping its bytes.
   */
  read(): Promise<Buffer>;
}

/** An entry passed over, and why: links could point outside the root, special files are not content. */
export interface SkippedEntry {
  kind: 'skipped';
  path: string;
  reason: 'symlink' | 'hard-link' | 'special' | 'encrypted';
}

export type ArchiveEntry = ArchiveFile | SkippedEntry;

/** Counts entries and inflated bytes against the limits; throws the first limit crossed. */
class Budget {
  private entries = 0;
  private declaredTotal = 0;
  private fileBytes = 0;
  private inflated = 0;
  private readonly limits: ArchiveLimits;
  private readonly archiveBytes: number;

  constructor(limits: ArchiveLimits, archiveBytes: number) {
    this.limits = limits;
    this.archiveBytes = archiveBytes;
  }

  entry(): void {
    if (++this.entries > this.limits.maxEntries)
      throw new ArchiveError(
        'too-many-entries',
        `The archive has more than ${this.limits.maxEntries} entries.`,
      );
  }

  /** A file's declared size, before a byte of it is inflated (declared sizes can lie small, never big). */
  declared(path: string, size: number): void {
    if (size > this.limits.maxEntryBytes) throw this.entryTooLarge(path);
    this.declaredTotal += size;
    if (this.declaredTotal > this.limits.maxTotalBytes) throw this.tooLarge();
  }

  /** `count` more bytes of a file, which has now `soFar` bytes inflated. */
  fileChunk(path: string, count: number, soFar: number): void {
    if (soFar > this.limits.maxEntryBytes) throw this.entryTooLarge(path);
    this.fileBytes += count;
    if (this.fileBytes > this.limits.maxTotalBytes) throw this.tooLarge();
    this.ratio(this.fileBytes, path);
  }

  /** `count` more bytes out of the whole stream's decompression (a tar.gz: headers and padding too). */
  streamChunk(count: number): void {
    this.inflated += count;
    // Headers and padding add at most a little to the files' bytes; more than twice them is not a tar.
    if (this.inflated > this.limits.maxTotalBytes * 2) throw this.tooLarge();
    this.ratio(this.inflated);
  }

  private ratio(bytes: number, path?: string): void {
    if (bytes > RATIO_FLOOR_BYTES && bytes > this.archiveBytes * this.limits.maxRatio)
      throw new ArchiveError(
        'ratio',
        `The archive inflates to more than ${this.limits.maxRatio} times its size, as a zip bomb does.`,
        path === undefined ? {} : { entry: path },
      );
  }

  private entryTooLarge(path: string) {
    return new ArchiveError(
      'entry-too-large',
      `“${path}” is larger than ${formatBytes(this.limits.maxEntryBytes)}.`,
      { entry: path },
    );
  }

  private tooLarge() {
    return new ArchiveError(
      'too-large',
      `The archive holds more than ${formatBytes(this.limits.maxTotalBytes)}.`,
    );
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Which archive the bytes say it is: zip by its local-header or empty-archive signature, gzip by its magic. */
function formatOf(head: Buffer): 'zip' | 'tar.gz' | null {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b) {
    const kind = head.readUInt16LE(2);
    if (kind === 0x0403 || kind === 0x0605) return 'zip';
  }
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'tar.gz';
  return null;
}

async function headOf(source: ArchiveSource): Promise<{ head: Buffer; size: number }> {
  if ('bytes' in source) return { head: source.bytes.subarray(0, 4), size: source.bytes.length };
  const handle = await fsp.open(source.path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return { head: head.subarray(0, bytesRead), size: (await handle.stat()).size };
  } finally {
    await handle.close();
  }
}

/** Collects a stream's bytes, telling `count` of each chunk first (which may throw to stop it). */
async function collect(
  stream: AsyncIterable<unknown> & { destroy(): unknown },
  count: (chunk: number, soFar: number) => void,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const piece of stream) {
      // Both libraries stream Buffers (tar-stream's entry types say `unknown`).
      const chunk = piece as Buffer;
      size += chunk.length;
      count(chunk.length, size);
      chunks.push(chunk);
    }
  } catch (error) {
    stream.destroy();
    throw error;
  }
  return Buffer.concat(chunks, size);
}

/** A read that may happen only while its entry is the current one. */
function oneRead(path: string, read: () => Promise<Buffer>) {
  let state: 'fresh' | 'read' | 'gone' = 'fresh';
  return {
    read: () => {
      if (state !== 'fresh')
        return Promise.reject(new Error(`“${path}” was ${state === 'read' ? 'read already' : 'passed'}`));
      state = 'read';
      return read();
    },
    wasRead: () => state === 'read',
    pass: () => {
      if (state === 'fresh') state = 'gone';
    },
  };
}

// yauzl's own refusals of a name, which its iteration throws before our check can see the entry.
const unsafeNameMessages = /absolute path|invalid relative path|invalid characters in fileName/;

function zipFailure(error: unknown, entry?: string): ArchiveError {
  if (error instanceof ArchiveError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (unsafeNameMessages.test(message))
    return new ArchiveError('unsafe-path', 'An entry of the archive points outside it.', { cause: error });
  return new ArchiveError('corrupt', 'The zip file is damaged or not a zip file.', {
    cause: error,
    ...(entry === undefined ? {} : { entry }),
  });
}

// Unix file types in the high half of a zip entry's external attributes (made by Unix: version's high byte 3).
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

async function* zipEntries(source: ArchiveSource, budget: Budget): AsyncGenerator<ArchiveEntry> {
  let zip: yauzl.ZipFile;
  try {
    const options = { validateEntrySizes: true, autoClose: true };
    zip =
      'bytes' in source
        ? await yauzl.fromBufferPromise(source.bytes, options)
        : await yauzl.openPromise(source.path, options);
  } catch (error) {
    throw zipFailure(error);
  }
  const entries = zip.eachEntry();
  try {
    for (;;) {
      let next: IteratorResult<yauzl.Entry>;
      try {
        next = await entries.next();
      } catch (error) {
        throw zipFailure(error);
      }
      if (next.done) return;
      const entry = next.value;
      budget.entry();
      const unix = entry.versionMadeBy >> 8 === 3;
      const type = unix ? (entry.externalFileAttributes >>> 16) & S_IFMT : 0;
      const path = safeEntryPath(entry.fileName);
      if (path === null)
        throw new ArchiveError('unsafe-path', 'An entry of the archive points outside it.', {
          entry: entry.fileName,
        });
      if (entry.fileName.endsWith('/') || type === S_IFDIR) continue;
      if (type === S_IFLNK) {
        yield { kind: 'skipped', path, reason: 'symlink' };
        continue;
      }
      if (type !== 0 && type !== S_IFREG) {
        yield { kind: 'skipped', path, reason: 'special' };
        continue;
      }
      if (entry.isEncrypted()) {
        yield { kind: 'skipped', path, reason: 'encrypted' };
        continue;
      }
      budget.declared(path, entry.uncompressedSize);
      const handle = oneRead(path, async () => {
        let stream: Readable;
        try {
          stream = await zip.openReadStreamPromise(entry);
        } catch (error) {
          throw zipFailure(error, path);
        }
        try {
          return await collect(stream, (count, soFar) => budget.fileChunk(path, count, soFar));
        } catch (error) {
          // yauzl says when the bytes inflate past or short of the declared size: the archive lied.
          throw zipFailure(error, path);
        }
      });
      yield { kind: 'file', path, size: entry.uncompressedSize, read: handle.read };
      handle.pass();
    }
  } finally {
    zip.close();
  }
}

function tarFailure(error: unknown, entry?: string): ArchiveError {
  if (error instanceof ArchiveError) return error;
  return new ArchiveError('corrupt', 'The .tar.gz file is damaged or not a .tar.gz file.', {
    cause: error,
    ...(entry === undefined ? {} : { entry }),
  });
}

async function* tarEntries(source: ArchiveSource, budget: Budget): AsyncGenerator<ArchiveEntry> {
  const input = 'bytes' in source ? Readable.from([source.bytes]) : fs.createReadStream(source.path);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        budget.streamChunk(chunk.length);
        done(null, chunk);
      } catch (error) {
        done(error as Error);
      }
    },
  });
  const extract = tar.extract();
  // Any failure upstream (a broken gzip stream, a limit) ends the extraction with that error; it is also kept,
  // because a stream cut short can end the entries quietly before the error reaches them.
  const piping = pipeline(input, zlib.createGunzip(), counter, extract).then(
    () => null,
    (error: unknown) => {
      extract.destroy(error as Error);
      return error;
    },
  );
  try {
    for await (const entry of extract) {
      const { header } = entry;
      budget.entry();
      const path = safeEntryPath(header.name);
      if (path === null) {
        entry.resume();
        throw new ArchiveError('unsafe-path', 'An entry of the archive points outside it.', {
          entry: header.name,
        });
      }
      const type = header.type ?? 'file';
      if (type !== 'file' && type !== 'contiguous-file') {
        entry.resume();
        if (type === 'symlink') yield { kind: 'skipped', path, reason: 'symlink' };
        else if (type === 'link') yield { kind: 'skipped', path, reason: 'hard-link' };
        else if (type !== 'directory') yield { kind: 'skipped', path, reason: 'special' };
        continue;
      }
      const size = header.size ?? 0;
      budget.declared(path, size);
      const handle = oneRead(path, async () => {
        let bytes: Buffer;
        try {
          bytes = await collect(entry, (count, soFar) => budget.fileChunk(path, count, soFar));
        } catch (error) {
          throw tarFailure(error, path);
        }
        if (bytes.length !== size)
          throw new ArchiveError('corrupt', `“${path}” ends before its declared size.`, { entry: path });
        return bytes;
      });
      yield { kind: 'file', path, size, read: handle.read };
      handle.pass();
      // An entry nobody read is drained, so the next one can come.
      if (!handle.wasRead()) entry.resume();
    }
    const failure = await piping;
    if (failure) throw failure;
  } catch (error) {
    throw tarFailure(error);
  } finally {
    input.destroy();
    extract.destroy();
    await piping;
  }
}

/**
 * The one way the app opens an archive a person gave it (a zip or a .tar.gz, told by its bytes, not its
 * name): its entries one at a time, within `limits`. Paths are checked before anything is read (one that could
 * leave the root refuses the whole archive), links and special files are passed over and said so, declared
 * sizes are checked before inflating and real bytes counted while inflating. Nothing is written anywhere.
 * Throws `ArchiveError`.
 */
export async function* readArchive(
  source: ArchiveSource,
  limits: ArchiveLimits = defaultArchiveLimits,
): AsyncGenerator<ArchiveEntry> {
  const { head, size } = await headOf(source);
  const format = formatOf(head);
  if (!format) throw new ArchiveError('not-an-archive', 'That file is not a .zip or .tar.gz archive.');
  const budget = new Budget(limits, size);
  yield* format === 'zip' ? zipEntries(source, budget) : tarEntries(source, budget);
}
