import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Orm } from '../../../db/client.ts';
import { conversations, messages, type profiles } from '../../../db/schema.ts';
import { REALTIME_CHANNEL } from '../../../db/realtime-bus.ts';
import type { BusEvent } from '../events.ts';

/** A transaction of the Drizzle handle. */
export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];
/** The handle or a transaction. */
export type Executor = Orm | Tx;

export type ConversationRow = typeof conversations.$inferSelect;
/** What is read of a message: everything but its search vector, which only search's condition reads. */
const { searchVector: _searchVector, ...columns } = getTableColumns(messages);
export const messageColumns = columns;
export type MessageRow = Omit<typeof messages.$inferSelect, 'searchVector'>;
export type ProfileRow = typeof profiles.$inferSelect;

/** Tells every instance about a change, delivered if and when `executor`'s transaction commits. */
export async function notify(executor: Executor, event: BusEvent): Promise<void> {
  await executor.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(event)})`);
}

/** Takes the conversation's next sequence number, holding its row until the transaction ends. */
export async function nextSeq(tx: Tx, conversationId: string, touch: boolean): Promise<number> {
  const [row] = await tx
    .update(conversations)
    .set({
      lastSeq: sql`${conversations.lastSeq} + 1`,
      ...(touch ? { lastMessageAt: sql`now()` } : {}),
    })
    .where(eq(conversations.id, conversationId))
    .returning({ seq: conversations.lastSeq });
  if (!row) throw new Error(`No conversation ${conversationId}`);
  return row.seq;
}

/** PostgreSQL's unique-violation error on `constraint`, as it is or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const pgError = current as Error & { code?: string; constraint?: string };
    if (pgError.code === '23505' && pgError.constraint === constraint) return true;
  }
  return false;
}
