import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { compareFiles, unifiedDiff } from './changes.ts';
import type { RepositoryFile } from './fetch-repository.ts';

const run = promisify(execFile);
const file = (path: string, oid: string): RepositoryFile => ({
  path,
  oid,
  read: () => Promise.reject(new Error('a listing is compared without reading')),
});

/** The hunks `git diff` writes for the same change (its header lines left out). */
async function gitHunks(before: string | null, after: string | null): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'changes-'));
  try {
    const sides = [before, after].map((text, index) => {
      const name = path.join(dir, `side-${index}`);
      return text === null ? '/dev/null' : name;
    });
    await Promise.all(
      [before, after].map((text, index) =>
        text === null ? undefined : fs.writeFile(path.join(dir, `side-${index}`), text),
      ),
    );
    const result = await run('git', ['diff', '--no-index', '--no-color', ...sides]).catch(
      (error: { stdout: string }) => error,
    );
    return result.stdout.slice(result.stdout.indexOf('@@'));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe('the changes between two commits', () => {
  it('finds added, modified and deleted files by their ids, in path order, and never reads them', () => {
    const before = [file('a.ts', '1'), file('same.ts', '2'), file('gone.md', '3')];
    const after = [file('same.ts', '2'), file('a.ts', '9'), file('new/b.ts', '4')];
    expect(compareFiles(before, after).map(({ path, status }) => [path, status])).toEqual([
      ['a.ts', 'modified'],
      ['gone.md', 'deleted'],
      ['new/b.ts', 'added'],
    ]);
  });

  const cases: [string, string | null, string | null][] = [
    [
      'a change inside a longer file',
      'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n',
      'one\ntwo\nthree\nFOUR\nfive\nsix\nseven\neight\n',
    ],
    ['an added file', null, 'first\nsecond\n'],
    ['a deleted file', 'only line\n', null],
    ['an added file without a last line end', null, 'one\ntwo'],
    ['a deleted file of one line without its line end', 'alone', null],
    ['a file that loses its last line end', 'a\nb\n', 'a\nb'],
  ];
  for (const [what, before, after] of cases)
    it(`writes the hunks git writes for ${what}, and counts its lines`, async () => {
      const patch = unifiedDiff('src/file.ts', before, after)!;
      expect(patch.text.split('\n').slice(0, 2)).toEqual([
        before === null ? '--- /dev/null' : '--- a/src/file.ts',
        after === null ? '+++ /dev/null' : '+++ b/src/file.ts',
      ]);
      const hunks = patch.text.split('\n').slice(2).join('\n');
      expect(`${hunks}\n`).toBe(await gitHunks(before, after));
      const lines = hunks.split('\n');
      expect(patch.additions).toBe(lines.filter((line) => line.startsWith('+')).length);
      expect(patch.deletions).toBe(lines.filter((line) => line.startsWith('-')).length);
    });

  it('writes changes far apart as hunks of their own, each with three lines of context', () => {
    const patch = unifiedDiff('f.txt', `${'x\n'.repeat(20)}`, `y\n${'x\n'.repeat(18)}z\nx\n`)!;
    const headers = patch.text.split('\n').filter((line) => line.startsWith('@@'));
    expect(headers).toEqual(['@@ -1,3 +1,4 @@', '@@ -16,5 +17,5 @@']);
    expect([patch.additions, patch.deletions]).toEqual([2, 1]);
  });

  it('names a modified file whose diff would take too many edits instead of searching on, but writes any added file', () => {
    const lines = (count: number, text: (n: number) => string) =>
      Array.from({ length: count }, (_, n) => text(n)).join('\n');
    expect(
      unifiedDiff(
        'big.txt',
        lines(2500, (n) => `a${n}`),
        lines(2500, (n) => `b${n}`),
      ),
    ).toBeNull();
    const added = unifiedDiff('new.txt', null, `${lines(20_000, (n) => `line ${n}`)}\n`)!;
    expect([added.additions, added.deletions]).toEqual([20_000, 0]);
    expect(added.text.split('\n')[2]).toBe('@@ -0,0 +1,20000 @@');
  });
});
