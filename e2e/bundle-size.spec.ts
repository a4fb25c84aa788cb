import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseAst } from 'vite';
// The size checks open no page, so Playwright's plain test is enough; the cold load below uses the fixtures'
// test, whose page fails on any page error.
import { expect, test } from '@playwright/test';
import { test as pageTest } from './fixtures.ts';

// Reads the production build (the e2e run builds first) and the router's source: the JavaScript `/` loads at
// start-up must stay within budget, and the tool pages must stay out of it.

const root = path.resolve(import.meta.dirname, '..');
const webRoot = path.join(root, 'web');
// The server under test serves WEB_DIST_DIR when it is set (playwright.config.ts), so measure that build.
const distDir = path.resolve(process.env.WEB_DIST_DIR ?? path.join(root, 'dist', 'web'));
const routerFile = path.join(webRoot, 'app', 'router.tsx');

const BUDGET_KB = 150;
/** What the home page's content brings after the first paint (decision 021): the API's readers and the cards. */
const AFTER_FIRST_PAINT_BUDGET_KB = 80;
const KB = 1024;
// @fastify/compress's default (zlib's level 6), fixed here so the figure only moves when the bytes do.
const GZIP_LEVEL = 6;

/**
 * Modules under web/ that the shell imports with `import()` only when someone acts: opens the section menu or
 * the profile card, arrives with a notice to show, or is signed in (the Confer badge, which brings the realtime
 * connection); and the bottom bar, shown only below 600 px (this test's window is wider), and the avatar,
 * shown only to someone signed in. Every other `import()` reached from the start-up code, except the pages of
 * other routes and AFTER_FIRST_PAINT_MODULES, counts as start-up, so a new lazy import on the start-up path is
 * counted without anyone listing it; the cold load test checks this list against what Chromium really fetches.
 */
const ON_DEMAND_MODULES = [
  'app/layout/section-menu-popup.tsx',
  'app/layout/profile-popup.tsx',
  'app/layout/flash-notice-popup.tsx',
  'app/layout/confer-badge.tsx',
  'app/layout/bottom-bar.tsx',
  'app/layout/profile-button.tsx',
];

/**
 * Modules the home page imports once its header is on the screen (decision 021): its content, which reads
 * from the API, and the query client it reads through. They have a budget of their own, and with their static
 * imports they are what a cold load of `/` fetches besides the start-up JavaScript.
 */
const AFTER_FIRST_PAINT_MODULES = ['features/home/home-content.tsx', 'app/query-client.ts'];

/** The tool pages: heavy, rarely the first page a visitor opens, so each must load only when navigated to. */
const TOOL_PATHS = [
  '/build',
  '/workflow',
  '/github_extractor',
  '/blog_builder',
  '/code_visualizer',
  '/recommendation_debug',
  '/confer',
  '/learn/pdf-library',
  '/play',
];

/** Paths of built files are relative to dist/web, with forward slashes: `assets/index-AbCd1234.js`. */
type BuiltFile = string;

type ModuleImports = { static: BuiltFile[]; dynamic: BuiltFile[] };

function builtPath(file: BuiltFile): string {
  return path.join(distDir, ...file.split('/'));
}

function resolveSpecifier(from: BuiltFile, specifier: string): BuiltFile {
  if (specifier.startsWith('/')) return specifier.slice(1);
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  }
  throw new Error(`${from} imports "${specifier}", which is not a file of the build`);
}

/** A string the parser reports as a literal, or a template literal without substitutions (Vite emits both). */
function constantString(node: unknown): string | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  const value = node as { type?: unknown; value?: unknown; expressions?: unknown[]; quasis?: unknown[] };
  if (value.type === 'Literal' && typeof value.value === 'string') return value.value;
  if (value.type === 'TemplateLiteral' && value.expressions?.length === 0 && value.quasis?.length === 1) {
    const cooked = (value.quasis[0] as { value?: { cooked?: unknown } }).value?.cooked;
    return typeof cooked === 'string' ? cooked : undefined;
  }
  return undefined;
}

