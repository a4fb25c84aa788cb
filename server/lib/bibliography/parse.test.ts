import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES } from '../../../contracts/research.ts';
import { formatBibliography } from './format.ts';
import { BibliographyFileError, detectFormat, parseBibliography } from './parse.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const names = (...list: string[]) => list.map((name) => ({ name }));

describe('parseBibliography: BibTeX', () => {
  it('reads each entry, expands @string, converts TeX accents, and reports the broken one at its line', () => {
    const { format, entries } = parseBibliography(fixture('library.bib'));
    expect(format).toBe('bibtex');
    expect(entries).toEqual([
      {
        status: 'ok',
        line: 6,
        paper: {
          title: 'Matrix Factorization Techniques for Recommender Systems',
          authors: names('Yehuda Koren', 'Robert Bell', 'Chris Volinsky'),
          venue: 'Computer',
          volume: '42',
          issue: '8',
          pages: '30-37',
          year: 2009,
          doi: '10.1109/MC.2009.263',
          tags: ['recommender systems', 'matrix factorization'],
          citationKey: 'koren2009matrix',
        },
      },
      {
        status: 'ok',
        line: 18,
        paper: {
          title: 'BPR: Bayesian Personalized Ranking from Implicit Feedback',
          authors: names('Steffen Rendle', 'Christoph Freudenthaler', 'Zeno Gantner', 'Lars Schmidt-Thieme'),
          venue: 'Proceedings of the Twenty-Fifth Conference on Uncertainty in Artificial Intelligence',
          pages: '452-461',
          year: 2009,
          tags: [],
          citationKey: 'rendle2009bpr',
        },
      },
      {
        status: 'invalid',
        line: 26,
        reason: 'Entry 3 (line 26): The BibTeX cannot be read: its braces are not closed: a } is missing',
      },
      {
        status: 'ok',
        line: 32,
        paper: {
          title: 'Attention Is All You Need',
          authors: names('Ashish Vaswani', 'Noam Shazeer', 'Niki Parmar'),
          year: 2017,
          arxivId: '1706.03762',
          tags: [],
          citationKey: 'vaswani2017attention',
        },
      },
      {
        status: 'ok',
        line: 41,
        paper: {
          title: 'Über formal unentscheidbare Sätze der Principia Mathematica und verwandter Systeme I',
          authors: names('Kurt Gödel'),
          venue: 'Monatshefte für Mathematik und Physik',
          year: 1931,
          doi: '10.1007/BF01700692',
          url: 'https://doi.org/10.1007/BF01700692',
          tags: [],
          citationKey: 'godel1931',
        },
      },
      { status: 'invalid', line: 49, reason: 'Entry 6 (line 49): A paper needs a title' },
    ]);
  });

  it('reports a syntax error in one entry with the line it is on, and an extra } that ends an entry early', () => {
    const text = [
      '@article{a, title = {First}, year = 2001}',
      '@article{b,',
      '  title = {Second}',
      '  year = 2002',
      '}',
      '@article{c, title = {Third}}, year = 2003}',
      '@article{d, title = {Fourth}, note = {arXiv:2106.00001v2}}',
    ].join('\n');
    const { entries } = parseBibliography(text);
    expect(entries.map((entry) => (entry.status === 'ok' ? entry.paper.title : entry.reason))).toEqual([
      'First',
      'Entry 2 (line 2): The BibTeX cannot be read: } was expected, not a field name (line 4)',
      'Entry 3 (line 6): The BibTeX cannot be read: it ends early: an extra } closes it before its last fields',
      'Fourth',
    ]);
    expect(entries[3]).toMatchObject({ line: 7, paper: { arxivId: '2106.00001v2', citationKey: 'd' } });
  });
});

