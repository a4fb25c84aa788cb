import { describe, expect, it } from 'vitest';
import { bodyExcerpt, listExcerpt } from './present.ts';

describe('a post’s excerpt', () => {
  const body = [
    'Forgetting is what makes the next review worth doing.',
    '',
    '## The forgetting curve',
    '',
    'A memory fades fastest just after it is made.',
    '',
    '   ### Indented heading ###',
    'More text.',
  ].join('\n');

  it('is the author’s own when there is one', () => {
    expect(listExcerpt('  Why reviews work.  ', body)).toBe('Why reviews work.');
  });

  it('is otherwise the text’s plain words without its headings', () => {
    expect(listExcerpt('', body)).toBe(
      'Forgetting is what makes the next review worth doing. A memory fades fastest just after it is made. More text.',
    );
    expect(bodyExcerpt(body, 60)).toBe('Forgetting is what makes the next review worth doing. A…');
    // A hash that starts no heading stays.
    expect(bodyExcerpt('#tag and #1 stay', 100)).toBe('#tag and #1 stay');
  });
});
