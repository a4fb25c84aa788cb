import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardSchema } from '../../../contracts/cards.ts';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { importResultSchema, paperPageSchema, resolvedCitationsSchema } from '../../../contracts/research.ts';
import { setupTestApp } from '../../test/app.ts';
import { cardFactory } from '../../test/cards.ts';
import { people } from '../../test/people.ts';
import { paperRecord, researchHelpers, uniqueWord } from '../../test/research.ts';
import { SEARCH_COUNT_CAP } from './papers/repository.ts';

describe('adding papers', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '198.18.61');
  const { addPaper, newPaper, cardCount } = researchHelpers(context, request);

  it('publishes a paper card with the record in its fields', async () => {
    const ada = await signUp('Ada');
    const doi = `10.5555/${randomUUID()}`;
    const result = await addPaper(ada, {
      title: 'Recommender systems in practice',
      authors: [{ name: 'Yehuda Koren', orcid: '0000-0002-1825-0097' }, { name: 'Robert Bell' }],
      year: 2009,
      venue: 'Computer',
      volume: '42',
      issue: '8',
      pages: '30–37',
      doi: doi.toUpperCase(),
      codeUrl: 'https://example.org/code',
      abstract: 'Latent factors.',
      tags: ['recommender-systems'],
    });
    expect(result).toEqual({ id: result.id, created: true, matchedBy: null });
    const card = cardSchema.parse((await request('GET', `/api/cards/${result.id}`)).json());
    expect(card).toMatchObject({
      type: 'paper',
      title: 'Recommender systems in practice',
      body: 'Latent factors.',
      visibility: 'public',
      version: 1,
      tags: ['recommender-systems'],
    });
    expect(card.fields).toEqual({
      authors: ['Yehuda Koren', 'Robert Bell'],
      authorOrcids: ['0000-0002-1825-0097', ''],
      year: 2009,
      venue: 'Computer',
      volume: '42',
      issue: '8',
      pages: '30–37',
      doi,
      codeUrl: 'https://example.org/code',
      citationKey: 'koren2009recommender',
    });
  });

  it('matches the same DOI in another case or as a doi.org address', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const doi = `10.5555/Ab${uniqueWord()}`;
    const first = await newPaper(ada, { doi });
    const before = await cardCount();
    expect(await addPaper(bob, paperRecord({ doi: doi.toLowerCase() }))).toEqual({
      id: first,
      created: false,
      matchedBy: 'doi',
    });
    expect(await addPaper(bob, paperRecord({ doi: `https://doi.org/${doi.toUpperCase()}` }))).toEqual({
      id: first,
      created: false,
      matchedBy: 'doi',
    });
    expect(await cardCount()).toBe(before);
  });

  it('matches the same arXiv id with another version', async () => {
    const ada = await signUp('Ada');
    const number = `${2000 + Math.floor(Math.random() * 500)}.${String(Math.floor(Math.random() * 99999)).padStart(5, '0')}`;
    const first = await newPaper(ada, { doi: undefined, arxivId: `${number}v1` });
    expect(
      await addPaper(ada, paperRecord({ doi: undefined, arxivId: `${number}v3`, title: 'Other words' })),
    ).toEqual({ id: first, created: false, matchedBy: 'arxiv' });
  });

  it('matches the title folded, with the first author written either way and the year', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const word = uniqueWord();
    const first = await newPaper(ada, {
      title: `Matrix factorization techniques for ${word} systems`,
      authors: [{ name: 'Yehuda Koren' }, { name: 'Robert Bell' }],
      year: 2009,
    });
    expect(
      await addPaper(
        bob,
        paperRecord({
          title: `Mätrix Factorization-Techniques, for ${word.toUpperCase()} Systems!`,
          authors: [{ name: 'Koren, Yehuda' }],
          year: 2009,
        }),
      ),
    ).toEqual({ id: first, created: false, matchedBy: 'title' });
    // Another year is another paper.
    const other = await addPaper(
      bob,
      paperRecord({
        title: `Matrix factorization techniques for ${word} systems`,
        authors: [{ name: 'Yehuda Koren' }],
        year: 2010,
      }),
    );
    expect(other.created).toBe(true);
  });

  it('never matches another person’s private paper', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const doi = `10.5555/${randomUUID()}`;
    const hidden = await newPaper(ada, { doi }, { visibility: 'private' });
    const result = await addPaper(bob, paperRecord({ doi }));
    expect(result.created).toBe(true);
    expect(result.id).not.toBe(hidden);
    // Its owner still finds their own.
    expect(await addPaper(ada, paperRecord({ doi }))).toEqual({
      id: hidden,
      created: false,
      matchedBy: 'doi',
    });
  });

  it('refuses a record that cannot be published, naming the field', async () => {
    const ada = await signUp('Ada');
    const before = await cardCount();
    const response = await request('POST', '/api/research/papers', ada, {
      paper: paperRecord({ year: undefined }),
    });
    expect(response.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json()).error.details?.fields).toEqual([
      { path: 'paper.year', message: 'Give the year' },
    ]);
    expect(await cardCount()).toBe(before);
  });
});

