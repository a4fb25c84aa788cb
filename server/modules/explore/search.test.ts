import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { searchResultsSchema, snippetMarks, type SearchResults } from '../../../contracts/cards.ts';
import { setupTestApp } from '../../test/app.ts';
import { cardFactory } from '../../test/cards.ts';
import { people, type Person } from '../../test/people.ts';
import { cards } from '../../db/schema.ts';
import { createExploreRepository, type BodySearchTuning } from './repository.ts';

const { start: S, end: E } = snippetMarks;

describe('search', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '198.18.0');
  const make = cardFactory(context);

  async function search(params: Record<string, string | number>, reader?: Person): Promise<SearchResults> {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    const response = await request('GET', `/api/cards/search?${query}`, reader);
    expect(response.statusCode, response.body).toBe(200);
    return searchResultsSchema.parse(response.json());
  }
  const titles = (results: SearchResults) => results.items.map((item) => item.title);

  it('ranks a match in the title above one in the tags above one in the body', async () => {
    const writer = await make.author();
    const older = new Date(Date.now() - 60_000);
    // The body match is the newest and the title match the oldest, so only the weights can order them.
    await make.card(writer, { title: 'Marsupial notes', body: 'A quokka smiles.', publishedAt: new Date() });
    await make.card(writer, {
      title: 'Island fauna',
      tags: ['quokka'],
      publishedAt: new Date(Date.now() - 1000),
    });
    await make.card(writer, { title: 'The quokka', body: 'Small wallaby.', publishedAt: older });
    const results = await search({ q: 'quokka' });
    expect(titles(results).slice(0, 3)).toEqual(['The quokka', 'Island fauna', 'Marsupial notes']);
    const body = results.items.find((item) => item.title === 'Marsupial notes');
    expect(body?.snippet).toBe(`A ${S}quokka${E} smiles.`);
  });

  it('matches stemmed words, tags as written, and phrases', async () => {
    const writer = await make.author();
    await make.card(writer, {
      title: 'Ranking loss',
      body: 'We were ranking candidates by pairwise losses.',
    });
    await make.card(writer, { title: 'Item-to-item', tags: ['ml/recsys'] });
    expect(titles(await search({ q: 'rank' }))).toContain('Ranking loss');
    expect(titles(await search({ q: 'pairwise loss' }))).toEqual(['Ranking loss']);
    expect(titles(await search({ q: 'recsys' }))).toContain('Item-to-item');
    expect(titles(await search({ q: '"losses pairwise"' }))).not.toContain('Ranking loss');
    expect(titles(await search({ q: '"pairwise losses"' }))).toContain('Ranking loss');
  });

  it('folds accents both ways and keeps them in the snippet', async () => {
    const writer = await make.author();
    await make.card(writer, {
      title: 'Déjà vu',
      body: 'Le sentiment de déjà vu est étrange: on croit avoir déjà vécu la scène.',
    });
    const results = await search({ q: 'deja vu' });
    expect(titles(results)).toContain('Déjà vu');
    const snippet = results.items.find((item) => item.title === 'Déjà vu')?.snippet ?? '';
    expect(snippet).toContain(`${S}déjà${E} ${S}vu${E}`);
    expect(snippet).toContain('étrange');
    expect(titles(await search({ q: 'DÉJÀ' }))).toContain('Déjà vu');
  });

  it('tolerates typos through similar titles, after the exact matches', async () => {
    const writer = await make.author();
    await make.card(writer, {
      title: 'Collaborative filtering',
      body: 'Users who liked this also liked that.',
    });
    await make.card(writer, { title: 'Content-based filtering', body: 'Item features.' });
    const results = await search({ q: 'colaborative filterng' });
    expect(titles(results)[0]).toBe('Collaborative filtering');
    expect(results.items[0]?.snippet).toBe('Users who liked this also liked that.');
    // One word right and one wrong: the full-text match fails (all words must match), the titles do not.
    expect(titles(await search({ q: 'collaborativ filtering' }))).toContain('Collaborative filtering');
    // Nothing like it: nothing found.
    expect((await search({ q: 'xylophone zebra' })).items).toEqual([]);
    // Words that are no words at all, or stop words only, are no error.
    expect((await search({ q: '!!! ??' })).items).toEqual([]);
    expect(Array.isArray((await search({ q: 'the of' })).items)).toBe(true);
  });

  it('finds typos in titles that became listed or were renamed since, and never in unlisted ones', async () => {
    const writer = await make.author();
    const draft = await make.card(writer, { title: 'Quaternion rotations', status: 'draft' });
    const secret = await make.card(writer, { title: 'Tessellation patterns', visibility: 'private' });
    const listed = (where: { id: string }) =>
      and(eq(cards.id, where.id), eq(cards.status, 'published'), eq(cards.visibility, 'public'));
    expect(titles(await search({ q: 'quaternion rotatons' }))).toEqual([]);

    // Published by an update (as the builder publishes): its title words join the dictionary then.
    await context.db.orm
      .update(cards)
      .set({ status: 'published', publishedAt: new Date() })
      .where(eq(cards.id, draft.id));
    expect(titles(await search({ q: 'quaternion rotatons' }))).toEqual(['Quaternion rotations']);
    // Renamed: the new words are found, the old title no longer is.
    await context.db.orm.update(cards).set({ title: 'Octonion algebras' }).where(listed(draft));
    expect(titles(await search({ q: 'octonion algebrs' }))).toEqual(['Octonion algebras']);
    expect(titles(await search({ q: 'quaternion rotatons' }))).toEqual([]);
    // A private card's title is neither found nor a source of words.
    expect(titles(await search({ q: 'tesselation paterns' }))).toEqual([]);
    const words = await context.db.orm.execute<{ word: string }>(
      sql`select word from title_words where word in ('tessellation', 'octonion', 'quaternion')`,
    );
    expect(words.rows.map((row) => row.word).sort()).toEqual(['octonion', 'quaternion']);
    expect(secret.visibility).toBe('private');
  });

  it('filters by tag (with nested tags), type and author, and lists the newest with no words', async () => {
    const ada = await make.author('ada_search');
    const bob = await make.author();
    const now = Date.now();
    await make.card(ada, { title: 'Wombat A', tags: ['wombats'], publishedAt: new Date(now - 3000) });
    await make.card(ada, {
      title: 'Wombat B',
      tags: ['wombats/burrows'],
      type: 'flashcard',
      publishedAt: new Date(now - 2000),
    });
    await make.card(bob, { title: 'Wombat C', tags: ['wombatsfan'], publishedAt: new Date(now - 1000) });
    await make.card(bob, { title: 'Wombat D', tags: ['other'], publishedAt: new Date(now) });

    expect(titles(await search({ q: 'wombat', tag: 'wombats' })).sort()).toEqual(['Wombat A', 'Wombat B']);
    expect(titles(await search({ q: 'wombat', tag: 'Wombats/Burrows' }))).toEqual(['Wombat B']);
    expect(titles(await search({ q: 'wombat', type: 'flashcard' }))).toEqual(['Wombat B']);
    expect(titles(await search({ q: 'wombat', author: 'ADA_Search' })).sort()).toEqual([
      'Wombat A',
      'Wombat B',
    ]);
    expect(titles(await search({ q: 'wombat', author: 'nobody_at_all' }))).toEqual([]);
    // No words: the newest first, snippets are plain excerpts.
    const newest = await search({ tag: 'wombats' });
    expect(titles(newest)).toEqual(['Wombat B', 'Wombat A']);
    expect(newest.items.every((item) => !item.snippet.includes(S))).toBe(true);
    expect(titles(await search({ author: 'ada_search', type: 'note' }))).toEqual(['Wombat A']);
    // A tag that cannot exist finds nothing rather than failing.
    expect((await search({ tag: '///' })).items).toEqual([]);
  });

  it('never finds drafts, unlisted, private or deleted cards, nor the cards of blocked authors', async () => {
    const writer = await make.author();
    const reader = await signUp('Searcher');
    await make.card(writer, { title: 'Pangolin public' });
    await make.card(writer, { title: 'Pangolin draft', status: 'draft' });
    await make.card(writer, { title: 'Pangolin unlisted', visibility: 'unlisted' });
    await make.card(writer, { title: 'Pangolin private', visibility: 'private' });
    await make.card(writer, { title: 'Pangolin deleted', deletedAt: new Date() });
    expect(titles(await search({ q: 'pangolin' }, reader))).toEqual(['Pangolin public']);
    // Not through the typo path either.
    expect(titles(await search({ q: 'pangolim' }, reader))).toEqual(['Pangolin public']);
    await make.block(reader.id, writer);
    expect(titles(await search({ q: 'pangolin' }, reader))).toEqual([]);
    expect(titles(await search({ q: 'pangolim' }, reader))).toEqual([]);
    expect(titles(await search({ q: 'pangolin' }))).toEqual(['Pangolin public']);
  });

  it('never finds the cards of an author who blocks the reader (decision 012: both ways)', async () => {
    const writer = await make.author();
    const reader = await signUp('Blocked Searcher');
    await make.card(writer, { title: 'Narwhal public', tags: ['narwhal'] });
    await make.card(writer, { title: 'Sea notes', body: 'A narwhal in the sea.' });
    expect(titles(await search({ q: 'narwhal' }, reader)).sort()).toEqual(['Narwhal public', 'Sea notes']);
    await make.block(writer, reader.id);
    expect(titles(await search({ q: 'narwhal' }, reader))).toEqual([]);
    expect(titles(await search({ q: 'narwhol' }, reader))).toEqual([]);
    expect(titles(await search({ tag: 'narwhal' }, reader))).toEqual([]);
    expect(titles(await search({ q: 'narwhal' })).sort()).toEqual(['Narwhal public', 'Sea notes']);
  });

  it('strips snippet marks from the text before marking matches', async () => {
    const writer = await make.author();
    await make.card(writer, { title: 'Axolotl', body: `Fake ${S}mark${E} and an axolotl.` });
    const [item] = (await search({ q: 'axolotl' })).items;
    expect(item?.snippet).toBe(`Fake mark and an ${S}axolotl${E}.`);
  });

  it('shows the excerpt for a card whose text lacks the words, and marks them in any spelling', async () => {
    const writer = await make.author();
    const long = Array.from({ length: 60 }, (_, i) => `sentence${i}`).join(' ');
    await make.card(writer, { title: 'Cafe guide', body: `## Places\n\nA **walk** by the river. ${long}` });
    await make.card(writer, {
      title: 'Paris notes',
      body: `Le **Café** de Flore, près de Saint-Germain. ${long}`,
    });
    const results = await search({ q: 'cafe' });
    const guide = results.items.find((item) => item.title === 'Cafe guide');
    // Matched by its title: no word of its text to mark, so the card's excerpt (not its first words).
    expect(guide?.snippet).toBe(guide?.excerpt);
    expect(guide?.snippet.endsWith('…')).toBe(true);
    const notes = results.items.find((item) => item.title === 'Paris notes');
    expect(notes?.snippet.startsWith(`Le ${S}Café${E} de Flore, près de Saint-Germain. sentence0`)).toBe(
      true,
    );
  });

  it('pages through many matches without repeating a card', async () => {
    const writer = await make.author();
    const same = new Date();
    for (let i = 0; i < 7; i++) await make.card(writer, { title: `Capybara ${i}`, publishedAt: same });
    for (let i = 0; i < 6; i++) {
      await make.card(writer, { title: `Rodent ${i}`, body: 'The capybara is large.', publishedAt: same });
    }
    for (const limit of [1, 3, 5, 7, 50]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: SearchResults = await search({ q: 'capybara', limit, ...(cursor ? { cursor } : {}) });
        seen.push(...page.items.map((item) => item.title));
        cursor = page.nextCursor;
      } while (cursor);
      expect(new Set(seen).size, `limit ${limit}`).toBe(13);
      // Title matches first, then the cards that name it in their body.
      expect(
        seen.slice(0, 7).every((title) => title.startsWith('Capybara')),
        `limit ${limit}`,
      ).toBe(true);
    }
    const bad = await request(
      'GET',
      `/api/cards/search?q=x&cursor=${Buffer.from('{"o":5000}').toString('base64url')}`,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('finds the same body matches whether it reads them all, walks the newest cards or reads windows', async () => {
    const writer = await make.author();
    const now = Date.now();
    const matching: string[] = [];
    for (let i = 0; i < 60; i++) {
      const card = await make.card(writer, {
        title: `Savanna ${i}`,
        body: i % 2 === 0 ? 'An okapi in the forest.' : 'Giraffes only.',
        publishedAt: new Date(now - i * 1000),
      });
      if (i % 2 === 0) matching.push(card.id);
    }
    // Windows of 4, 8, 16… newest cards: most pages need a wider window than the first. With statistics, so
    // that search knows how common the word is (without them it reads every match).
    await context.db.orm.execute(sql`analyze cards`);
    const ways: Record<string, BodySearchTuning> = {
      all: { bitmapAllBelow: Number.MAX_SAFE_INTEGER, walkShare: 2, smallestWindow: 4 },
      walk: { bitmapAllBelow: 0, walkShare: 0, smallestWindow: 4 },
      window: { bitmapAllBelow: 0, walkShare: 2, smallestWindow: 4 },
    };
    for (const [offset, limit] of [
      [0, 5],
      [3, 7],
      [25, 10],
      [29, 5],
    ] as const) {
      for (const [way, tuning] of Object.entries(ways)) {
        const repository = createExploreRepository(context.db, { bodySearch: tuning });
        const rows = await repository.searchBodies('okapi', {}, undefined, offset, limit);
        expect(
          rows.map((row) => row.card.id),
          `${way}, offset ${offset}, limit ${limit}`,
        ).toEqual(matching.slice(offset, offset + limit));
      }
    }
  });
});

