import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema.ts';

/** The identity library's access to our tables: it reads and writes them through its Drizzle adapter. */
export function identityDatabase(orm: Orm) {
  return drizzleAdapter(orm, {
    provider: 'pg',
    schema: { users, sessions, accounts, verifications, rateLimits },
  });
}

/** Reads of identity data our own endpoints need beside the identity library. */
export function createAuthRepository(orm: Orm) {
  return {
    /** The one-time code stored under `identifier`, if any. */
    async findVerification(identifier: string) {
      const rows = await orm
        .select()
        .from(verifications)
        .where(eq(verifications.identifier, identifier))
        .limit(1);
      return rows[0];
    },
    async findUserById(id: string) {
      const rows = await orm.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0];
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
