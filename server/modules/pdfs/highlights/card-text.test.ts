import { describe, expect, it } from 'vitest';
import { highlightCardText } from './card-text.ts';

const citation = 'Ada Lovelace (2021). Spacing effects.';

describe('highlightCardText', () => {
  it('titles the card by the note’s first line and quotes the highlight', () => {
    expect(
      highlightCardText({ quote: 'Line one\nline two', note: 'My point\nmore', page: 4, citation }),
    ).toEqual({
      title: 'My point',
      body: '> Line one\n> line two\n\nMy point\nmore\n\n— Ada Lovelace (2021). Spacing effects. p. 4',
    });
  });

  it('titles it by the quote, cut at a word, when there is no note', () => {
    const quote = `${'word '.repeat(40)}end`;
    const { title, body } = highlightCardText({ quote, note: null, page: 1, citation });
    expect(title.length).toBeLessThanOrEqual(100);
    expect(title).toMatch(/^word( word)*…$/);
    expect(body).not.toContain('\n\n\n');
  });

  it('keeps the paper’s words literal: Markdown in the quote is escaped', () => {
    const { body } = highlightCardText({
      quote: '# Not a heading *or* [[link]] $x$',
      note: null,
      page: 2,
      citation,
    });
    expect(body.split('\n')[0]).toBe('> \\# Not a heading \\*or\\* \\[\\[link\\]\\] \\$x\\$');
  });
});
