import { describe, expect, it } from 'vitest';
import { cut, plainText, plainTextFromMarkup, stripTags } from './text.ts';

describe('plain text from fetched text', () => {
  it('removes tags but keeps a lone less-than sign', () => {
    expect(stripTags('a <i>b</i> c<br/>d < e, H<sub>2</sub>O <jats:p>x</jats:p>')).toBe(
      'a b c d < e, H2O  x ',
    );
  });

  it('collapses whitespace and removes control characters', () => {
    expect(plainText('  Neural\n  Collaborative\tFiltering\u0007 ', 100)).toBe(
      'Neural Collaborative Filtering',
    );
  });

  it('decodes entities in markup, and removes tags that were escaped in it', () => {
    expect(
      plainTextFromMarkup('Matrix <sub>x</sub> AT&amp;T &lt;script&gt;alert(1)&lt;/script&gt;', 100),
    ).toBe('Matrix x AT&T alert(1)');
  });

  it('cuts to the limit without splitting a surrogate pair', () => {
    expect(cut('abcdef', 4)).toBe('abcd');
    expect(cut('abc😀', 4)).toBe('abc');
    expect(cut('ab c', 3)).toBe('ab');
    expect(plainText('x'.repeat(400), 300)).toHaveLength(300);
  });
});
