import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardPageSchema, type CardSummary } from '../../../contracts/cards.ts';
import { cards, profiles } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { cardFactory } from '../../test/cards.ts';
import { people, type Person } from '../../test/people.ts';
import { createExploreRepository, trendingWeights } from './repository.ts';

describe('Explore feeds and profile tabs', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '192.0.2');
  const make = cardFactory(context);

  /** Every page of a list, following `nextCursor`; fails on a page that is not a valid card page. */
  async function allPages(url: string, reader?: Person, limit = 50): Promise<CardSummary[]> {
    const items: CardSummary[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 200; page++) {
      const separator = url.includes('?') ? '&' : '?';
      const response = await request(
        'GET',
        `${url}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        reader,
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = cardPageSchema.parse(response.json());
      items.push(...body.items);
      cursor = body.nextCursor;
      if (!cursor) return items;
    }
    throw new Error('too many pages');
  }
  const idsOf = (items: CardSummary[], among: Set<string>) =>
    items.map((item) => item.id).filter((id) => among.has(id));

  it('lists only published public cards that are not deleted, in every feed and tab', async () => {
    const writer = await make.author();
    const reader = await signUp('Feed Reader');
    await make.follow(reader.id, writer);
    const shown = await make.card(writer, { title: 'Shown to everyone' });
    const hidden = await Promise.all([
      make.card(writer, { title: 'A draft', status: 'draft' }),
      make.card(writer, { title: 'Unlisted', visibility: 'unlisted' }),
      make.card(writer, { title: 'Private', visibility: 'private' }),
      make.card(writer, { title: 'Deleted', deletedAt: new Date() }),
    ]);
    const mine = new Set([shown.id, ...hidden.map((card) => card.id)]);
    await createExploreRepository(context.db).recomputeTrending();

    for (const url of ['/api/cards/feed/new', '/api/cards/feed/trending', '/api/cards/feed/following']) {
      expect(idsOf(await allPages(url, reader), mine), url).toEqual([shown.id]);
    }
    expect(idsOf(await allPages(`/api/profiles/${writer}/cards`, reader), mine)).toEqual([shown.id]);
    expect(idsOf(await allPages('/api/cards/feed/new'), mine)).toEqual([shown.id]);
  });

  it('shows the author as a profile summary, with premium only while it lasts', async () => {
    const writer = await make.author();
    await context.db.orm
      .update(profiles)
      .set({ isSubscribed: true, subscribedUntil: new Date(Date.now() - 60_000) })
      .where(eq(profiles.key, writer));
    const card = await make.card(writer, {
      title: 'Premium lapsed',
      body: '# Heading\n\nSome **bold** text.',
    });
    const item = (await allPages('/api/cards/feed/new')).find((entry) => entry.id === card.id);
    expect(item?.author).toMatchObject({ key: writer, isSubscribed: false });
    expect(item?.excerpt).toBe('Heading Some bold text.');
  });

  it('pages newest first with no duplicates and no gaps, also among equal publication times', async () => {
    const writer = await make.author();
    const same = new Date('2026-01-01T00:00:00.000Z');
    const created = [];
    for (let i = 0; i < 23; i++) created.push(await make.card(writer, { publishedAt: same }));
    // Microseconds apart: the same millisecond for a JavaScript Date, different for PostgreSQL.
    for (let i = 0; i < 5; i++) {
      const card = await make.card(writer, {});
      await context.db.orm.execute(
        `update cards set published_at = '2026-01-02T00:00:00.00000${i}Z' where id = '${card.id}'`,
      );
      created.push(card);
    }
    const mine = new Set(created.map((card) => card.id));
    const expected = [
      ...created.slice(23).reverse(),
      ...created.slice(0, 23).sort((a, b) => (a.id < b.id ? 1 : -1)),
    ].map((card) => card.id);
    for (const limit of [1, 4, 7, 50]) {
      const items = await allPages('/api/cards/feed/new', undefined, limit);
      expect(new Set(items.map((item) => item.id)).size, 'no duplicates').toBe(items.length);
      expect(idsOf(items, mine), `limit ${limit}`).toEqual(expected);
    }
    const profile = await allPages(`/api/profiles/${writer}/cards`, undefined, 3);
    expect(profile.map((item) => item.id)).toEqual(expected);
  });

  it('refuses a cursor it did not make', async () => {
    for (const cursor of ['garbage', Buffer.from('["x","y"]').toString('base64url')]) {
      const response = await request('GET', `/api/cards/feed/new?cursor=${cursor}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('common/validation-failed');
    }
    expect((await request('GET', '/api/cards/feed/trending?cursor=abc')).statusCode).toBe(400);
  });

  // Decision 012: a block hides both ways, whoever blocked.
  it.each(['the reader blocks the author', 'the author blocks the reader'] as const)(
    'hides the cards of an author when %s, everywhere',
    async (direction) => {
      const writer = await make.author();
      const reader = await signUp('Blocker Of Cards');
      await make.follow(reader.id, writer);
      const card = await make.card(writer, { title: 'Blocked author card' });
      const mine = new Set([card.id]);
      expect(idsOf(await allPages('/api/cards/feed/new', reader), mine)).toEqual([card.id]);
      if (direction === 'the reader blocks the author') await make.block(reader.id, writer);
      else await make.block(writer, reader.id);
      for (const url of [
        '/api/cards/feed/new',
        '/api/cards/feed/trending',
        '/api/cards/feed/following',
        `/api/profiles/${writer}/cards`,
      ]) {
        expect(idsOf(await allPages(url, reader), mine), url).toEqual([]);
      }
      // Others still see it.
      expect(idsOf(await allPages('/api/cards/feed/new'), mine)).toEqual([card.id]);
    },
  );

  it('leaves out of the liked tab the cards of authors blocked either way', async () => {
    const reader = await signUp('Liker Of Cards');
    const [blocker, blocked, friend] = [await make.author(), await make.author(), await make.author()];
    await make.block(blocker, reader.id);
    await make.block(reader.id, blocked);
    const cardsLiked = [
      await make.card(blocker, { title: 'By who blocks the reader' }),
      await make.card(blocked, { title: 'By whom the reader blocks' }),
      await make.card(friend, { title: 'By a friend' }),
    ];
    for (const card of cardsLiked) await make.like(card.id, reader.id);
    const mine = new Set(cardsLiked.map((card) => card.id));
    expect(idsOf(await allPages(`/api/profiles/${reader.id}/liked`, reader), mine)).toEqual([
      cardsLiked[2]!.id,
    ]);
  });

  it('gives the following feed to signed-in readers only, with the people they follow', async () => {
    expect((await request('GET', '/api/cards/feed/following')).statusCode).toBe(401);
    const followed = await make.author();
    const stranger = await make.author();
    const reader = await signUp('Follower');
    await make.follow(reader.id, followed);
    const older = await make.card(followed, { publishedAt: new Date(Date.now() - 60_000) });
    const newer = await make.card(followed, {});
    const other = await make.card(stranger, {});
    const items = await allPages('/api/cards/feed/following', reader, 1);
    expect(idsOf(items, new Set([older.id, newer.id, other.id]))).toEqual([newer.id, older.id]);
  });

  it('orders trending by engagement over age, as the sweep computes it', async () => {
    const writer = await make.author();
    const hour = 3_600_000;
    const now = Date.now();
    const fresh = await make.card(writer, { publishedAt: new Date(now - hour) });
    const popularOld = await make.card(writer, { publishedAt: new Date(now - 48 * hour), likes: 40 });
    const popularFresh = await make.card(writer, { publishedAt: new Date(now - 2 * hour), likes: 10 });
    const viewedOnly = await make.card(writer, { publishedAt: new Date(now - 2 * hour), views: 30 });
    const ancient = await make.card(writer, { publishedAt: new Date(now - 400 * hour), likes: 5 });
    const repository = createExploreRepository(context.db);
    await repository.recomputeTrending(2);

    const score = (likes: number, views: number, hours: number) =>
      (likes * trendingWeights.likes + views * trendingWeights.views + trendingWeights.base) /
      (hours + trendingWeights.ageOffsetHours) ** trendingWeights.gravity;
    const [stored] = await context.db.orm.select().from(cards).where(eq(cards.id, popularFresh.id));
    expect(stored!.trendingScore).toBeCloseTo(score(10, 0, 2), 2);

    const mine = [fresh, popularOld, popularFresh, viewedOnly, ancient];
    const expected = [...mine]
      .map((card) => ({
        id: card.id,
        score: score(card.likes, card.views, (now - card.publishedAt!.getTime()) / hour),
      }))
      .sort((a, b) => b.score - a.score)
      .map((entry) => entry.id);
    expect(expected[0]).toBe(popularFresh.id);
    const items = await allPages('/api/cards/feed/trending', undefined, 2);
    expect(idsOf(items, new Set(mine.map((card) => card.id)))).toEqual(expected);

    // A second sweep a moment later rewrites nothing: the scores moved by far less than the tolerance.
    expect((await repository.recomputeTrending()).updated).toBe(0);
  });

  it('shows the owner their unlisted and private published cards on their own tab, never drafts', async () => {
    const owner = await signUp('Tab Owner');
    const visitor = await signUp('Tab Visitor');
    const cardsOf = await Promise.all([
      make.card(owner.id, { title: 'Public', publishedAt: new Date(Date.now() - 3000) }),
      make.card(owner.id, {
        title: 'Unlisted',
        visibility: 'unlisted',
        publishedAt: new Date(Date.now() - 2000),
      }),
      make.card(owner.id, {
        title: 'Private',
        visibility: 'private',
        publishedAt: new Date(Date.now() - 1000),
      }),
      make.card(owner.id, { title: 'Draft', status: 'draft' }),
    ]);
    const titles = (items: CardSummary[]) => items.map((item) => item.title);
    expect(titles(await allPages(`/api/profiles/${owner.id}/cards`, owner))).toEqual([
      'Private',
      'Unlisted',
      'Public',
    ]);
    expect(titles(await allPages(`/api/profiles/${owner.id}/cards`, visitor))).toEqual(['Public']);
    expect(titles(await allPages(`/api/profiles/${owner.id}/cards`))).toEqual(['Public']);
    expect(cardsOf).toHaveLength(4);
    expect((await request('GET', '/api/profiles/nobody-here/cards')).statusCode).toBe(404);
  });

  it('shows a person the public cards they liked, newest like first, and nobody else', async () => {
    const writer = await make.author();
    const fan = await signUp('Fan Of Cards');
    const other = await signUp('Nosy');
    const first = await make.card(writer, { title: 'Liked first' });
    const second = await make.card(writer, { title: 'Liked second' });
    const gone = await make.card(writer, { title: 'Liked then made private', visibility: 'private' });
    await make.like(first.id, fan.id, new Date(Date.now() - 2000));
    await make.like(second.id, fan.id, new Date(Date.now() - 1000));
    await make.like(gone.id, fan.id);
    const liked = await allPages(`/api/profiles/${fan.id}/liked`, fan, 1);
    expect(liked.map((item) => item.title)).toEqual(['Liked second', 'Liked first']);
    expect(liked[0]?.likes).toBe(1);

    expect((await request('GET', `/api/profiles/${fan.id}/liked`)).statusCode).toBe(401);
    const refused = await request('GET', `/api/profiles/${fan.id}/liked`, other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('common/forbidden');
  });

  it('suggests tags of public cards by prefix, most used first', async () => {
    const writer = await make.author();
    await make.card(writer, { tags: ['zebrafish/genetics', 'zebu'] });
    await make.card(writer, { tags: ['zebrafish/genetics'] });
    await make.card(writer, { tags: ['zebrafish'] });
    await make.card(writer, { tags: ['zebrafish/secret'], visibility: 'private' });
    await make.card(writer, { tags: ['zebrafish/draft'], status: 'draft' });
    const response = await request('GET', '/api/tags?q=ZEB');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        { tag: 'zebrafish/genetics', count: 2 },
        { tag: 'zebrafish', count: 1 },
        { tag: 'zebu', count: 1 },
      ],
    });
    // LIKE wildcards in the query are taken literally.
    expect((await request('GET', '/api/tags?q=z%25')).json()).toEqual({ items: [] });
  });
});
