import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

// `npm run analyze` (a build with ANALYZE=1) also writes dist/stats.html, a map of every chunk and the modules
// in it (sizes as written and gzip), to see what a page loads and why. Loaded only then, so an ordinary build
// does not need it.
const analyze = process.env.ANALYZE
  ? (await import('rollup-plugin-visualizer')).visualizer({
      filename: fileURLToPath(new URL('../dist/stats.html', import.meta.url)),
      title: 'CARD WEB bundle',
      template: 'treemap',
      gzipSize: true,
    })
  : null;

/**
 * Leaves MUI's builder of CSS-variables themes out of the build. MUI's `createTheme` calls it only for themes
 * with `cssVariables` or `colorSchemes`, a choice made at run time, so the bundler cannot drop it (4 KB gzip
 * of `/`). The app's two themes (lib/theme.ts) use neither, which a test there checks; should one ever need
 * it, the stub says where it went. The build fails if MUI stops importing the builder where this expects.
 */
function withoutMuiCssVariablesThemes(): Plugin {
  const stub = '\0mui-css-variables-themes-left-out';
  const message = 'MUI themes with CSS variables are left out of this build: see web/vite.config.ts';
  let replaced = false;
  return {
    name: 'card-web:without-mui-css-variables-themes',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== './createThemeWithVars.mjs') return null;
      if (!importer?.replaceAll('\\', '/').endsWith('/@mui/material/styles/createTheme.mjs')) return null;
      replaced = true;
      return stub;
    },
    load(id) {
      if (id !== stub) return null;
      return `export default function createThemeWithVars() { throw new Error(${JSON.stringify(message)}); }`;
    },
    buildEnd(error) {
      if (!error && !replaced)
        this.error('@mui/material/styles/createTheme.mjs no longer imports the builder');
    },
  };
}

/**
 * pdf.js' data files, served at `/pdfjs/`: the character maps of CJK fonts (`cmaps/`), the standard 14 fonts a
 * PDF may use without embedding them (`standard_fonts/`) and the image decoders for JBIG2 and JPEG 2000, the
 * formats of most scans (`wasm/`, with their plain-JavaScript fallbacks). The scripting sandbox (quickjs) is
 * left out: the reader never runs a PDF's scripts. Copied into the build, and served from node_modules by the
 * development server.
 */
function pdfjsDataFiles(): Plugin {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const folders = ['cmaps', 'standard_fonts', 'wasm'];
  const wanted = (folder: string, name: string) => folders.includes(folder) && !name.startsWith('quickjs');
  const types: Record<string, string> = { '.wasm': 'application/wasm', '.js': 'text/javascript' };
  return {
    name: 'card-web:pdfjs-data-files',
    configureServer(server) {
      server.middlewares.use('/pdfjs', (request, response, next) => {
        const [folder = '', name = '', ...rest] = (request.url ?? '')
          .split('?')[0]!
          .split('/')
          .filter(Boolean);
        if (rest.length > 0 || !wanted(folder, name) || name.startsWith('.')) return next();
        const file = path.join(root, folder, name);
        if (!fs.existsSync(file)) return next();
        response.setHeader('content-type', types[path.extname(name)] ?? 'application/octet-stream');
        fs.createReadStream(file).pipe(response);
      });
    },
    generateBundle() {
      for (const folder of folders) {
        for (const name of fs.readdirSync(path.join(root, folder))) {
          if (!wanted(folder, name) || name.startsWith('LICENSE')) continue;
          this.emitFile({
            type: 'asset',
            fileName: `pdfjs/${folder}/${name}`,
            source: fs.readFileSync(path.join(root, folder, name)),
          });
        }
      }
    },
  };
}

// The web app's root is this folder; the server serves the build from dist/web and answers /api itself, so
// in development Vite forwards /api to it.
export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [react(), withoutMuiCssVariablesThemes(), pdfjsDataFiles(), analyze],
  // The development server pre-bundles every dependency any page or component may import, found at start-up
  // from all the app's modules rather than from the first pages opened. Otherwise a page that brings a new
  // dependency later (the bottom bar, loaded only on phones) makes Vite bundle again, answer the modules it
  // had served with 504 "Outdated Optimize Dep" and reload the page.
  optimizeDeps: { entries: ['**/*.{ts,tsx}', '!**/*.test.{ts,tsx}', '!test/**', '!vite.config.ts'] },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Every page is a dynamic import in app/router.tsx, so each becomes its own chunk.
    // The manifest maps each source module to its chunk and the chunks it imports, for size budgets.
    manifest: true,
    // Matches MUI v9's supported browsers; lets the bundler keep modern syntax instead of down-levelling it.
    target: ['chrome117', 'edge121', 'firefox121', 'safari17'],
    // Those browsers all support <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically in one chunk: `/` needs all of it anyway, and one file
          // compresses better than the handful of small shared chunks the bundler would otherwise cut it into.
          groups: [{ name: 'start-up', tags: ['$initial'] }],
        },
      },
      treeshake: {
        // A CommonJS package without side effects that does not say so; Emotion imports it for `withTheme`
        // only, which the app does not use, so telling the bundler lets it drop the package from `/`.
        moduleSideEffects: [{ test: /\/node_modules\/hoist-non-react-statics\//, sideEffects: false }],
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // `ws`: Confer's realtime connection is a WebSocket at /api/realtime.
      '/api': { target: 'http://localhost:3000', changeOrigin: false, ws: true },
      // Files the server writes rather than pages of the app: the blog's feeds, the sitemap and robots.txt.
      '^/blog/.*\\.xml$': { target: 'http://localhost:3000', changeOrigin: false },
      '/sitemap.xml': { target: 'http://localhost:3000', changeOrigin: false },
      '/robots.txt': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '^/blog/.*\\.xml$': { target: 'http://localhost:3000', changeOrigin: false },
      '/sitemap.xml': { target: 'http://localhost:3000', changeOrigin: false },
      '/robots.txt': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
