import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedBuiltApp } from './built-app.ts';

const manifest = {
  'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_shared-b2.js'] },
  'features/blog/reading/post-page.tsx': {
    file: 'assets/post-page-c3.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared-b2.js', '_dialog-d4.js'],
    dynamicImports: ['_markdown-e5.js'],
  },
  '_shared-b2.js': { file: 'assets/shared-b2.js' },
  '_dialog-d4.js': { file: 'assets/dialog-d4.js', imports: ['_shared-b2.js', '_odd.js'] },
  '_odd.js': { file: 'assets/odd"><script>.js' },
  '_markdown-e5.js': { file: 'assets/markdown-e5.js' },
};

describe('the built app for pages with their own head', () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'built-app-'));
    await fs.mkdir(path.join(root, '.vite'));
    await fs.writeFile(path.join(root, 'index.html'), '<!doctype html><title>CARD WEB</title>');
    await fs.writeFile(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('preloads a page module and every chunk it imports statically, once each, but not the entry', async () => {
    const built = await cachedBuiltApp(root)();
    expect(built.indexHtml).toBe('<!doctype html><title>CARD WEB</title>');
    // Not the entry (already a script of the page), not a dynamic import (loaded when used), nothing that
    // is not a bundler's file name.
    expect(built.modulePreloads('features/blog/reading/post-page.tsx')).toEqual([
      '<link rel="modulepreload" href="/assets/post-page-c3.js" />',
      '<link rel="modulepreload" href="/assets/shared-b2.js" />',
      '<link rel="modulepreload" href="/assets/dialog-d4.js" />',
    ]);
    expect(built.modulePreloads('features/none.tsx')).toEqual([]);
  });

  it('serves pages without preloads when the build has no manifest', async () => {
    await fs.rm(path.join(root, '.vite'), { recursive: true });
    const built = await cachedBuiltApp(root)();
    expect(built.modulePreloads('features/blog/reading/post-page.tsx')).toEqual([]);
  });

  it('reads a rebuild within a second of it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const read = cachedBuiltApp(root);
    expect((await read()).indexHtml).toContain('CARD WEB');
    await fs.writeFile(path.join(root, 'index.html'), '<!doctype html><title>Rebuilt</title>');
    await fs.writeFile(
      path.join(root, '.vite', 'manifest.json'),
      JSON.stringify({ 'features/blog/reading/post-page.tsx': { file: 'assets/post-page-f6.js' } }),
    );
    const later = new Date(Date.now() + 60_000);
    await fs.utimes(path.join(root, 'index.html'), later, later);
    expect((await read()).indexHtml).toContain('CARD WEB');
    vi.advanceTimersByTime(1_001);
    const rebuilt = await read();
    expect(rebuilt.indexHtml).toContain('Rebuilt');
    expect(rebuilt.modulePreloads('features/blog/reading/post-page.tsx')).toEqual([
      '<link rel="modulepreload" href="/assets/post-page-f6.js" />',
    ]);
  });
});
