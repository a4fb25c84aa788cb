import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recommendationLimits, type ImpressionBatch } from '../../../contracts/recommendations.ts';
import { cardId } from '../../test/card-fixtures.ts';
import { installIntersectionObserver } from '../../test/intersection-observer.ts';
import { impressionDelayMs, ImpressionTracker, type Impression } from './impressions.ts';

function impression(feedId: string, n: number): Impression {
  return { feedId, cardId: cardId(n), position: n - 1, source: 'trending' };
}

function setUp() {
  const observer = installIntersectionObserver();
  const sent: { batch: ImpressionBatch; keepalive: boolean }[] = [];
  const tracker = new ImpressionTracker((batch, keepalive) => sent.push({ batch, keepalive }));
  const watch = (item: Impression) => tracker.watch(document.createElement('div'), item);
  return { observer, sent, tracker, watch };
}

describe('ImpressionTracker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('watches nothing and keeps no timer until started, and none once stopped', () => {
    const { observer, sent, tracker, watch } = setUp();
    const feedId = crypto.randomUUID();
    watch(impression(feedId, 1));
    expect(observer.observing()).toBe(0);

    tracker.start();
    expect(observer.observing()).toBe(1);
    observer.scrollIntoView();
    expect(vi.getTimerCount()).toBe(1);

    // Leaving sends what waits, kept alive, and leaves nothing running.
    tracker.stop();
    expect(sent).toEqual([
      { batch: { feedId, items: [{ cardId: cardId(1), position: 0, source: 'trending' }] }, keepalive: true },
    ]);
    expect(vi.getTimerCount()).toBe(0);
    expect(observer.observing()).toBe(0);
  });

  it('splits what waits by visit and into batches the contract allows', () => {
    const { observer, sent, tracker, watch } = setUp();
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    const many = recommendationLimits.impressionBatch + 2;
    for (let n = 1; n <= many; n++) watch(impression(first, n));
    watch(impression(second, 1));
    tracker.start();
    observer.scrollIntoView();
    vi.advanceTimersByTime(impressionDelayMs);
    expect(sent.map(({ batch, keepalive }) => [batch.feedId, batch.items.length, keepalive])).toEqual([
      [first, recommendationLimits.impressionBatch, false],
      [first, 2, false],
      [second, 1, false],
    ]);
    tracker.stop();
  });

  it('reports a card once per visit, even from a new list of the same visit', () => {
    const feedId = crypto.randomUUID();
    const one = setUp();
    one.watch(impression(feedId, 1));
    one.tracker.start();
    one.observer.scrollIntoView();
    one.tracker.stop();
    expect(one.sent).toHaveLength(1);

    // Back to the same visit (kept in the cache): card 1 is not reported again, card 2 is new.
    const two = setUp();
    two.watch(impression(feedId, 1));
    two.watch(impression(feedId, 2));
    two.tracker.start();
    two.observer.scrollIntoView();
    two.tracker.stop();
    expect(two.sent.map(({ batch }) => batch.items.map((item) => item.cardId))).toEqual([[cardId(2)]]);
  });

  it('counts a tile only once at least half of it is on the screen', () => {
    const { observer, sent, tracker, watch } = setUp();
    watch(impression(crypto.randomUUID(), 1));
    tracker.start();
    observer.scrollIntoView(0.3);
    expect(vi.getTimerCount()).toBe(0);
    observer.scrollIntoView(0.5);
    expect(vi.getTimerCount()).toBe(1);
    tracker.stop();
    expect(sent).toHaveLength(1);
  });
});
