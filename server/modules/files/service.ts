import { fileUrl, type UploadedImage } from '../../../contracts/files.ts';
import { AppError } from '../../lib/app-error.ts';
import { toBoundedImage } from '../../lib/files/images.ts';
import type { FileStore } from '../../lib/files/store.ts';
import type { FilesRepository } from './repository.ts';

export type StoredFile = { hash: string; contentType: string; bytes: Buffer };

/** Stored files: bytes in the file store, their record in the database. */
export function createFilesService(store: FileStore, repository: FilesRepository) {
  /**
   * Stores `bytes` and records them; returns their hash. The bytes are written first, so a record always has
   * its bytes; a crash in between leaves only bytes nobody points to.
   */
  async function save(
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
  }

  return {
    save,

    /**
     * An image for a card from uploaded bytes: checked by its content, scaled to fit the card image bounds,
     * re-encoded as WebP without metadata and stored; only the re-encoded bytes are kept. Anything refused
     * stores nothing.
     */
    async saveCardImage(upload: Buffer): Promise<UploadedImage> {
      const image = await toBoundedImage(upload);
      const hash = await save(image.bytes, image);
      return { url: fileUrl(hash), width: image.width, height: image.height };
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
