import { desc } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';
import type { Mail } from '../../lib/mail/mailer.ts';

/** Storage of the development outbox. */
export function createOutboxRepository(orm: Orm) {
  return {
    async insert(mail: Mail): Promise<void> {
      await orm.insert(outboxMessages).values(mail);
    },
    /** The newest messages first. */
    async list(limit: number) {
      return orm.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(limit);
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
