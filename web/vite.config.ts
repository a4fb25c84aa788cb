import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

// The web app's root is this folder; the server serves the build from dist/web and answers /api itself, so
// in development Vite forwards /api to it.
export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Every page is a dynamic import in app/router.tsx, so each becomes its own chunk; nothing to configure.
    // The manifest maps each source module to its chunk and the chunks it imports, for size budgets.
    manifest: true,
    // Matches MUI v9's supported browsers; lets the bundler keep modern syntax instead of down-levelling it.
    target: ['chrome117', 'edge121', 'firefox121', 'safari17'],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // `ws`: Confer's realtime connection is a WebSocket at /api/realtime.
      '/api': { target: 'http://localhost:3000', changeOrigin: false, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
