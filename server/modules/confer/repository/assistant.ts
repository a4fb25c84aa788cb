import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Orm } from '../../../db/client.ts';
import { cards, messages, profiles } from '../../../db/schema.ts';
import { listedCard, notBlockedBetween, ownCard } from '../../../db/visibility.ts';
import { tsQuery } from '../../../db/text-search.ts';
import { countModelRequestsToday } from '../../model-allowance/index.ts';

/** What the card assistant reads: the asker's cards, the cards it may quote, the conversation so far, its quota. */
export function createAssistantRepository(orm: Orm) {
  return {
    /**
     * `authorKey`'s own cards that match `q` (read as Explore's search reads it): any visibility, published or
     * draft, not deleted; the best match first.
     */
    async ownCardsMatching(authorKey: string, q: string, limit: number): Promise<string[]> {
      const query = tsQuery(q);
      const rows = await orm
        .select({ id: cards.id })
        .from(cards)
        .where(and(ownCard(authorKey), sql`${cards.searchVector} @@ ${query}`))
        .orderBy(sql`ts_rank_cd(${cards.searchVector}, ${query}) desc`, desc(cards.updatedAt), cards.id)
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * The cards among `ids` that `readerKey` may read — their own (not deleted) and listed ones by nobody
     * blocked either way — with at most `bodyChars` characters of each body, for the assistant to read.
     */
    async cardsToRead(readerKey: string, ids: string[], bodyChars: number) {
      if (ids.length === 0) return [];
      return orm
        .select({
          id: cards.id,
          title: cards.title,
          body: sql<string>`substr(${cards.body}, 1, ${bodyChars})`,
          type: cards.type,
          fields: cards.fields,
          tags: cards.tags,
          visibility: cards.visibility,
          status: cards.status,
          authorKey: cards.authorKey,
          authorHandle: profiles.handle,
        })
        .from(cards)
        .innerJoin(profiles, eq(profiles.key, cards.authorKey))
        .where(
          and(
            inArray(cards.id, ids),
            or(ownCard(readerKey), listedCard()),
            notBlockedBetween(readerKey, cards.authorKey),
          ),
        );
    },

    /**
     * The last `limit` messages of a conversation's timeline before sequence number `beforeSeq`, oldest first,
     * with at most `chars` characters of each: what the assistant remembers of the conversation so far.
     */
    async turnsBefore(conversationId: string, beforeSeq: number, limit: number, chars: number) {
      const rows = await orm
        .select({
          body: sql<string>`substr(${messages.body}, 1, ${chars})`,
          fromAssistant: messages.fromAssistant,
        })
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            sql`${messages.seq} < ${beforeSeq}`,
            sql`${messages.threadRootId} is null`,
            sql`${messages.deletedAt} is null`,
          ),
        )
        .orderBy(desc(messages.seq))
        .limit(limit);
      return rows.reverse();
    },

    /**
     * The requests `askerKey` has made of the language model since the UTC day began: the card assistant's
     * questions, Ask the library's and the blog builder's, which share one allowance.
     */
    modelRequestsToday: (askerKey: string): Promise<number> => countModelRequestsToday(orm, askerKey),
  };
}
