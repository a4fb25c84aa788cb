import { beforeEach, describe, expect, it } from 'vitest';
import { forgetFreshEntryPosition, scrollPositionsKey } from './scroll-positions.ts';

describe('forgetFreshEntryPosition', () => {
  beforeEach(() => {
    sessionStorage.setItem(scrollPositionsKey, JSON.stringify({ default: 1500, abc123: 40 }));
  });

  it('forgets the first entry’s position when the page was opened afresh, and keeps the others', () => {
    forgetFreshEntryPosition('navigate');
    expect(JSON.parse(sessionStorage.getItem(scrollPositionsKey)!)).toEqual({ abc123: 40 });
  });

  it('keeps every position for a reload, Back or Forward', () => {
    forgetFreshEntryPosition('reload');
    forgetFreshEntryPosition('back_forward');
    expect(JSON.parse(sessionStorage.getItem(scrollPositionsKey)!)).toEqual({ default: 1500, abc123: 40 });
  });

  it('leaves unreadable storage alone', () => {
    sessionStorage.setItem(scrollPositionsKey, '{not json');
    expect(() => forgetFreshEntryPosition('navigate')).not.toThrow();
    expect(sessionStorage.getItem(scrollPositionsKey)).toBe('{not json');
  });
});
