import { describe, expect, it } from 'vitest';
import { citationKey, cslName, uniqueKeys } from './csl.ts';
import { formatCitations, type CitationEntry } from './format.ts';

const id = (n: number) => `a0000000-0000-4000-8000-00000000000${n}`;

const journal: CitationEntry = {
  id: id(1),
  title: 'Spacing effects in long-term retention',
  authors: ['Ada Lovelace', 'Alan Turing'],
  year: 2021,
  doi: '10.1234/spacing.2021.5',
  arxivId: null,
};
const preprint: CitationEntry = {
  id: id(2),
  title: 'Attention over cards',
  authors: ['Ashish Vaswani', 'Noam Shazeer'],
  year: 2017,
  doi: null,
  arxivId: '1706.03762v5',
};
const special: CitationEntry = {
  id: id(3),
  title: 'Café & crème: {50%} of cases_1 #2 $3',
  authors: ['José Álvarez', 'Ludwig van Beethoven'],
  year: 2019,
  doi: null,
  arxivId: null,
};
const unsigned: CitationEntry = {
  id: id(4),
  title: 'The unsigned memo',
  authors: [],
  year: null,
  doi: null,
  arxivId: null,
};
const both: CitationEntry = {
  id: id(5),
  title: 'Spacing effects revisited',
  authors: ['Lovelace, Ada'],
  year: 2021,
  doi: '10.1234/spacing.2021.9',
  arxivId: '2106.00001',
};
const library = [journal, preprint, special, unsigned, both];

const lines = (...text: string[]) => text.join('\n');

describe('formatCitations: BibTeX', () => {
  it('writes known-good BibTeX: keys, escaped special characters, arXiv as eprint, no empty fields', () => {
    expect(formatCitations(library, 'bibtex')).toBe(
      lines(
        '@article{lovelace2021spacing,',
        '\tauthor = {Lovelace, Ada and Turing, Alan},',
        '\ttitle = {Spacing effects in long-term retention},',
        '\tyear = {2021},',
        '\tdoi = {10.1234/spacing.2021.5},',
        '}',
        '',
        '@misc{vaswani2017attention,',
        '\tauthor = {Vaswani, Ashish and Shazeer, Noam},',
        '\ttitle = {Attention over cards},',
        '\tyear = {2017},',
        '\teprint = {1706.03762v5},',
        '\tarchivePrefix = {arXiv},',
        '\turl = {https://arxiv.org/abs/1706.03762v5},',
        '}',
        '',
        '@misc{alvarez2019cafe,',
        "\tauthor = {{\\' A}lvarez, Jos{\\' e} and van Beethoven, Ludwig},",
        "\ttitle = {Caf{\\' e} \\& cr{\\` e}me: \\textbraceleft{}50\\%\\textbraceright{} of cases\\textunderscore{}1 \\#2 \\textdollar{}3},",
        '\tyear = {2019},',
        '}',
        '',
        '@misc{unsigned,',
        '\ttitle = {The unsigned memo},',
        '}',
        '',
        '@article{lovelace2021spacinga,',
        '\tauthor = {Lovelace, Ada},',
        '\ttitle = {Spacing effects revisited},',
        '\tyear = {2021},',
        '\tdoi = {10.1234/spacing.2021.9},',
        '\teprint = {2106.00001},',
        '\tarchivePrefix = {arXiv},',
        '\turl = {https://arxiv.org/abs/2106.00001},',
        '}',
        '',
      ),
    );
  });

  it('keeps a value on one line and a DOI from closing its braces', () => {
    const messy = { ...journal, title: 'A title\nover two lines', doi: '10.1234/a{b}c' };
    expect(formatCitations([messy], 'bibtex')).toBe(
      lines(
        '@article{lovelace2021title,',
        '\tauthor = {Lovelace, Ada and Turing, Alan},',
        '\ttitle = {A title over two lines},',
        '\tyear = {2021},',
        '\tdoi = {10.1234/a%7Bb%7Dc},',
        '}',
        '',
      ),
    );
  });

  it('writes nothing for no entries', () => {
    expect(formatCitations([], 'bibtex')).toBe('');
    expect(formatCitations([], 'ris')).toBe('');
    expect(formatCitations([], 'csl-json')).toBe('[]\n');
  });
});

