import type { FileStore } from '../../lib/files/store.ts';
import type { ExtractorRepository } from './repository.ts';

/**
 * Forgets uploads last used more than `maxAgeMs` ago, and removes their bytes once no one's upload names them
 * (under the lock a new upload of the same bytes takes); returns how many archives were removed. A rerun of a
 * forgotten upload says it is no longer kept; its documents stay cached.
 */
export async function sweepUploads(
  deps: { repository: ExtractorRepository; uploads: FileStore },
  maxAgeMs: number,
  now = Date.now(),
): Promise<number> {
  let removed = 0;
  for (const sha256 of await deps.repository.removeUploadsBefore(new Date(now - maxAgeMs)))
    await deps.repository.withUploadLock(sha256, async (uploads) => {
      if (!(await uploads.named()) && (await deps.uploads.remove(sha256))) removed += 1;
    });
  return removed;
}
