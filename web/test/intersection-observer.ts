import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * An IntersectionObserver for jsdom, which has none and does no layout. Tests say when an observed element
 * comes into view; `scrollIntoView()` tells every live observer that its elements are visible.
 */
export function installIntersectionObserver() {
  const live = new Set<FakeIntersectionObserver>();

  class FakeIntersectionObserver implements IntersectionObserver {
    readonly root = null;
    readonly rootMargin: string;
    readonly scrollMargin = '0px';
    readonly thresholds = [0];
    private readonly elements = new Set<Element>();
    private readonly callback: IntersectionObserverCallback;

    constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
      this.callback = callback;
      this.rootMargin = options.rootMargin ?? '0px';
      live.add(this);
    }

    observe(element: Element): void {
      this.elements.add(element);
    }

    unobserve(element: Element): void {
      this.elements.delete(element);
    }

    disconnect(): void {
      this.elements.clear();
      live.delete(this);
    }

    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }

    /** Reports every observed element as visible, `ratio` of it (all by default). */
    reveal(ratio: number): void {
      const entries = [...this.elements].map(
        (target) =>
          ({ target, isIntersecting: ratio > 0, intersectionRatio: ratio }) as IntersectionObserverEntry,
      );
      if (entries.length > 0) this.callback(entries, this);
    }
  }

  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    /**
     * The observed elements come into view, as when someone scrolls to the end of a list; `ratio` says how
     * much of each is in view (all of it unless given).
     */
    scrollIntoView: (ratio = 1) =>
      act(() => {
        for (const observer of [...live]) observer.reveal(ratio);
      }),
    /** How many observers are watching something now. */
    observing: () => live.size,
  };
}
