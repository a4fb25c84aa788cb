import { and, eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { appSettings, cardLinks, cards, conversations, profiles, users } from '../db/schema.ts';

/** The database steps of seeding demo content; each one can run again without doubling anything. */
export function createSeedRepository(orm: Orm) {
  return {
    async isDone(key: string): Promise<boolean> {
      const rows = await orm.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
      return rows[0]?.value === true;
    },

    async markDone(key: string): Promise<void> {
      await orm
        .insert(appSettings)
        .values({ key, value: true })
        .onConflictDoUpdate({ target: appSettings.key, set: { value: true, updatedAt: new Date() } });
    },

    /**
     * The demo author's profile key, creating the account and profile the first time. Demo accounts have no
     * password and no sign-in method: nobody can sign in as them.
     */
    async ensureAuthor(author: {
      handle: string;
      name: string;
      bio: string;
      email: string;
    }): Promise<string> {
      await orm
        .insert(users)
        .values({ id: crypto.randomUUID(), name: author.name, email: author.email, emailVerified: true })
        .onConflictDoNothing();
      const [user] = await orm.select({ id: users.id }).from(users).where(eq(users.email, author.email));
      const id = user!.id;
      await orm
        .insert(profiles)
        .values({
          key: id,
          userId: id,
          handle: author.handle,
          displayName: author.name,
          email: author.email,
          bio: author.bio,
        })
        .onConflictDoNothing();
      return id;
    },

    /** Whether a channel (public or private) has this name. */
    async channelExists(name: string): Promise<boolean> {
      const rows = await orm
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(sql`${conversations.kind} in ('channel', 'private')`, eq(conversations.name, name)))
        .limit(1);
      return rows.length > 0;
    },

    async findCardId(authorKey: string, title: string): Promise<string | undefined> {
      const [row] = await orm
        .select({ id: cards.id })
        .from(cards)
        .where(and(eq(cards.authorKey, authorKey), eq(cards.title, title)))
        .limit(1);
      return row?.id;
    },

    /** Replaces the card's wiki links (typed links stay). */
    async setWikiLinks(cardId: string, targetIds: string[]): Promise<void> {
      await orm.transaction(async (tx) => {
        await tx.delete(cardLinks).where(and(eq(cardLinks.sourceId, cardId), eq(cardLinks.kind, 'wiki')));
        const unique = [...new Set(targetIds)].filter((id) => id !== cardId);
        if (unique.length > 0)
          await tx
            .insert(cardLinks)
            .values(unique.map((targetId) => ({ sourceId: cardId, targetId, kind: 'wiki' })));
      });
    },

    /** Spreads a demo card's dates over the past weeks, so "New" reads like a living site. */
    async backdate(cardId: string, daysAgo: number): Promise<void> {
      await orm
        .update(cards)
        .set({
          createdAt: sql`now() - make_interval(hours => ${Math.round(daysAgo * 24)})`,
          publishedAt: sql`now() - make_interval(hours => ${Math.round(daysAgo * 24)})`,
          updatedAt: sql`now() - make_interval(hours => ${Math.round(daysAgo * 24)})`,
        })
        .where(eq(cards.id, cardId));
    },
  };
}
