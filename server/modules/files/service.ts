import { AppError } from '../../lib/app-error.ts';
import type { FileStore } from '../../lib/files/store.ts';
import type { FilesRepository } from './repository.ts';

export type StoredFile = { hash: string; contentType: string; bytes: Buffer };

/** Stored files: bytes in the file store, their record in the database. */
export function createFilesService(store: FileStore, repository: FilesRepository) {
  return {
    /**
     * Stores `bytes` and records them; returns their hash. The bytes are written first, so a record always
     * has its bytes; a crash in between leaves only bytes nobody points to.
     */
    async save(
      bytes: Buffer,
      meta: { contentType: string; width?: number | null; height?: number | null },
    ): Promise<string> {
      const hash = await store.put(bytes);
      await repository.record({
        hash,
        contentType: meta.contentType,
        byteSize: bytes.length,
        width: meta.width ?? null,
        height: meta.height ?? null,
      });
      return hash;
    },

    /** A stored file by its hash; `common/not-found` when there is none. */
    async read(hash: string): Promise<StoredFile> {
      const row = await repository.find(hash);
      const bytes = row ? await store.get(hash) : undefined;
      if (!row || !bytes) throw new AppError('common/not-found', { message: 'There is no such file.' });
      return { hash, contentType: row.contentType, bytes };
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
