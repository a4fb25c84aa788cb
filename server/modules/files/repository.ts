import { eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import { storedFiles } from '../../db/schema.ts';

export type StoredFileRow = typeof storedFiles.$inferSelect;

/** What is known about each stored file: its type, size and, for images, its dimensions. */
export function createFilesRepository(orm: Orm) {
  return {
    /** Records a file; the same bytes stored again keep their first record (they are the same file). */
    async record(file: Omit<typeof storedFiles.$inferInsert, 'createdAt'>): Promise<void> {
      await orm.insert(storedFiles).values(file).onConflictDoNothing();
    },

    async find(hash: string): Promise<StoredFileRow | undefined> {
      const rows = await orm.select().from(storedFiles).where(eq(storedFiles.hash, hash)).limit(1);
      return rows[0];
    },
  };
}
export type FilesRepository = ReturnType<typeof createFilesRepository>;
