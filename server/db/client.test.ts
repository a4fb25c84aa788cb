import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from './client.ts';

describe('openDatabase', () => {
  it('survives losing the connection of a client held by a transaction', async () => {
    const db = openDatabase(inject('database').adminUrl, 'external', { max: 2 });
    const admin = new pg.Client({ connectionString: inject('database').adminUrl });
    await admin.connect();
    try {
      // Between two statements of a transaction the pool's idle listener is off the client; without one of
      // ours, the lost connection's 'error' event would be thrown out of the socket and end the process.
      const transaction = db.orm.transaction(async (tx) => {
        const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
        const [{ pid }] = rows as [{ pid: number }];
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      await expect(transaction).rejects.toThrow();
      // The pool drops the dead client and serves the next query on a new connection.
      const { rows } = await db.pool.query<{ one: number }>('select 1 as one');
      expect(rows[0]!.one).toBe(1);
    } finally {
      await admin.end();
      await db.close();
    }
  });
});
