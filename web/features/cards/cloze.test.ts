import { describe, expect, it } from 'vitest';
import { clozeIndexes, renderClozeText } from '../../../contracts/card-text.ts';
import { clozeWithHidden } from './cloze.ts';

const text = 'The {{c1::mitochondria}} is the {{c2::powerhouse::what?}} of the {{c3::cell {{c1::nucleus}}}}.';

const shown = (hidden: number[]) =>
  renderClozeText(clozeWithHidden(text, new Set(hidden)), { hide: hidden.length > 0 ? 1 : 'none' });

describe('clozeWithHidden', () => {
  it('hides exactly the chosen deletions, nested ones included', () => {
    expect(shown([1, 2, 3])).toBe('The \\[…\\] is the \\[what?\\] of the \\[…\\].');
    expect(shown([2])).toBe('The mitochondria is the \\[what?\\] of the cell nucleus.');
    expect(shown([1])).toBe('The \\[…\\] is the powerhouse of the cell \\[…\\].');
    expect(shown([])).toBe('The mitochondria is the powerhouse of the cell nucleus.');
  });

  it('keeps hints, and leaves text without deletions alone', () => {
    expect(clozeWithHidden(text, new Set([2]))).toBe(
      'The {{c2::mitochondria}} is the {{c1::powerhouse::what?}} of the {{c2::cell {{c2::nucleus}}}}.',
    );
    expect(clozeIndexes(clozeWithHidden(text, new Set()))).toEqual([2]);
    expect(clozeWithHidden('No deletions {{here', new Set([1]))).toBe('No deletions {{here');
  });
});
