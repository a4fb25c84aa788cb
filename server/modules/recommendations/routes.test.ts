import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  evaluationListSchema,
  evaluationMethods,
  evaluationRunSchema,
  forYouPageSchema,
  recommendationDebugSchema,
  recommendationLimits,
  whyNotSchema,
  type ForYouPage,
} from '../../../contracts/recommendations.ts';
import { setupTestApp } from '../../test/app.ts';
import { cardFactory } from '../../test/cards.ts';
import { people, type Person } from '../../test/people.ts';

describe('For you', () => {
  const context = setupTestApp({ ADMIN_EMAILS: 'recs-admin@example.org' });
  const { signUp, request } = people(context, '198.51.100');
  const make = cardFactory(context);

  async function feedPage(person: Person, cursor?: string): Promise<ForYouPage> {
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const response = await request('GET', `/api/recommendations/feed${query}`, person);
    expect(response.statusCode, response.body).toBe(200);
    return forYouPageSchema.parse(response.json());
  }

  /** Every card of one visit, following the cursor to the end. */
  async function wholeVisit(person: Person): Promise<ForYouPage[]> {
    const pages = [await feedPage(person)];
    while (pages.at(-1)!.nextCursor && pages.length < 50)
      pages.push(await feedPage(person, pages.at(-1)!.nextCursor!));
    return pages;
  }

  async function rebuild() {
    const admin = await adminPerson();
    const response = await request('POST', '/api/recommendations/neighbours/rebuild', admin);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { pairs: number; cards: number; durationMs: number };
  }

  let admin: Person | undefined;
  async function adminPerson() {
    admin ??= await signUp('Recs Admin', 'recs-admin@example.org');
    return admin;
  }

  async function like(person: Person, cardId: string) {
    const response = await request('PUT', `/api/cards/${cardId}/like`, person);
    expect(response.statusCode, response.body).toBe(200);
  }

  it('starts cold for a new person, shows trending cards of the tags they pick, and never an empty page', async () => {
    const writer = await make.author();
    const tagged = await make.card(writer, {
      title: 'Sourdough starter',
      tags: ['baking-cold'],
      trendingScore: 0.1,
    });
    await make.card(writer, { title: 'Trending elsewhere', tags: ['other-cold'], trendingScore: 50 });
    await rebuild();
    const newcomer = await signUp('Cold Starter');

    const first = await feedPage(newcomer);
    expect(first.mode).toBe('cold-start');
    expect(first.signals).toMatchObject({ total: 0, needed: recommendationLimits.signalsNeeded });
    expect(first.items.length).toBeGreaterThan(0);

    const saved = await request('PUT', '/api/recommendations/preferences', newcomer, {
      tilt: 0,
      tags: ['Baking-Cold'],
    });
    expect(saved.json()).toEqual({ tilt: 0, tags: ['baking-cold'] });
    const picked = await feedPage(newcomer);
    expect(picked.pickedTags).toEqual(['baking-cold']);
    expect(picked.items[0]).toMatchObject({
      id: tagged.id,
      reason: { source: 'tags', text: 'Popular in #baking-cold' },
    });
  });

  it('becomes personal after three signals, with cards from each source and the reason for each', async () => {
    const reader = await signUp('Personal Reader');
    const followed = await make.author();
    const fromFollowed = await make.card(followed, { title: 'From a followed author', tags: ['misc-p'] });
    await make.follow(reader.id, followed);

    // Two other people like both "Attention" and "Transformers": they are neighbours.
    const writer = await make.author();
    const attention = await make.card(writer, { title: 'Attention', tags: ['ml-p'] });
    const transformers = await make.card(writer, { title: 'Transformers', tags: ['ml-p'] });
    const rnn = await make.card(writer, { title: 'Recurrent networks', tags: ['ml-p'] });
    for (const name of ['Fan One', 'Fan Two']) {
      const fan = await signUp(name);
      await like(fan, attention.id);
      await like(fan, transformers.id);
    }
    await rebuild();
    await like(reader, attention.id);
    await like(reader, rnn.id);

    const page = await feedPage(reader);
    expect(page.mode).toBe('personal');
    const signals = await request('GET', '/api/recommendations/signals', reader);
    expect(signals.json()).toEqual({ likes: 2, studied: 0, authored: 0, follows: 1, total: 3, needed: 3 });
    expect(page.signals).toMatchObject({ likes: 2, follows: 1, total: 3 });
    const byId = new Map(page.items.map((item) => [item.id, item]));
    expect(byId.get(fromFollowed.id)?.reason.source).toBe('following');
    expect(byId.get(transformers.id)?.reason).toMatchObject({ source: 'neighbours' });
    expect(byId.get(transformers.id)?.reason.text).toMatch(/Attention|Recurrent networks/);
    // Cards already liked are not recommended again.
    expect(byId.has(attention.id)).toBe(false);
    expect(byId.has(rnn.id)).toBe(false);
  });

  it('never recommends private, unlisted, draft or deleted cards, own cards, or people blocked either way', async () => {
    const reader = await signUp('Careful Reader');
    const writer = await make.author();
    const blocker = await make.author();
    const blocked = await make.author();
    await make.follow(reader.id, writer);
    await make.follow(reader.id, blocker);
    await make.follow(reader.id, blocked);
    await make.block(blocker, reader.id);
    await make.block(reader.id, blocked);
    const hidden = await Promise.all([
      make.card(writer, { title: 'Private one', visibility: 'private', tags: ['hide-t'], trendingScore: 99 }),
      make.card(writer, {
        title: 'Unlisted one',
        visibility: 'unlisted',
        tags: ['hide-t'],
        trendingScore: 99,
      }),
      make.card(writer, { title: 'Draft one', status: 'draft', tags: ['hide-t'], trendingScore: 99 }),
      make.card(writer, { title: 'Deleted one', deletedAt: new Date(), tags: ['hide-t'], trendingScore: 99 }),
      make.card(blocker, { title: 'By a blocker', tags: ['hide-t'], trendingScore: 99 }),
      make.card(blocked, { title: 'By the blocked', tags: ['hide-t'], trendingScore: 99 }),
      make.card(reader.id, { title: 'My own', tags: ['hide-t'], trendingScore: 99 }),
    ]);
    const visible = await make.card(writer, { title: 'Public one', tags: ['hide-t'] });
    await rebuild();

    const ids = (await wholeVisit(reader)).flatMap((page) => page.items.map((item) => item.id));
    expect(ids).toContain(visible.id);
    for (const card of hidden) expect(ids).not.toContain(card.id);

    const debug = recommendationDebugSchema.parse(
      (await request('GET', '/api/recommendations/debug', reader)).json(),
    );
    const named = [...debug.items.map((item) => item.card.id), ...debug.removed.map((item) => item.cardId)];
    // Their own card is a candidate the debug page shows as filtered; the others never reach it at all.
    expect(debug.removed.find((item) => item.cardId === hidden[6]!.id)?.filter).toBe('own-card');
    for (const card of hidden.slice(0, 6)) expect(named).not.toContain(card.id);
  });

  it('pages a visit without repeating a card, at most two cards of an author a page', async () => {
    const reader = await signUp('Scrolling Reader');
    const authors = await Promise.all(Array.from({ length: 8 }, () => make.author()));
    for (const [index, author] of authors.entries()) {
      await make.follow(reader.id, author);
      for (let i = 0; i < 8; i++)
        await make.card(author, { title: `Card ${index}-${i}`, tags: ['scroll-t'] });
    }
    const pages = await wholeVisit(reader);
    const ids = pages.flatMap((page) => page.items.map((item) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(64);
    expect(new Set(pages.map((page) => page.feedId)).size).toBe(1);
    for (const page of pages) {
      const perAuthor = new Map<string, number>();
      for (const item of page.items)
        perAuthor.set(item.author.key, (perAuthor.get(item.author.key) ?? 0) + 1);
      expect(Math.max(0, ...perAuthor.values())).toBeLessThanOrEqual(recommendationLimits.perAuthorPerPage);
      expect(page.items.length).toBeLessThanOrEqual(recommendationLimits.pageSize);
    }
  });

  it('respects "Not interested" and mute, and undoing brings the cards back', async () => {
    const reader = await signUp('Picky Reader');
    const writer = await make.author();
    const other = await make.author();
    await make.follow(reader.id, writer);
    await make.follow(reader.id, other);
    await make.follow(reader.id, await make.author());
    const dull = await make.card(writer, { title: 'Dull card' });
    const kept = await make.card(writer, { title: 'Kept card' });
    const muted = await make.card(other, { title: 'By someone muted' });
    const ids = async () => (await feedPage(reader)).items.map((item) => item.id);
    expect(await ids()).toEqual(expect.arrayContaining([dull.id, kept.id, muted.id]));

    expect(
      (await request('POST', '/api/recommendations/feedback', reader, { kind: 'card', target: dull.id }))
        .statusCode,
    ).toBe(200);
    expect(
      (await request('POST', '/api/recommendations/feedback', reader, { kind: 'mute', target: other }))
        .statusCode,
    ).toBe(200);
    const after = await ids();
    expect(after).not.toContain(dull.id);
    expect(after).not.toContain(muted.id);
    expect(after).toContain(kept.id);

    const list = (await request('GET', '/api/recommendations/feedback', reader)).json() as {
      items: { label: string }[];
    };
    const labels = list.items.map((item) => item.label);
    expect(labels).toHaveLength(2);
    expect(labels).toContain('Dull card');
    expect(labels.find((label) => label.startsWith('@'))).toBeTruthy();

    const undo = await request('DELETE', `/api/recommendations/feedback?kind=card&target=${dull.id}`, reader);
    expect(undo.json()).toEqual({ removed: true });
    expect(await ids()).toContain(dull.id);
  });

  it('serves the latest list again until something it depends on changes, and prepares the next one', async () => {
    const reader = await signUp('Returning Reader');
    const writer = await make.author();
    const other = await make.author();
    await make.follow(reader.id, writer);
    await make.follow(reader.id, other);
    await make.follow(reader.id, await make.author());
    const first = await make.card(writer, { title: 'Returning one', tags: ['return-t'] });
    const second = await make.card(writer, { title: 'Returning two', tags: ['return-t'] });
    const third = await make.card(other, { title: 'Returning three', tags: ['return-t'] });
    const ids = (page: ForYouPage) => page.items.map((item) => item.id);
    const orm = context.db.orm;
    const visits = async () =>
      (
        await orm.execute<{ count: number }>(
          sql`select count(*)::int as count from recommendation_feeds where profile_key = ${reader.id}`,
        )
      ).rows[0]!.count;
    const age = (id: string, minutes: number) =>
      orm.execute(
        sql`update recommendation_feeds set created_at = now() - make_interval(mins => ${minutes}) where id = ${id}`,
      );

    const visit = await feedPage(reader);
    expect(ids(visit)).toEqual(expect.arrayContaining([first.id, second.id, third.id]));
    const again = await feedPage(reader);
    expect(again.feedId).toBe(visit.feedId);
    expect(ids(again)).toEqual(ids(visit));
    expect(await visits()).toBe(1);

    // A card that stops being public after the list was made is left out when the list is served again.
    await orm.execute(sql`update cards set visibility = 'private' where id = ${third.id}`);
    const withoutPrivate = await feedPage(reader);
    expect(withoutPrivate.feedId).toBe(visit.feedId);
    expect(ids(withoutPrivate)).not.toContain(third.id);

    // A like is a signal: the next visit is computed again, and the liked card is not in it.
    await like(reader, first.id);
    const afterLike = await feedPage(reader);
    expect(afterLike.feedId).not.toBe(visit.feedId);
    expect(ids(afterLike)).not.toContain(first.id);
    expect(ids(afterLike)).toContain(second.id);

    // So are a follow and a block.
    const newcomer = await make.author();
    const byNewcomer = await make.card(newcomer, { title: 'By a newly followed author', tags: ['return-t'] });
    await make.follow(reader.id, newcomer);
    const afterFollow = await feedPage(reader);
    expect(afterFollow.feedId).not.toBe(afterLike.feedId);
    expect(ids(afterFollow)).toContain(byNewcomer.id);
    await make.block(reader.id, newcomer);
    const afterBlock = await feedPage(reader);
    expect(afterBlock.feedId).not.toBe(afterFollow.feedId);
    expect(ids(afterBlock)).not.toContain(byNewcomer.id);

    // A list a few minutes old is served once more while its successor is computed in the background.
    const fresh = await make.card(writer, { title: 'Written meanwhile', tags: ['return-t'] });
    await age(afterBlock.feedId, 5);
    const before = await visits();
    const served = await feedPage(reader);
    expect(served.feedId).toBe(afterBlock.feedId);
    expect(ids(served)).not.toContain(fresh.id);
    const deadline = Date.now() + 20_000;
    while ((await visits()) === before) {
      if (Date.now() > deadline) throw new Error('no list was prepared in the background');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const prepared = await feedPage(reader);
    expect(prepared.feedId).not.toBe(afterBlock.feedId);
    expect(ids(prepared)).toContain(fresh.id);

    // Past half an hour a list is not served again: the visit computes a new one.
    await age(prepared.feedId, 31);
    const stale = await feedPage(reader);
    expect(stale.feedId).not.toBe(prepared.feedId);
  });

  it('refuses bad feedback, impressions and cursors, and changes nothing', async () => {
    const reader = await signUp('Bad Input Reader');
    const stranger = await signUp('Stranger');
    const bad = [
      ['POST', '/api/recommendations/feedback', { kind: 'card', target: 'not-a-uuid' }, 400],
      [
        'POST',
        '/api/recommendations/feedback',
        { kind: 'card', target: '00000000-0000-4000-8000-000000000000' },
        404,
      ],
      ['POST', '/api/recommendations/feedback', { kind: 'author', target: 'nobody-here' }, 404],
      ['POST', '/api/recommendations/feedback', { kind: 'mute', target: reader.id }, 400],
      ['POST', '/api/recommendations/feedback', { kind: 'tag', target: '' }, 400],
      ['POST', '/api/recommendations/feedback', { kind: 'everything', target: 'x' }, 400],
      ['PUT', '/api/recommendations/preferences', { tilt: 2, tags: [] }, 400],
      [
        'PUT',
        '/api/recommendations/preferences',
        { tilt: 0, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
        400,
      ],
    ] as const;
    for (const [method, url, body, status] of bad) {
      const response = await request(method, url, reader, body);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(status);
    }
    expect((await request('GET', '/api/recommendations/feedback', reader)).json()).toEqual({ items: [] });
    expect((await request('GET', '/api/recommendations/preferences', reader)).json()).toEqual({
      tilt: 0,
      tags: [],
    });

    const writer = await make.author();
    const card = await make.card(writer, {});
    await make.follow(reader.id, writer);
    const page = await feedPage(reader);
    const item = { cardId: page.items[0]!.id, position: 0, source: page.items[0]!.reason.source };
    const tooMany = Array.from({ length: recommendationLimits.impressionBatch + 1 }, () => item);
    expect(
      (
        await request('POST', '/api/recommendations/impressions', reader, {
          feedId: page.feedId,
          items: tooMany,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await request('POST', '/api/recommendations/impressions', stranger, {
          feedId: page.feedId,
          items: [item],
        })
      ).statusCode,
    ).toBe(404);
    const once = await request('POST', '/api/recommendations/impressions', reader, {
      feedId: page.feedId,
      items: [item, { ...item, cardId: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(once.json()).toEqual({ recorded: 1 });
    const twice = await request('POST', '/api/recommendations/impressions', reader, {
      feedId: page.feedId,
      items: [item],
    });
    expect(twice.json()).toEqual({ recorded: 0 });
    expect((await request('GET', '/api/recommendations/feed?cursor=nonsense', reader)).statusCode).toBe(400);
    const stolen = page.nextCursor ?? Buffer.from(JSON.stringify([page.feedId, 1])).toString('base64url');
    expect((await request('GET', `/api/recommendations/feed?cursor=${stolen}`, stranger)).statusCode).toBe(
      400,
    );
    void card;
  });

  it('shows another person’s debug page only to administrators, and writes that to the audit log', async () => {
    const reader = await signUp('Debugged Reader');
    const nosy = await signUp('Nosy Reader');
    const handle = (
      await context.db.orm.execute<{ handle: string }>(
        sql`select handle from profiles where key = ${reader.id}`,
      )
    ).rows[0]!.handle;
    expect((await request('GET', `/api/recommendations/debug?as=${handle}`, nosy)).statusCode).toBe(404);
    expect((await request('GET', '/api/recommendations/debug')).statusCode).toBe(401);
    const own = await request('GET', '/api/recommendations/debug', nosy);
    expect(own.statusCode, own.body).toBe(200);
    expect(recommendationDebugSchema.parse(own.json()).viewingAs).toBe(false);

    const asAdmin = await request('GET', `/api/recommendations/debug?as=${handle}`, await adminPerson());
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    const body = recommendationDebugSchema.parse(asAdmin.json());
    expect(body).toMatchObject({ viewingAs: true, person: { key: reader.id } });
    const audit = await context.db.orm.execute<{ action: string }>(
      sql`select action from audit_events where subject_key = ${reader.id}`,
    );
    expect(audit.rows).toEqual([{ action: 'recommendations.debug.view-as' }]);
  });

  it('explains why a card is not in the feed', async () => {
    const reader = await signUp('Why Reader');
    const writer = await make.author();
    await make.follow(reader.id, writer);
    await make.follow(reader.id, await make.author());
    const inFeed = await make.card(writer, { title: 'In the feed' });
    const privateCard = await make.card(writer, { title: 'Private', visibility: 'private' });
    const own = await make.card(reader.id, { title: 'Mine' });
    const why = async (card: string) => {
      const response = await request(
        'GET',
        `/api/recommendations/debug/why?card=${encodeURIComponent(card)}`,
        reader,
      );
      expect(response.statusCode, response.body).toBe(200);
      return whyNotSchema.parse(response.json());
    };
    expect(await why(`https://cardweb.example/cards/${inFeed.id}`)).toMatchObject({
      stage: 'in-feed',
      sources: expect.arrayContaining(['following']),
    });
    expect(await why(privateCard.id)).toMatchObject({ stage: 'not-found', card: null });
    expect(await why(own.id)).toMatchObject({ stage: 'filtered', filter: 'own-card' });
    expect((await request('GET', '/api/recommendations/debug/why?card=hello', reader)).statusCode).toBe(400);
  });

  it('evaluates offline without changing anything, and records the run', async () => {
    const writer = await make.author();
    const cards = await Promise.all(
      Array.from({ length: 6 }, (_, i) => make.card(writer, { title: `Eval ${i}`, tags: ['eval-t'] })),
    );
    const fans = await Promise.all(['Eval Fan A', 'Eval Fan B', 'Eval Fan C'].map((name) => signUp(name)));
    for (const fan of fans) for (const card of cards.slice(0, 5)) await like(fan, card.id);
    await rebuild();
    const counts = async () =>
      (
        await context.db.orm.execute<{ likes: number; neighbours: number }>(
          sql`select (select count(*) from card_likes)::int as likes, (select count(*) from card_neighbours)::int as neighbours`,
        )
      ).rows[0];
    const before = await counts();
    const response = await request('POST', '/api/recommendations/evaluations/run', await adminPerson());
    expect(response.statusCode, response.body).toBe(200);
    const run = evaluationRunSchema.parse(response.json());
    expect(run.people).toBeGreaterThanOrEqual(3);
    expect(run.results.map((result) => result.method)).toEqual([...evaluationMethods]);
    expect(await counts()).toEqual(before);
    const list = evaluationListSchema.parse(
      (await request('GET', '/api/recommendations/evaluations', fans[0])).json(),
    );
    expect(list.runs[0]?.id).toBe(run.id);
    expect((await request('POST', '/api/recommendations/evaluations/run', fans[0])).statusCode).toBe(403);
  });

  it('adds to the neighbour table on every like, between the card and the person’s previous likes', async () => {
    const writer = await make.author();
    const [first, second, third] = await Promise.all(
      ['Trigger A', 'Trigger B', 'Trigger C'].map((title) => make.card(writer, { title })),
    );
    const fan = await signUp('Trigger Fan');
    const scoreOf = async (a: string, b: string) =>
      (
        await context.db.orm.execute<{ score: number }>(
          sql`select score from card_neighbours where card_id = ${a} and neighbour_id = ${b}`,
        )
      ).rows[0]?.score;
    await like(fan, first!.id);
    expect(await scoreOf(first!.id, second!.id)).toBeUndefined();
    await like(fan, second!.id);
    const once = await scoreOf(first!.id, second!.id);
    expect(once).toBeGreaterThan(0);
    expect(await scoreOf(second!.id, first!.id)).toBe(once);
    await like(fan, third!.id);
    expect(await scoreOf(third!.id, first!.id)).toBeGreaterThan(0);
    expect(await scoreOf(third!.id, second!.id)).toBeGreaterThan(0);
  });

  it('counts a remix as engagement with the original: its neighbours come with that reason', async () => {
    const writer = await make.author();
    const original = await make.card(writer, { title: 'Original heap notes', tags: ['heaps-r'] });
    const companion = await make.card(writer, { title: 'Companion heap notes', tags: ['heaps-r'] });
    for (const name of ['Remix Fan A', 'Remix Fan B']) {
      const fan = await signUp(name);
      await like(fan, original.id);
      await like(fan, companion.id);
    }
    await rebuild();
    const remixer = await signUp('Remixer');
    const remix = await make.card(remixer.id, { title: 'My heap notes' });
    await context.db.orm.execute(sql`update cards set fork_of_id = ${original.id} where id = ${remix.id}`);
    await make.follow(remixer.id, await make.author());
    await make.follow(remixer.id, await make.author());

    const page = await feedPage(remixer);
    expect(page.mode).toBe('personal');
    expect(page.items.find((item) => item.id === companion.id)?.reason).toEqual({
      source: 'neighbours',
      text: 'Because you remixed “Original heap notes”',
    });
  });

  it('finds cards about the tags a person engages with, and new cards of little-known authors', async () => {
    const writer = await make.author();
    const liked = await Promise.all(
      ['Knots one', 'Knots two', 'Knots three'].map((title) =>
        make.card(writer, { title, tags: ['knots-t'] }),
      ),
    );
    const popularKnot = await make.card(await make.author(), {
      title: 'The bowline',
      tags: ['knots-t'],
      trendingScore: 0.5,
      publishedAt: new Date(Date.now() - 60 * 86_400_000),
    });
    const newcomer = await make.author();
    const fresh = await make.card(newcomer, { title: 'My first card' });
    await rebuild();
    const reader = await signUp('Knot Reader');
    for (const card of liked) await like(reader, card.id);

    const visit = await wholeVisit(reader);
    const items = visit.flatMap((page) => page.items);
    expect(items.find((item) => item.id === popularKnot.id)?.reason).toEqual({
      source: 'tags',
      text: 'More about #knots-t',
    });
    expect(items.find((item) => item.id === fresh.id)?.reason.source).toMatch(/fresh|trending/);
    const debug = recommendationDebugSchema.parse(
      (await request('GET', '/api/recommendations/debug', reader)).json(),
    );
    const freshItem = debug.items.find((item) => item.card.id === fresh.id);
    expect(freshItem?.sources.map((source) => source.source)).toContain('fresh');
    expect(debug.sourceCounts.find((count) => count.source === 'tags')?.candidates).toBeGreaterThan(0);
  });
});
