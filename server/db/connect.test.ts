import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { assertSupportedServer, connectDatabase } from './connect.ts';

const quiet = { info: () => undefined, warn: () => undefined };

describe('connectDatabase with DATABASE_URL', () => {
  const { adminUrl } = inject('database');
  const name = `cardweb_test_empty_${randomBytes(4).toString('hex')}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('migrates an empty database once even when several instances start at the same time', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();

    const config = loadConfig({ DATABASE_URL: url, NODE_ENV: 'test' });
    const instances = await Promise.all([1, 2, 3].map(() => connectDatabase(config, quiet)));
    try {
      expect(instances.map((db) => db.kind)).toEqual(['external', 'external', 'external']);
      const { rows } = await instances[0]!.pool.query<{ count: string }>(
        'SELECT count(*) FROM drizzle.__drizzle_migrations',
      );
      const migrationFiles = (await import('node:fs'))
        .readdirSync(new URL('./migrations', import.meta.url))
        .filter((file) => file.endsWith('.sql'));
      expect(Number(rows[0]!.count)).toBe(migrationFiles.length);
      await instances[1]!.pool.query(
        "INSERT INTO page_views (path, viewport_width, signed_in) VALUES ('/', 1, true)",
      );
    } finally {
      await Promise.all(instances.map((db) => db.close()));
    }
  });

  it('explains an unreachable server', async () => {
    await expect(assertSupportedServer('postgres://nobody:x@127.0.0.1:1/none')).rejects.toThrow(
      /^Cannot connect to DATABASE_URL: /,
    );
  });
});
