import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backlinksSchema, graphSchema, viewResponseSchema } from '../../../contracts/cards.ts';
import { cards, cardViews } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { cardFactory } from '../../test/cards.ts';
import { people, type Person } from '../../test/people.ts';
import { backlinkCap, localGraphCap } from './service.ts';

describe('views, backlinks and graphs', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '198.51.100');
  const make = cardFactory(context);

  const view = (id: string, options: { cookie?: string; ip?: string; userAgent?: string } = {}) =>
    context.app.inject({
      method: 'POST',
      url: `/api/cards/${id}/views`,
      remoteAddress: options.ip ?? '203.0.113.9',
      headers: {
        origin: context.config.PUBLIC_URL,
        'user-agent': options.userAgent ?? 'Test browser',
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
    });
  const viewRows = async (id: string) =>
    (await context.db.orm.select().from(cardViews).where(eq(cardViews.cardId, id))).length;
  const viewsOf = async (id: string) =>
    (await context.db.orm.select({ views: cards.views }).from(cards).where(eq(cards.id, id)))[0]?.views;

  it('counts one view per viewer per card per day, and stores no address', async () => {
    const writer = await make.author();
    const card = await make.card(writer);
    const reader = await signUp('Viewer');
    expect(viewResponseSchema.parse((await view(card.id)).json())).toEqual({ counted: true, views: 1 });
    expect((await view(card.id)).json()).toEqual({ counted: false, views: 1 });
    // Another browser at the same address is another visitor; the signed-in reader is known by profile.
    expect((await view(card.id, { userAgent: 'Other browser' })).json()).toEqual({ counted: true, views: 2 });
    expect((await view(card.id, { cookie: reader.cookie })).json()).toEqual({ counted: true, views: 3 });
    expect((await view(card.id, { cookie: reader.cookie, ip: '192.0.2.77' })).json()).toEqual({
      counted: false,
      views: 3,
    });
    const rows = await context.db.orm.select().from(cardViews).where(eq(cardViews.cardId, card.id));
    expect(rows.map((row) => row.viewerKey)).toContain(reader.id);
    expect(JSON.stringify(rows)).not.toContain('203.0.113.9');
    // Yesterday's view does not stop today's.
    await context.db.orm
      .update(cardViews)
      .set({ day: sql`${cardViews.day} - 1` })
      .where(eq(cardViews.viewerKey, reader.id));
    expect((await view(card.id, { cookie: reader.cookie })).json()).toEqual({ counted: true, views: 4 });
  });

  it('keeps the counter equal to the rows under concurrent views', async () => {
    const writer = await make.author();
    const card = await make.card(writer);
    const requests = [];
    for (let i = 0; i < 60; i++) requests.push(view(card.id, { userAgent: `Browser ${i % 20}` }));
    const responses = await Promise.all(requests);
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(responses.filter((response) => response.json().counted)).toHaveLength(20);
    expect(await viewRows(card.id)).toBe(20);
    expect(await viewsOf(card.id)).toBe(20);
  });

  it('counts views only of cards the reader may open, and not the author’s own', async () => {
    const writer = await signUp('Card Writer');
    const stranger = await signUp('Stranger');
    const draft = await make.card(writer.id, { status: 'draft' });
    const secret = await make.card(writer.id, { visibility: 'private' });
    const unlisted = await make.card(writer.id, { visibility: 'unlisted' });
    const deleted = await make.card(writer.id, { deletedAt: new Date() });
    for (const card of [draft, secret, deleted]) {
      const response = await view(card.id, { cookie: stranger.cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('common/not-found');
    }
    expect((await view(unlisted.id, { cookie: stranger.cookie })).json()).toEqual({
      counted: true,
      views: 1,
    });
    expect((await view(secret.id, { cookie: writer.cookie })).json()).toEqual({ counted: false, views: 0 });
    expect((await view(draft.id, { cookie: writer.cookie })).json()).toEqual({ counted: false, views: 0 });
    expect((await view('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await view('not-a-uuid')).statusCode).toBe(400);
  });

  it('lists the cards that link here and the cards that mention the title', async () => {
    const writer = await make.author();
    const reader = await signUp('Backlink Reader');
    const blocked = await make.author();
    await make.block(reader.id, blocked);
    // Decision 012: the author who blocks the reader is hidden too.
    const blocker = await make.author();
    await make.block(blocker, reader.id);
    const target = await make.card(writer, { title: 'Matrix Factorization' });
    const wiki = await make.card(writer, { title: 'ALS', body: 'See [[Matrix Factorization]].' });
    const typed = await make.card(writer, { title: 'SVD' });
    const both = await make.card(writer, { title: 'Both kinds' });
    const mention = await make.card(writer, { title: 'Notes', body: 'We use matrix factorization here.' });
    const accented = await make.card(writer, { title: 'Notes FR', body: 'La MATRIX factorizätion marche.' });
    const apart = await make.card(writer, { title: 'Apart', body: 'A matrix. Factorization of numbers.' });
    const privateLink = await make.card(writer, { title: 'Hidden', visibility: 'private' });
    const fromBlocked = await make.card(blocked, { title: 'Blocked', body: 'matrix factorization' });
    const fromBlocker = await make.card(blocker, { title: 'Blocker', body: 'matrix factorization' });
    const mentionByBlocker = await make.card(blocker, {
      title: 'Blocker notes',
      body: 'On matrix factorization.',
    });
    await make.link(wiki.id, target.id, 'wiki');
    await make.link(typed.id, target.id, 'prerequisite');
    await make.link(both.id, target.id, 'wiki');
    await make.link(both.id, target.id, 'related');
    await make.link(privateLink.id, target.id, 'wiki');
    await make.link(fromBlocked.id, target.id, 'wiki');
    await make.link(fromBlocker.id, target.id, 'wiki');
    await make.link(target.id, target.id, 'wiki');

    const response = await request('GET', `/api/cards/${target.id}/backlinks`, reader);
    expect(response.statusCode, response.body).toBe(200);
    const backlinks = backlinksSchema.parse(response.json());
    const linked = Object.fromEntries(backlinks.linked.map((item) => [item.title, item.kind]));
    expect(linked).toEqual({ ALS: 'wiki', SVD: 'prerequisite', 'Both kinds': 'related' });
    expect(backlinks.mentions.map((item) => item.id).sort()).toEqual([mention.id, accented.id].sort());
    expect(backlinks.mentions.map((item) => item.id)).not.toContain(apart.id);
    // Signed out, the blocked author's card is there.
    const open = backlinksSchema.parse((await request('GET', `/api/cards/${target.id}/backlinks`)).json());
    expect(open.linked.map((item) => item.title)).toEqual(expect.arrayContaining(['Blocked', 'Blocker']));
    expect(open.mentions.map((item) => item.id)).toContain(mentionByBlocker.id);
    expect(backlinkCap).toBe(50);

    const hidden = await make.card(writer, { title: 'Private target', visibility: 'private' });
    expect((await request('GET', `/api/cards/${hidden.id}/backlinks`, reader)).statusCode).toBe(404);
  });

  it('draws the local graph to depth 1 or 2, both directions, public cards only', async () => {
    const writer = await make.author();
    const root = await make.card(writer, { title: 'Root' });
    const out = await make.card(writer, { title: 'Out', likes: 2 });
    const into = await make.card(writer, { title: 'In', likes: 1 });
    const far = await make.card(writer, { title: 'Far' });
    const hidden = await make.card(writer, { title: 'Unlisted', visibility: 'unlisted' });
    const behindHidden = await make.card(writer, { title: 'Behind unlisted' });
    await make.link(root.id, out.id, 'related');
    await make.link(into.id, root.id, 'wiki');
    await make.link(out.id, far.id, 'example-of');
    await make.link(root.id, hidden.id, 'wiki');
    await make.link(hidden.id, behindHidden.id, 'wiki');

    const graph = async (depth?: number) => {
      const response = await request('GET', `/api/cards/${root.id}/graph${depth ? `?depth=${depth}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      return graphSchema.parse(response.json());
    };
    const one = await graph();
    expect(one.nodes.map((node) => [node.title, node.depth])).toEqual([
      ['Root', 0],
      ['Out', 1],
      ['In', 1],
    ]);
    expect(one.edges).toHaveLength(2);
    const two = await graph(2);
    expect(two.nodes.map((node) => [node.title, node.depth])).toEqual([
      ['Root', 0],
      ['Out', 1],
      ['In', 1],
      ['Far', 2],
    ]);
    expect(two.edges).toContainEqual({ source: out.id, target: far.id, kind: 'example-of' });
    expect((await request('GET', `/api/cards/${root.id}/graph?depth=3`)).statusCode).toBe(400);
  });

  it('leaves out of the graphs the cards of authors blocked either way (decision 012)', async () => {
    const writer = await make.author();
    const reader = await signUp('Graph Reader');
    const blocker = await make.author();
    const blocked = await make.author();
    await make.block(blocker, reader.id);
    await make.block(reader.id, blocked);
    const tag = `g${Date.now().toString(36)}`;
    const root = await make.card(writer, { title: 'Graph root', tags: [tag] });
    const friend = await make.card(writer, { title: 'Friend node', tags: [tag] });
    const byBlocker = await make.card(blocker, { title: 'Blocker node', tags: [tag] });
    const byBlocked = await make.card(blocked, { title: 'Blocked node', tags: [tag] });
    for (const card of [friend, byBlocker, byBlocked]) await make.link(root.id, card.id, 'related');

    const titlesOf = async (url: string, as?: Person) => {
      const response = await request('GET', url, as);
      expect(response.statusCode, response.body).toBe(200);
      return graphSchema
        .parse(response.json())
        .nodes.map((node) => node.title)
        .sort();
    };
    expect(await titlesOf(`/api/cards/${root.id}/graph`, reader)).toEqual(['Friend node', 'Graph root']);
    expect(await titlesOf(`/api/cards/graph?tag=${tag}`, reader)).toEqual(['Friend node', 'Graph root']);
    expect(await titlesOf(`/api/cards/${root.id}/graph`)).toEqual(
      ['Blocked node', 'Blocker node', 'Friend node', 'Graph root'].sort(),
    );
  });

  it('caps the local graph and draws the global graph of hubs with filters', async () => {
    const writer = await make.author('graph_hub_author');
    const hub = await make.card(writer, { title: 'Hub', tags: ['graphs'] });
    const spokes = [];
    for (let i = 0; i < localGraphCap + 10; i++)
      spokes.push(await make.card(writer, { title: `Spoke ${i}` }));
    await context.db.orm.execute(
      sql`insert into card_links (source_id, target_id, kind) select id, ${hub.id}::uuid, 'wiki' from cards where title like 'Spoke %'`,
    );
    const local = graphSchema.parse((await request('GET', `/api/cards/${hub.id}/graph?depth=2`)).json());
    expect(local.nodes).toHaveLength(localGraphCap);
    expect(local.edges).toHaveLength(localGraphCap - 1);

    const global = graphSchema.parse((await request('GET', '/api/cards/graph?limit=5')).json());
    expect(global.nodes).toHaveLength(5);
    expect(global.nodes[0]?.id).toBe(hub.id);
    const tagged = graphSchema.parse((await request('GET', '/api/cards/graph?tag=graphs')).json());
    expect(tagged.nodes.map((node) => node.title)).toEqual(['Hub']);
    const byAuthor = graphSchema.parse(
      (await request('GET', '/api/cards/graph?author=GRAPH_HUB_AUTHOR&limit=300')).json(),
    );
    expect(byAuthor.nodes).toHaveLength(spokes.length + 1);
    expect(byAuthor.edges).toHaveLength(spokes.length);
    expect((await request('GET', '/api/cards/graph?limit=301')).statusCode).toBe(400);
  });
});