describe('parseBibliography: RIS', () => {
  it('reads each record and reports the one without TY at its line', () => {
    const { format, entries } = parseBibliography(fixture('library.ris'));
    expect(format).toBe('ris');
    expect(entries).toEqual([
      {
        status: 'ok',
        line: 1,
        paper: {
          title: 'Matrix factorization techniques for recommender systems',
          authors: names('Yehuda Koren', 'Robert Bell', 'Chris Volinsky'),
          venue: 'Computer',
          volume: '42',
          issue: '8',
          pages: '30-37',
          year: 2009,
          doi: '10.1109/MC.2009.263',
          tags: ['recommender systems', 'collaborative filtering, latent factors'],
          citationKey: 'koren2009matrix',
        },
      },
      {
        status: 'invalid',
        line: 18,
        reason: 'Entry 2 (line 18): This RIS record has no TY line (the type it starts with)',
      },
      {
        status: 'ok',
        line: 23,
        paper: {
          title: 'BPR: Bayesian personalized ranking from implicit feedback',
          authors: names('Steffen Rendle', 'Christoph Freudenthaler'),
          venue: 'Proceedings of the Twenty-Fifth Conference on Uncertainty in Artificial Intelligence',
          pages: '452-461',
          year: 2009,
          tags: [],
        },
      },
      {
        status: 'ok',
        line: 33,
        paper: {
          title: 'Attention is all you need',
          authors: names('Ashish Vaswani', 'Noam Shazeer'),
          year: 2017,
          arxivId: '1706.03762v5',
          url: 'https://arxiv.org/abs/1706.03762v5',
          abstract: 'The dominant sequence transduction models are based on complex recurrent networks.',
          tags: [],
        },
      },
    ]);
  });

  it('reports a record whose ER is missing, and still reads the next', () => {
    const text = 'TY  - JOUR\nTI  - No end\nTY  - JOUR\nTI  - Whole\nER  - \n';
    expect(parseBibliography(text).entries).toEqual([
      {
        status: 'invalid',
        line: 1,
        reason: 'Entry 1 (line 1): This RIS record does not end with an ER line',
      },
      { status: 'ok', line: 3, paper: { title: 'Whole', authors: [], tags: [] } },
    ]);
  });
});

describe('parseBibliography: CSL-JSON', () => {
  it('reads each item at the line of its brace, with ORCID iDs, and reports the one that is not an object', () => {
    const { format, entries } = parseBibliography(fixture('library.json'));
    expect(format).toBe('csl-json');
    expect(entries).toEqual([
      {
        status: 'ok',
        line: 2,
        paper: {
          title: 'Matrix factorization techniques for recommender systems',
          authors: [
            { name: 'Yehuda Koren', orcid: '0000-0002-1825-0097' },
            { name: 'Robert Bell' },
            { name: 'Chris Volinsky' },
          ],
          venue: 'Computer',
          volume: '42',
          issue: '8',
          pages: '30-37',
          year: 2009,
          doi: '10.1109/MC.2009.263',
          tags: ['recommender systems', 'matrix factorization'],
          citationKey: 'koren2009matrix',
        },
      },
      { status: 'invalid', line: 19, reason: 'Entry 2 (line 19): This CSL-JSON item is not an object' },
      {
        status: 'ok',
        line: 20,
        paper: {
          title: 'Attention is all you need',
          authors: names('Ashish Vaswani', 'Google Brain'),
          year: 2017,
          arxivId: '1706.03762',
          abstract: 'The dominant sequence transduction models are based on complex recurrent networks.',
          tags: [],
        },
      },
      { status: 'invalid', line: 30, reason: 'Entry 4 (line 30): A paper needs a title' },
    ]);
  });

  it('refuses JSON that does not parse, a file of no known format, and one over the size cap', () => {
    expect(() => parseBibliography('[{"title": "x",]')).toThrow(BibliographyFileError);
    expect(() => parseBibliography('just some text')).toThrow('The file is not BibTeX, RIS or CSL-JSON');
    const large = `@misc{a, title = {${'x'.repeat(IMPORT_MAX_BYTES)}}}`;
    expect(() => parseBibliography(large)).toThrow(
      expect.objectContaining({ problem: 'too-large' }) as unknown as Error,
    );
  });
});

describe('detectFormat', () => {
  it.each([
    ['% comment\n@article{a,', 'bibtex'],
    ['\nTY  - JOUR\nER  - ', 'ris'],
    ['  [ {"title": "x"} ]', 'csl-json'],
    ['{"title": "x"}', 'csl-json'],
    ['plain text', undefined],
  ])('reads %j as %s', (text, format) => expect(detectFormat(text)).toBe(format));
});

