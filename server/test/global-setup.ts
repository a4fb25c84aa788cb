import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { getConstructionPlans } from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres.ts';
import { runMigrations } from '../db/migrate.ts';

export type TestDatabaseInfo = {
  /** Connection string to a maintenance database on the test server, for CREATE/DROP DATABASE. */
  adminUrl: string;
  /** The migrated database every test file's own database is cloned from. */
  template: string;
  kind: 'embedded' | 'external';
};

declare module 'vitest' {
  export interface ProvidedContext {
    database: TestDatabaseInfo;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * One PostgreSQL for the whole run: the embedded server in a temporary folder, or the external server in
 * TEST_DATABASE_URL (`npm run test:pg`). Migrations run once into a template database; each test file clones
 * it (`CREATE DATABASE … TEMPLATE`, milliseconds), so files run in parallel on data of their own.
 */
export default async function setup(project: TestProject) {
  let server: EmbeddedPostgres | undefined;
  let tempDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  const kind = adminUrl ? 'external' : 'embedded';
  if (!adminUrl) {
    tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cardweb-test-pg-'));
    await fs.chmod(tempDir, 0o755);
    server = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, 'postgres'),
      secretsDir: tempDir,
      log: { info: () => undefined, warn: () => undefined },
      // Throwaway data: durability settings off for speed. The app itself never sets these.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    });
    adminUrl = server.adminUrl;
  }

  const template = `cardweb_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  await runMigrations(withDatabase(adminUrl, template));
  // pg-boss's schema too, so every clone has it and an app's job queue starts without installing it (which
  // takes a few hundred milliseconds per database).
  const templateClient = new pg.Client({ connectionString: withDatabase(adminUrl, template) });
  await templateClient.connect();
  try {
    await templateClient.query(getConstructionPlans('pgboss'));
  } finally {
    await templateClient.end();
  }
  project.provide('database', { adminUrl, template, kind });

  return async () => {
    if (kind === 'external') {
      // Leave an external server as we found it: drop the template and every clone this run made.
      const clones = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'cardweb_test_%' OR datname = $1`,
        [template],
      );
      for (const { datname } of clones.rows)
        await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await admin.end();
    await server?.stop();
    if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
  };
}
