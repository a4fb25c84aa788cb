import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  ArchiveError,
  defaultArchiveLimits,
  pathInside,
  readArchive,
  safeEntryPath,
  withTempDir,
  type ArchiveEntry,
  type ArchiveLimits,
  type ArchiveSource,
} from './index.ts';
import { declareSize, tarGz as tarGzBytes, type TarEntry } from '../../test/corpora/hostile-archives.ts';

/** Every entry, with each file's text read. */
async function readAll(source: ArchiveSource, limits: ArchiveLimits = defaultArchiveLimits) {
  const entries: (ArchiveEntry | { kind: 'file'; path: string; text: string })[] = [];
  for await (const entry of readArchive(source, limits))
    entries.push(
      entry.kind === 'file'
        ? { kind: 'file', path: entry.path, text: (await entry.read()).toString() }
        : entry,
    );
  return entries;
}

/** The ArchiveError reading `source` ends with (the test fails if it ends without one). */
async function refusal(source: ArchiveSource, limits: ArchiveLimits = defaultArchiveLimits) {
  try {
    await readAll(source, limits);
  } catch (error) {
    if (error instanceof ArchiveError) return error;
    throw error;
  }
  throw new Error('the archive was read without a refusal');
}

const zip = (files: Zippable) => ({ bytes: Buffer.from(zipSync(files)) });

/** A .tar.gz of `entries`, as an archive source. */
async function tarGz(entries: TarEntry[]): Promise<{ bytes: Buffer }> {
  return { bytes: await tarGzBytes(entries) };
}

const symlinkAttrs = { os: 3, attrs: (0o120777 << 16) >>> 0 };

describe('safe entry paths', () => {
  it('keeps paths inside the root and refuses every way out', () => {
    expect(safeEntryPath('src/index.ts')).toBe('src/index.ts');
    expect(safeEntryPath('./src//a.ts')).toBe('src/a.ts');
    expect(safeEntryPath('src\\win\\a.ts')).toBe('src/win/a.ts');
    for (const name of [
      '../evil',
      'a/../../evil',
      'a/..',
      '..\\evil',
      '/etc/passwd',
      '\\\\server\\share',
      'C:/Windows/x',
      'c:evil',
      'a\0b',
      '',
      './',
    ])
      expect(safeEntryPath(name), JSON.stringify(name)).toBeNull();
  });

  it('places a checked path inside the run’s folder, and nothing outside it', () => {
    expect(pathInside('/tmp/run', 'a/b.ts')).toBe(path.resolve('/tmp/run/a/b.ts'));
    expect(() => pathInside('/tmp/run', '../other')).toThrow(/outside/);
    expect(() => pathInside('/tmp/run', '/etc/passwd')).toThrow(/outside/);
  });
});

describe('reading a zip', () => {
  it('gives each file with its bytes, passes over folders, and reports links and special files', async () => {
    const archive = zip({
      'README.md': strToU8('# Hello'),
      'src/': {},
      'src/index.ts': strToU8('export const a = 1;'),
      'link.ts': [strToU8('/etc/passwd'), symlinkAttrs],
      fifo: [strToU8(''), { os: 3, attrs: (0o010644 << 16) >>> 0 }],
    });
    expect(await readAll(archive)).toEqual([
      { kind: 'file', path: 'README.md', text: '# Hello' },
      { kind: 'file', path: 'src/index.ts', text: 'export const a = 1;' },
      { kind: 'skipped', path: 'link.ts', reason: 'symlink' },
      { kind: 'skipped', path: 'fifo', reason: 'special' },
    ]);
  });

  it('reads from a file on disk, and skips a file nobody reads', async () => {
    await withTempDir('archive-test', async (dir) => {
      const file = path.join(dir, 'repo.zip');
      await fsp.writeFile(file, zip({ 'a.txt': strToU8('A'), 'b.txt': strToU8('B') }).bytes);
      const read: string[] = [];
      for await (const entry of readArchive({ path: file }))
        if (entry.kind === 'file' && entry.path === 'b.txt') read.push((await entry.read()).toString());
      expect(read).toEqual(['B']);
    });
  });

  it('refuses an entry whose path leaves the root, whatever its spelling', async () => {
    for (const name of ['../evil.sh', 'a/../../evil.sh', '/etc/cron.d/evil', 'C:/evil.bat', '..\\evil.sh']) {
      const error = await refusal(zip({ 'ok.txt': strToU8('fine'), [name]: strToU8('x') }));
      expect(error.kind, name).toBe('unsafe-path');
    }
  });

  it('refuses a zip bomb by its ratio, and a large archive by its total', async () => {
    const bomb = zip({ 'zeros.bin': [new Uint8Array(30 * 1024 * 1024), { level: 9 }] });
    expect(bomb.bytes.length).toBeLessThan(100_000);
    expect((await refusal(bomb, { ...defaultArchiveLimits, maxEntryBytes: 64 * 1024 * 1024 })).kind).toBe(
      'ratio',
    );
    // The declared sizes alone refuse it before anything is inflated.
    expect((await refusal(bomb)).kind).toBe('entry-too-large');
    const many = zip({ 'a.txt': strToU8('a'.repeat(600)), 'b.txt': strToU8('b'.repeat(600)) });
    expect((await refusal(many, { ...defaultArchiveLimits, maxTotalBytes: 1000 })).kind).toBe('too-large');
  });

  it('counts the real bytes when the declared size lies', async () => {
    const honest = zip({ 'data.bin': [new Uint8Array(2 * 1024 * 1024).fill(7), { level: 9 }] });
    const lying = { bytes: declareSize(honest.bytes, 100) };
    const error = await refusal(lying);
    expect(error.kind).toBe('corrupt');
    expect(error.entry).toBe('data.bin');
  });

  it('refuses more entries than allowed, and damaged or foreign bytes', async () => {
    const files: Zippable = {};
    for (let n = 0; n < 30; n++) files[`f${n}.txt`] = strToU8(String(n));
    expect((await refusal(zip(files), { ...defaultArchiveLimits, maxEntries: 20 })).kind).toBe(
      'too-many-entries',
    );
    const whole = zip({ 'a.txt': strToU8('a'.repeat(5000)) }).bytes;
    expect((await refusal({ bytes: whole.subarray(0, whole.length - 30) })).kind).toBe('corrupt');
    expect((await refusal({ bytes: Buffer.from('%PDF-1.7 not an archive') })).kind).toBe('not-an-archive');
    expect((await refusal({ bytes: Buffer.alloc(0) })).kind).toBe('not-an-archive');
  });
});

