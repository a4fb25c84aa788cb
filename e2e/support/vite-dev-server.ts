// Vite's development server for e2e/playwright.dev.config.ts: web/vite.config.ts as `npm run dev` uses it, on
// the port the config chose, forwarding /api (the realtime WebSocket too) to the API the config started, with
// a dependency cache of its own so that runs in other checkouts sharing node_modules never rewrite it.
import fs from 'node:fs';
import path from 'node:path';
import { createLogger, createServer } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_DEV_WEB_PORT);
const apiUrl = process.env.E2E_DEV_API_URL;
const cacheDir = process.env.E2E_DEV_VITE_CACHE_DIR;
if (!port || !apiUrl || !cacheDir) {
  throw new Error('E2E_DEV_WEB_PORT, E2E_DEV_API_URL and E2E_DEV_VITE_CACHE_DIR must be set');
}

// A test that ends closes its pages with their realtime sockets open; the proxy reports each broken pipe.
const logger = createLogger('warn');
const logError = logger.error.bind(logger);
logger.error = (message, options) => {
  const error = options?.error;
  const code = error && 'code' in error ? error.code : undefined;
  if (message.includes('ws proxy') && (code === 'ECONNRESET' || code === 'EPIPE')) return;
  logError(message, options);
};

const server = await createServer({
  configFile: path.join(root, 'web/vite.config.ts'),
  cacheDir,
  clearScreen: false,
  customLogger: logger,
  // Merged into the file's settings, which `npm run dev` uses as they are.
  server: {
    host: '127.0.0.1',
    port,
    strictPort: true,
    // The same paths as web/vite.config.ts forwards, to this run's API.
    proxy: {
      '/api': { target: apiUrl, changeOrigin: false, ws: true },
      '^/blog/.*\\.xml$': { target: apiUrl, changeOrigin: false },
      '/sitemap.xml': { target: apiUrl, changeOrigin: false },
      '/robots.txt': { target: apiUrl, changeOrigin: false },
    },
    // A checkout whose node_modules links to another folder still serves the files in it (KaTeX's fonts).
    fs: { allow: [root, fs.realpathSync(path.join(root, 'node_modules'))] },
  },
});
await server.listen();

let closing = false;
const close = () => {
  if (closing) return;
  closing = true;
  // The cache stays in the config's temporary folder, beside the API's data.
  void server.close().then(() => process.exit(0));
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
