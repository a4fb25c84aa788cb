import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  builderEventSchema,
  builderSessionSchema,
  builderVersionSchema,
  openedPostSchema,
  sourceResultSchema,
  type BuilderEvent,
} from '../../../contracts/blog-builder.ts';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { blogPostDrafts, blogPostRevisions, blogPosts } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { cardFactory } from '../../test/cards.ts';
import { people, type Person } from '../../test/people.ts';
import { composerNotices } from './service.ts';

/** The NDJSON lines of a streamed step, each read by the contract. */
function eventsOf(body: string): BuilderEvent[] {
  return body
    .split('\n')
    .filter(Boolean)
    .map((line) => builderEventSchema.parse(JSON.parse(line)));
}

describe('the blog builder with the composer (no language model)', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '198.18.81');
  const factory = cardFactory(context);

  async function cardsOf(person: Person, word: string) {
    const basics = await factory.card(person.id, {
      title: `Basics ${word}`,
      body: 'A ranking is an ordered list. It starts at the top.',
      tags: ['ranking', word],
    });
    const metrics = await factory.card(person.id, {
      title: `Metrics ${word}`,
      body: `Recall counts found items. For example, recall at 10 looks at ten. See [[Basics ${word}]].`,
      tags: ['ranking', word],
    });
    return { basics, metrics };
  }
  const create = (person: Person, cardIds: string[]) =>
    request('POST', '/api/blog-builder/sessions', person, { cardIds });

  it('finds sources by pasted links and refuses another person’s private card', async () => {
    const ada = await signUp('Ada');
    const bob = await signUp('Bob');
    const word = `w${Date.now().toString(36)}`;
    const { basics } = await cardsOf(ada, word);
    const secret = await factory.card(bob.id, { title: 'Secret', body: 'Hidden.', visibility: 'private' });
    const mine = await factory.card(ada.id, { title: 'My draft', body: 'Draft words.', status: 'draft' });
    const text = `See ${context.config.PUBLIC_URL}/cards/${basics.id} and /cards/${secret.id}, also ${mine.id}.`;
    const response = await request(
      'GET',
      `/api/blog-builder/sources?by=links&value=${encodeURIComponent(text)}`,
      ada,
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = sourceResultSchema.parse(response.json());
    expect(result.cards.map((card) => [card.id, card.tokens, card.author.key])).toEqual([
      [basics.id, Math.ceil((basics.title.length + basics.body.length) / 4), ada.id],
      [mine.id, Math.ceil(('My draft'.length + 'Draft words.'.length) / 4), ada.id],
    ]);
    expect(result.refused).toEqual([
      { ref: secret.id, reason: 'Not found, or private to someone else: the builder cannot read it.' },
    ]);
    // By tag: her own cards with the tag, whatever their visibility.
    const tagged = sourceResultSchema.parse(
      (await request('GET', `/api/blog-builder/sources?by=tag&value=${word}`, ada)).json(),
    );
    expect(tagged.cards.map((card) => card.title).sort()).toEqual([`Basics ${word}`, `Metrics ${word}`]);
    // A deck that is not the reader's is refused, not listed.
    const deck = await request('GET', `/api/blog-builder/sources?by=deck&value=${secret.id}`, ada);
    expect(sourceResultSchema.parse(deck.json())).toEqual({
      cards: [],
      refused: [{ ref: secret.id, reason: 'No deck of yours has that id.' }],
    });
    // A session over a refused card saves nothing.
    const refused = await create(ada, [basics.id, secret.id]);
    expect(refused.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(refused.json()).error.code).toBe('blog-builder/source-refused');
    const list = await request('GET', '/api/blog-builder/sessions', ada);
    expect(list.json()).toEqual({ items: [] });
  });

  it('finds the cards of the reader’s deck and research project, never another’s private card in them', async () => {
    const ada = await signUp('Ada');
    const bob = await signUp('Bob');
    const word = `w${Date.now().toString(36)}`;
    const { basics, metrics } = await cardsOf(ada, word);
    const secret = await factory.card(bob.id, { title: 'Secret', body: 'Hidden.', visibility: 'private' });
    const deck = await request('POST', '/api/play/decks', ada, {
      name: 'Mine',
      source: { kind: 'collection' },
    });
    const deckId = (deck.json() as { id: string }).id;
    const { pool } = context.db;
    for (const cardId of [basics.id, secret.id, metrics.id])
      await pool.query('insert into deck_cards (deck_id, card_id) values ($1, $2)', [deckId, cardId]);
    const byDeck = sourceResultSchema.parse(
      (await request('GET', `/api/blog-builder/sources?by=deck&value=${deckId}`, ada)).json(),
    );
    // What Play holds the deck to be: the cards Ada may study, newest in the deck first. Bob's private card,
    // though in its rows, is not one of them.
    expect(byDeck.cards.map((card) => card.id)).toEqual([metrics.id, basics.id]);
    expect(byDeck.refused).toEqual([]);
    // Bob may not read Ada's deck through the builder.
    expect(
      sourceResultSchema.parse(
        (await request('GET', `/api/blog-builder/sources?by=deck&value=${deckId}`, bob)).json(),
      ).cards,
    ).toEqual([]);
    const project = await pool.query<{ id: string }>(
      `insert into research_projects (owner_key, title) values ($1, 'Review') returning id`,
      [ada.id],
    );
    const projectId = project.rows[0]!.id;
    await pool.query(
      'insert into research_project_papers (project_id, card_id, position) values ($1, $2, 1), ($1, $3, 0)',
      [projectId, basics.id, metrics.id],
    );
    const byProject = sourceResultSchema.parse(
      (await request('GET', `/api/blog-builder/sources?by=project&value=${projectId}`, ada)).json(),
    );
    expect(byProject).toMatchObject({ cards: [{ id: metrics.id }, { id: basics.id }], refused: [] });
  });

  it('refuses empty and oversized source sets, and keeps sessions to their owner', async () => {
    const ada = await signUp('Ada');
    const empty = await create(ada, []);
    expect(empty.statusCode).toBe(400);
    const big = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        factory.card(ada.id, { title: `Big ${i}`, body: 'x'.repeat(50_000) }),
      ),
    );
    const tooMany = await create(
      ada,
      big.map((card) => card.id),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(errorEnvelopeSchema.parse(tooMany.json()).error.code).toBe('blog-builder/too-many-sources');
    const fine = builderSessionSchema.parse((await create(ada, [big[0]!.id])).json());
    expect(fine.title).toBe('Big 0');
    expect(fine.sources.map((source) => source.tokens)).toEqual([Math.ceil(('Big 0'.length + 50_000) / 4)]);
    const bob = await signUp('Bob');
    expect((await request('GET', `/api/blog-builder/sessions/${fine.id}`, bob)).statusCode).toBe(404);
    expect((await request('POST', `/api/blog-builder/sessions/${fine.id}/draft`, ada, {})).statusCode).toBe(
      409,
    );
    expect(
      (await request('POST', `/api/blog-builder/sessions/${fine.id}/revise`, ada, { instruction: 'shorter' }))
        .statusCode,
    ).toBe(409);
  });

  it('streams the composer’s outline, draft and revision, the same bytes for the same cards, and opens a blog draft', async () => {
    const ada = await signUp('Ada');
    const word = `w${Date.now().toString(36)}`;
    const { basics, metrics } = await cardsOf(ada, word);
    const session = builderSessionSchema.parse((await create(ada, [metrics.id, basics.id])).json());
    expect(session.usage).toMatchObject({ modelAvailable: false, requestsToday: 0, cost: null });

    const outline = await request('POST', `/api/blog-builder/sessions/${session.id}/outline`, ada, {});
    expect(outline.statusCode, outline.body).toBe(200);
    expect(outline.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    // Streamed as it is written: never held back by the compressor, even for a client that accepts gzip.
    const gzipped = await context.app.inject({
      method: 'POST',
      url: `/api/blog-builder/sessions/${session.id}/outline`,
      payload: { mode: 'composer' },
      remoteAddress: ada.address,
      headers: { cookie: ada.cookie, origin: context.config.PUBLIC_URL, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBeUndefined();
    expect(eventsOf(gzipped.body).map((event) => event.t)).toEqual(['mode', 'outline', 'usage']);
    const outlineEvents = eventsOf(outline.body);
    expect(outlineEvents.map((event) => event.t)).toEqual(['mode', 'outline', 'usage']);
    expect(outlineEvents[0]).toEqual({ t: 'mode', mode: 'composer', notice: composerNotices.noModel });
    // Basics comes first: Metrics links to it.
    expect(outlineEvents[1]).toEqual({
      t: 'outline',
      outline: { title: 'Ranking', sections: [{ heading: 'Ranking', cardIds: [basics.id, metrics.id] }] },
    });

    const draft = async () => {
      const response = await request('POST', `/api/blog-builder/sessions/${session.id}/draft`, ada, {});
      expect(response.statusCode, response.body).toBe(200);
      const events = eventsOf(response.body);
      expect(events.map((event) => event.t)).toEqual(['mode', 'version', 'usage']);
      return (events[1] as Extract<BuilderEvent, { t: 'version' }>).version;
    };
    const first = await draft();
    const second = await draft();
    expect([first.number, second.number]).toEqual([1, 2]);
    const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
    expect(hash(second.draft)).toBe(hash(first.draft));
    expect(first.draft.sections[0]!.paragraphs[1]!.sentences).toEqual([
      { text: 'Recall counts found items.', cardIds: [metrics.id] },
      { text: 'For example, recall at 10 looks at ten.', cardIds: [metrics.id] },
      { text: `See Basics ${word}.`, cardIds: [metrics.id] },
    ]);

    const revise = await request('POST', `/api/blog-builder/sessions/${session.id}/revise`, ada, {
      instruction: 'Make it rhyme',
    });
    const reviseEvents = eventsOf(revise.body);
    expect(reviseEvents[0]).toMatchObject({ t: 'mode', mode: 'composer' });
    expect((reviseEvents[0] as { notice: string }).notice).toContain(
      'The composer can only make the draft shorter',
    );
    const shorter = eventsOf(
      (
        await request('POST', `/api/blog-builder/sessions/${session.id}/revise`, ada, {
          instruction: 'shorter',
          sectionIndex: 0,
        })
      ).body,
    );
    const version = (shorter[1] as Extract<BuilderEvent, { t: 'version' }>).version;
    expect(version).toMatchObject({
      number: 4,
      instruction: 'shorter',
      sectionIndex: 0,
      mode: 'composer',
      complete: true,
    });
    expect(version.draft.sections[0]!.paragraphs.map((p) => p.sentences.length)).toEqual([1, 2]);
    const fetched = builderVersionSchema.parse(
      (await request('GET', `/api/blog-builder/sessions/${session.id}/versions/4`, ada)).json(),
    );
    expect(fetched.draft).toEqual(version.draft);

    const opened = await request('POST', `/api/blog-builder/sessions/${session.id}/open`, ada);
    expect(opened.statusCode, opened.body).toBe(200);
    const { postId } = openedPostSchema.parse(opened.json());
    const [post] = await context.db.orm.select().from(blogPosts).where(eq(blogPosts.id, postId));
    expect(post).toMatchObject({ authorKey: ada.id, status: 'draft', publishedAt: null });
    const [working] = await context.db.orm
      .select()
      .from(blogPostDrafts)
      .where(eq(blogPostDrafts.postId, postId));
    expect(working).toMatchObject({ slug: 'ranking', title: 'Ranking', tags: ['ranking', word] });
    expect(working!.body).toBe(
      `## Ranking\n\nA ranking is an ordered list.[^1]\n\nRecall counts found items. For example, recall at 10 looks at ten.[^2]\n\n` +
        `[^1]: [Basics ${word}](/cards/${basics.id})\n[^2]: [Metrics ${word}](/cards/${metrics.id})\n`,
    );
    const revisions = await context.db.orm
      .select()
      .from(blogPostRevisions)
      .where(eq(blogPostRevisions.postId, postId));
    expect(revisions.map((row) => [row.number, row.reason, row.body])).toEqual([[1, 'agent', working!.body]]);
    const again = builderSessionSchema.parse(
      (await request('GET', `/api/blog-builder/sessions/${session.id}`, ada)).json(),
    );
    expect(again.postId).toBe(postId);
    expect(again.versions.map((v) => v.number)).toEqual([1, 2, 3, 4]);
  });
});
