import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLastPageSaver, lastPageDelayMs, openingUpdate } from './last-page.ts';

describe('saving the last page read', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once reading settles, only the last of pages scrolled past', async () => {
    const save = vi.fn(() => Promise.resolve());
    const saver = createLastPageSaver({ saved: 1, save });
    saver.report(2);
    saver.report(3);
    vi.advanceTimersByTime(lastPageDelayMs - 1);
    saver.report(4);
    vi.advanceTimersByTime(lastPageDelayMs - 1);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledExactlyOnceWith(4);
  });

  it('never sends the page the server already has', () => {
    const save = vi.fn(() => Promise.resolve());
    const saver = createLastPageSaver({ saved: 5, save });
    saver.report(5);
    vi.advanceTimersByTime(lastPageDelayMs * 2);
    saver.report(6);
    saver.report(5);
    vi.advanceTimersByTime(lastPageDelayMs);
    saver.flush();
    expect(save).not.toHaveBeenCalled();
  });

  it('saves what is waiting when the reader closes, and only once', () => {
    const save = vi.fn(() => Promise.resolve());
    const saver = createLastPageSaver({ saved: 1, save });
    saver.report(9);
    saver.flush();
    saver.flush();
    vi.advanceTimersByTime(lastPageDelayMs * 2);
    expect(save).toHaveBeenCalledExactlyOnceWith(9);
  });

  it('is idempotent under StrictMode’s double effects: a closed saver with nothing waiting sends nothing', () => {
    const save = vi.fn(() => Promise.resolve());
    // The first mount's saver is flushed by its cleanup before anything was reported…
    const first = createLastPageSaver({ saved: 3, save });
    first.flush();
    // …and the second reports the page it opened at, which the server already has.
    const second = createLastPageSaver({ saved: 3, save });
    second.report(3);
    vi.advanceTimersByTime(lastPageDelayMs);
    second.flush();
    expect(save).not.toHaveBeenCalled();
  });

  it('tries again later when a save failed', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const saver = createLastPageSaver({ saved: 1, save });
    saver.report(4);
    vi.advanceTimersByTime(lastPageDelayMs);
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    saver.report(4);
    vi.advanceTimersByTime(lastPageDelayMs);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith(4);
  });

  it('cancel drops what is waiting', () => {
    const save = vi.fn(() => Promise.resolve());
    const saver = createLastPageSaver({ saved: 1, save });
    saver.report(2);
    saver.cancel();
    vi.advanceTimersByTime(lastPageDelayMs);
    saver.flush();
    expect(save).not.toHaveBeenCalled();
  });

  it('ignores what is not a page number', () => {
    const save = vi.fn(() => Promise.resolve());
    const saver = createLastPageSaver({ saved: 1, save });
    saver.report(0);
    saver.report(2.5);
    saver.flush();
    expect(save).not.toHaveBeenCalled();
  });
});

describe('opening a paper', () => {
  it('moves a paper to read to reading, and leaves the others', () => {
    expect(openingUpdate({ status: 'to-read' })).toEqual({ status: 'reading' });
    expect(openingUpdate({ status: 'reading' })).toBeNull();
    expect(openingUpdate({ status: 'read' })).toBeNull();
  });
});
