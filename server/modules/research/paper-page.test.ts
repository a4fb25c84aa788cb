import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cardSchema, searchResultsSchema } from '../../../contracts/cards.ts';
import {
  askResultSchema,
  paperDetailSchema,
  paperPageSchema,
  projectSchema,
} from '../../../contracts/research.ts';
import { setupTestApp } from '../../test/app.ts';
import { people, type Person } from '../../test/people.ts';
import { researchHelpers, uniqueWord } from '../../test/research.ts';

describe('the paper page', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '198.18.69');
  const { newPaper } = researchHelpers(context, request);

  async function page(id: string, person?: Person) {
    const response = await request('GET', `/api/research/papers/${id}`, person);
    expect(response.statusCode, response.body).toBe(200);
    return paperDetailSchema.parse(response.json());
  }

  it('resolves references, shows cited-by, citing cards and related papers, and nothing of a visitor’s', async () => {
    const [ada, bob, carol, dave] = [
      await signUp('Ada'),
      await signUp('Bob'),
      await signUp('Carol'),
      await signUp('Dave'),
    ];
    const word = uniqueWord();
    const doi = `10.5555/${randomUUID()}`;
    const cited = await newPaper(ada, {
      title: `Cited ${word}`,
      doi: doi.toUpperCase(),
      tags: [`tag-${word}`],
      citationKey: `cited${word}`,
      arxivId: '2103.01234v2',
    });
    // Cited by an older version of its arXiv id, and by its title alone.
    const byArxiv = await newPaper(bob, {
      title: `By arXiv ${word}`,
      year: 2022,
      references: [{ arxivId: '2103.01234v1' }],
    });
    const byTitle = await newPaper(bob, {
      title: `By title ${word}`,
      year: 2021,
      references: [{ title: `CITED: ${word}!` }, { title: '???' }],
    });
    const citing = await newPaper(bob, {
      title: `Citing ${word}`,
      references: [
        { doi },
        { title: 'A paper nobody added', text: 'Nobody, N. (1999). A paper nobody added.' },
      ],
    });
    const sameTag = await newPaper(carol, { title: `Tagged ${word}`, tags: [`tag-${word}`] });
    const coRead = await newPaper(carol, { title: `Co-read ${word}` });
    for (const person of [carol, dave])
      for (const id of [cited, coRead])
        expect((await request('PUT', `/api/research/queue/${id}`, person, {})).statusCode).toBe(200);

    // A research note on the citing paper that cites the cited one, published as a card.
    expect(
      (
        await request('PUT', `/api/research/notes/${citing}`, dave, {
          body: `This builds on [@cited${word}].`,
        })
      ).statusCode,
    ).toBe(200);
    const published = await request('POST', `/api/research/notes/${citing}/publish`, dave);
    expect(published.statusCode, published.body).toBe(200);
    const noteCard = (published.json() as { cardId: string }).cardId;

    const citingPage = await page(citing);
    expect(citingPage.references).toEqual([
      { paper: expect.objectContaining({ id: cited, title: `Cited ${word}` }), label: `Cited ${word}` },
      { paper: null, label: 'Nobody, N. (1999). A paper nobody added.' },
    ]);
    expect(citingPage.citingCards.map((card) => card.id)).toEqual([noteCard]);

    const citedPage = await page(cited);
    expect(citedPage.citedBy.map((paper) => paper.id)).toEqual([byArxiv, byTitle, citing]);
    expect(citedPage.citingCards).toEqual([
      {
        id: noteCard,
        title: `Notes on Citing ${word}`,
        excerpt: `This builds on [@cited${word}].`,
        type: 'note',
        authorHandle: expect.any(String),
        authorName: 'Dave',
      },
    ]);
    expect(citedPage.related.map((paper) => [paper.id, paper.reason])).toEqual([
      [coRead, 'co-reading'],
      [sameTag, 'tags'],
    ]);
    expect(citedPage.readers).toBe(2);
    expect(citedPage.mine).toBeNull();
    expect(citedPage.isOwner).toBe(false);
    expect((await page(cited, ada)).isOwner).toBe(true);
    expect((await page(cited, carol)).mine).toEqual({
      queue: { status: 'to-read', priority: 2 },
      note: null,
      pdf: null,
      projects: [],
    });
  });

  it('keeps a person’s note to them until they publish it, and publishing again updates the card', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const word = uniqueWord();
    const paper = await newPaper(bob, { title: `Shared ${word}`, abstract: `Factorization of ${word}.` });
    const secret = `secret${uniqueWord()}`;
    const saved = await request('PUT', `/api/research/notes/${paper}`, ada, {
      body: `My private thoughts: ${secret} and factorization.`,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    expect((await page(paper, ada)).mine?.note?.body).toBe(
      `My private thoughts: ${secret} and factorization.`,
    );
    for (const reader of [bob, undefined]) {
      const response = await request('GET', `/api/research/papers/${paper}`, reader);
      expect(response.body).not.toContain(secret);
    }
    expect((await page(paper, bob)).mine?.note).toBeNull();
    for (const reader of [ada, bob, undefined]) {
      const found = paperPageSchema.parse(
        (await request('GET', `/api/research/papers?q=${secret}`, reader)).json(),
      );
      expect(found.total).toBe(0);
      const cards = searchResultsSchema.parse(
        (await request('GET', `/api/cards/search?q=${secret}`, reader)).json(),
      );
      expect(cards.items).toEqual([]);
    }
    for (const format of ['bibtex', 'csl-json', 'apa']) {
      const exported = await request('GET', `/api/research/export?ids=${paper}&format=${format}`, ada);
      expect(exported.statusCode).toBe(200);
      expect(exported.body).not.toContain(secret);
    }
    // Bob asks his own project about it: no model here, so passages; Ada's note is not among them.
    const project = projectSchema.parse(
      (await request('POST', '/api/research/projects', bob, { title: 'Reading' })).json(),
    );
    await request('PUT', `/api/research/projects/${project.id}/papers/${paper}`, bob, {});
    const asked = await request('POST', `/api/research/projects/${project.id}/ask`, bob, {
      question: `What about factorization ${secret}?`,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const answer = askResultSchema.parse(asked.json());
    expect(answer.mode).toBe('passages');
    expect(answer.sources.map((source) => [source.paperId, source.kind])).toEqual([[paper, 'summary']]);
    expect(asked.body).not.toContain(secret);
    // Ada's own project does find her note.
    const hers = projectSchema.parse(
      (await request('POST', '/api/research/projects', ada, { title: 'Mine' })).json(),
    );
    await request('PUT', `/api/research/projects/${hers.id}/papers/${paper}`, ada, {});
    const own = askResultSchema.parse(
      (
        await request('POST', `/api/research/projects/${hers.id}/ask`, ada, {
          question: `What about ${secret}?`,
        })
      ).json(),
    );
    expect(own.sources.map((source) => [source.kind, source.text])).toEqual([
      ['note', `My private thoughts: ${secret} and factorization.`],
    ]);

    // Published: a public note card linked to the paper; again: the same card, next version.
    const first = await request('POST', `/api/research/notes/${paper}/publish`, ada);
    expect(first.statusCode, first.body).toBe(200);
    const cardId = (first.json() as { cardId: string }).cardId;
    const card = cardSchema.parse((await request('GET', `/api/cards/${cardId}`)).json());
    expect(card).toMatchObject({
      type: 'note',
      title: `Notes on Shared ${word}`,
      body: `My private thoughts: ${secret} and factorization.`,
      visibility: 'public',
      version: 1,
      links: [{ id: paper, title: `Shared ${word}`, kind: 'related' }],
    });
    await request('PUT', `/api/research/notes/${paper}`, ada, { body: 'Second thoughts.' });
    const second = await request('POST', `/api/research/notes/${paper}/publish`, ada);
    expect(second.json()).toEqual({ cardId });
    expect(cardSchema.parse((await request('GET', `/api/cards/${cardId}`)).json())).toMatchObject({
      body: 'Second thoughts.',
      version: 2,
    });
    expect((await page(paper, ada)).mine?.note?.publishedCardId).toBe(cardId);
  });
});
