import { describe, expect, it } from 'vitest';
import { citedKeys, parseCitations } from './card-text.ts';

describe('parseCitations', () => {
  it('finds single and grouped citations with their places', () => {
    const text = 'MF [@koren2009matrix] beats kNN [@sarwar2001item; @linden2003amazon].';
    expect(parseCitations(text)).toEqual([
      { keys: ['koren2009matrix'], start: 3, end: 21 },
      { keys: ['sarwar2001item', 'linden2003amazon'], start: 32, end: 68 },
    ]);
  });

  it('skips code, math, escaped brackets and brackets that hold more than keys', () => {
    const text = [
      'In code `[@a]` and $[@b]$ and',
      '```',
      '[@c]',
      '```',
      'escaped \\[@d] and prose [@ada said so] but [@e:f.g-h_1].',
    ].join('\n');
    expect(parseCitations(text).map((citation) => citation.keys)).toEqual([['e:f.g-h_1']]);
  });

  it('numbers keys in the order first cited, once each', () => {
    expect(citedKeys('[@b] then [@a; @b] then [@c] and [@a]')).toEqual(['b', 'a', 'c']);
  });
});
