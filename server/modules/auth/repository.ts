import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import {
  accounts,
  profiles,
  rateLimits,
  sessions,
  twoFactors,
  users,
  verifications,
} from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

/** The identity library's access to our tables: it reads and writes them through its Drizzle adapter. */
export function identityDatabase(orm: Orm) {
  return drizzleAdapter(orm, {
    provider: 'pg',
    schema: { users, sessions, accounts, verifications, rateLimits, twoFactors },
  });
}

type Transaction = Parameters<Parameters<Orm['transaction']>[0]>[0];

/** Deletes the unexpired code `identifier` inside `tx`; a missing, used or expired code refuses the change. */
async function useUpCode(tx: Transaction, identifier: string): Promise<void> {
  const used = await tx
    .delete(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, new Date())))
    .returning({ id: verifications.id });
  if (used.length === 0) throw new AppError('auth/invalid-action-code');
}

/**
 * Sets the account's address (proven by the link that led here), and the profile's copy of it in the same
 * transaction; another account having it is `email-already-in-use`. The administrator role follows the address:
 * a listed one grants it, any other takes it away, so a role never outlives the address it was granted to.
 */
async function setEmail(
  tx: Transaction,
  userId: string,
  email: string,
  adminEmails: string[],
): Promise<void> {
  try {
    await tx
      .update(users)
      .set({
        email,
        emailVerified: true,
        role: adminEmails.includes(email.toLowerCase()) ? 'admin' : 'user',
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await tx.update(profiles).set({ email, updatedAt: new Date() }).where(eq(profiles.userId, userId));
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === '23505')
      throw new AppError('auth/email-already-in-use');
    throw error;
  }
}

/**
 * Makes the account an administrator when its address is on ADMIN_EMAILS and verified; never takes the role
 * away (an administrator may have been named another way). Returns whether it granted the role.
 */
export async function grantListedAdmin(orm: Orm, userId: string, adminEmails: string[]): Promise<boolean> {
  if (adminEmails.length === 0) return false;
  const granted = await orm
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(
      and(
        eq(users.id, userId),
        eq(users.emailVerified, true),
        inArray(sql`lower(${users.email})`, adminEmails),
        ne(users.role, 'admin'),
      ),
    )
    .returning({ id: users.id });
  return granted.length > 0;
}

/**
 * What proving the address takes away: every session of the account and any password set before the proof
 * (whoever signed up may not own the address, and must not keep a way in once its owner verifies it).
 */
export async function revokeAccessBeforeProof(orm: Orm, userId: string): Promise<void> {
  await orm.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  });
}

/** Reads of identity data our own endpoints need beside the identity library. */
export function createAuthRepository(orm: Orm, adminEmails: string[] = []) {
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
    /** Whether the account at `email` is unverified and has a password, which verifying it will replace. */
    async hasPasswordBeforeProof(email: string): Promise<boolean> {
      const rows = await orm
        .select({ id: accounts.id })
        .from(users)
        .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
        .where(and(eq(users.email, email.toLowerCase()), eq(users.emailVerified, false)))
        .limit(1);
      return rows.length > 0;
    },
    async findUserById(id: string) {
      const rows = await orm.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0];
    },
    /** Stores a one-time code of ours (email change, email recovery, second-factor revert). */
    async createVerification(identifier: string, value: object, expiresAt: Date): Promise<void> {
      await orm
        .insert(verifications)
        .values({ id: crypto.randomUUID(), identifier, value: JSON.stringify(value), expiresAt });
    },

    /**
     * Moves the account to `newEmail` (now verified) using up the change code, and stores the recovery code
     * for the old address, all at once. Returns the old address.
     */
    async changeEmail(
      changeIdentifier: string,
      userId: string,
      newEmail: string,
      recovery: { identifier: string; expiresAt: Date },
    ) {
      return orm.transaction(async (tx) => {
        await useUpCode(tx, changeIdentifier);
        const [before] = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!before) throw new AppError('auth/invalid-action-code');
        await setEmail(tx, userId, newEmail, adminEmails);
        await tx.insert(verifications).values({
          id: crypto.randomUUID(),
          identifier: recovery.identifier,
          value: JSON.stringify({ userId, oldEmail: before.email }),
          expiresAt: recovery.expiresAt,
        });
        return before.email;
      });
    },

    /** Puts the old address back, using up the recovery code, and ends every session of the account. */
    async recoverEmail(identifier: string, userId: string, oldEmail: string): Promise<void> {
      await orm.transaction(async (tx) => {
        await useUpCode(tx, identifier);
        await setEmail(tx, userId, oldEmail, adminEmails);
        await tx.delete(sessions).where(eq(sessions.userId, userId));
      });
    },

    /** Removes the authenticator app from the account, using up the revert code. */
    async removeSecondFactor(identifier: string, userId: string): Promise<void> {
      await orm.transaction(async (tx) => {
        await useUpCode(tx, identifier);
        await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
        await tx
          .update(users)
          .set({ twoFactorEnabled: false, updatedAt: new Date() })
          .where(eq(users.id, userId));
      });
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
