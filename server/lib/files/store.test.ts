import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentHash, createLocalFileStore, type FileStore } from './store.ts';

async function everyFile(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('local file store', () => {
  let root: string;
  let store: FileStore;

  beforeEach(async () => {
    root = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'cardweb-store-')), 'files');
    store = createLocalFileStore(root);
  });
  afterEach(async () => {
    await fs.rm(path.dirname(root), { recursive: true, force: true });
  });

  it('names bytes by their SHA-256 and keeps them under <aa>/<bb>/<hash>', async () => {
    const bytes = Buffer.from('a card about content addressing');
    const hash = await store.put(bytes);
    expect(hash).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(contentHash(bytes)).toBe(hash);
    expect(await everyFile(root)).toEqual([path.join(hash.slice(0, 2), hash.slice(2, 4), hash)]);
    expect(await store.has(hash)).toBe(true);
    expect((await store.get(hash))?.equals(bytes)).toBe(true);
  });

  it('stores the same bytes once, also when they arrive at the same moment', async () => {
    const bytes = Buffer.alloc(256 * 1024, 9);
    const hashes = await Promise.all(Array.from({ length: 8 }, () => store.put(Buffer.from(bytes))));
    expect(new Set(hashes).size).toBe(1);
    expect(await everyFile(root)).toHaveLength(1);

    const open = vi.spyOn(fs, 'open');
    expect(await store.put(bytes)).toBe(hashes[0]);
    expect(open).not.toHaveBeenCalled();
  });

  it('answers nothing for bytes it does not hold', async () => {
    const missing = contentHash(Buffer.from('never stored'));
    expect(await store.has(missing)).toBe(false);
    expect(await store.get(missing)).toBeUndefined();
  });

  it('writes to a temporary name, flushes, then renames: a failed write leaves no file at all', async () => {
    const bytes = Buffer.from('half of this must never be visible');
    const hash = contentHash(bytes);
    const sync = vi.fn();
    const realOpen = fs.open.bind(fs);
    const open = vi.spyOn(fs, 'open').mockImplementation(async (...args: Parameters<typeof fs.open>) => {
      const handle = await realOpen(...args);
      const realSync = handle.sync.bind(handle);
      handle.sync = async () => {
        sync(String(args[0]));
        return realSync();
      };
      return handle;
    });
    const rename = vi.spyOn(fs, 'rename');
    await store.put(bytes);
    // The file was flushed under its temporary name, in the folder it is renamed into, before the rename.
    const [from, to] = rename.mock.calls[0] ?? [];
    expect(path.dirname(String(from))).toBe(path.dirname(String(to)));
    expect(path.basename(String(from))).toMatch(new RegExp(`^\\.${hash}\\..+\\.tmp$`));
    expect(sync.mock.calls[0]?.[0]).toBe(String(from));
    expect(sync.mock.invocationCallOrder[0]).toBeLessThan(rename.mock.invocationCallOrder[0] ?? 0);
    // Then the folders that gained an entry.
    expect(sync.mock.calls.slice(1).map(([folder]) => folder)).toContain(path.dirname(String(to)));
    open.mockRestore();
    rename.mockRestore();

    // A failure before the rename (a full disk, a crash) leaves neither the file nor its temporary copy.
    const other = Buffer.from('this one fails on its way to disk');
    vi.spyOn(fs, 'rename').mockRejectedValueOnce(Object.assign(new Error('disk full'), { code: 'ENOSPC' }));
    await expect(store.put(other)).rejects.toThrow('disk full');
    expect(await store.has(contentHash(other))).toBe(false);
    expect(await everyFile(root)).toEqual([path.join(hash.slice(0, 2), hash.slice(2, 4), hash)]);
  });

  it('refuses a name that is not a hash, so no path can escape the store', async () => {
    await expect(store.get('../../postgres-password')).rejects.toThrow('Not a file hash');
    await expect(store.has('A'.repeat(64))).rejects.toThrow('Not a file hash');
    await expect(store.size('../x')).rejects.toThrow('Not a file hash');
    await expect(store.stream('../x')).rejects.toThrow('Not a file hash');
    await expect(store.remove('../x')).rejects.toThrow('Not a file hash');
  });

  it('tells the size of what it holds, and nothing for what it does not', async () => {
    const bytes = Buffer.alloc(12_345, 7);
    const hash = await store.put(bytes);
    expect(await store.size(hash)).toBe(12_345);
    expect(await store.size(contentHash(Buffer.from('never stored')))).toBeUndefined();
  });

  it('streams the whole file or one byte range of it, both ends included', async () => {
    const bytes = Buffer.from('0123456789abcdefghij');
    const hash = await store.put(bytes);
    expect(await text((await store.stream(hash))!)).toBe('0123456789abcdefghij');
    expect(await text((await store.stream(hash, { start: 0, end: 0 }))!)).toBe('0');
    expect(await text((await store.stream(hash, { start: 5, end: 9 }))!)).toBe('56789');
    expect(await text((await store.stream(hash, { start: 15, end: 19 }))!)).toBe('fghij');
    expect(await store.stream(contentHash(Buffer.from('never stored')))).toBeUndefined();
    await expect(store.stream(hash, { start: 5, end: 4 })).rejects.toThrow('Not a byte range');
  });

  it('reads a large file piece by piece rather than all at once', async () => {
    const bytes = Buffer.alloc(4 * 1024 * 1024, 3);
    const hash = await store.put(bytes);
    const stream = (await store.stream(hash))!;
    const sizes: number[] = [];
    for await (const chunk of stream) sizes.push((chunk as Buffer).length);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(bytes.length);
    expect(sizes.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThan(bytes.length);
  });

  it('removes a file for good, and says when there was nothing to remove', async () => {
    const kept = await store.put(Buffer.from('this one stays'));
    const hash = await store.put(Buffer.from('this one goes'));
    const sync = vi.spyOn(fs, 'open');
    expect(await store.remove(hash)).toBe(true);
    // The folder that lost the entry is flushed too.
    expect(sync.mock.calls.map(([folder]) => String(folder))).toContain(
      path.join(root, hash.slice(0, 2), hash.slice(2, 4)),
    );
    sync.mockRestore();
    expect(await store.has(hash)).toBe(false);
    expect(await store.get(hash)).toBeUndefined();
    expect(await store.remove(hash)).toBe(false);
    expect(await everyFile(root)).toEqual([path.join(kept.slice(0, 2), kept.slice(2, 4), kept)]);
    // The same bytes can be stored again afterwards.
    expect(await store.put(Buffer.from('this one goes'))).toBe(hash);
    expect(await store.has(hash)).toBe(true);
  });

  it('lets a reader that opened a file finish it when the file is removed meanwhile', async () => {
    const bytes = Buffer.alloc(2 * 1024 * 1024, 5);
    const hash = await store.put(bytes);
    const stream = (await store.stream(hash))!;
    await store.remove(hash);
    let read = 0;
    for await (const chunk of stream) read += (chunk as Buffer).length;
    expect(read).toBe(bytes.length);
  });
});
