import { describe, expect, it } from 'vitest';
import { makePaperPdf } from '../../test/pdfs.ts';
import { findArxivId, findDoi, guessMetadata, splitAuthors } from './metadata.ts';
import { inspectPdf } from './pdf-file.ts';

const now = new Date('2026-11-26T00:00:00Z');

describe('findDoi', () => {
  it.each([
    ['doi: 10.1038/nature14539.', '10.1038/nature14539'],
    ['https://doi.org/10.1145/3292500.3330701)', '10.1145/3292500.3330701'],
    ['(DOI 10.1000/xyz-123;', '10.1000/xyz-123'],
    ['see 10.1234/ab(c)d, then', '10.1234/ab(c)d'],
  ])('finds the DOI in %j', (text, doi) => expect(findDoi(text)).toBe(doi));

  it('finds none in a version number or a bare 10.5', () => {
    expect(findDoi('version 10.5 of the tool, 10.12/ab')).toBeNull();
  });
});

describe('findArxivId', () => {
  it.each([
    ['arXiv:2101.01234v2 [cs.LG] 3 Feb 2021', '2101.01234v2'],
    ['ARXIV: 1706.03762', '1706.03762'],
    ['https://arxiv.org/abs/2303.08774', '2303.08774'],
    ['arXiv:hep-th/9901001', 'hep-th/9901001'],
    ['arXiv:math.GT/0309136', 'math.GT/0309136'],
  ])('finds the id in %j', (text, id) => expect(findArxivId(text)).toBe(id));

  it('finds none in plain numbers', () => expect(findArxivId('table 2101.01234')).toBeNull());
});

describe('splitAuthors', () => {
  it.each([
    ['Ada Lovelace; Alan Turing', ['Ada Lovelace', 'Alan Turing']],
    ['Ada Lovelace, Alan Turing and Grace Hopper', ['Ada Lovelace', 'Alan Turing', 'Grace Hopper']],
    ['Ada Lovelace and Alan Turing', ['Ada Lovelace', 'Alan Turing']],
    ['Lovelace, Ada', ['Lovelace, Ada']],
    ['Ada Lovelace1, Alan Turing2*', ['Ada Lovelace', 'Alan Turing']],
  ])('splits %j', (field, names) => expect(splitAuthors(field)).toEqual(names));
});

describe('guessMetadata from a real PDF', () => {
  const paper = {
    title: 'Spacing effects in long-term retention',
    authors: ['Ada Lovelace', 'Alan Turing'],
    year: 2021,
    doi: '10.1234/spacing.2021.5',
  };

  it('reads the title, authors and year from the first page when the PDF has no metadata', async () => {
    const inspection = await inspectPdf(await makePaperPdf(paper));
    expect(guessMetadata(inspection, 'paper.pdf', now)).toEqual({ ...paper, arxivId: null });
  });

  it('prefers the PDF’s own metadata for title and authors', async () => {
    const inspection = await inspectPdf(
      await makePaperPdf({ ...paper, title: 'Printed title', withInfo: true, authors: ['Grace Hopper'] }),
    );
    inspection.info.title = 'The metadata title';
    inspection.info.author = 'Ada Lovelace; Alan Turing';
    const guessed = guessMetadata(inspection, 'paper.pdf', now);
    expect(guessed.title).toBe('The metadata title');
    expect(guessed.authors).toEqual(['Ada Lovelace', 'Alan Turing']);
  });

  it('ignores a meaningless metadata title and finds the arXiv id and its year', async () => {
    const inspection = await inspectPdf(
      await makePaperPdf({ title: 'Attention over cards', arxivId: '1706.03762v5', pages: ['Body text.'] }),
    );
    inspection.info.title = 'Microsoft Word - draft7.docx';
    expect(guessMetadata(inspection, 'x.pdf', now)).toMatchObject({
      title: 'Attention over cards',
      arxivId: '1706.03762v5',
      year: 2017,
      doi: null,
    });
  });

  it('falls back to the file name when the PDF says nothing', () => {
    expect(guessMetadata({ info: {}, firstPages: [] }, 'my_reading_notes.pdf', now)).toEqual({
      title: 'my reading notes',
      authors: [],
      year: null,
      doi: null,
      arxivId: null,
    });
  });
});
