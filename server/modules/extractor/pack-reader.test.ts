import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyDelta, openObjectStore, PackError, parseTree, treeOfCommit } from './pack-reader.ts';

const run = promisify(execFile);
const git = (cwd: string, ...args: string[]) =>
  run('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], { cwd });

/** Forty near-identical files, which git stores as deltas of each other, and a few plain ones. */
async function makeRepository(dir: string) {
  await git(dir, 'init', '--quiet');
  const base = Array.from({ length: 400 }, (_, line) => `export const value${line} = ${line * 7};`).join(
    '\n',
  );
  const files = new Map<string, string>();
  for (let index = 0; index < 40; index++)
    files.set(`src/module-${index}.ts`, base.replace(`value${index} =`, `changed${index} =`));
  files.set('README.md', '# A repository\n');
  files.set('empty.txt', '');
  files.set('deep/a/b/c/leaf.json', '{"leaf":true}\n');
  for (const [file, text] of files) {
    await fs.mkdir(path.join(dir, path.dirname(file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), text);
  }
  await git(dir, 'add', '-A');
  await git(dir, 'commit', '--quiet', '-m', 'one');
  const commit = (await git(dir, 'rev-parse', 'HEAD')).stdout.trim();
  return { files, commit };
}

/** Every blob under a tree, by path. */
function allFiles(
  store: Awaited<ReturnType<typeof openObjectStore>>,
  tree: string,
  at = '',
): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of parseTree(store.read(tree).data)) {
    const file = at ? `${at}/${entry.name}` : entry.name;
    if (entry.mode === 0o040000) for (const [p, text] of allFiles(store, entry.oid, file)) found.set(p, text);
    else found.set(file, store.read(entry.oid).data.toString('utf8'));
  }
  return found;
}

describe('the pack reader', () => {
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pack-reader-'));
  });
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  for (const [kind, offsets] of [
    ['offset deltas', 'true'],
    ['deltas that name their base', 'false'],
  ] as const)
    it(`reads every file of a commit packed with ${kind}, byte for byte`, async () => {
      const dir = await fs.mkdtemp(path.join(root, 'repository-'));
      const { files, commit } = await makeRepository(dir);
      await git(dir, '-c', `repack.useDeltaBaseOffset=${offsets}`, 'repack', '-adfq', '--depth=50');
      // The pack really holds deltas, of the kind asked for.
      const verified = (await run('sh', ['-c', 'git verify-pack -v .git/objects/pack/*.idx'], { cwd: dir }))
        .stdout;
      expect(verified).toMatch(/chain length = [1-9]/);

      const store = await openObjectStore(dir);
      const commitObject = store.read(commit);
      expect(commitObject.type).toBe('commit');
      expect(allFiles(store, treeOfCommit(commitObject.data))).toEqual(files);
    });

  it('says which object a pack does not hold, and refuses an id that is not one', async () => {
    const dir = await fs.mkdtemp(path.join(root, 'repository-'));
    await makeRepository(dir);
    await git(dir, 'repack', '-adq');
    const store = await openObjectStore(dir);
    expect(() => store.read('0'.repeat(40))).toThrow(
      new PackError(`The pack holds no object ${'0'.repeat(40)}.`),
    );
    expect(() => store.read('HEAD')).toThrow(PackError);
  });

  it('refuses a pack whose objects were tampered with', async () => {
    const dir = await fs.mkdtemp(path.join(root, 'repository-'));
    const { commit } = await makeRepository(dir);
    await git(dir, 'repack', '-adfq');
    const folder = path.join(dir, '.git', 'objects', 'pack');
    const pack = (await fs.readdir(folder)).find((name) => name.endsWith('.pack'))!;
    const bytes = await fs.readFile(path.join(folder, pack));
    // Scramble everything after the header: the commit no longer inflates, or inflates to another size.
    for (let at = 12; at < bytes.length - 20; at += 3) bytes[at] = bytes[at]! ^ 0x5a;
    await fs.writeFile(path.join(folder, pack), bytes);
    const store = await openObjectStore(dir);
    expect(() => store.read(commit)).toThrow(PackError);
  });

  it('refuses an index that is not one', async () => {
    const dir = await fs.mkdtemp(path.join(root, 'repository-'));
    const folder = path.join(dir, '.git', 'objects', 'pack');
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'pack-x.idx'), 'not an index');
    await fs.writeFile(path.join(folder, 'pack-x.pack'), 'PACK');
    await expect(openObjectStore(dir)).rejects.toThrow('pack-x.idx is not a version 2 pack index.');
  });
});

describe('applying a delta', () => {
  const base = Buffer.from('hello, world');
  /** A delta: base size, result size, then instructions. */
  const delta = (...bytes: number[]) => Buffer.from(bytes);

  it('copies from the base and inserts new bytes', () => {
    // copy 5 bytes from offset 0 ("hello"), insert "!", copy 7 from offset 5 (", world").
    const result = applyDelta(base, delta(12, 13, 0x90, 5, 1, 0x21, 0x91, 5, 7));
    expect(result.toString()).toBe('hello!, world');
  });

  it('refuses a copy from outside the base, an insert past the result, an unknown instruction and a size that lies', () => {
    expect(() => applyDelta(base, delta(12, 5, 0x91, 10, 5))).toThrow(
      'A delta copies from outside its base.',
    );
    expect(() => applyDelta(base, delta(12, 1, 2, 0x41, 0x42))).toThrow('A delta inserts too much.');
    expect(() => applyDelta(base, delta(12, 1, 0))).toThrow('A delta holds an unknown instruction.');
    expect(() => applyDelta(base, delta(12, 9, 0x90, 5))).toThrow('A delta makes an object of another size.');
    expect(() => applyDelta(base, delta(11, 5, 0x90, 5))).toThrow('A delta names a base of another size.');
    expect(() => applyDelta(base, delta(0x80))).toThrow('A delta is cut short.');
  });
});