describe('citation keys', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '198.18.62');
  const { newPaper } = researchHelpers(context, request);

  it('are made unique with a letter', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const koren = { authors: [{ name: 'Yehuda Koren' }], year: 2009 };
    const first = await newPaper(ada, { ...koren, title: 'Matrix factorization techniques' });
    const second = await newPaper(bob, { ...koren, title: 'The matrix of neighbours' });
    const third = await newPaper(bob, { ...koren, title: 'Matrix completion' });
    const keys = await Promise.all(
      [first, second, third].map(
        async (id) => cardSchema.parse((await request('GET', `/api/cards/${id}`)).json()).fields.citationKey,
      ),
    );
    expect(keys).toEqual(['koren2009matrix', 'koren2009matrixa', 'koren2009matrixb']);

    // With the first deleted its key is free again; two entries of one file wanting it get it and the next
    // letter nobody uses.
    expect((await request('DELETE', `/api/cards/${first}`, ada)).statusCode).toBe(200);
    const entry = (title: string) =>
      `@article{koren2009matrix,\n  title = {${title}},\n  author = {Koren, Yehuda},\n  year = {2009},\n  doi = {10.5555/${randomUUID()}}\n}\n`;
    const imported = await request('POST', '/api/research/import', bob, {
      text: entry('Matrix sketches') + entry('Matrix games'),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const created = importResultSchema.parse(imported.json()).created;
    const importedKeys = await Promise.all(
      created.map(
        async (id) => cardSchema.parse((await request('GET', `/api/cards/${id}`)).json()).fields.citationKey,
      ),
    );
    expect(importedKeys).toEqual(['koren2009matrix', 'koren2009matrixc']);
  });
});

