import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Returns the secret stored at `DATA_DIR/<name>`, creating it (owner-only permissions) on first use, so a
 * development server keeps its sessions and its database password across restarts.
 */
export async function readOrCreateSecret(dataDir: string, name: string, bytes = 32): Promise<string> {
  const file = path.join(dataDir, name);
  try {
    const value = (await fs.readFile(file, 'utf8')).trim();
    if (value.length > 0) return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(dataDir, { recursive: true });
  const value = randomBytes(bytes).toString('base64url');
  // 'wx' so two processes racing on a fresh DATA_DIR cannot both write; the loser reads the winner's value.
  try {
    await fs.writeFile(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await fs.readFile(file, 'utf8')).trim();
  }
}
