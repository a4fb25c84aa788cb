import { describe, expect, it } from 'vitest';
import { linkedCardIds, mentionedHandles } from './confer.ts';

describe('mentionedHandles', () => {
  it('finds each handle once, lower-cased, at word starts only', () => {
    expect(mentionedHandles('@Ada_L and @bob_, again @ada_l! mail me: x@example.org')).toEqual([
      'ada_l',
      'bob_',
    ]);
    expect(mentionedHandles('(@carol) @dave.')).toEqual(['carol', 'dave']);
  });
  it('ignores handles in code and ones too short or too long', () => {
    expect(mentionedHandles('`@inline` and\n```\n@fenced\n```\n@okay @ab @' + 'x'.repeat(31))).toEqual([
      'okay',
    ]);
  });
});

describe('linkedCardIds', () => {
  const a = '0b9c6a52-6f0e-4c0e-9a43-9d5c1f1e2a01';
  const b = '1c9c6a52-6f0e-4c0e-9a43-9d5c1f1e2a02';
  const site = 'https://cardweb.example';
  it('finds card paths alone or in the site’s own addresses, each once', () => {
    expect(linkedCardIds(`See /cards/${a} and ${site}/cards/${b}, and /cards/${a} again`, site)).toEqual([
      a,
      b,
    ]);
    expect(linkedCardIds(`[link](/cards/${a}) https://elsewhere.example/cards/${b}`, site)).toEqual([a]);
  });
  it('ignores code, other paths and more than three cards', () => {
    expect(linkedCardIds(`\`/cards/${a}\` /xcards/${b} /cards/${a}x`, site)).toEqual([]);
    const many = ['1', '2', '3', '4'].map((d) => `/cards/${a.slice(0, -1)}${d}`).join(' ');
    expect(linkedCardIds(many, site)).toHaveLength(3);
  });
});
