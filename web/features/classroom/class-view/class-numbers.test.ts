import { describe, expect, it } from 'vitest';
import { percentOf, percentText } from './class-numbers.ts';

describe('shares in the class view', () => {
  it('rounds to whole percentages', () => {
    expect(percentOf(2, 8)).toBe(25);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentText(2, 5)).toBe('40%');
  });

  it('says nothing of an empty class', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentText(0, 0)).toBe('—');
  });
});
