import { describe, expect, it } from 'vitest';
import { describeFieldError, fieldErrorsOf } from './field-errors.ts';

describe('fieldErrorsOf', () => {
  it('keys the first problem of each field by the field, whatever follows in the path', () => {
    expect(
      fieldErrorsOf([
        { path: 'slug', message: 'Use lower-case letters' },
        { path: 'tags.2', message: 'Too long' },
        { path: 'content.title', message: 'Write a title' },
        { path: 'slug', message: 'Second problem' },
        { path: 'somewhere', message: 'Unknown' },
      ]),
    ).toEqual({ slug: 'Use lower-case letters', tags: 'Too long', title: 'Write a title' });
  });
});

describe('describeFieldError', () => {
  it('names the field as its label does', () => {
    expect(describeFieldError({ path: 'seoDescription', message: 'At most 160 characters' })).toBe(
      'Search description: At most 160 characters',
    );
    expect(describeFieldError({ path: 'other.path', message: 'Odd' })).toBe('other.path: Odd');
    expect(describeFieldError({ path: '', message: 'Whole post' })).toBe('The post: Whole post');
  });
});
