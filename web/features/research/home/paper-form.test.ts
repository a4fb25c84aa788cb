import { describe, expect, it } from 'vitest';
import {
  emptyPaperForm,
  fieldOfPath,
  formFromMetadata,
  metadataFromForm,
  parseAuthors,
} from './paper-form.ts';

describe('parseAuthors', () => {
  it('reads one author a line, with an ORCID after a bar', () => {
    expect(parseAuthors('Yehuda Koren\n\n  Robert Bell | 0000-0002-1825-0097 \nChris Volinsky |')).toEqual([
      { name: 'Yehuda Koren' },
      { name: 'Robert Bell', orcid: '0000-0002-1825-0097' },
      { name: 'Chris Volinsky' },
    ]);
  });
});

describe('metadataFromForm', () => {
  it('leaves out empty fields and reads the year as a number', () => {
    const result = metadataFromForm({
      ...emptyPaperForm,
      title: 'Matrix factorization techniques',
      authors: 'Yehuda Koren',
      year: '2009',
      doi: '10.1109/MC.2009.263',
      tags: ['recsys'],
    });
    expect(result).toEqual({
      ok: true,
      paper: {
        title: 'Matrix factorization techniques',
        authors: [{ name: 'Yehuda Koren' }],
        year: 2009,
        doi: '10.1109/MC.2009.263',
        tags: ['recsys'],
      },
    });
  });

  it('names the fields that are wrong', () => {
    const result = metadataFromForm({ ...emptyPaperForm, year: 'soon', doi: 'not a doi', authors: 'A | 12' });
    expect(result).toEqual({
      ok: false,
      errors: {
        title: 'A paper needs a title',
        authors: 'An ORCID iD looks like 0000-0002-1825-0097',
        year: 'A year is a number, like 2017',
        doi: 'A DOI looks like 10.1234/abcd',
      },
    });
  });
});

describe('formFromMetadata', () => {
  it('writes authors back one a line', () => {
    const form = formFromMetadata({
      title: 'T',
      authors: [{ name: 'A' }, { name: 'B', orcid: '0000-0002-1825-0097' }],
      year: 2020,
      tags: [],
    });
    expect(form.authors).toBe('A\nB | 0000-0002-1825-0097');
    expect(form.year).toBe('2020');
  });
});

describe('fieldOfPath', () => {
  it('maps API paths to form fields', () => {
    expect(fieldOfPath('paper.authors.1.orcid')).toBe('authors');
    expect(fieldOfPath('paper.doi')).toBe('doi');
    expect(fieldOfPath('visibility')).toBeNull();
  });
});
