import fsp from 'node:fs/promises';
import path from 'node:path';

/** What a page's own head may use of the built web app. */
export interface BuiltApp {
  /** The app's `index.html`. */
  indexHtml: string;
  /**
   * `<link rel="modulepreload">` tags for a page's module (its path under `web/`, as `web/app/router.tsx`
   * imports it) and every chunk it imports statically, so they load beside the entry script instead of after
   * it; none for a module the build does not have.
   */
  modulePreloads(source: string): string[];
}

/** One chunk in Vite's `.vite/manifest.json`. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** How long the build is trusted before `index.html`'s modification time is looked at again. */
const RECHECK_MS = 1_000;

function preloadsOf(manifest: Manifest, source: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    // The entry is the page's own `<script type="module">`, already on its way.
    if (!chunk.isEntry) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  // Chunk names are the bundler's (letters, digits, `-`, `_`, `.`); anything else is not ours to print.
  return files
    .filter((file) => /^[\w./-]+$/.test(file))
    .map((file) => `<link rel="modulepreload" href="/${file}" />`);
}

/**
 * The built app in `root`, read again only when `index.html` changes (a rebuild while the server runs), so
 * pages with their own tags cost no disk read each. The file's time is looked at once a second at most: a stat
 * on every page was a tenth of a busy server's time.
 */
export function cachedBuiltApp(root: string): () => Promise<BuiltApp> {
  const indexFile = path.join(root, 'index.html');
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  let cache: { mtimeMs: number; checkedAt: number; app: BuiltApp } | undefined;

  async function read(mtimeMs: number, checkedAt: number) {
    const indexHtml = await fsp.readFile(indexFile, 'utf8');
    let manifest: Manifest = {};
    try {
      manifest = JSON.parse(await fsp.readFile(manifestFile, 'utf8')) as Manifest;
    } catch {
      // A build without a manifest still serves its pages, only without their preloads.
    }
    const preloads = new Map<string, string[]>();
    const app: BuiltApp = {
      indexHtml,
      modulePreloads(source) {
        let tags = preloads.get(source);
        if (!tags) preloads.set(source, (tags = preloadsOf(manifest, source)));
        return tags;
      },
    };
    return { mtimeMs, checkedAt, app };
  }

  return async () => {
    const now = Date.now();
    if (cache && now - cache.checkedAt < RECHECK_MS) return cache.app;
    const { mtimeMs } = await fsp.stat(indexFile);
    if (cache?.mtimeMs === mtimeMs) cache.checkedAt = now;
    else cache = await read(mtimeMs, now);
    return cache.app;
  };
}