describe('formatCitations: RIS', () => {
  it('writes known-good RIS with the same ids as the BibTeX keys', () => {
    expect(formatCitations(library, 'ris')).toBe(
      lines(
        'TY  - JOUR',
        'AU  - Lovelace, Ada',
        'AU  - Turing, Alan',
        'DA  - 2021///',
        'PY  - 2021',
        'DO  - 10.1234/spacing.2021.5',
        'ID  - lovelace2021spacing',
        'TI  - Spacing effects in long-term retention',
        'ER  - ',
        'TY  - JOUR',
        'AU  - Vaswani, Ashish',
        'AU  - Shazeer, Noam',
        'C7  - arXiv:1706.03762v5',
        'DA  - 2017///',
        'PY  - 2017',
        'ID  - vaswani2017attention',
        'TI  - Attention over cards',
        'UR  - https://arxiv.org/abs/1706.03762v5',
        'ER  - ',
        'TY  - GEN',
        'AU  - Álvarez, José',
        'AU  - van Beethoven, Ludwig',
        'DA  - 2019///',
        'PY  - 2019',
        'ID  - alvarez2019cafe',
        'TI  - Café & crème: {50%} of cases_1 #2 $3',
        'ER  - ',
        'TY  - GEN',
        'ID  - unsigned',
        'TI  - The unsigned memo',
        'ER  - ',
        'TY  - JOUR',
        'AU  - Lovelace, Ada',
        'DA  - 2021///',
        'PY  - 2021',
        'DO  - 10.1234/spacing.2021.9',
        'ID  - lovelace2021spacinga',
        'TI  - Spacing effects revisited',
        'UR  - https://arxiv.org/abs/2106.00001',
        'ER  - ',
        '',
      ),
    );
  });
});

describe('formatCitations: CSL-JSON', () => {
  it('writes CSL-JSON items with the keys as ids', () => {
    const items = JSON.parse(formatCitations([preprint, special, unsigned], 'csl-json')) as unknown;
    expect(items).toEqual([
      {
        id: 'vaswani2017attention',
        'citation-key': 'vaswani2017attention',
        type: 'article',
        title: 'Attention over cards',
        author: [
          { given: 'Ashish', family: 'Vaswani' },
          { given: 'Noam', family: 'Shazeer' },
        ],
        issued: { 'date-parts': [[2017]] },
        URL: 'https://arxiv.org/abs/1706.03762v5',
        publisher: 'arXiv',
        number: 'arXiv:1706.03762v5',
      },
      {
        id: 'alvarez2019cafe',
        'citation-key': 'alvarez2019cafe',
        type: 'document',
        title: 'Café & crème: {50%} of cases_1 #2 $3',
        author: [
          { given: 'José', family: 'Álvarez' },
          { given: 'Ludwig', family: 'van Beethoven' },
        ],
        issued: { 'date-parts': [[2019]] },
      },
      { id: 'unsigned', 'citation-key': 'unsigned', type: 'document', title: 'The unsigned memo' },
    ]);
  });
});

describe('citation keys', () => {
  it('take the first author’s family name, the year and the first word of the title that says something', () => {
    expect(citationKey(journal)).toBe('lovelace2021spacing');
    expect(
      citationKey({ ...journal, authors: ['Kurt Gödel'], title: 'On formally undecidable propositions' }),
    ).toBe('godel2021formally');
    expect(citationKey({ ...journal, authors: ["Flann O'Brien"], year: null })).toBe('obrienspacing');
    expect(citationKey({ ...journal, authors: ['Ludwig van Beethoven'] })).toBe('beethoven2021spacing');
    expect(citationKey({ ...journal, authors: [], year: null, title: 'The' })).toBe('doca0000000');
  });

  it('are unique within an export: later papers that share a key get a, b, …', () => {
    const same = Array.from({ length: 28 }, (_, index) => ({ ...journal, id: id(index % 10) }));
    const keys = uniqueKeys(same);
    expect(keys.slice(0, 3)).toEqual(['lovelace2021spacing', 'lovelace2021spacinga', 'lovelace2021spacingb']);
    expect(keys.slice(-2)).toEqual(['lovelace2021spacingz', 'lovelace2021spacingaa']);
    expect(new Set(keys).size).toBe(28);
    // A paper whose own key is another's suffixed one is not given it twice.
    expect(uniqueKeys([{ ...journal, title: 'Spacinga' }, journal, journal])).toEqual([
      'lovelace2021spacinga',
      'lovelace2021spacing',
      'lovelace2021spacingb',
    ]);
  });
});

describe('cslName', () => {
  it.each([
    ['Ada Lovelace', { given: 'Ada', family: 'Lovelace' }],
    ['Lovelace, Ada', { family: 'Lovelace', given: 'Ada' }],
    ['Ludwig van Beethoven', { given: 'Ludwig', family: 'van Beethoven' }],
    ['Martin Luther King Jr.', { given: 'Martin Luther', family: 'King', suffix: 'Jr.' }],
    ['Plato', { literal: 'Plato' }],
    ['  Grace \n Hopper ', { given: 'Grace', family: 'Hopper' }],
  ])('reads %j', (name, parts) => expect(cslName(name)).toEqual(parts));
});
