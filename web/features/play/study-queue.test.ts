import { describe, expect, it } from 'vitest';
import { afterCram, afterReview, remainingCounts, startQueue } from './study-queue.ts';
import { inMinutes, reviewResultFixture, sessionItem } from './test-fixtures.ts';

const titles = (items: readonly { cardTitle: string }[]) => items.map((item) => item.cardTitle);

describe('the study queue', () => {
  it('puts a learning item due within the learn-ahead window back, by due time, and counts it as learning', () => {
    const now = Date.now();
    const [a, b, c] = [sessionItem(1), sessionItem(2), sessionItem(3)];
    let state = startQueue([a, b, c], now);
    state = afterReview(state, reviewResultFixture(a, { state: 'learning', due: inMinutes(10) }), 20, now);
    expect(state.current?.cardTitle).toBe('Card 2');
    expect(titles(state.later)).toEqual(['Card 1']);
    expect(remainingCounts(state)).toEqual({ new: 2, learning: 1, review: 0 });

    // Card 2 again in one minute: it goes before card 1, which is due later.
    state = afterReview(state, reviewResultFixture(b, { state: 'learning', due: inMinutes(1) }), 20, now);
    expect(titles(state.later)).toEqual(['Card 2', 'Card 1']);
    expect(state.current?.cardTitle).toBe('Card 3');
  });

  it('leaves an item due beyond the window for another day', () => {
    const now = Date.now();
    const a = sessionItem(1);
    const state = afterReview(startQueue([a], now), reviewResultFixture(a, { due: inMinutes(30) }), 20, now);
    expect(state.current).toBeNull();
  });

  it('shows a learning item whose step is over before the rest', () => {
    const now = Date.now();
    const [a, b, c] = [sessionItem(1), sessionItem(2), sessionItem(3)];
    let state = startQueue([a, b, c], now);
    state = afterReview(state, reviewResultFixture(a, { state: 'learning', due: inMinutes(1) }), 20, now);
    state = afterReview(state, reviewResultFixture(b), 20, now + 2 * 60_000);
    expect(state.current?.cardTitle).toBe('Card 1');
  });

  it('in cram, brings Again back a few items later and ends an item on Good', () => {
    const now = Date.now();
    const items = [1, 2, 3, 4, 5, 6].map((n) => sessionItem(n));
    let state = startQueue(items, now);
    state = afterCram(state, 1, now);
    expect(titles(state.upcoming)).toEqual(['Card 3', 'Card 4', 'Card 1', 'Card 5', 'Card 6']);
    state = afterCram(state, 3, now);
    expect(state.current?.cardTitle).toBe('Card 3');
    expect(titles(state.upcoming)).not.toContain('Card 2');
  });
});
