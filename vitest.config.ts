import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: the server suite runs in Node against a real embedded PostgreSQL (one cluster per run, one
// database per test file); the web suite renders components in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contracts/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          setupFiles: ['server/test/setup-file.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test/setup.ts'],
          // Journeys typed through user-event take seconds on a busy two-core runner; 5 s is too tight there.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
