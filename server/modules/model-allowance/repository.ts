import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import { blogBuilderRuns, conversations, messages, researchQuestions } from '../../db/schema.ts';

/** Since the UTC day began: the allowance resets at midnight UTC. */
const today = (column: AnyColumn) =>
  sql`${column} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`;

/**
 * Everything a person asked of the language model since the UTC day began, as one number: questions to the
 * card assistant (deleted ones included: taking a question back does not give it back), Ask the library's
 * questions and the blog builder's model steps.
 */
export async function countModelRequestsToday(orm: Orm, profileKey: string): Promise<number> {
  const assistant = orm
    .select({ count: sql<number>`count(*)` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.authorKey, profileKey),
        eq(messages.fromAssistant, false),
        sql`${messages.threadRootId} is null`,
        eq(conversations.kind, 'assistant'),
        today(messages.createdAt),
      ),
    );
  const library = orm
    .select({ count: sql<number>`count(*)` })
    .from(researchQuestions)
    .where(and(eq(researchQuestions.profileKey, profileKey), today(researchQuestions.createdAt)));
  const builder = orm
    .select({ count: sql<number>`count(*)` })
    .from(blogBuilderRuns)
    .where(and(eq(blogBuilderRuns.profileKey, profileKey), today(blogBuilderRuns.createdAt)));
  const [row] = await orm
    .select({ count: sql<number>`((${assistant}) + (${library}) + (${builder}))::int` })
    .from(sql`(select 1) as one`);
  return row?.count ?? 0;
}