function collectDynamicImports(node: unknown, found: string[]): void {
  if (Array.isArray(node)) {
    for (const child of node) collectDynamicImports(child, found);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (record.type === 'ImportExpression') {
    const source = constantString(record.source);
    if (source !== undefined) found.push(source);
  }
  for (const value of Object.values(record)) collectDynamicImports(value, found);
}

const importsCache = new Map<BuiltFile, ModuleImports>();

/** Parses a built chunk (a real parser: minified code defeats regular expressions) for what it imports. */
function importsOf(file: BuiltFile): ModuleImports {
  const cached = importsCache.get(file);
  if (cached) return cached;
  const program = parseAst(fs.readFileSync(builtPath(file), 'utf8'), { sourceType: 'module' }, file);
  const staticSpecifiers: string[] = [];
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration' || statement.type === 'ExportAllDeclaration') {
      staticSpecifiers.push(statement.source.value);
    } else if (statement.type === 'ExportNamedDeclaration' && statement.source) {
      staticSpecifiers.push(statement.source.value);
    }
  }
  const dynamicSpecifiers: string[] = [];
  collectDynamicImports(program.body, dynamicSpecifiers);
  const imports = {
    static: staticSpecifiers.map((specifier) => resolveSpecifier(file, specifier)),
    dynamic: dynamicSpecifiers.map((specifier) => resolveSpecifier(file, specifier)),
  };
  importsCache.set(file, imports);
  return imports;
}

/** The given modules and everything they import statically, recursively. */
function staticClosure(start: Iterable<BuiltFile>): Set<BuiltFile> {
  const seen = new Set<BuiltFile>();
  const pending = [...start];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...importsOf(file).static);
  }
  return seen;
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    found.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
  }
  return found;
}

