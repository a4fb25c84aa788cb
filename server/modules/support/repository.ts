import type { Orm } from '../../db/client.ts';
import { supportTickets } from '../../db/schema.ts';

export type NewSupportTicket = typeof supportTickets.$inferInsert;
export type SupportTicket = typeof supportTickets.$inferSelect;

/** Storage of support tickets. */
export function createSupportRepository(orm: Orm) {
  return {
    /** Inserts the ticket; returns undefined when its reference is already taken. */
    async insertTicket(ticket: NewSupportTicket): Promise<SupportTicket | undefined> {
      const rows = await orm
        .insert(supportTickets)
        .values(ticket)
        .onConflictDoNothing({ target: supportTickets.reference })
        .returning();
      return rows[0];
    },
  };
}
export type SupportRepository = ReturnType<typeof createSupportRepository>;
