import { describe, expect, it } from 'vitest';
import { paperMetadataSchema } from '../../../../contracts/research.ts';
import { parseArxivAtom } from './arxiv.ts';
import { parseCrossrefWork } from './crossref.ts';
import { LookupFormatError } from './errors.ts';

const work = (message: Record<string, unknown>) => ({ status: 'ok', 'message-type': 'work', message });

describe('parseCrossrefWork', () => {
  it('makes untrusted fields plain text within the contract, and leaves out what does not fit it', () => {
    const paper = parseCrossrefWork(
      work({
        title: [`Deep <i>learning</i> &amp; <scp>X</scp> ${'long '.repeat(80)}`],
        author: [
          {
            given: 'Ada',
            family: 'Lovelace',
            ORCID: 'https://orcid.org/0000-0002-1825-0097',
            sequence: 'first',
          },
          { name: 'The <b>CARD</b> Consortium', sequence: 'additional' },
          { given: 'Bad', family: 'Orcid', ORCID: 'http://orcid.org/1234' },
          { sequence: 'additional' },
        ],
        'container-title': [],
        issued: { 'date-parts': [[null]] },
        'published-online': { 'date-parts': [[2021, 3, 4]] },
        DOI: 'not a doi',
        URL: 'javascript:alert(1)',
        abstract:
          '<jats:title>Abstract</jats:title><jats:p>First   paragraph with <jats:italic>emphasis</jats:italic>.</jats:p>' +
          '<jats:sec><jats:title>Methods</jats:title><jats:p>We &lt;script&gt;did&lt;/script&gt; things.</jats:p></jats:sec>',
        reference: [
          {
            key: 'r1',
            unstructured: 'A. Vaswani et al., Attention is all you need, arXiv:1706.03762, 2017.',
          },
          { key: 'r2', DOI: 'nope' },
          { key: 'r3' },
        ],
      }),
    );
    expect(paper.title.startsWith('Deep learning & X long long')).toBe(true);
    // "Deep learning & X " is 18 characters, then "long " repeats: character 300 is the "o" of the 57th.
    expect(paper.title).toHaveLength(300);
    expect(paper.title.endsWith(' long lo')).toBe(true);
    expect(paper.authors).toEqual([
      { name: 'Ada Lovelace', orcid: '0000-0002-1825-0097' },
      { name: 'The CARD Consortium' },
      { name: 'Bad Orcid' },
    ]);
    expect(paper.venue).toBeUndefined();
    expect(paper.year).toBe(2021);
    expect(paper.doi).toBeUndefined();
    expect(paper.url).toBeUndefined();
    expect(paper.abstract).toBe('First paragraph with emphasis.\n\nMethods\n\nWe did things.');
    expect(paper.references).toEqual([
      {
        arxivId: '1706.03762',
        text: 'A. Vaswani et al., Attention is all you need, arXiv:1706.03762, 2017.',
      },
    ]);
    expect(paperMetadataSchema.parse(paper)).toEqual(paper);
  });

  it.each([
    [{ status: 'failed', message: {} }, 'The answer is not a Crossref work'],
    [[], 'The answer is not a Crossref work'],
    [work({ title: [] }), 'The Crossref work has no title'],
    [work({ title: ['<i></i>'] }), 'The Crossref work has no title'],
  ])('refuses %j', (json, message) => {
    expect(() => parseCrossrefWork(json)).toThrow(new LookupFormatError(message));
  });
});

describe('parseArxivAtom', () => {
  const feed = (entry: string) => `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">${entry}</feed>`;

  it('treats the error entry arXiv gives for an unreadable id as no paper', () => {
    const xml = feed(`<entry><id>http://arxiv.org/api/errors#incorrect_id_format_for_1234</id>
      <title>Error</title><summary>incorrect id format for 1234</summary>
      <author><name>arXiv api core</name></author></entry>`);
    expect(parseArxivAtom(xml, '1234.5678')).toBeUndefined();
  });

  it('reads an old-style id, and leaves out a malformed DOI and a non-web link', () => {
    const xml =
      feed(`<entry><id>http://arxiv.org/abs/cs/0112017v1</id><published>2001-12-14T00:00:00Z</published>
      <title>Old &amp;
        style</title><author><name>A. Author</name></author>
      <arxiv:doi xmlns:arxiv="http://arxiv.org/schemas/atom">doi:broken</arxiv:doi>
      <link href="javascript:alert(1)" rel="alternate" type="text/html"/></entry>`);
    expect(parseArxivAtom(xml, 'cs/0112017')).toEqual({
      title: 'Old & style',
      authors: [{ name: 'A. Author' }],
      arxivId: 'cs/0112017',
      year: 2001,
      tags: [],
    });
  });

  it.each([
    ['{"status":"ok"}', 'The answer is not XML: The document has no element'],
    ['<html><body>Busy</body></html>', 'The answer is not an Atom feed'],
  ])('refuses %s', (xml, message) => {
    expect(() => parseArxivAtom(xml, '1708.05031')).toThrow(new LookupFormatError(message));
  });
});
