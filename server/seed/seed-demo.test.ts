import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channelDirectorySchema, messagePageSchema } from '../../contracts/confer.ts';
import { cardLinks, cards, conversations, profiles } from '../db/schema.ts';
import { setupTestApp } from '../test/app.ts';
import { people } from '../test/people.ts';
import { demoChannels } from './demo-confer.ts';
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

    // The demo course is installed, published, with its nine lessons; seeding again leaves it alone.
    const course = (
      await context.app.inject({ method: 'GET', url: '/api/classroom/courses/modern-recommendation-systems' })
    ).json() as { version: number; modules: { lessons: { cards: number }[] }[] };
    expect(course.version).toBe(1);
    expect(course.modules.flatMap((module) => module.lessons)).toHaveLength(9);
    expect(course.modules.flatMap((module) => module.lessons).every((lesson) => lesson.cards > 0)).toBe(true);

    expect(await seedDemoContent(context.db.orm, log)).toBe(0);
    const [again] = await context.db.orm.select({ count: sql<number>`count(*)::int` }).from(cards);
    expect(again!.count).toBe(created);
  });
});

describe('demo channels in Confer', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '198.18.49');
  const log = { info: () => undefined };

  it('shows a newcomer public channels where the demo authors share demo cards, with threads and reactions', async () => {
    await seedDemoContent(context.db.orm, log);
    const ada = await signUp('Ada Newcomer');
    const directory = channelDirectorySchema.parse(
      (await request('GET', '/api/confer/channels', ada)).json(),
    );
    const names = directory.items.map((item) => item.name);
    expect(names).toEqual(expect.arrayContaining(demoChannels.map((channel) => channel.name)));

    const room = directory.items.find((item) => item.name === 'recommenders')!;
    const page = messagePageSchema.parse(
      (await request('GET', `/api/confer/conversations/${room.id}/messages`, ada)).json(),
    );
    const [first] = page.items;
    expect(first!.author.handle).toBe('ada_l');
    // The card link is embedded, the thread has its replies, the reactions are counted.
    expect(first!.embeds.map((card) => card.title)).toEqual(['Confidence weights in implicit ALS']);
    expect(first!.replyCount).toBe(3);
    expect(first!.reactions).toEqual(
      expect.arrayContaining([expect.objectContaining({ emoji: '👍', count: 2 })]),
    );
    const cardPath = /\/cards\/([0-9a-f-]{36})/.exec(first!.body)?.[1];
    const card = await context.app.inject({ method: 'GET', url: `/api/cards/${cardPath}` });
    expect(card.json()).toMatchObject({ title: 'Confidence weights in implicit ALS' });

    // Running again adds nothing.
    await seedDemoContent(context.db.orm, log);
    const [count] = await context.db.orm
      .select({ count: sql<number>`count(*)::int` })
      .from(conversations)
      .where(sql`${conversations.name} = 'recommenders'`);
    expect(count!.count).toBe(1);
  });
});
