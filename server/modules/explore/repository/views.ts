import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../../../db/client.ts';
import { cards, cardViews, profiles } from '../../../db/schema.ts';

/** What the card page reads and writes: the card's access facts, its author and its views. */
export function createViewsRepository(orm: Orm) {
  return {
    async findProfile(key: string) {
      const [row] = await orm.select().from(profiles).where(eq(profiles.key, key)).limit(1);
      return row;
    },

    /** What deciding whether someone may open a card needs; undefined when there is no such card. */
    async findAccess(cardId: string) {
      const [row] = await orm
        .select({
          id: cards.id,
          authorKey: cards.authorKey,
          title: cards.title,
          type: cards.type,
          likes: cards.likes,
          status: cards.status,
          visibility: cards.visibility,
          deletedAt: cards.deletedAt,
          views: cards.views,
        })
        .from(cards)
        .where(eq(cards.id, cardId))
        .limit(1);
      return row;
    },

    /**
     * Records one view of the card by `viewerKey` for today (the database's UTC date). Only a first view that
     * day counts, and the counter moves in the same transaction as the row it counts.
     */
    async recordView(cardId: string, viewerKey: string): Promise<{ counted: boolean; views: number }> {
      return orm.transaction(async (tx) => {
        const inserted = await tx
          .insert(cardViews)
          .values({ cardId, viewerKey, day: sql`(now() at time zone 'UTC')::date` })
          .onConflictDoNothing()
          .returning({ cardId: cardViews.cardId });
        if (inserted.length === 0) {
          const [row] = await tx.select({ views: cards.views }).from(cards).where(eq(cards.id, cardId));
          return { counted: false, views: row?.views ?? 0 };
        }
        const [row] = await tx
          .update(cards)
          .set({ views: sql`${cards.views} + 1` })
          .where(eq(cards.id, cardId))
          .returning({ views: cards.views });
        return { counted: true, views: row?.views ?? 0 };
      });
    },
  };
}
