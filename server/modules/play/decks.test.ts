import { describe, expect, it } from 'vitest';
import {
  cardDeckMembershipSchema,
  deckCardPageSchema,
  deckSchema,
  studySettingsSchema,
  type Deck,
} from '../../../contracts/play.ts';
import { setupTestApp } from '../../test/app.ts';
import { cardFactory } from '../../test/cards.ts';
import { people, type Person } from '../../test/people.ts';

describe('Play decks', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '198.51.100');
  const make = cardFactory(context);

  async function createDeck(person: Person, body: object): Promise<Deck> {
    const response = await request('POST', '/api/play/decks', person, body);
    expect(response.statusCode, response.body).toBe(201);
    return deckSchema.parse(response.json());
  }

  async function deckCardIds(person: Person, deckId: string): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await request(
        'GET',
        `/api/play/decks/${deckId}/cards?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        person,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page = deckCardPageSchema.parse(response.json());
      ids.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  }

  it('asks for a session: signed out is 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/play/decks'],
      ['GET', '/api/play/settings'],
      ['GET', '/api/play/stats'],
      ['POST', '/api/play/reviews/undo'],
    ] as const) {
      const response = await request(method, url);
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('makes tag decks with nested tags, by scope, leaving out what the person may not see', async () => {
    const student = await signUp('Tag Student');
    const other = await make.author();
    const blocker = await make.author();
    const blocked = await make.author();
    await make.block(blocker, student.id);
    await make.block(student.id, blocked);
    const tag = `ml${Date.now().toString(36)}`;
    const exact = await make.card(other, { tags: [tag], body: 'Exact' });
    const nested = await make.card(other, { tags: [`${tag}/recsys`], body: 'Nested' });
    await make.card(other, { tags: [`${tag}x`] }); // a different tag that merely starts the same
    await make.card(other, { tags: [tag], visibility: 'unlisted' });
    await make.card(other, { tags: [tag], visibility: 'private' });
    await make.card(other, { tags: [tag], status: 'draft' });
    await make.card(other, { tags: [tag], deletedAt: new Date() });
    await make.card(blocker, { tags: [tag] });
    await make.card(blocked, { tags: [tag] });
    const minePrivate = await make.card(student.id, {
      tags: [`${tag}/own`],
      visibility: 'private',
      body: 'Mine',
    });
    await make.card(student.id, { tags: [tag], status: 'draft' });

    const everyone = await createDeck(student, {
      name: 'Everyone',
      source: { kind: 'tags', tags: [tag.toUpperCase()], scope: 'everyone' },
    });
    expect(everyone.source).toEqual({ kind: 'tags', tags: [tag], scope: 'everyone' });
    expect(new Set(await deckCardIds(student, everyone.id))).toEqual(
      new Set([exact.id, nested.id, minePrivate.id]),
    );
    expect(everyone.counts).toMatchObject({ cards: 3, items: 3, new: 3, review: 0, learning: 0 });

    const mine = await createDeck(student, {
      name: 'Mine',
      source: { kind: 'tags', tags: [tag], scope: 'mine' },
    });
    expect(await deckCardIds(student, mine.id)).toEqual([minePrivate.id]);
  });

  it('refuses an unusable tag and cards for a deck that is not a collection, creating nothing', async () => {
    const student = await signUp('Bad Deck');
    const bad = await request('POST', '/api/play/decks', student, {
      name: 'Bad',
      source: { kind: 'tags', tags: ['ok', '???'], scope: 'everyone' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields).toEqual([
      { path: 'source.tags.1', message: expect.stringContaining('not a usable tag') },
    ]);
    const card = await make.card(await make.author());
    const withCards = await request('POST', '/api/play/decks', student, {
      name: 'Liked with cards',
      source: { kind: 'liked' },
      cardIds: [card.id],
    });
    expect(withCards.statusCode).toBe(400);
    const list = await request('GET', '/api/play/decks', student);
    expect(list.json().items).toEqual([]);
  });

  it('keeps collections: add and remove visible cards, refuse others, and only in collections', async () => {
    const student = await signUp('Collector');
    const author = await make.author();
    const first = await make.card(author, { title: 'First' });
    const second = await make.card(author, { title: 'Second' });
    const hidden = await make.card(author, { visibility: 'private' });
    const deck = await createDeck(student, {
      name: 'Collection',
      source: { kind: 'collection' },
      cardIds: [first.id],
    });
    expect(await deckCardIds(student, deck.id)).toEqual([first.id]);

    const bad = await request('POST', '/api/play/decks', student, {
      name: 'Hidden',
      source: { kind: 'collection' },
      cardIds: [first.id, hidden.id],
    });
    expect(bad.statusCode).toBe(400);

    const added = await request('PUT', `/api/play/decks/${deck.id}/cards/${second.id}`, student);
    expect(added.statusCode, added.body).toBe(200);
    expect(cardDeckMembershipSchema.parse(added.json()).items).toEqual([
      { id: deck.id, name: 'Collection', contains: true },
    ]);
    // Again changes nothing.
    expect((await request('PUT', `/api/play/decks/${deck.id}/cards/${second.id}`, student)).statusCode).toBe(
      200,
    );
    expect(await deckCardIds(student, deck.id)).toEqual([second.id, first.id]);

    const hiddenAdd = await request('PUT', `/api/play/decks/${deck.id}/cards/${hidden.id}`, student);
    expect(hiddenAdd.statusCode).toBe(404);

    const removed = await request('DELETE', `/api/play/decks/${deck.id}/cards/${first.id}`, student);
    expect(removed.statusCode).toBe(200);
    expect(await deckCardIds(student, deck.id)).toEqual([second.id]);
    const membership = await request('GET', `/api/play/cards/${first.id}/decks`, student);
    expect(membership.json().items).toEqual([{ id: deck.id, name: 'Collection', contains: false }]);

    const tags = await createDeck(student, {
      name: 'Tags',
      source: { kind: 'tags', tags: ['x'], scope: 'mine' },
    });
    const refused = await request('PUT', `/api/play/decks/${tags.id}/cards/${first.id}`, student);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('play/not-a-collection');
  });

  it('makes a deck of the cards the person liked, minus those they can no longer see', async () => {
    const student = await signUp('Liker');
    const author = await make.author();
    const liked = await make.card(author);
    const gone = await make.card(author);
    await make.card(author); // not liked
    await make.like(liked.id, student.id);
    await make.like(gone.id, student.id);
    const deck = await createDeck(student, { name: 'Liked', source: { kind: 'liked' } });
    expect(new Set(await deckCardIds(student, deck.id))).toEqual(new Set([liked.id, gone.id]));
    await make.block(author, student.id);
    expect(await deckCardIds(student, deck.id)).toEqual([]);
  });

  it('changes only the fields a patch sends', async () => {
    const student = await signUp('Patcher');
    const deck = await createDeck(student, {
      name: 'Before',
      description: 'Kept',
      source: { kind: 'collection' },
      newPerDay: 5,
      includeReversed: true,
    });
    const response = await request('PATCH', `/api/play/decks/${deck.id}`, student, { name: 'After' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'After',
      description: 'Kept',
      newPerDay: 5,
      includeReversed: true,
      source: { kind: 'collection' },
    });
  });

  it('keeps decks private: another person gets 404 for everything about them', async () => {
    const owner = await signUp('Owner');
    const stranger = await signUp('Stranger');
    const card = await make.card(await make.author());
    const deck = await createDeck(owner, {
      name: 'Private',
      source: { kind: 'collection' },
      cardIds: [card.id],
    });
    for (const [method, url, body] of [
      ['GET', `/api/play/decks/${deck.id}`, undefined],
      ['PATCH', `/api/play/decks/${deck.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/play/decks/${deck.id}`, undefined],
      ['GET', `/api/play/decks/${deck.id}/cards`, undefined],
      ['PUT', `/api/play/decks/${deck.id}/cards/${card.id}`, undefined],
      ['GET', `/api/play/decks/${deck.id}/session`, undefined],
      ['GET', `/api/play/decks/${deck.id}/items`, undefined],
      ['GET', `/api/play/decks/${deck.id}/practice`, undefined],
      ['GET', `/api/play/decks/${deck.id}/games`, undefined],
      ['GET', `/api/play/stats?deckId=${deck.id}`, undefined],
      [
        'POST',
        '/api/play/reviews',
        {
          id: crypto.randomUUID(),
          deckId: deck.id,
          cardId: card.id,
          itemKey: 'main',
          rating: 3,
          durationMs: 1,
        },
      ],
      ['POST', '/api/play/games', { deckId: deck.id, game: 'match', correct: 1, total: 1, elapsedMs: 10 }],
    ] as const) {
      const response = await request(method, url, stranger, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await request('GET', '/api/play/decks', stranger)).json().items).toEqual([]);
    expect((await request('GET', `/api/play/cards/${card.id}/decks`, stranger)).json().items).toEqual([]);
    expect((await request('GET', `/api/play/decks/${deck.id}`, owner)).json().name).toBe('Private');
    expect((await request('DELETE', `/api/play/decks/${deck.id}`, owner)).statusCode).toBe(204);
    expect((await request('GET', `/api/play/decks/${deck.id}`, owner)).statusCode).toBe(404);
  });

  it('keeps settings: defaults, a full save, and bad input refused with each field named', async () => {
    const student = await signUp('Settler');
    const defaults = studySettingsSchema.parse((await request('GET', '/api/play/settings', student)).json());
    expect(defaults).toEqual({
      desiredRetention: 0.9,
      learningSteps: ['1m', '10m'],
      relearningSteps: ['10m'],
      maximumIntervalDays: 36_500,
      burySiblings: true,
      timeZone: 'UTC',
      dayStartsAtHour: 4,
    });
    const chosen = {
      ...defaults,
      desiredRetention: 0.85,
      learningSteps: ['5m', '1h', '1d'],
      timeZone: 'Europe/Berlin',
      dayStartsAtHour: 3,
    };
    const saved = await request('PUT', '/api/play/settings', student, chosen);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(chosen);

    const bad = await request('PUT', '/api/play/settings', student, {
      ...chosen,
      timeZone: 'Mars/Olympus',
      learningSteps: ['10x'],
    });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().error.details.fields as { path: string }[]).map((field) => field.path).sort();
    expect(paths).toEqual(['learningSteps.0', 'timeZone']);
    expect((await request('GET', '/api/play/settings', student)).json()).toEqual(chosen);
  });
});
