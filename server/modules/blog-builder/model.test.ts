import { describe, expect, it } from 'vitest';
import { numberSources, parseOutline, parseParagraphs, sectionSources } from './model.ts';
import { cardIdsInText, estimateTokens } from './sources.ts';
import { commonTags } from './service.ts';

const a = '00000000-0000-4000-8000-00000000000a';
const b = '00000000-0000-4000-8000-00000000000b';
const sources = numberSources([
  { id: a, title: 'A', body: 'Alpha.', tags: [], links: [] },
  { id: b, title: 'B', body: 'Beta.', tags: [], links: [] },
]);

describe('reading the model’s answers', () => {
  it('reads an outline from JSON among prose, dropping numbers that are not sources and repeats', () => {
    expect(
      parseOutline(
        'Here: {"title": " Post ", "sections": [{"heading": "One", "sources": [2, 3]}, {"heading": "Two", "sources": [2, 1]}, {"heading": "", "sources": [1]}]} done',
        sources,
      ),
    ).toEqual({
      title: 'Post',
      sections: [
        { heading: 'One', cardIds: [b] },
        { heading: 'Two', cardIds: [a] },
      ],
    });
    expect(parseOutline('no json', sources)).toBeNull();
    expect(parseOutline('{"title": "", "sections": []}', sources)).toBeNull();
  });

  it('reads paragraphs of sentences with their citations checked against the sources given', () => {
    expect(
      parseParagraphs('## Heading\nFirst [1]. Second [2][5].\n\n- Third has none!\n\n\n[3]', sources),
    ).toEqual([
      {
        sentences: [
          { text: 'First.', cardIds: [a] },
          { text: 'Second.', cardIds: [b] },
        ],
      },
      { sentences: [{ text: 'Third has none!', cardIds: [] }] },
    ]);
    // Only the section's sources count: [2] is not given here.
    expect(parseParagraphs('Only A [1][2].', sectionSources(sources, [a]))).toEqual([
      { sentences: [{ text: 'Only A.', cardIds: [a] }] },
    ]);
  });
});

describe('sources and posts', () => {
  it('estimates tokens and finds card ids in pasted text', () => {
    expect(estimateTokens({ title: 'abc', body: 'defgh' })).toBe(2);
    expect(cardIdsInText(`x https://h.example/cards/${a.toUpperCase()} ${b}, again /cards/${a}`)).toEqual([
      a,
      b,
    ]);
  });

  it('tags the post with the most common source tags', () => {
    expect(commonTags([{ tags: ['b', 'A'] }, { tags: ['a'] }, { tags: ['c', 'b'] }])).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});