describe('the first tier of a one-word search (decision 020)', () => {
  const context = setupTestApp();
  const { signUp } = people(context, '198.18.2');
  const make = cardFactory(context);
  const ids = (rows: { card: { id: string } }[]) => rows.map((row) => row.card.id);

  it('reads the same pages from the posting lists as from the title and tags index', async () => {
    // "gazelles" is two lexemes: "gazell" (titles, stemmed) and "gazelles" (tags, as written). The cards
    // holding both rank first, yet sit below the first hundred in each lexeme's list: only the cards found
    // holding both put them on the first page.
    const [ada, bob] = [await make.author(), await make.author()];
    const reader = await signUp('Gazelle Reader');
    await make.block(reader.id, bob);
    const start = Date.now() - 3_600_000;
    let n = 0;
    const card = (author: string, title: string, tags: string[] = []) =>
      make.card(author, { title, tags, publishedAt: new Date(start + (n++ % 97) * 1000) });
    for (let i = 0; i < 6; i++) await card(i % 2 ? ada : bob, `Gazelle ${i}`, ['gazelles']);
    for (let i = 0; i < 120; i++) await card(i % 3 ? ada : bob, `Gazelle gazelle ${i}`);
    for (let i = 0; i < 110; i++) await card(i % 3 ? ada : bob, `Antelope ${i}`, ['gazelles']);
    for (let i = 0; i < 10; i++) await card(ada, `Springbok ${i}`);

    const repository = createExploreRepository(context.db);
    for (const readerKey of [undefined, reader.id]) {
      // More than a hundred at once: read from the title and tags index, every match ranked.
      const all = ids(await repository.searchTitlesAndTags('gazelles', {}, readerKey, 0, 300));
      expect(all.length).toBe(readerKey ? 156 : 236);
      const pages: string[] = [];
      for (let offset = 0; offset < 100; offset += 20)
        pages.push(...ids(await repository.searchTitlesAndTags('gazelles', {}, readerKey, offset, 20)));
      expect(pages).toEqual(all.slice(0, 100));
      expect(ids(await repository.searchTitlesAndTags('gazelles', {}, readerKey, 13, 7))).toEqual(
        all.slice(13, 20),
      );
      // A word of one lexeme (stem and word alike), and one that matches nothing.
      const springbok = ids(await repository.searchTitlesAndTags('springbok', {}, readerKey, 0, 300));
      expect(springbok).toHaveLength(10);
      expect(ids(await repository.searchTitlesAndTags('springbok', {}, readerKey, 0, 20))).toEqual(springbok);
      expect(await repository.searchTitlesAndTags('wildebeest', {}, readerKey, 0, 20)).toEqual([]);
    }
  });

  it("keeps the posting lists equal to the listed cards' titles and tags through every change", async () => {
    const writer = await make.author();
    const draft = await make.card(writer, { title: 'Ibex draft', status: 'draft' });
    const listed = await make.card(writer, { title: 'Ibex listed', tags: ['ibex'] });
    const hidden = await make.card(writer, { title: 'Ibex hidden', visibility: 'private' });
    const gone = await make.card(writer, { title: 'Ibex gone' });
    const removed = await make.card(writer, { title: 'Ibex removed' });
    const at = new Date(Date.now() - 5000);
    const update = (id: string, values: Partial<typeof cards.$inferInsert>) =>
      context.db.orm.update(cards).set(values).where(eq(cards.id, id));
    await update(draft.id, { status: 'published', publishedAt: at });
    await update(listed.id, { title: "Markhor's horns", tags: ['ibex', 'wild/goats'] });
    await update(hidden.id, { visibility: 'public' });
    await update(gone.id, { deletedAt: new Date() });
    await context.db.orm.delete(cards).where(eq(cards.id, removed.id));
    // Counts, likes and trending scores leave the lists alone (the trigger does not fire).
    await update(listed.id, { likes: 5, views: 9, trendingScore: 2 });

    const drift = await context.db.orm.execute<{ lexeme: string }>(sql`
      with expected as (
        select t.lexeme, c.id as card_id, t.rank, c.published_at, c.author_key
        from cards c, cardweb_search_head_terms(c.search_head) t
        where c.status = 'published' and c.visibility = 'public' and c.deleted_at is null)
      (select * from expected except select * from search_head_terms)
      union all
      (select * from search_head_terms except select * from expected)`);
    expect(drift.rows).toEqual([]);
    const lexemes = await context.db.orm.execute<{ lexeme: string }>(sql`
      select lexeme from search_head_terms where card_id = ${listed.id} order by lexeme`);
    expect(lexemes.rows.map((row) => row.lexeme)).toEqual(['goats', 'horn', 'ibex', 'markhor', 'wild']);
    // Each lexeme is ranked by a query of itself, whatever characters it holds.
    const odd = await context.db.orm.execute<{ lexeme: string; rank: number }>(sql`
      select lexeme, rank from cardweb_search_head_terms(array_to_tsvector(array['it''s', 'a\\b', 'x:*', '!']))`);
    expect(odd.rows.map((row) => row.lexeme).sort()).toEqual(['!', 'a\\b', "it's", 'x:*']);
    expect(odd.rows.every((row) => row.rank > 0)).toBe(true);
    const found = (q: string) =>
      context.db.orm.execute(sql`
      select 1 from search_head_terms where card_id in (${draft.id}, ${hidden.id}, ${gone.id}) and lexeme = ${q}`);
    expect((await found('ibex')).rows).toHaveLength(2);
  });
});