describe('searching papers', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '198.18.63');
  const { newPaper } = researchHelpers(context, request);

  async function search(query: string, person?: Parameters<typeof request>[2]) {
    const response = await request('GET', `/api/research/papers?${query}`, person);
    expect(response.statusCode, response.body).toBe(200);
    return paperPageSchema.parse(response.json());
  }

  it('filters by words, tag, topic, years, code and venue, sorts three ways, and hides others’ private papers', async () => {
    const [ada, bob, carol] = [await signUp('Ada'), await signUp('Bob'), await signUp('Carol')];
    const word = uniqueWord();
    const tag = `t-${word}`;
    const old = await newPaper(ada, {
      title: `Early ${word} ideas`,
      year: 2001,
      venue: 'Journal of Old Things',
      tags: [tag],
    });
    const mid = await newPaper(ada, {
      title: `${word} ${word} in depth`,
      abstract: `All about ${word}.`,
      year: 2010,
      venue: 'Recommender Systems Conference',
      codeUrl: 'https://example.org/code',
      tags: [tag, 'extra'],
    });
    const recent = await newPaper(bob, { title: `Recent ${word} work`, year: 2020, tags: [tag] });
    await newPaper(
      carol,
      { title: `Hidden ${word} work`, year: 2015, tags: [tag] },
      { visibility: 'private' },
    );
    // Two readers queue the oldest, one the recent: the readers' order.
    for (const person of [bob, carol])
      expect((await request('PUT', `/api/research/queue/${old}`, person, {})).statusCode).toBe(200);
    expect((await request('PUT', `/api/research/queue/${recent}`, carol, {})).statusCode).toBe(200);

    // A paper that only mentions the word in its abstract, read by the most people.
    const mentions = await newPaper(bob, {
      title: 'Something else entirely',
      abstract: `It mentions ${word}.`,
      year: 2005,
    });
    for (const person of [ada, bob, carol])
      expect((await request('PUT', `/api/research/queue/${mentions}`, person, {})).statusCode).toBe(200);

    const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);
    expect(ids(await search(`q=${word}&sort=year`))).toEqual([recent, mid, mentions, old]);
    expect(ids(await search(`q=${word}&sort=readers`))).toEqual([mentions, old, recent, mid]);
    // Relevance: papers with the word in their title or tags first, most read first; then those that only
    // mention it, however many read them.
    expect(ids(await search(`q=${word}`))).toEqual([old, recent, mid, mentions]);
    expect(await search(`q=${word}`)).toMatchObject({ total: 4, totalCapped: false, nextCursor: null });
    // Pages across the two tiers neither repeat nor skip a paper.
    const pages = [];
    for (let cursor: number | null = 0; cursor !== null;) {
      const page = await search(`q=${word}&limit=3&cursor=${cursor}`);
      pages.push(ids(page));
      cursor = page.nextCursor;
    }
    expect(pages).toEqual([[old, recent, mid], [mentions]]);
    expect(ids(await search(`q=${word}&limit=2&cursor=2`))).toEqual([mid, mentions]);
    // Leaving a queue counts one reader fewer.
    for (const person of [ada, bob])
      expect((await request('DELETE', `/api/research/queue/${mentions}`, person)).statusCode).toBe(204);
    expect(ids(await search(`q=${word}&sort=readers`))).toEqual([old, recent, mentions, mid]);
    expect(ids(await search(`tag=${tag}&sort=year`))).toEqual([recent, mid, old]);
    expect(ids(await search(`tag=${tag}&yearFrom=2005&yearTo=2015&sort=year`))).toEqual([mid]);
    expect(ids(await search(`tag=${tag}&hasCode=true`))).toEqual([mid]);
    expect(ids(await search(`tag=${tag}&hasCode=false&sort=year`))).toEqual([recent, old]);
    expect(ids(await search(`tag=${tag}&venue=recommender`))).toEqual([mid]);
    expect(ids(await search(`tag=${tag}&venue=old%20things`))).toEqual([old]);
    const page = await search(`tag=${tag}&sort=year&limit=2`);
    expect([ids(page), page.nextCursor, page.total]).toEqual([[recent, mid], 2, 3]);
    expect(ids(await search(`tag=${tag}&sort=year&limit=2&cursor=2`))).toEqual([old]);
    // Carol sees her own private paper; nobody else does.
    expect((await search(`tag=${tag}`, carol)).total).toBe(4);
    expect((await search(`tag=${tag}`, bob)).total).toBe(3);

    // A topic brings in the papers carrying its tags.
    const admin = await signUp('Admin');
    await context.db.orm.execute(sql`update users set role = 'admin' where id = ${admin.id}`);
    const topic = await request('POST', '/api/research/topics', admin, {
      slug: `topic-${word}`,
      title: 'A topic',
      introduction: '',
      tags: ['extra'],
    });
    expect(topic.statusCode, topic.body).toBe(200);
    expect(ids(await search(`topic=topic-${word}&q=${word}`))).toEqual([mid]);
    expect((await request('GET', '/api/research/papers?topic=no-such-topic')).statusCode).toBe(404);
  });

  it('counts up to its cap and says more match beyond it, paging to the last paper', async () => {
    const author = await cardFactory(context).author();
    const word = uniqueWord();
    await context.db.orm.execute(sql`
      insert into cards (author_key, title, type, fields, visibility, status, version, published_at)
      select ${author}, ${word} || ' study ' || g, 'paper', jsonb_build_object('year', 1900 + g % 100),
             'public', 'published', 1, now()
      from generate_series(1, ${SEARCH_COUNT_CAP + 1}) g`);
    expect(await search(`q=${word}`)).toMatchObject({
      total: SEARCH_COUNT_CAP,
      totalCapped: true,
      nextCursor: 20,
    });
    const last = await search(`q=${word}&sort=year&cursor=${SEARCH_COUNT_CAP - 9}`);
    expect([last.items.length, last.nextCursor, last.items.at(-1)?.year]).toEqual([10, null, 1900]);
    // Narrowed under the cap, the count is exact again.
    const in1999 = Array.from({ length: SEARCH_COUNT_CAP + 1 }, (_, g) => g + 1).filter(
      (g) => g % 100 === 99,
    );
    expect(await search(`q=${word}&yearFrom=1999`)).toMatchObject({
      total: in1999.length,
      totalCapped: false,
    });
  });
});

