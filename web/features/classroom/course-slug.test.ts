import { describe, expect, it } from 'vitest';
import { slugFromTitle } from './course-slug.ts';

describe('a course address from its title', () => {
  it('keeps letters and digits, drops accents and joins the rest with single hyphens', () => {
    expect(slugFromTitle('Café & Crème: Part 2')).toBe('cafe-creme-part-2');
    expect(slugFromTitle('  --Memory   basics!-- ')).toBe('memory-basics');
  });

  it('is empty for a title without letters or digits', () => {
    expect(slugFromTitle('?!')).toBe('');
  });

  it('stops at 80 characters without a trailing hyphen', () => {
    const slug = slugFromTitle(`${'a'.repeat(79)} bcd`);
    expect(slug).toBe('a'.repeat(79));
  });
});
