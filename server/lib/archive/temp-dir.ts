import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs `work` with a new private directory of its own under the system's temporary folder, and removes the
 * directory and all in it afterwards, whether `work` succeeds or throws: a run's files never outlive it.
 */
export async function withTempDir<T>(prefix: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), `${prefix.replace(/[^\w-]/g, '')}-`));
  try {
    return await work(dir);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Where `relative` (an archive entry's checked path) lands inside `root`; throws if it would not be inside it,
 * the last guard before anything is written.
 */
export function pathInside(root: string, relative: string): string {
  const target = path.resolve(root, relative);
  const base = path.resolve(root);
  if (target !== base && !target.startsWith(base + path.sep))
    throw new Error(`“${relative}” is outside the run's folder`);
  return target;
}
