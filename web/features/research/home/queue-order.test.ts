import { describe, expect, it } from 'vitest';
import { homePaperId, paperSummaryFixture, queueItemFixture } from '../../../test/research-home-fixtures.ts';
import { groupQueue, paperByline, readingProgress } from './queue-order.ts';

describe('groupQueue', () => {
  it('groups by step and sorts by priority, then to read oldest first and the others newest first', () => {
    const items = [
      queueItemFixture(1, { priority: 2, addedAt: '2026-11-03T00:00:00.000Z' }),
      queueItemFixture(2, { priority: 1, addedAt: '2026-11-05T00:00:00.000Z' }),
      queueItemFixture(3, { priority: 2, addedAt: '2026-11-01T00:00:00.000Z' }),
      queueItemFixture(4, { status: 'read', finishedAt: '2026-11-10T00:00:00.000Z' }),
      queueItemFixture(5, { status: 'read', finishedAt: '2026-11-12T00:00:00.000Z' }),
      queueItemFixture(6, { status: 'reading', startedAt: '2026-11-02T00:00:00.000Z', priority: 3 }),
    ];
    const groups = groupQueue(items);
    expect(groups['to-read'].map((item) => item.paper.id)).toEqual([
      homePaperId(2),
      homePaperId(3),
      homePaperId(1),
    ]);
    expect(groups.reading.map((item) => item.paper.id)).toEqual([homePaperId(6)]);
    expect(groups.read.map((item) => item.paper.id)).toEqual([homePaperId(5), homePaperId(4)]);
  });
});

describe('readingProgress', () => {
  it('is the last page over the page count, in whole per cent', () => {
    expect(readingProgress({ id: homePaperId(1), lastPage: 7, pageCount: 15 })).toBe(47);
    expect(readingProgress({ id: homePaperId(1), lastPage: 15, pageCount: 15 })).toBe(100);
    expect(readingProgress({ id: homePaperId(1), lastPage: 20, pageCount: 15 })).toBe(100);
  });

  it('is null without a PDF or pages', () => {
    expect(readingProgress(null)).toBeNull();
    expect(readingProgress({ id: homePaperId(1), lastPage: 0, pageCount: 0 })).toBeNull();
  });
});

describe('paperByline', () => {
  it('joins authors, venue and year, shortening long author lists', () => {
    expect(paperByline(paperSummaryFixture(1))).toBe(
      'Ada Lovelace, Charles Babbage · Journal of Engines · 2001',
    );
    expect(
      paperByline(paperSummaryFixture(2, { authors: ['A', 'B', 'C', 'D'], venue: null, year: null })),
    ).toBe('A, B, C et al.');
  });
});