describe('citing', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '198.18.64');
  const { newPaper } = researchHelpers(context, request);

  it('resolves keys in the reader’s style, and a published [@key] becomes a cites link', async () => {
    const ada = await signUp('Ada');
    const word = uniqueWord();
    const id = await newPaper(ada, {
      title: `Matrix factorization ${word}`,
      authors: [{ name: 'Yehuda Koren' }, { name: 'Robert Bell' }],
      year: 2009,
      venue: 'Computer',
      doi: '10.1109/mc.2009.263',
      citationKey: `koren${word}`,
    });
    const resolve = async () => {
      const response = await request('POST', '/api/research/citations', ada, {
        keys: [`koren${word}`, 'nobody2000none'],
      });
      expect(response.statusCode, response.body).toBe(200);
      return resolvedCitationsSchema.parse(response.json());
    };
    const apa = await resolve();
    expect(apa.style).toBe('apa');
    expect(apa.items).toEqual([{ key: `koren${word}`, paperId: id, text: expect.any(String) }]);
    expect(apa.items[0]!.text).toContain('Koren, Y., & Bell, R. (2009).');
    const set = await request('PUT', '/api/research/preferences', ada, { citationStyle: 'ieee' });
    expect(set.json()).toEqual({ citationStyle: 'ieee' });
    const ieee = await resolve();
    expect(ieee.style).toBe('ieee');
    expect(ieee.items[0]!.text).toMatch(/^Y\. Koren and R\. Bell, /);

    // A note citing it, published through the cards API.
    const draft = (await request('POST', '/api/cards', ada, { type: 'note' })).json() as {
      cardId: string;
      revision: number;
    };
    const saved = await request('PUT', `/api/cards/${draft.cardId}/draft`, ada, {
      title: `On factorization ${word}`,
      body: `Latent factors work well [@koren${word}; @nobody2000none].`,
      type: 'note',
      fields: {},
      tags: [],
      coverURL: null,
      visibility: 'public',
      typedLinks: [],
      baseRevision: draft.revision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await request('POST', `/api/cards/${draft.cardId}/publish`, ada)).statusCode).toBe(200);
    const card = cardSchema.parse((await request('GET', `/api/cards/${draft.cardId}`)).json());
    expect(card.links).toEqual([{ id, title: `Matrix factorization ${word}`, kind: 'cites' }]);
  });
});

describe('exporting', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '198.18.65');
  const { newPaper } = researchHelpers(context, request);

  it('gives BibTeX and reference lists, and a project only to its owner', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const word = uniqueWord();
    const id = await newPaper(ada, {
      title: `Matrix factorization ${word}`,
      authors: [{ name: 'Yehuda Koren' }],
      year: 2009,
      venue: 'Computer',
      doi: '10.1109/mc.2009.263',
      citationKey: `koren${word}`,
    });
    const bibtex = await request('GET', `/api/research/export?ids=${id}&format=bibtex`);
    expect(bibtex.statusCode, bibtex.body).toBe(200);
    expect(bibtex.headers['content-type']).toBe('application/x-bibtex; charset=utf-8');
    expect(bibtex.headers['content-disposition']).toBe('attachment; filename="papers.bib"');
    expect(bibtex.body).toContain(`@article{koren${word},`);
    expect(bibtex.body).toContain('10.1109/mc.2009.263');

    const apa = await request('GET', `/api/research/export?ids=${id}&format=apa`);
    expect(apa.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(apa.body).toMatch(new RegExp(`^Koren, Y\\. \\(2009\\)\\. Matrix factorization ${word}\\.`));
    expect(apa.body.endsWith('\n')).toBe(true);

    const hidden = await newPaper(ada, {}, { visibility: 'private' });
    expect((await request('GET', `/api/research/export?ids=${hidden}&format=bibtex`, bob)).statusCode).toBe(
      404,
    );

    const project = (await request('POST', '/api/research/projects', ada, { title: 'Thesis' })).json() as {
      id: string;
    };
    await request('PUT', `/api/research/projects/${project.id}/papers/${id}`, ada, {});
    const own = await request('GET', `/api/research/export?projectId=${project.id}&format=ris`, ada);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.body).toContain(`Matrix factorization ${word}`);
    expect(
      (await request('GET', `/api/research/export?projectId=${project.id}&format=ris`, bob)).statusCode,
    ).toBe(404);
  });
});
