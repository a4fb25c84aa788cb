import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardLinks, cards, profiles } from '../db/schema.ts';
import { setupTestApp } from '../test/app.ts';
import { seedDemoContent } from './seed-demo.ts';

describe('demo content', () => {
  const context = setupTestApp();
  const log = { info: () => undefined };

  it('seeds demo authors and linked public cards once, with real counters', async () => {
    const created = await seedDemoContent(context.db.orm, log);
    expect(created).toBeGreaterThanOrEqual(60);

    const [published] = await context.db.orm
      .select({ count: sql<number>`count(*)::int` })
      .from(cards)
      .where(sql`${cards.status} = 'published' and ${cards.visibility} = 'public'`);
    expect(published!.count).toBe(created);
    const [links] = await context.db.orm.select({ count: sql<number>`count(*)::int` }).from(cardLinks);
    expect(links!.count).toBeGreaterThanOrEqual(created * 2);

    // Profiles count what they own, and likes between demo authors earned reputation.
    const authors = await context.db.orm.select().from(profiles);
    expect(authors.length).toBeGreaterThanOrEqual(5);
    for (const author of authors) {
      const [own] = await context.db.orm
        .select({
          count: sql<number>`count(*)::int`,
          likes: sql<number>`coalesce(sum(${cards.likes}), 0)::int`,
        })
        .from(cards)
        .where(eq(cards.authorKey, author.key));
      expect(author.cards).toBe(own!.count);
      expect(author.likes).toBe(own!.likes);
    }
    expect(authors.some((author) => author.reputation > 0)).toBe(true);

    // A demo card reads through the public API, links resolved.
    const [sample] = await context.db.orm.select({ id: cards.id }).from(cards).limit(1);
    const card = (await context.app.inject({ method: 'GET', url: `/api/cards/${sample!.id}` })).json();
    expect(card.links.length).toBeGreaterThanOrEqual(1);

    expect(await seedDemoContent(context.db.orm, log)).toBe(0);
    const [again] = await context.db.orm.select({ count: sql<number>`count(*)::int` }).from(cards);
    expect(again!.count).toBe(created);
  });
});