describe('the recent-cards search index', () => {
  const context = setupTestApp();
  const make = cardFactory(context);

  async function recentIndexes() {
    const result = await context.db.orm.execute<{ name: string; predicate: string; valid: boolean }>(sql`
      select c.relname as name, pg_get_expr(i.indpred, i.indrelid) as predicate, i.indisvalid as valid
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'cards'::regclass and c.relname like 'cards_recent_search_%'`);
    return result.rows;
  }

  it('covers the newest cards, is built again only when it covers twice as many, and leaves results alone', async () => {
    const writer = await make.author();
    const start = Date.now() - 3_600_000;
    const publish = async (from: number, count: number) => {
      const ids: string[] = [];
      for (let i = from; i < from + count; i++) {
        const card = await make.card(writer, {
          title: `Reef ${i}`,
          body: i % 2 === 0 ? 'A manta ray over the reef.' : 'Coral only.',
          publishedAt: new Date(start + i * 1000),
        });
        ids.push(card.id);
      }
      return ids;
    };
    // Unlisted cards are not counted as newest listed cards.
    await make.card(writer, { title: 'Hidden', body: 'A manta ray.', visibility: 'unlisted' });
    const first = await publish(0, 20);
    const repository = createExploreRepository(context.db);

    // Twenty listed cards are not more than twice ten: the full index serves.
    expect(await repository.refreshRecentSearchIndex(10)).toEqual({ built: null });
    expect(await recentIndexes()).toEqual([]);

    // Forty are: the index covers the eight newest (published at 32 s onwards).
    const second = await publish(20, 20);
    const built = await repository.refreshRecentSearchIndex(8);
    const utc = (at: number) => new Date(at).toISOString().replace('T', ' ').replace('Z', '000');
    expect(built.built).toBe(utc(start + 32_000));
    const [index] = await recentIndexes();
    expect(index).toMatchObject({ valid: true });
    expect(index!.predicate).toMatch(/^\(\(published_at AT TIME ZONE 'UTC'::text\) >= /);

    // Until it covers more than sixteen cards, it stays.
    const third = await publish(40, 8);
    expect(await repository.refreshRecentSearchIndex(8)).toEqual({ built: null });
    expect((await recentIndexes()).map((row) => row.name)).toEqual([index!.name]);

    // Then it is built again on the eight newest, and the old one is dropped.
    const fourth = await publish(48, 1);
    const rebuilt = await repository.refreshRecentSearchIndex(8);
    expect(rebuilt.built).toBe(utc(start + 41_000));
    const after = await recentIndexes();
    expect(after).toHaveLength(1);
    expect(after[0]!.name).not.toBe(index!.name);

    // Windows inside and outside the index find the same cards as reading every match. With statistics, so
    // that search knows the word is common and reads windows.
    await context.db.orm.execute(sql`analyze cards`);
    const matching = [...first, ...second, ...third, ...fourth].filter((_, i) => i % 2 === 0).reverse();
    const reader = await make.author();
    for (const [smallestWindow, readerKey] of [
      [2, undefined],
      [4, undefined],
      [64, undefined],
      [2, reader],
    ] as const) {
      const windows = createExploreRepository(context.db, {
        bodySearch: { bitmapAllBelow: 0, walkShare: 2, smallestWindow },
      });
      for (const [offset, limit] of [
        [0, 3],
        [2, 6],
        [20, 5],
      ] as const) {
        const rows = await windows.searchBodies('manta', {}, readerKey, offset, limit);
        expect(
          rows.map((row) => row.card.id),
          `window ${smallestWindow}, offset ${offset}, ${readerKey ? 'signed in' : 'visitor'}`,
        ).toEqual(matching.slice(offset, offset + limit));
      }
    }
  });
});
