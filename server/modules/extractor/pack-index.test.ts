import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexPack } from './pack-index.ts';
import { PackError } from './pack-reader.ts';

const run = promisify(execFile);
const git = (cwd: string, ...args: string[]) =>
  run('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], { cwd });

/** A repository of similar files (stored as deltas), packed by git with its own index beside the pack. */
async function packedRepository(root: string, offsetDeltas: boolean) {
  const dir = await fs.mkdtemp(path.join(root, 'repository-'));
  await git(dir, 'init', '--quiet');
  const base = Array.from({ length: 300 }, (_, line) => `line ${line} of a file that changes a little`).join(
    '\n',
  );
  for (let index = 0; index < 30; index++) {
    await fs.mkdir(path.join(dir, `folder-${index % 3}`), { recursive: true });
    await fs.writeFile(
      path.join(dir, `folder-${index % 3}`, `file-${index}.txt`),
      `${base}\nfile ${index}\n`,
    );
  }
  await fs.writeFile(path.join(dir, 'empty'), '');
  await git(dir, 'add', '-A');
  await git(dir, 'commit', '--quiet', '-m', 'one');
  await git(dir, '-c', `repack.useDeltaBaseOffset=${offsetDeltas}`, 'repack', '-adfq', '--depth=50');
  const folder = path.join(dir, '.git', 'objects', 'pack');
  const name = (await fs.readdir(folder)).find((file) => file.endsWith('.pack'))!;
  return {
    pack: await fs.readFile(path.join(folder, name)),
    index: await fs.readFile(path.join(folder, name.replace(/\.pack$/, '.idx'))),
  };
}

describe('indexing a pack', () => {
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pack-index-'));
  });
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  for (const [kind, offsets] of [
    ['offset deltas', true],
    ['deltas that name their base', false],
  ] as const)
    it(`writes the very index git writes, for a pack with ${kind}`, async () => {
      const { pack, index } = await packedRepository(root, offsets);
      expect(indexPack(pack).equals(index)).toBe(true);
    });

  it('refuses a pack that does not match its checksum, is cut short, or is not a pack', async () => {
    const { pack } = await packedRepository(root, true);
    const changed = Buffer.from(pack);
    changed[100] = changed[100]! ^ 0xff;
    expect(() => indexPack(changed)).toThrow(new PackError('The pack does not match its checksum.'));
    expect(() => indexPack(pack.subarray(0, pack.length - 50))).toThrow(PackError);
    expect(() => indexPack(Buffer.from('not a pack at all, not even close to one'))).toThrow(
      new PackError('The answer holds no pack.'),
    );
  });
});
