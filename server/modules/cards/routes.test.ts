import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardSchema, draftSchema, type Draft, type DraftInput } from '../../../contracts/cards.ts';
import { cardLikes, cards, profiles, reputationEvents } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { people, type Person } from '../../test/people.ts';

describe('cards: drafts, publishing, versions, links, likes, remixes', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '100.64.0');

  async function newDraft(author: Person, start: object = {}): Promise<Draft> {
    const response = await request('POST', '/api/cards', author, start);
    expect(response.statusCode, response.body).toBe(201);
    return draftSchema.parse(response.json());
  }

  function input(draft: Draft, changes: Partial<DraftInput>): DraftInput {
    return {
      title: draft.title,
      body: draft.body,
      type: draft.type,
      fields: draft.fields,
      tags: draft.tags,
      coverURL: draft.coverURL,
      visibility: draft.visibility,
      typedLinks: draft.typedLinks.map(({ targetId, kind }) => ({ targetId, kind })),
      baseRevision: draft.revision,
      ...changes,
    };
  }

  async function save(author: Person, draft: Draft, changes: Partial<DraftInput>): Promise<Draft> {
    const response = await request('PUT', `/api/cards/${draft.cardId}/draft`, author, input(draft, changes));
    expect(response.statusCode, response.body).toBe(200);
    return draftSchema.parse(response.json());
  }

  async function publish(author: Person, id: string) {
    const response = await request('POST', `/api/cards/${id}/publish`, author);
    expect(response.statusCode, response.body).toBe(200);
    return cardSchema.parse(response.json());
  }

  async function publishedCard(
    author: Person,
    title: string,
    body: string,
    changes: Partial<DraftInput> = {},
  ) {
    const draft = await newDraft(author);
    await save(author, draft, { title, body, ...changes });
    return publish(author, draft.cardId);
  }

  const profileOf = async (key: string) =>
    (await context.db.orm.select().from(profiles).where(eq(profiles.key, key)))[0]!;

  it('autosaves a draft with normalised tags, and refuses a save from an older copy', async () => {
    const ada = await signUp('Card Writer');
    const draft = await newDraft(ada, { title: 'Spaced repetition' });
    expect(draft).toMatchObject({
      title: 'Spaced repetition',
      revision: 1,
      published: false,
      hasUnpublishedChanges: true,
    });

    const saved = await save(ada, draft, {
      body: 'Review just before you forget.',
      tags: ['Study/Spaced Repetition', '#memory', 'memory'],
    });
    expect(saved).toMatchObject({ revision: 2, tags: ['study/spaced-repetition', 'memory'] });

    // Another tab still holds revision 1: its save is refused and the newer text stays.
    const stale = await request(
      'PUT',
      `/api/cards/${draft.cardId}/draft`,
      ada,
      input(draft, { body: 'old text' }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('cards/draft-conflict');
    const reread = draftSchema.parse((await request('GET', `/api/cards/${draft.cardId}/draft`, ada)).json());
    expect(reread.body).toBe('Review just before you forget.');

    const badTags = await request(
      'PUT',
      `/api/cards/${draft.cardId}/draft`,
      ada,
      input(saved, { tags: ['a', '###'] }),
    );
    expect(badTags.statusCode).toBe(400);
    expect(badTags.json().error.details.fields[0].path).toBe('tags');
    const tooLong = await request(
      'PUT',
      `/api/cards/${draft.cardId}/draft`,
      ada,
      input(saved, { body: 'x'.repeat(50_001) }),
    );
    expect(tooLong.statusCode).toBe(400);

    const drafts = (await request('GET', '/api/cards/drafts', ada)).json();
    expect(drafts.items.map((item: { id: string }) => item.id)).toContain(draft.cardId);
  });

  it('publishes only a complete card, naming every missing field and changing nothing', async () => {
    const ada = await signUp('Careful Publisher');
    const draft = await newDraft(ada, { type: 'flashcard' });
    const refused = await request('POST', `/api/cards/${draft.cardId}/publish`, ada);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.fields.map((field: { path: string }) => field.path)).toEqual([
      'title',
      'fields.front',
      'fields.back',
    ]);
    expect((await request('GET', `/api/cards/${draft.cardId}`)).statusCode).toBe(404);

    const cloze = await newDraft(ada, { type: 'cloze', title: 'Cloze without gaps' });
    await save(ada, cloze, { body: 'Nothing hidden here.' });
    const noGap = await request('POST', `/api/cards/${cloze.cardId}/publish`, ada);
    expect(noGap.json().error.details.fields).toEqual([
      { path: 'body', message: 'Hide at least one part of the text with {{c1::…}}' },
    ]);
    expect((await profileOf(ada.id)).cards).toBe(0);
  });

  it('keeps drafts and private cards to their author; unlisted cards open by link', async () => {
    const ada = await signUp('Visibility Author');
    const bob = await signUp('Visibility Reader');
    const draft = await newDraft(ada, { title: 'Secret draft' });
    expect((await request('GET', `/api/cards/${draft.cardId}`, bob)).statusCode).toBe(404);
    expect((await request('GET', `/api/cards/${draft.cardId}`, ada)).statusCode).toBe(200);

    const hidden = await publishedCard(ada, 'Private note', 'Only mine.', { visibility: 'private' });
    expect((await request('GET', `/api/cards/${hidden.id}`, bob)).statusCode).toBe(404);
    expect((await request('GET', `/api/cards/${hidden.id}`)).statusCode).toBe(404);
    expect((await request('PUT', `/api/cards/${hidden.id}/like`, bob)).statusCode).toBe(404);

    const unlisted = await publishedCard(ada, 'Unlisted note', 'By link.', { visibility: 'unlisted' });
    expect((await request('GET', `/api/cards/${unlisted.id}`)).json()).toMatchObject({
      title: 'Unlisted note',
    });

    // Nobody but the author edits, publishes or deletes.
    for (const [method, path] of [
      ['GET', 'draft'],
      ['POST', 'publish'],
      ['POST', 'unpublish'],
    ] as const)
      expect((await request(method, `/api/cards/${unlisted.id}/${path}`, bob)).statusCode).toBe(404);
    expect((await request('DELETE', `/api/cards/${unlisted.id}`, bob)).statusCode).toBe(404);
    expect((await request('POST', '/api/cards', undefined, {})).statusCode).toBe(401);
  });

  it('keeps a version for every publish; edits stay private until published; an old version can be restored', async () => {
    const ada = await signUp('Versioned Author');
    const first = await publishedCard(ada, 'Gradient descent', 'Step downhill.');
    expect(first).toMatchObject({ version: 1, status: 'published' });

    const draft = draftSchema.parse((await request('GET', `/api/cards/${first.id}/draft`, ada)).json());
    expect(draft).toMatchObject({ published: true, hasUnpublishedChanges: false });
    const edited = await save(ada, draft, { body: 'Step downhill, scaled by the learning rate.' });
    expect(edited.hasUnpublishedChanges).toBe(true);
    expect((await request('GET', `/api/cards/${first.id}`)).json().body).toBe('Step downhill.');

    expect((await publish(ada, first.id)).version).toBe(2);
    const versions = (await request('GET', `/api/cards/${first.id}/versions`)).json();
    expect(versions.items.map((item: { version: number }) => item.version)).toEqual([2, 1]);
    expect((await request('GET', `/api/cards/${first.id}/versions/1`)).json()).toMatchObject({
      body: 'Step downhill.',
    });

    const restored = await request('POST', `/api/cards/${first.id}/versions/1/restore`, ada);
    expect(restored.json()).toMatchObject({ version: 3, body: 'Step downhill.' });
    expect((await request('GET', `/api/cards/${first.id}/versions/9`)).statusCode).toBe(404);
  });

  // Decision 014: a version keeps the visibility it was published with.
  it('shows others only the versions published while the card was public or unlisted', async () => {
    const ada = await signUp('Private Drafter');
    const bob = await signUp('Version Reader');
    const card = await publishedCard(ada, 'Diary, private', 'Written while private.', {
      visibility: 'private',
    });
    const publishAs = async (title: string, body: string, visibility: DraftInput['visibility']) => {
      const draft = draftSchema.parse((await request('GET', `/api/cards/${card.id}/draft`, ada)).json());
      await save(ada, draft, { title, body, visibility });
      return publish(ada, card.id);
    };
    await publishAs('Diary, public', 'Written while public.', 'public');
    await publishAs('Diary, private again', 'Written while private again.', 'private');
    expect((await request('GET', `/api/cards/${card.id}/versions`, bob)).statusCode).toBe(404);
    await publishAs('Diary, unlisted', 'Written while unlisted.', 'unlisted');

    for (const reader of [bob, undefined]) {
      const list = (await request('GET', `/api/cards/${card.id}/versions`, reader)).json();
      expect(
        list.items.map((item: { version: number; title: string }) => [item.version, item.title]),
      ).toEqual([
        [4, 'Diary, unlisted'],
        [2, 'Diary, public'],
      ]);
      for (const hidden of [1, 3]) {
        const one = await request('GET', `/api/cards/${card.id}/versions/${hidden}`, reader);
        expect(one.statusCode).toBe(404);
        expect(one.body).not.toContain('Written while private');
      }
      expect((await request('GET', `/api/cards/${card.id}/versions/2`, reader)).json()).toMatchObject({
        body: 'Written while public.',
      });
      expect((await request('POST', `/api/cards/${card.id}/versions/1/restore`, reader)).statusCode).toBe(
        reader ? 404 : 401,
      );
    }

    // The author reads every version, and may publish a private one again: it then has today's visibility.
    const own = (await request('GET', `/api/cards/${card.id}/versions`, ada)).json();
    expect(own.items.map((item: { version: number }) => item.version)).toEqual([4, 3, 2, 1]);
    expect((await request('GET', `/api/cards/${card.id}/versions/1`, ada)).json()).toMatchObject({
      body: 'Written while private.',
    });
    const restored = await request('POST', `/api/cards/${card.id}/versions/1/restore`, ada);
    expect(restored.json()).toMatchObject({ version: 5, visibility: 'unlisted' });
    expect((await request('GET', `/api/cards/${card.id}/versions/5`, bob)).json()).toMatchObject({
      body: 'Written while private.',
    });
    expect((await request('GET', `/api/cards/${card.id}/versions/1`, bob)).statusCode).toBe(404);
  });

  it('stores [[links]] by id, so renaming the target keeps them working', async () => {
    const ada = await signUp('Linker');
    const target = await publishedCard(ada, 'Matrix factorisation', 'Users and items as vectors.');
    const source = await publishedCard(
      ada,
      'Collaborative filtering',
      'See [[matrix  Factorisation|MF]] and [[No such card]].',
    );
    expect(source.links).toEqual([{ id: target.id, title: 'Matrix factorisation', kind: 'wiki' }]);

    const draft = draftSchema.parse((await request('GET', `/api/cards/${target.id}/draft`, ada)).json());
    await save(ada, draft, { title: 'Low-rank matrix factorisation' });
    await publish(ada, target.id);
    const reread = cardSchema.parse((await request('GET', `/api/cards/${source.id}`)).json());
    expect(reread.links).toEqual([{ id: target.id, title: 'Low-rank matrix factorisation', kind: 'wiki' }]);
  });

  it('likes once per person, moving the card, the author’s likes and reputation together', async () => {
    const author = await signUp('Liked Writer');
    const fan = await signUp('Keen Fan');
    const card = await publishedCard(author, 'Retrieval practice', 'Testing yourself beats rereading.');
    expect((await request('PUT', `/api/cards/${card.id}/like`, fan)).json()).toEqual({
      liked: true,
      likes: 1,
    });
    expect((await request('PUT', `/api/cards/${card.id}/like`, fan)).json()).toEqual({
      liked: true,
      likes: 1,
    });
    expect((await request('GET', `/api/cards/${card.id}`, fan)).json()).toMatchObject({
      likes: 1,
      likedByMe: true,
    });
    expect(await profileOf(author.id)).toMatchObject({ likes: 1, reputation: 10 });
    expect((await request('DELETE', `/api/cards/${card.id}/like`, fan)).json()).toEqual({
      liked: false,
      likes: 0,
    });
    expect(await profileOf(author.id)).toMatchObject({ likes: 0, reputation: 0 });

    const self = await request('PUT', `/api/cards/${card.id}/like`, author);
    expect(self.statusCode).toBe(400);
    await request('PUT', `/api/profiles/${fan.id}/block`, author);
    const blocked = await request('PUT', `/api/cards/${card.id}/like`, fan);
    expect(blocked.json().error.code).toBe('profiles/blocked');
  });

  it('says in one request which of several cards the reader likes, leaving out those they may not read', async () => {
    const author = await signUp('Many Cards');
    const fan = await signUp('Batch Fan');
    const liked = await publishedCard(author, 'Interleaving', 'Mix the topics.');
    const other = await publishedCard(author, 'Elaboration', 'Ask why.');
    const secret = await publishedCard(author, 'Secret', 'Mine alone.', { visibility: 'private' });
    const draft = await newDraft(author, { title: 'Unpublished' });
    expect((await request('PUT', `/api/cards/${liked.id}/like`, fan)).json()).toEqual({
      liked: true,
      likes: 1,
    });
    const answer = await request(
      'GET',
      `/api/cards/likes?ids=${[other.id, liked.id, secret.id, draft.cardId, liked.id.toUpperCase()].join(',')}`,
      fan,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      items: [
        { id: other.id, liked: false, likes: 0 },
        { id: liked.id, liked: true, likes: 1 },
      ],
    });
    // The author reads their own private card.
    expect((await request('GET', `/api/cards/likes?ids=${secret.id}`, author)).json()).toEqual({
      items: [{ id: secret.id, liked: false, likes: 0 }],
    });

    const bad = await request('GET', `/api/cards/likes?ids=${liked.id},not-an-id`, fan);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('common/validation-failed');
    const many = Array.from({ length: 101 }, () => crypto.randomUUID()).join(',');
    expect((await request('GET', `/api/cards/likes?ids=${many}`, fan)).statusCode).toBe(400);
    expect((await request('GET', `/api/cards/likes?ids=${liked.id}`)).statusCode).toBe(401);
  });

  it('keeps like counters equal to the rows under concurrent likes and unlikes', async () => {
    const author = await signUp('Popular Writer');
    const fans = await Promise.all(Array.from({ length: 8 }, (_, i) => signUp(`Crowd fan ${i}`)));
    const cardsOfAuthor = [
      await publishedCard(author, 'Popular one', 'First.'),
      await publishedCard(author, 'Popular two', 'Second.'),
    ];
    const operations = [];
    for (let round = 0; round < 4; round++)
      for (const fan of fans)
        for (const card of cardsOfAuthor)
          operations.push(
            request((round + fan.id.length) % 3 === 0 ? 'DELETE' : 'PUT', `/api/cards/${card.id}/like`, fan),
          );
    const results = await Promise.all(operations);
    expect(results.filter((result) => result.statusCode !== 200).map((result) => result.body)).toEqual([]);

    for (const card of cardsOfAuthor) {
      // Counted by the card's id: an unqualified "id" inside the subquery would name the like's own id.
      const [row] = await context.db.orm
        .select({
          likes: cards.likes,
          actual: sql<number>`(select count(*)::int from card_likes l where l.card_id = ${card.id})`,
        })
        .from(cards)
        .where(eq(cards.id, card.id));
      expect(row!.likes).toBe(row!.actual);
    }
    const [total] = await context.db.orm
      .select({ count: sql<number>`count(*)::int` })
      .from(cardLikes)
      .innerJoin(cards, eq(cards.id, cardLikes.cardId))
      .where(eq(cards.authorKey, author.id));
    const profile = await profileOf(author.id);
    expect(profile.likes).toBe(total!.count);
    expect(profile.reputation).toBe(Math.min(200, total!.count * 10));
  });

  it('counts published cards, and deletes with a short undo', async () => {
    const ada = await signUp('Counting Author');
    const card = await publishedCard(ada, 'Counted card', 'One.');
    expect((await profileOf(ada.id)).cards).toBe(1);
    await request('POST', `/api/cards/${card.id}/unpublish`, ada);
    expect((await profileOf(ada.id)).cards).toBe(0);
    await publish(ada, card.id);
    expect((await profileOf(ada.id)).cards).toBe(1);

    const removed = await request('DELETE', `/api/cards/${card.id}`, ada);
    expect(removed.json()).toMatchObject({ id: card.id, undoUntil: expect.any(String) });
    expect((await request('GET', `/api/cards/${card.id}`, ada)).statusCode).toBe(404);
    expect((await profileOf(ada.id)).cards).toBe(0);
    expect((await request('POST', `/api/cards/${card.id}/restore`, ada)).json()).toMatchObject({
      title: 'Counted card',
    });
    expect((await profileOf(ada.id)).cards).toBe(1);

    // Once the undo time is over, the card is gone for good.
    await request('DELETE', `/api/cards/${card.id}`, ada);
    await context.db.orm
      .update(cards)
      .set({ deletedAt: new Date(Date.now() - 60_000) })
      .where(eq(cards.id, card.id));
    expect((await request('POST', `/api/cards/${card.id}/restore`, ada)).statusCode).toBe(404);
  });

  it('remixes a public card into a draft that credits the original, rewarding its author once', async () => {
    const author = await signUp('Original Author');
    const remixer = await signUp('Remixer');
    const original = await publishedCard(author, 'Binary search', 'Halve the range each step.', {
      tags: ['algorithms'],
    });
    const remix = draftSchema.parse(
      (await request('POST', `/api/cards/${original.id}/remix`, remixer)).json(),
    );
    expect(remix).toMatchObject({
      title: 'Binary search',
      tags: ['algorithms'],
      forkOf: { id: original.id, title: 'Binary search' },
    });

    await save(remixer, remix, { title: 'Binary search, remixed' });
    const published = await publish(remixer, remix.cardId);
    expect(published.forkOf).toMatchObject({ id: original.id, author: { key: author.id } });
    await publish(remixer, remix.cardId);
    expect((await request('GET', `/api/cards/${original.id}`)).json().remixes).toBe(1);
    const events = await context.db.orm
      .select()
      .from(reputationEvents)
      .where(eq(reputationEvents.profileKey, author.id));
    expect(events.filter((event) => event.kind === 'card-remixed')).toHaveLength(1);
  });

  // Decision 012: a block hides the other's cards both ways; a card still opens by its link.
  it.each(['the reader blocks the author', 'the author blocks the reader'] as const)(
    'leaves out links, remix credit, suggestions and link targets when %s',
    async (direction) => {
      const reader = await signUp('Block Reader');
      const other = await signUp('Block Other');
      const writer = await signUp('Block Writer');
      const tag = Date.now().toString(36);
      const theirs = await publishedCard(other, `Okapi ${tag}`, 'Their card.');
      const linking = await publishedCard(writer, 'Linking', `See [[Okapi ${tag}]].`);
      const remix = draftSchema.parse(
        (await request('POST', `/api/cards/${theirs.id}/remix`, writer)).json(),
      );
      await save(writer, remix, { title: `Remix ${tag}` });
      await publish(writer, remix.cardId);
      if (direction === 'the reader blocks the author')
        await request('PUT', `/api/profiles/${other.id}/block`, reader);
      else await request('PUT', `/api/profiles/${reader.id}/block`, other);

      const card = async (id: string, as?: Person) =>
        cardSchema.parse((await request('GET', `/api/cards/${id}`, as)).json());
      expect((await card(linking.id, reader)).links).toEqual([]);
      expect((await card(linking.id)).links.map((link) => link.id)).toEqual([theirs.id]);
      expect((await card(remix.cardId, reader)).forkOf).toBeNull();
      expect((await card(remix.cardId)).forkOf).toMatchObject({ id: theirs.id });
      const suggested = (await request('GET', `/api/cards/titles?q=okapi ${tag}`, reader)).json();
      expect(suggested.items).toEqual([]);
      // Their card still opens by its link.
      expect((await request('GET', `/api/cards/${theirs.id}`, reader)).statusCode).toBe(200);

      // The reader's own [[Title]] does not resolve to it, nor may a typed link point at it.
      const mine = await publishedCard(reader, 'Mine', `See [[Okapi ${tag}]].`);
      expect(mine.links).toEqual([]);
      const draft = draftSchema.parse((await request('GET', `/api/cards/${mine.id}/draft`, reader)).json());
      const typed = await request(
        'PUT',
        `/api/cards/${mine.id}/draft`,
        reader,
        input(draft, { typedLinks: [{ targetId: theirs.id, kind: 'related' }] }),
      );
      expect(typed.statusCode).toBe(400);
    },
  );

  it.each([
    'made private',
    'unpublished',
    'deleted',
    'blocked by its author',
    'blocked by the reader',
  ] as const)(
    'shows neither the title nor the link of a card since %s, in remix credits and typed links',
    async (change) => {
      const owner = await signUp('Hiding Owner');
      const writer = await signUp('Crediting Writer');
      const reader = await signUp('Credit Reader');
      const tag = Date.now().toString(36);
      const original = await publishedCard(owner, `Kestrel ${tag}`, 'The original.');
      const remix = draftSchema.parse(
        (await request('POST', `/api/cards/${original.id}/remix`, writer)).json(),
      );
      const draft = await save(writer, remix, {
        title: `Remix ${tag}`,
        typedLinks: [{ targetId: original.id, kind: 'related' }],
      });
      expect(draft).toMatchObject({
        forkOf: { id: original.id, title: `Kestrel ${tag}` },
        typedLinks: [{ targetId: original.id, title: `Kestrel ${tag}` }],
      });
      await publish(writer, remix.cardId);
      const reopened = draftSchema.parse(
        (await request('GET', `/api/cards/${remix.cardId}/draft`, writer)).json(),
      );

      // Who looks: the remix's author in the builder and on the card page, and a third person on the page.
      const lookers = [writer, reader];
      if (change === 'made private' || change === 'unpublished') {
        const ownerDraft = draftSchema.parse(
          (await request('GET', `/api/cards/${original.id}/draft`, owner)).json(),
        );
        if (change === 'made private') {
          await save(owner, ownerDraft, { visibility: 'private' });
          await publish(owner, original.id);
        } else await request('POST', `/api/cards/${original.id}/unpublish`, owner);
      } else if (change === 'deleted') await request('DELETE', `/api/cards/${original.id}`, owner);
      else if (change === 'blocked by its author')
        for (const looker of lookers) await request('PUT', `/api/profiles/${looker.id}/block`, owner);
      else for (const looker of lookers) await request('PUT', `/api/profiles/${owner.id}/block`, looker);

      for (const looker of lookers) {
        const page = await request('GET', `/api/cards/${remix.cardId}`, looker);
        expect(page.statusCode, page.body).toBe(200);
        expect(page.body).not.toContain(`Kestrel ${tag}`);
        expect(page.body).not.toContain(original.id);
        expect(cardSchema.parse(page.json())).toMatchObject({ forkOf: null, links: [] });
      }
      const builder = await request('GET', `/api/cards/${remix.cardId}/draft`, writer);
      expect(builder.body).not.toContain(`Kestrel ${tag}`);
      expect(builder.body).not.toContain(original.id);
      expect(draftSchema.parse(builder.json())).toMatchObject({ forkOf: null, typedLinks: [] });
      // The builder's next autosave, made from what it was shown, is accepted.
      const saved = await save(writer, reopened, { body: 'Edited.', typedLinks: [] });
      expect(saved).toMatchObject({ forkOf: null, typedLinks: [] });
      // The owner still sees their card named as the remix's source on the public remix.
      if (change === 'made private' || change === 'unpublished') {
        const ownView = cardSchema.parse((await request('GET', `/api/cards/${remix.cardId}`, owner)).json());
        expect(ownView.forkOf).toMatchObject({ id: original.id });
      }
    },
  );

  it('suggests titles for [[ autocomplete and takes reports about cards', async () => {
    const ada = await signUp('Suggester');
    const bob = await signUp('Other Suggester');
    await publishedCard(bob, 'Bloom filter', 'Probabilistic membership.');
    await publishedCard(ada, 'Bloom’s taxonomy', 'Levels of learning.');
    const found = (await request('GET', '/api/cards/titles?q=bloom', ada)).json();
    expect(found.items.map((item: { title: string }) => item.title)).toEqual([
      'Bloom’s taxonomy',
      'Bloom filter',
    ]);

    const card = await publishedCard(bob, 'Reported card', 'Spam.');
    const report = await request('POST', `/api/cards/${card.id}/reports`, ada, { reason: 'spam' });
    expect(report.statusCode, report.body).toBe(201);
  });
});

