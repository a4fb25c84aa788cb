import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deckSchema, studySessionSchema, type Deck, type ReviewInput } from '../../../contracts/play.ts';
import { cards, reviewLogs, reviewStates } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { cardFactory } from '../../test/cards.ts';
import { people, type Person } from '../../test/people.ts';
import { createPlayRepository } from './repository.ts';
import { createReviewRepository } from './reviews/repository.ts';
import { createPlayService } from './service.ts';

const minute = 60_000;
const day = 24 * 60 * minute;

describe('Play reviews', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '203.0.113');
  const make = cardFactory(context);

  /** A service on the test database whose clock the test moves. */
  function clockedService(start: string) {
    const clock = { now: new Date(start) };
    const service = createPlayService(
      createPlayRepository(context.db.orm),
      createReviewRepository(context.db.orm),
      { now: () => clock.now },
    );
    return { clock, service };
  }

  async function collection(person: Person, cardIds: string[], extra: object = {}): Promise<Deck> {
    const response = await request('POST', '/api/play/decks', person, {
      name: 'Deck',
      source: { kind: 'collection' },
      cardIds,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return deckSchema.parse(response.json());
  }

  const grade = (deckId: string, cardId: string, itemKey: string, rating: 1 | 2 | 3 | 4): ReviewInput => ({
    id: randomUUID(),
    deckId,
    cardId,
    itemKey,
    rating,
    durationMs: 3000,
  });

  async function statesOf(profileKey: string, cardId: string) {
    return context.db.orm
      .select()
      .from(reviewStates)
      .where(and(eq(reviewStates.profileKey, profileKey), eq(reviewStates.cardId, cardId)));
  }
  async function logsOf(profileKey: string) {
    return context.db.orm.select().from(reviewLogs).where(eq(reviewLogs.profileKey, profileKey));
  }

  const flashcard = (author: string, front: string, back = `Back of ${front}`) =>
    make.card(author, { type: 'flashcard', title: front, fields: { front, back } });

  it('links a session card only to cards the student may open, by nobody blocked either way', async () => {
    const student = await signUp('Linker');
    const author = await make.author();
    const blocker = await make.author();
    const blocked = await make.author();
    await make.block(blocker, student.id);
    await make.block(student.id, blocked);
    const card = await flashcard(author, 'Linking card');
    for (const [owner, spec] of [
      [author, { title: 'Open target' }],
      [author, { title: 'Unlisted target', visibility: 'unlisted' }],
      [author, { title: 'Private target', visibility: 'private' }],
      [author, { title: 'Deleted target', deletedAt: new Date() }],
      [blocker, { title: 'Target by who blocks the student' }],
      [blocked, { title: 'Target by whom the student blocks' }],
    ] as const) {
      const target = await make.card(owner, spec);
      await make.link(card.id, target.id, 'wiki');
    }
    const deck = await collection(student, [card.id]);
    const { service } = clockedService('2026-03-02T12:00:00Z');
    const session = await service.session(deck.id, student.id, 'review');
    expect(session.items[0]?.links.map((link) => link.title).sort()).toEqual([
      'Open target',
      'Unlisted target',
    ]);
  });

  it('keeps to the daily limits of new items and reviews, counted per study day', async () => {
    const student = await signUp('Limited');
    const author = await make.author();
    const list = [];
    for (let i = 0; i < 5; i++) list.push(await flashcard(author, `Limit ${i}`));
    const deck = await collection(
      student,
      list.map((card) => card.id),
      { newPerDay: 2, reviewsPerDay: 1 },
    );
    const { clock, service } = clockedService('2026-03-02T12:00:00Z');

    let session = await service.session(deck.id, student.id, 'review');
    expect(session.items.map((item) => item.cardTitle)).toEqual(['Limit 0', 'Limit 1']);
    expect(session.counts).toEqual({ new: 2, learning: 0, review: 0 });
    expect(session.dayEndsAt).toBe('2026-03-03T04:00:00.000Z');
    expect(session.items[0]!.intervals![1]).toBe('1m');
    expect(session.items[0]!.intervals![3]).toBe('10m');

    // Good on a new item: its next step is 10 minutes away, inside the learn-ahead window.
    await service.review(student.id, grade(deck.id, list[0]!.id, 'main', 3));
    session = await service.session(deck.id, student.id, 'review');
    expect(session.items.map((item) => [item.cardTitle, item.queue])).toEqual([
      ['Limit 0', 'learning'],
      ['Limit 1', 'new'],
    ]);
    await service.review(student.id, grade(deck.id, list[1]!.id, 'main', 4));
    session = await service.session(deck.id, student.id, 'review');
    expect(session.counts).toEqual({ new: 0, learning: 1, review: 0 });

    // Easy takes the learning item to review; weeks later both are due, the limit lets one through, and once
    // it is answered, no more today.
    clock.now = new Date(Date.parse('2026-03-03T04:00:00Z') + 30 * day);
    await service.review(student.id, grade(deck.id, list[0]!.id, 'main', 4));
    clock.now = new Date(clock.now.getTime() + 90 * day);
    session = await service.session(deck.id, student.id, 'review');
    expect(session.counts).toEqual({ new: 2, learning: 0, review: 1 });
    const deckNow = await service.deck(deck.id, student.id);
    expect(deckNow.counts).toMatchObject({ new: 2, review: 1, learning: 0, cards: 5, items: 5 });
    const due = session.items.find((item) => item.queue === 'review')!;
    await service.review(student.id, grade(deck.id, due.cardId, 'main', 3));
    session = await service.session(deck.id, student.id, 'review');
    expect(session.counts).toEqual({ new: 2, learning: 0, review: 0 });
  });

  it('buries the other items of a card until the study day ends, and undo brings them back', async () => {
    const student = await signUp('Burier');
    await request('PUT', '/api/play/settings', student, {
      desiredRetention: 0.9,
      learningSteps: ['1m', '10m'],
      relearningSteps: ['10m'],
      maximumIntervalDays: 36500,
      burySiblings: true,
      timeZone: 'America/New_York',
      dayStartsAtHour: 4,
    });
    const cloze = await make.card(await make.author(), {
      type: 'cloze',
      body: 'The {{c1::mitochondria}} is the {{c2::powerhouse}} of the cell.',
    });
    const deck = await collection(student, [cloze.id]);
    const { clock, service } = clockedService('2026-03-02T12:00:00Z');
    let session = await service.session(deck.id, student.id, 'review');
    expect(session.items.map((item) => item.itemKey)).toEqual(['c1', 'c2']);
    // 04:00 in New York is 09:00 UTC in March before the change to summer time.
    expect(session.dayEndsAt).toBe('2026-03-03T09:00:00.000Z');

    const result = await service.review(student.id, grade(deck.id, cloze.id, 'c1', 3));
    expect(result.buried).toEqual([{ cardId: cloze.id, itemKey: 'c2' }]);
    session = await service.session(deck.id, student.id, 'review');
    expect(session.items.map((item) => item.itemKey)).toEqual(['c1']);
    const [log] = await logsOf(student.id);
    expect(log!.buried).toEqual([{ cardId: cloze.id, itemKey: 'c2' }]);

    clock.now = new Date('2026-03-03T09:00:01Z');
    session = await service.session(deck.id, student.id, 'review');
    expect(session.items.map((item) => item.itemKey).sort()).toEqual(['c1', 'c2']);

    clock.now = new Date('2026-03-02T12:05:00Z');
    const undone = await service.undo(student.id);
    expect(undone).toMatchObject({ cardId: cloze.id, itemKey: 'c1', deckId: deck.id });
    expect(undone.unburied).toEqual([{ cardId: cloze.id, itemKey: 'c2' }]);
    session = await service.session(deck.id, student.id, 'review');
    expect(session.items.map((item) => [item.itemKey, item.queue])).toEqual([
      ['c1', 'new'],
      ['c2', 'new'],
    ]);
    expect(await logsOf(student.id)).toEqual([]);
  });

  it('takes grades back one by one, restoring each item as it was', async () => {
    const student = await signUp('Undoer');
    const author = await make.author();
    const first = await flashcard(author, 'Undo first');
    const second = await flashcard(author, 'Undo second');
    const deck = await collection(student, [first.id, second.id]);
    const { clock, service } = clockedService('2026-04-01T10:00:00Z');
    await service.review(student.id, grade(deck.id, first.id, 'main', 3));
    const [afterOne] = await statesOf(student.id, first.id);
    clock.now = new Date(clock.now.getTime() + 11 * minute);
    await service.review(student.id, grade(deck.id, first.id, 'main', 3));
    clock.now = new Date(clock.now.getTime() + minute);
    await service.review(student.id, grade(deck.id, second.id, 'main', 1));

    const undoOnce = await request('POST', '/api/play/reviews/undo', student);
    expect(undoOnce.statusCode, undoOnce.body).toBe(200);
    expect(undoOnce.json()).toMatchObject({ cardId: second.id, itemKey: 'main' });
    expect(await statesOf(student.id, second.id)).toEqual([]);

    expect((await service.undo(student.id)).cardId).toBe(first.id);
    const [restored] = await statesOf(student.id, first.id);
    expect({ ...restored, updatedAt: null }).toEqual({ ...afterOne, updatedAt: null });

    await service.undo(student.id);
    expect(await statesOf(student.id, first.id)).toEqual([]);
    const none = await request('POST', '/api/play/reviews/undo', student);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('play/nothing-to-undo');
  });

  it('suspends and buries by hand, one item or the whole card', async () => {
    const student = await signUp('Suspender');
    const author = await make.author();
    const card = await flashcard(author, 'Suspend me');
    const other = await flashcard(author, 'Keep me');
    const deck = await collection(student, [card.id, other.id], { includeReversed: true });
    const titles = async () => {
      const response = await request('GET', `/api/play/decks/${deck.id}/session`, student);
      return studySessionSchema
        .parse(response.json())
        .items.map((item) => `${item.cardTitle}/${item.itemKey}`);
    };
    expect(await titles()).toHaveLength(4);

    const suspended = await request('PATCH', '/api/play/items', student, {
      cardId: card.id,
      suspended: true,
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().items.map((item: { itemKey: string; suspended: boolean }) => item)).toMatchObject(
      [
        { itemKey: 'main', suspended: true, state: 'new' },
        { itemKey: 'reverse', suspended: true, state: 'new' },
      ],
    );
    expect(await titles()).toEqual(['Keep me/main', 'Keep me/reverse']);
    expect((await request('GET', `/api/play/decks/${deck.id}`, student)).json().counts.suspended).toBe(2);

    await request('PATCH', '/api/play/items', student, {
      cardId: card.id,
      itemKey: 'reverse',
      suspended: false,
    });
    expect(await titles()).toEqual(['Suspend me/reverse', 'Keep me/main', 'Keep me/reverse']);

    const buried = await request('PATCH', '/api/play/items', student, { cardId: other.id, buried: true });
    expect(buried.json().items[0].buriedUntil).not.toBeNull();
    expect(await titles()).toEqual(['Suspend me/reverse']);
    await request('PATCH', '/api/play/items', student, { cardId: other.id, buried: false });
    expect(await titles()).toHaveLength(3);

    const items = await request('GET', `/api/play/decks/${deck.id}/items?limit=1`, student);
    expect(items.statusCode, items.body).toBe(200);
    expect(items.json().items).toHaveLength(2);
    const next = await request(
      'GET',
      `/api/play/decks/${deck.id}/items?limit=1&cursor=${encodeURIComponent(items.json().nextCursor)}`,
      student,
    );
    expect(next.json().nextCursor).toBeNull();
    const all = [...items.json().items, ...next.json().items];
    expect(
      all.map((item: { cardTitle: string; itemKey: string }) => `${item.cardTitle}/${item.itemKey}`).sort(),
    ).toEqual(['Keep me/main', 'Keep me/reverse', 'Suspend me/main', 'Suspend me/reverse']);

    const missing = await request('PATCH', '/api/play/items', student, {
      cardId: card.id,
      itemKey: 'c3',
      buried: true,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('play/item-not-found');
  });

  it('counts a grade once per id, and refuses an id reused for another grade', async () => {
    const student = await signUp('Repeater');
    const card = await flashcard(await make.author(), 'Once');
    const deck = await collection(student, [card.id]);
    const input = grade(deck.id, card.id, 'main', 3);
    const first = await request('POST', '/api/play/reviews', student, input);
    expect(first.statusCode, first.body).toBe(200);
    const again = await request('POST', '/api/play/reviews', student, input);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await logsOf(student.id)).toHaveLength(1);
    expect((await statesOf(student.id, card.id))[0]!.reps).toBe(1);

    const reused = await request('POST', '/api/play/reviews', student, { ...input, rating: 1 });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.details.fields).toEqual([
      { path: 'id', message: 'This id was already used for another grade' },
    ]);
    const stranger = await signUp('Id Thief');
    const strangerDeck = await collection(stranger, [card.id]);
    const stolen = await request('POST', '/api/play/reviews', stranger, {
      ...input,
      deckId: strangerDeck.id,
    });
    expect(stolen.statusCode).toBe(400);
    expect(await logsOf(stranger.id)).toEqual([]);

    const unknown = await request(
      'POST',
      '/api/play/reviews',
      student,
      grade(deck.id, card.id, 'reverse', 3),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('play/item-not-found');
  });

  it('serialises two grades of one item sent at once: both count, one after the other', async () => {
    const student = await signUp('Racer');
    const card = await flashcard(await make.author(), 'Race');
    const deck = await collection(student, [card.id]);
    const inputs = [grade(deck.id, card.id, 'main', 3), grade(deck.id, card.id, 'main', 3)];
    const responses = await Promise.all(
      inputs.map((input) => request('POST', '/api/play/reviews', student, input)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const [state] = await statesOf(student.id, card.id);
    expect(state!.reps).toBe(2);
    const logs = await logsOf(student.id);
    expect(logs).toHaveLength(2);
    expect(logs.filter((log) => log.previous === null)).toHaveLength(1);
    expect(logs.filter((log) => (log.previous as { reps: number } | null)?.reps === 1)).toHaveLength(1);

    // The same id twice at once is stored once.
    const same = grade(deck.id, card.id, 'main', 4);
    const twice = await Promise.all([0, 1].map(() => request('POST', '/api/play/reviews', student, same)));
    expect(twice.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(twice[0]!.json()).toEqual(twice[1]!.json());
    expect(await logsOf(student.id)).toHaveLength(3);
  });

  it('crams every item shuffled without writing anything', async () => {
    const student = await signUp('Crammer');
    const author = await make.author();
    const list = [];
    for (let i = 0; i < 4; i++) list.push(await flashcard(author, `Cram ${i}`));
    const deck = await collection(
      student,
      list.map((card) => card.id),
      { newPerDay: 1 },
    );
    const response = await request('GET', `/api/play/decks/${deck.id}/session?mode=cram`, student);
    expect(response.statusCode, response.body).toBe(200);
    const session = studySessionSchema.parse(response.json());
    expect(session.mode).toBe('cram');
    expect(session.items.map((item) => item.cardTitle).sort()).toEqual([
      'Cram 0',
      'Cram 1',
      'Cram 2',
      'Cram 3',
    ]);
    expect(session.items.every((item) => item.intervals === null)).toBe(true);
    const practice = await request('GET', `/api/play/decks/${deck.id}/practice?count=3`, student);
    expect(practice.json().items).toHaveLength(3);
    expect(
      await context.db.orm.select().from(reviewStates).where(eq(reviewStates.profileKey, student.id)),
    ).toEqual([]);
    expect(await logsOf(student.id)).toEqual([]);
  });

  it('starts an item again when the card changes it, keeping its old log and the unchanged items', async () => {
    const student = await signUp('Editor Student');
    const author = await make.author();
    const card = await flashcard(author, 'Capital of France', 'Paris');
    const cloze = await make.card(author, { type: 'cloze', body: 'A {{c1::cat}} and a {{c2::dog}}.' });
    const deck = await collection(student, [card.id, cloze.id], { newPerDay: 0 });
    const { clock, service } = clockedService('2026-05-01T08:00:00Z');
    await service.updateDeck(deck.id, student.id, { newPerDay: 10 });
    await service.review(student.id, grade(deck.id, card.id, 'main', 4));
    clock.now = new Date(clock.now.getTime() + day);
    await service.review(student.id, grade(deck.id, cloze.id, 'c1', 4));
    clock.now = new Date(clock.now.getTime() + day);
    await service.review(student.id, grade(deck.id, cloze.id, 'c2', 4));

    const statesNow = async () => {
      const page = await service.deckItems(deck.id, student.id, 50);
      return Object.fromEntries(page.items.map((item) => [`${item.cardTitle}/${item.itemKey}`, item.state]));
    };
    expect(Object.values(await statesNow())).toEqual(['review', 'review', 'review']);

    await context.db.orm
      .update(cards)
      .set({ fields: { front: 'Capital of France', back: 'Paris, on the Seine' } })
      .where(eq(cards.id, card.id));
    await context.db.orm
      .update(cards)
      .set({ body: 'A {{c1::cat}} and a {{c2::wolf}}.' })
      .where(eq(cards.id, cloze.id));
    const after = await statesNow();
    expect(after['Capital of France/main']).toBe('new');
    expect(after[`${cloze.title}/c1`]).toBe('review');
    expect(after[`${cloze.title}/c2`]).toBe('new');
    expect(await logsOf(student.id)).toHaveLength(3);

    // Grading the changed item starts it from scratch.
    const result = await service.review(student.id, grade(deck.id, card.id, 'main', 3));
    expect(result.state).toBe('learning');
    expect((await statesOf(student.id, card.id))[0]).toMatchObject({ reps: 1, lapses: 0, state: 1 });
  });

  it('carries a person’s review states over to their remix of a card', async () => {
    const student = await signUp('Remixer');
    const original = await make.card(await make.author(), {
      type: 'flashcard',
      title: 'Remixable',
      fields: { front: 'Question', back: 'Answer' },
    });
    const deck = await collection(student, [original.id]);
    const { service } = clockedService(new Date().toISOString());
    await service.review(student.id, grade(deck.id, original.id, 'main', 4));
    const [before] = await statesOf(student.id, original.id);

    const remix = await request('POST', `/api/cards/${original.id}/remix`, student);
    expect(remix.statusCode, remix.body).toBe(201);
    const remixId = remix.json().cardId as string;
    const [copied] = await statesOf(student.id, remixId);
    expect({ ...copied, cardId: null, updatedAt: null }).toEqual({
      ...before,
      cardId: null,
      updatedAt: null,
    });

    const published = await request('POST', `/api/cards/${remixId}/publish`, student);
    expect(published.statusCode, published.body).toBe(200);
    const remixDeck = await collection(student, [remixId]);
    const items = await service.deckItems(remixDeck.id, student.id, 10);
    expect(items.items).toMatchObject([{ cardId: remixId, itemKey: 'main', state: 'review', reps: 1 }]);
  });
});
