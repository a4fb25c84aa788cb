import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../app.ts';
import type { Config } from '../config.ts';
import type { JobsPluginOptions } from '../lib/jobs/plugin.ts';
import { testConfig } from './config.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from './database.ts';

export type TestContext = { app: App; db: Database; config: Config; dataDir: string };

/**
 * Builds the real app on this file's own database before the file's tests and tears both down after.
 * Read the fields inside tests (they are filled in by `beforeAll`).
 */
export function setupTestApp(
  env: Record<string, string> = {},
  options: {
    /** Job queue knobs (see server/lib/jobs/plugin.ts). */
    jobs?: JobsPluginOptions;
    /** Runs after the app is built and before it is ready (to register test job kinds, say). */
    beforeReady?: (app: App) => void;
  } = {},
): TestContext {
  const context = {} as TestContext;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    context.dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cardweb-test-data-'));
    context.config = testConfig({
      DATA_DIR: context.dataDir,
      WEB_DIST_DIR: path.join(context.dataDir, 'web'),
      ...env,
    });
    context.db = created.db;
    context.app = await buildApp({
      config: context.config,
      db: created.db,
      version: '0.0.0-test',
      ...(options.jobs ? { jobs: options.jobs } : {}),
    });
    options.beforeReady?.(context.app);
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await drop?.();
    if (context.dataDir) await fs.rm(context.dataDir, { recursive: true, force: true });
  });
  return context;
}
