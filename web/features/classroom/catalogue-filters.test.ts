import { describe, expect, it } from 'vitest';
import { filtersOf, topicsOf } from './catalogue-filters.ts';

describe('the catalogue’s filters in the address', () => {
  it('reads the topic, level and length the server would take', () => {
    expect(filtersOf(new URLSearchParams('topic=recsys&level=beginner&length=long'))).toEqual({
      topic: 'recsys',
      level: 'beginner',
      length: 'long',
    });
    expect(filtersOf(new URLSearchParams(''))).toEqual({ topic: '', level: '', length: '' });
  });

  it('reads a value the server would refuse as "any"', () => {
    expect(filtersOf(new URLSearchParams('topic=Not%20a%20slug&level=expert&length=forever'))).toEqual({
      topic: '',
      level: '',
      length: '',
    });
    expect(filtersOf(new URLSearchParams('topic=%20ml%20'))).toEqual({ topic: 'ml', level: '', length: '' });
  });

  it('offers every topic once, in order, and the chosen one even when no course has it', () => {
    const courses = [{ topics: ['recsys', 'ml'] }, { topics: ['memory', 'ml'] }];
    expect(topicsOf(courses, '')).toEqual(['memory', 'ml', 'recsys']);
    expect(topicsOf(courses, 'ml')).toEqual(['memory', 'ml', 'recsys']);
    expect(topicsOf(courses, 'graphs')).toEqual(['graphs', 'memory', 'ml', 'recsys']);
  });
});