describe('reading a .tar.gz', () => {
  it('gives each file, passes over folders, and reports symlinks, hard links and devices', async () => {
    const archive = await tarGz([
      { name: 'repo/', type: 'directory' },
      { name: 'repo/README.md', body: '# Repo' },
      { name: 'repo/src/a.ts', body: 'export {};' },
      { name: 'repo/up', type: 'symlink', linkname: '../../etc/passwd' },
      { name: 'repo/hard', type: 'link', linkname: 'repo/README.md' },
      { name: 'repo/tty', type: 'character-device' },
    ]);
    expect(await readAll(archive)).toEqual([
      { kind: 'file', path: 'repo/README.md', text: '# Repo' },
      { kind: 'file', path: 'repo/src/a.ts', text: 'export {};' },
      { kind: 'skipped', path: 'repo/up', reason: 'symlink' },
      { kind: 'skipped', path: 'repo/hard', reason: 'hard-link' },
      { kind: 'skipped', path: 'repo/tty', reason: 'special' },
    ]);
  });

  it('skips a file nobody reads and goes on to the next', async () => {
    const archive = await tarGz([
      { name: 'big.bin', body: Buffer.alloc(200_000, 1) },
      { name: 'small.txt', body: 'small' },
    ]);
    const read: string[] = [];
    for await (const entry of readArchive(archive))
      if (entry.kind === 'file' && entry.path === 'small.txt') read.push((await entry.read()).toString());
    expect(read).toEqual(['small']);
  });

  it('refuses a path out of the root, a gzip bomb, too many entries and damaged bytes', async () => {
    expect((await refusal(await tarGz([{ name: '../../.bashrc', body: 'evil' }]))).kind).toBe('unsafe-path');
    expect((await refusal(await tarGz([{ name: '/etc/passwd', body: 'evil' }]))).kind).toBe('unsafe-path');

    const bomb = await tarGz([{ name: 'zeros.bin', body: Buffer.alloc(30 * 1024 * 1024) }]);
    expect(bomb.bytes.length).toBeLessThan(100_000);
    expect((await refusal(bomb, { ...defaultArchiveLimits, maxEntryBytes: 64 * 1024 * 1024 })).kind).toBe(
      'ratio',
    );

    const many = await tarGz(Array.from({ length: 30 }, (_, n) => ({ name: `f${n}`, body: String(n) })));
    expect((await refusal(many, { ...defaultArchiveLimits, maxEntries: 20 })).kind).toBe('too-many-entries');

    // Cut short: the file's end and the gzip trailer are missing.
    const whole = (await tarGz([{ name: 'a.txt', body: 'a'.repeat(100_000) }])).bytes;
    expect((await refusal({ bytes: whole.subarray(0, whole.length - 40) })).kind).toBe('corrupt');
    expect((await refusal({ bytes: zlib.gzipSync(Buffer.from('not a tar at all'.repeat(64))) })).kind).toBe(
      'corrupt',
    );
  });
});

describe('a run’s temporary folder', () => {
  it('is removed after the work, also when the work fails', async () => {
    let kept = '';
    await expect(
      withTempDir('archive-test', async (dir) => {
        kept = dir;
        await fsp.writeFile(path.join(dir, 'part.txt'), 'x');
        throw new Error('the run failed');
      }),
    ).rejects.toThrow('the run failed');
    expect(kept).not.toBe('');
    expect(fs.existsSync(kept)).toBe(false);
  });
});
