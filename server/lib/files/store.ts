import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A part of a file: the bytes from `start` to `end`, both included (as an HTTP byte range names them). */
export type ByteRange = { start: number; end: number };

/**
 * Where file bytes live, named by the SHA-256 of their content: the same bytes are stored once, and a name
 * never changes meaning. Local disk now; an S3-compatible store can implement the same calls (a ranged read is
 * a ranged GET there).
 */
export interface FileStore {
  /** Saves `bytes` and returns their hash; bytes already stored are not written again. */
  put(bytes: Buffer): Promise<string>;
  /** The bytes stored under `hash`, or undefined when there are none. */
  get(hash: string): Promise<Buffer | undefined>;
  /** Whether bytes are stored under `hash`. */
  has(hash: string): Promise<boolean>;
  /** How many bytes are stored under `hash`, or undefined when there are none. */
  size(hash: string): Promise<number | undefined>;
  /**
   * The bytes under `hash` (only `range` of them when given) as a stream read from storage as it is consumed,
   * so a large file is never held in memory; undefined when there are none.
   */
  stream(hash: string, range?: ByteRange): Promise<Readable | undefined>;
  /**
   * Removes the bytes under `hash`; false when there were none. The caller decides that nothing points at
   * them any more (and keeps a new upload of the same bytes from racing the removal).
   */
  remove(hash: string): Promise<boolean>;
}

const hashPattern = /^[0-9a-f]{64}$/;

/** The SHA-256 of `bytes` in lowercase hex: a stored file's name. */
export function contentHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

async function syncDirectory(folder: string): Promise<void> {
  const directory = await fs.open(folder, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

/**
 * A file store under `root`: `<root>/<aa>/<bb>/<hash>`, two levels of fan-out so no folder grows huge. A file
 * appears under its name only once all of it is on disk: it is written to a temporary name in the same folder,
 * flushed, then renamed, so a crash leaves either nothing or the whole file, never half of one.
 */
export function createLocalFileStore(root: string): FileStore {
  function pathOf(hash: string): string {
    // The hash becomes a path: anything but a hash (a `..`, a slash) must never reach the file system.
    if (!hashPattern.test(hash)) throw new Error(`Not a file hash: ${hash}`);
    return path.join(root, hash.slice(0, 2), hash.slice(2, 4), hash);
  }

  async function has(hash: string): Promise<boolean> {
    try {
      await fs.access(pathOf(hash));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  return {
    async put(bytes) {
      const hash = contentHash(bytes);
      if (await has(hash)) return hash;
      const target = pathOf(hash);
      const folder = path.dirname(target);
      const firstCreated = await fs.mkdir(folder, { recursive: true });
      // A name of its own per writer: two uploads of the same bytes at once must not write into one file.
      const temporary = path.join(folder, `.${hash}.${randomUUID()}.tmp`);
      const handle = await fs.open(temporary, 'wx', 0o644);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } catch (error) {
        await handle.close();
        await fs.rm(temporary, { force: true });
        throw error;
      }
      await handle.close();
      try {
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
      // A name lives in its folder's entry list, and a new folder in its parent's: flush those too, or a power
      // cut could forget the file after the upload was acknowledged.
      const folders = [folder];
      if (firstCreated) {
        for (let at = folder; at !== path.dirname(firstCreated); at = path.dirname(at)) {
          folders.push(path.dirname(at));
        }
      }
      for (const each of folders) await syncDirectory(each);
      return hash;
    },

    async get(hash) {
      try {
        return await fs.readFile(pathOf(hash));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    has,

    async size(hash) {
      try {
        return (await fs.stat(pathOf(hash))).size;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async stream(hash, range) {
      if (range && (range.start < 0 || range.end < range.start)) {
        throw new Error(`Not a byte range: ${range.start}-${range.end}`);
      }
      let handle: fs.FileHandle;
      try {
        // Opened here, not lazily by the stream: a missing file is an answer, not an error event later on.
        handle = await fs.open(pathOf(hash), 'r');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      // The stream closes the handle when it ends, fails or is destroyed (a client that went away).
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async remove(hash) {
      const target = pathOf(hash);
      try {
        await fs.unlink(target);
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      // The removal is an entry gone from the folder: flushed, so a power cut cannot bring the file back.
      await syncDirectory(path.dirname(target));
      return true;
    },
  };
}