/** The scripts `index.html` runs or preloads: module entries (with their graphs) and classic scripts. */
function htmlScripts(): { modules: BuiltFile[]; classic: BuiltFile[] } {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const modules: BuiltFile[] = [];
  const classic: BuiltFile[] = [];
  for (const [, name, rest] of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attrs = attributes(rest!);
    const url = name!.toLowerCase() === 'script' ? attrs.get('src') : attrs.get('href');
    if (!url || /^[a-z]+:|^\/\//i.test(url)) continue;
    const file = resolveSpecifier('index.html', url.split(/[?#]/)[0]!);
    if (name!.toLowerCase() === 'script') {
      (attrs.get('type') === 'module' ? modules : classic).push(file);
    } else if (attrs.get('rel') === 'modulepreload') {
      modules.push(file);
    }
  }
  return { modules, classic };
}

/** Route path → the page module it lazy-loads, as a path under web/, read from the router's `import()` calls. */
function routeModules(): Map<string, string> {
  const source = fs.readFileSync(routerFile, 'utf8');
  const routes = new Map<string, string>();
  // Each route names its path (or `index: true`) before its `import()`; the gap may not reach the next route,
  // so a route without a lazy page is skipped instead of taking its neighbour's module.
  const route =
    /(?:\bpath:\s*'([^']*)'|\bindex:\s*true)(?:(?!\bpath:|\bindex:)[\s\S])*?\bimport\(\s*'([^']+)'\s*\)/g;
  for (const match of source.matchAll(route)) {
    const routePath = `/${match[1] ?? ''}`;
    routes.set(routePath, path.posix.join('app', match[2]!));
  }
  return routes;
}

/**
 * The chunk Vite built for a source module. The manifest says exactly, when the build writes one; otherwise
 * the chunk is named after the source file (`home-page.tsx` → `assets/home-page-[hash].js`).
 */
function chunkOf(sourceModule: string): BuiltFile | undefined {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (fs.existsSync(manifestFile)) {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, { file?: string }>;
    return manifest[sourceModule]?.file;
  }
  const name = path.posix.basename(sourceModule).replace(/\.[cm]?[jt]sx?$/, '');
  const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[\\w-]{8}\\.js$`);
  const matches = fs.readdirSync(path.join(distDir, 'assets')).filter((file) => pattern.test(file));
  if (matches.length > 1)
    throw new Error(`More than one chunk could be ${sourceModule}: ${matches.join(', ')}`);
  return matches[0] === undefined ? undefined : `assets/${matches[0]}`;
}

function gzipBytes(file: BuiltFile): number {
  return zlib.gzipSync(fs.readFileSync(builtPath(file)), { level: GZIP_LEVEL }).length;
}

type Analysis = {
  routes: Map<string, string>;
  /** The chunk of the page at `/`. */
  homeChunk: BuiltFile;
  /**
   * What `/` loads at start-up: index.html's scripts, their static imports, and every chunk the start-up code
   * imports with `import()` (the page at `/`, the shell's own lazy parts) with their static imports, except
   * the pages of other routes and ON_DEMAND_MODULES.
   */
  startUp: Set<BuiltFile>;
  /** The chunks in `startUp` that arrive through `import()` rather than from index.html's module graph. */
  startUpLazy: Set<BuiltFile>;
  /** Every chunk the start-up code can load with `import()`, counted or not. */
  lazy: Set<BuiltFile>;
  /** What the home page loads after its first paint, without what start-up has already loaded. */
  afterFirstPaint: Set<BuiltFile>;
};

let analysis: Analysis | undefined;

function analyse(): Analysis {
  if (analysis) return analysis;
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${distDir}/index.html is missing: build the web app first ("npm run build")`);
  }
  const routes = routeModules();
  const homeModule = routes.get('/');
  if (!homeModule) throw new Error(`${routerFile} has no lazy route for /`);
  const homeChunk = chunkOf(homeModule);
  if (!homeChunk) throw new Error(`No chunk was built for ${homeModule}`);

  const notAtStartUp = new Set<BuiltFile>();
  for (const [routePath, sourceModule] of routes) {
    const chunk = chunkOf(sourceModule);
    if (routePath !== '/' && chunk) notAtStartUp.add(chunk);
  }
  for (const sourceModule of ON_DEMAND_MODULES) {
    const chunk = chunkOf(sourceModule);
    if (!chunk) throw new Error(`ON_DEMAND_MODULES names ${sourceModule}, which has no chunk of its own`);
    notAtStartUp.add(chunk);
  }
  const afterFirstPaintChunks: BuiltFile[] = [];
  for (const sourceModule of AFTER_FIRST_PAINT_MODULES) {
    const chunk = chunkOf(sourceModule);
    if (!chunk) {
      throw new Error(`AFTER_FIRST_PAINT_MODULES names ${sourceModule}, which has no chunk of its own`);
    }
    notAtStartUp.add(chunk);
    afterFirstPaintChunks.push(chunk);
  }

  const { modules, classic } = htmlScripts();
  const initial = staticClosure(modules);
  const startUp = new Set<BuiltFile>(classic);
  const startUpLazy = new Set<BuiltFile>();
  const lazy = new Set<BuiltFile>();
  const pending = [...initial];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (startUp.has(file)) continue;
    startUp.add(file);
    pending.push(...importsOf(file).static);
    for (const chunk of importsOf(file).dynamic) {
      lazy.add(chunk);
      if (notAtStartUp.has(chunk) || initial.has(chunk)) continue;
      startUpLazy.add(chunk);
      pending.push(chunk);
    }
  }
  const afterFirstPaint = new Set(
    [...staticClosure(afterFirstPaintChunks)].filter((file) => !startUp.has(file)),
  );
  analysis = { routes, homeChunk, startUp, startUpLazy, lazy, afterFirstPaint };
  return analysis;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

// zod 4 registers every schema class under a trait named like this; the name survives minification.
const ZOD_MARKER = '$ZodType';

test.describe('bundle size', () => {
  test(`the JavaScript / loads at start-up is at most ${BUDGET_KB} KB gzip`, () => {
    const { homeChunk, startUp, startUpLazy } = analyse();
    expect(startUp.has(homeChunk), `${homeChunk}, the page at /, is not loaded at start-up`).toBe(true);

    const files = [...startUp].sort();
    const sizes = files.map((file) => ({ file, bytes: gzipBytes(file) }));
    const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);

    const breakdown = sizes
      .sort((a, b) => b.bytes - a.bytes)
      .map(({ file, bytes }) => `${file} ${kb(bytes)}${startUpLazy.has(file) ? ' (import())' : ''}`)
      .join(', ');
    test.info().annotations.push(
      {
        type: 'start-up JavaScript of /',
        description: `${kb(total)} gzip of ${BUDGET_KB} KB in ${files.length} files`,
      },
      { type: 'files', description: breakdown },
    );
    process.stdout.write(
      `Start-up JavaScript of /: ${kb(total)} gzip (budget ${BUDGET_KB} KB) in ${files.length} files: ${breakdown}\n`,
    );

    expect(total, `${kb(total)} gzip exceeds the ${BUDGET_KB} KB budget: ${breakdown}`).toBeLessThanOrEqual(
      BUDGET_KB * KB,
    );
  });

  test(`the home page's content, loaded after its first paint, is at most ${AFTER_FIRST_PAINT_BUDGET_KB} KB gzip`, () => {
    const { afterFirstPaint, lazy } = analyse();
    for (const sourceModule of AFTER_FIRST_PAINT_MODULES) {
      const chunk = chunkOf(sourceModule)!;
      expect(lazy.has(chunk), `${sourceModule} is not loaded with import() by the start-up code`).toBe(true);
    }
    const sizes = [...afterFirstPaint].map((file) => ({ file, bytes: gzipBytes(file) }));
    const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
    const breakdown = sizes
      .sort((a, b) => b.bytes - a.bytes)
      .map(({ file, bytes }) => `${file} ${kb(bytes)}`)
      .join(', ');
    test.info().annotations.push({
      type: 'after the first paint of /',
      description: `${kb(total)} gzip of ${AFTER_FIRST_PAINT_BUDGET_KB} KB in ${sizes.length} files`,
    });
    process.stdout.write(
      `After the first paint of /: ${kb(total)} gzip (budget ${AFTER_FIRST_PAINT_BUDGET_KB} KB) in ${sizes.length} files: ${breakdown}\n`,
    );
    expect(
      total,
      `${kb(total)} gzip exceeds the ${AFTER_FIRST_PAINT_BUDGET_KB} KB budget: ${breakdown}`,
    ).toBeLessThanOrEqual(AFTER_FIRST_PAINT_BUDGET_KB * KB);
  });

  test('zod stays out of the JavaScript / loads at start-up', () => {
    // zod and the contracts are a quarter of the budget; the start-up code reads its few answers by hand.
    const withZod = [...analyse().startUp].filter((file) =>
      fs.readFileSync(builtPath(file), 'utf8').includes(ZOD_MARKER),
    );
    expect(withZod).toEqual([]);
  });

  test('every tool page is its own lazily loaded chunk, outside the start-up JavaScript of /', () => {
    const { routes, startUp, lazy } = analyse();
    const problems: string[] = [];
    const owners = new Map<BuiltFile, string>();

    for (const toolPath of TOOL_PATHS) {
      const sourceModule = routes.get(toolPath);
      if (!sourceModule) {
        problems.push(`${toolPath}: no lazy route in ${path.relative(root, routerFile)}`);
        continue;
      }
      const chunk = chunkOf(sourceModule);
      if (!chunk) {
        problems.push(`${toolPath}: no chunk of its own for ${sourceModule} (bundled into another chunk?)`);
        continue;
      }
      if (owners.has(chunk)) problems.push(`${toolPath}: shares ${chunk} with ${owners.get(chunk)}`);
      owners.set(chunk, toolPath);
      if (startUp.has(chunk)) problems.push(`${toolPath}: ${chunk} is loaded at start-up of /`);
      if (!lazy.has(chunk)) problems.push(`${toolPath}: ${chunk} is not loaded with import() by the entry`);
    }

    expect(problems).toEqual([]);
  });
});

pageTest.describe('bundle size in the browser', () => {
  pageTest('a cold load of / fetches exactly the scripts the budgets count', async ({ page }) => {
    // The budget reads the build; this holds it to what Chromium really fetches, so an import() that runs at
    // start-up cannot hide behind ON_DEMAND_MODULES, and a module listed there that no longer loads on
    // demand shows up here.
    const origin = new URL(pageTest.info().project.use.baseURL!).origin;
    const fetched = new Set<BuiltFile>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script' && url.origin === origin) fetched.add(url.pathname.slice(1));
    });
    const sessionChecked = page.waitForResponse((response) =>
      response.url().endsWith('/api/auth/get-session'),
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await sessionChecked;
    await page.waitForLoadState('networkidle');

    // The home page's content has arrived, and with it everything it loads.
    await expect(page.getByRole('heading', { level: 2, name: 'Trending' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    const { startUp, afterFirstPaint } = analyse();
    const counted = new Set([...startUp, ...afterFirstPaint]);
    expect({
      fetchedButNotCounted: [...fetched].filter((file) => !counted.has(file)).sort(),
      countedButNotFetched: [...counted].filter((file) => !fetched.has(file)).sort(),
    }).toEqual({ fetchedButNotCounted: [], countedButNotFetched: [] });
  });
});