describe('importing and exporting cards as Markdown', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '100.64.1');

  it('imports files into drafts, all or none, and exports them again', async () => {
    const ada = await signUp('Importer');
    const files = [
      {
        name: 'heaps.md',
        text: '---\ntitle: Heaps\ntype: note\ntags: [Algorithms/Trees, data-structures]\n---\n\nA tree with an order.',
      },
      { name: 'plain.md', text: '# Queues\n\nFirst in, first out.' },
    ];
    const bad = await request('POST', '/api/cards/import', ada, {
      files: [...files, { name: 'broken.md', text: '---\ntitle: Broken\n' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields).toEqual([
      { path: 'files.2', message: expect.stringMatching(/^broken\.md: .*never closed/) },
    ]);
    expect((await request('GET', '/api/cards/drafts', ada)).json().items).toEqual([]);

    const imported = await request('POST', '/api/cards/import', ada, { files });
    expect(imported.statusCode, imported.body).toBe(201);
    const items = imported.json().items as { id: string; title: string }[];
    expect(items.map((item) => item.title)).toEqual(['Heaps', 'Queues']);
    const heaps = draftSchema.parse((await request('GET', `/api/cards/${items[0]!.id}/draft`, ada)).json());
    expect(heaps).toMatchObject({
      tags: ['algorithms/trees', 'data-structures'],
      body: 'A tree with an order.',
    });

    const one = await request('GET', `/api/cards/${items[0]!.id}/export`, ada);
    expect(one.headers['content-type']).toMatch(/^text\/markdown/);
    expect(one.headers['content-disposition']).toBe('attachment; filename="heaps.md"');
    expect(one.body).toContain('title: "Heaps"');
    // A draft is its author's: nobody else exports it.
    const other = await signUp('Not the importer');
    expect((await request('GET', `/api/cards/${items[0]!.id}/export`, other)).statusCode).toBe(404);

    const all = await request('GET', '/api/cards/export', ada);
    expect(all.headers['content-type']).toBe('application/zip');
    const { unzipSync, strFromU8 } = await import('fflate');
    const zip = unzipSync(new Uint8Array(all.rawPayload));
    expect(Object.keys(zip).sort()).toEqual(['heaps.md', 'queues.md']);
    expect(strFromU8(zip['queues.md']!)).toContain('First in, first out.');
    expect((await request('GET', '/api/cards/export')).statusCode).toBe(401);
  });

  it('imports notes with YAML front matter as vaults write it, and names the line of a mistake', async () => {
    const bea = await signUp('Vault importer');
    const note = [
      '---',
      'aliases:',
      '  - Priority queue',
      'tags:',
      '  - algorithms/trees',
      '  - data-structures',
      'created: 2024-01-15',
      'source:',
      '  url: https://example.org/heaps',
      '---',
      '# Heaps',
      '',
      'A tree with an order.',
    ].join('\n');
    const broken = ['---', 'title: Stacks', 'tags:', '  - a', ' - b', '---', 'x'].join('\n');
    const bad = await request('POST', '/api/cards/import', bea, {
      files: [
        { name: 'heaps.md', text: note },
        { name: 'stacks.md', text: broken },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields).toEqual([
      { path: 'files.1', message: expect.stringMatching(/^stacks\.md: Line 5: /) },
    ]);

    const imported = await request('POST', '/api/cards/import', bea, {
      files: [{ name: 'heaps.md', text: note }],
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const [item] = imported.json().items as { id: string; title: string }[];
    expect(item?.title).toBe('Heaps');
    const draft = draftSchema.parse((await request('GET', `/api/cards/${item!.id}/draft`, bea)).json());
    expect(draft).toMatchObject({ tags: ['algorithms/trees', 'data-structures'], type: 'note' });
  });
});
