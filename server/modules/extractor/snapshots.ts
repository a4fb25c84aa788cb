import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Fetched commits kept on disk for a while, so a rerun of the same commit (other options, the document after
 * its preview) reads no network: `<root>/<hash of the clone URL>/<commit>`, each a git folder written whole into
 * `<root>/tmp/…` and renamed into place, so a snapshot is either complete or absent. Access to a private
 * repository is checked with the person's token before a snapshot is used (resolveRepository).
 */
export function createSnapshots(root: string) {
  const tmp = path.join(root, 'tmp');
  const folderOf = (cloneUrl: string, commit: string) =>
    path.join(root, createHash('sha256').update(cloneUrl).digest('hex').slice(0, 32), commit);

  async function exists(folder: string): Promise<boolean> {
    try {
      await fs.access(folder);
      return true;
    } catch {
      return false;
    }
  }

  return {
    /**
     * The folder holding `commit` of `cloneUrl`: the kept one (touched, so the sweep keeps it longer), or one
     * `fetch` fills now. `fetch` writes into an empty folder and returns the commit it fetched, which names the
     * snapshot (a branch may have moved since it was resolved). `cached` says which.
     */
    async open(
      cloneUrl: string,
      commit: string,
      fetch: (dir: string) => Promise<string>,
    ): Promise<{ dir: string; commit: string; cached: boolean }> {
      const kept = folderOf(cloneUrl, commit);
      if (await exists(kept)) {
        const now = new Date();
        await fs.utimes(kept, now, now).catch(() => undefined);
        return { dir: kept, commit, cached: true };
      }
      const scratch = path.join(tmp, randomUUID());
      await fs.mkdir(scratch, { recursive: true });
      try {
        const fetched = await fetch(scratch);
        const target = folderOf(cloneUrl, fetched);
        await fs.mkdir(path.dirname(target), { recursive: true });
        try {
          await fs.rename(scratch, target);
        } catch (error) {
          // Another run of the same commit finished first: its snapshot is the same, keep it.
          if (!(await exists(target))) throw error;
          await fs.rm(scratch, { recursive: true, force: true });
        }
        return { dir: target, commit: fetched, cached: false };
      } catch (error) {
        await fs.rm(scratch, { recursive: true, force: true });
        throw error;
      }
    },

    /**
     * Removes snapshots not used for `maxAgeMs`, and scratch folders a stopped process left behind; returns how
     * many it removed. A snapshot being read while it is removed fails that run, which the person can rerun.
     */
    async sweep(maxAgeMs: number, now = Date.now()): Promise<number> {
      let removed = 0;
      const entries = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
      for (const repository of entries) {
        if (!repository.isDirectory()) continue;
        const folder = path.join(root, repository.name);
        const commits = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
        for (const commit of commits) {
          const full = path.join(folder, commit.name);
          const stat = await fs.stat(full).catch(() => undefined);
          if (stat && now - stat.mtimeMs > maxAgeMs) {
            await fs.rm(full, { recursive: true, force: true });
            removed += 1;
          }
        }
        if (repository.name !== 'tmp' && (await fs.readdir(folder).catch(() => ['?'])).length === 0)
          await fs.rmdir(folder).catch(() => undefined);
      }
      return removed;
    },
  };
}

export type Snapshots = ReturnType<typeof createSnapshots>;