describe('export then import', () => {
  const papers = [
    {
      id: 'p1',
      title: 'Matrix factorization techniques for recommender systems',
      authors: [{ name: 'Yehuda Koren', orcid: '0000-0002-1825-0097' }, { name: 'Robert Bell' }],
      venue: 'Computer',
      year: 2009,
      doi: '10.1109/MC.2009.263',
      abstract: 'Not exported.',
      tags: ['recsys'],
      citationKey: 'koren2009',
    },
    {
      id: 'p2',
      title: 'BPR: Bayesian personalized ranking from implicit feedback',
      authors: [{ name: 'Steffen Rendle' }, { name: 'Lars Schmidt-Thieme' }],
      venue: 'Proceedings of the Conference on Uncertainty in Artificial Intelligence',
      year: 2009,
      tags: [],
    },
    {
      id: 'p3',
      title: 'Attention is all you need',
      authors: [{ name: 'Ashish Vaswani' }, { name: 'Ludwig van Beethoven' }],
      year: 2017,
      arxivId: '1706.03762',
      tags: [],
    },
  ];
  /** What a round trip keeps: the fields a reference manager exchanges. */
  const kept = (paper: Record<string, unknown>) => ({
    title: paper.title,
    authors: (paper.authors as { name: string }[]).map((author) => author.name),
    year: paper.year,
    doi: paper.doi,
    venue: paper.venue,
    arxivId: paper.arxivId,
  });

  it.each(['bibtex', 'ris', 'csl-json'] as const)(
    'keeps title, authors, year, DOI, venue and arXiv id in %s',
    (format) => {
      const file = formatBibliography(papers, format);
      expect(file).not.toContain('Not exported');
      const { entries } = parseBibliography(file);
      expect(entries.map((entry) => (entry.status === 'ok' ? kept(entry.paper) : entry))).toEqual(
        papers.map(kept),
      );
      if (format !== 'ris') {
        expect(entries.map((entry) => entry.status === 'ok' && entry.paper.citationKey)).toEqual([
          'koren2009',
          'rendle2009bpr',
          'vaswani2017attention',
        ]);
      }
    },
  );

  it('writes the venue as a journal or a booktitle, and keeps ORCID iDs in CSL-JSON', () => {
    const bibtex = formatBibliography(papers.slice(0, 2), 'bibtex');
    expect(bibtex).toContain('@article{koren2009,\n');
    expect(bibtex).toContain('\tjournal = {Computer},\n');
    expect(bibtex).toContain('@inproceedings{rendle2009bpr,\n');
    // citation-js keeps the venue's capitals with braces, as BibTeX styles would lower-case them.
    expect(bibtex).toContain(
      '\tbooktitle = {Proceedings of the {Conference} on {Uncertainty} in {Artificial} {Intelligence}},\n',
    );
    const [koren] = parseBibliography(formatBibliography(papers, 'csl-json')).entries;
    expect(koren).toMatchObject({
      paper: { authors: [{ orcid: '0000-0002-1825-0097' }, { name: 'Robert Bell' }] },
    });
  });

  it('keeps a paper’s own key, and a generated one never takes it', () => {
    const same = { ...papers[2]!, id: 'p4', citationKey: undefined };
    const keyed = { ...papers[2]!, id: 'p5', citationKey: 'vaswani2017attention' };
    const bibtex = formatBibliography([same, keyed], 'bibtex');
    expect([...bibtex.matchAll(/^@\w+\{([^,]+),/gm)].map((match) => match[1])).toEqual([
      'vaswani2017attentiona',
      'vaswani2017attention',
    ]);
  });
});

describe('a large file', () => {
  it('parses 5,000 generated BibTeX entries, all of them', () => {
    const text = Array.from(
      { length: 5000 },
      (_, index) =>
        `@article{key${index},\n  author = {Koren, Yehuda and Bell, Robert and M{\\"u}ller, Hans},\n` +
        `  title = {Matrix Factorization Techniques, Part ${index}},\n  journal = {Computer},\n` +
        `  year = {2009},\n  doi = {10.1109/MC.2009.${index}},\n  keywords = {recsys, factorization},\n}\n`,
    ).join('\n');
    const started = performance.now();
    const { entries } = parseBibliography(text);
    // The time is printed (as a warning, which the lint allows), not asserted: it depends on the machine.
    console.warn(`5,000 BibTeX entries parsed in ${Math.round(performance.now() - started)} ms`);
    expect(entries.filter((entry) => entry.status === 'ok')).toHaveLength(5000);
    expect(entries[4999]).toMatchObject({ line: 4999 * 9 + 1, paper: { citationKey: 'key4999' } });
  });
});
