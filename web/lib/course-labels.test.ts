import { describe, expect, it } from 'vitest';
import { courseFacts, hoursText } from './course-labels.ts';

describe('course labels', () => {
  it('says a course’s time in hours, one decimal at most', () => {
    expect(hoursText(1)).toBe('1 hour');
    expect(hoursText(9)).toBe('9 hours');
    expect(hoursText(1.5)).toBe('1.5 hours');
    expect(hoursText(2.25)).toBe('2.3 hours');
    expect(hoursText(0.5)).toBe('0.5 hours');
  });

  it('puts a course’s level, time and lessons in one line', () => {
    expect(courseFacts({ level: 'intermediate', estimatedHours: 9, lessonCount: 9 })).toBe(
      'Intermediate · 9 hours · 9 lessons',
    );
    expect(courseFacts({ level: 'beginner', estimatedHours: 1, lessonCount: 1 })).toBe(
      'Beginner · 1 hour · 1 lesson',
    );
    expect(courseFacts({ level: 'advanced', estimatedHours: 12.5, lessonCount: 1200 })).toBe(
      'Advanced · 12.5 hours · 1,200 lessons',
    );
  });
});
