import { useEffect, useState } from 'react';
import {
  recommendationLimits,
  type ImpressionBatch,
  type RecommendationSource,
} from '../../../contracts/recommendations.ts';
import { sendImpressions } from '../../lib/recommendations-api.ts';

/**
 * One card of For you that was on the screen: which visit, which card, its place in the list as it was seen
 * (0 first), and the source that found it.
 */
export interface Impression {
  feedId: string;
  cardId: string;
  position: number;
  source: RecommendationSource;
}

/** How long the first impression of a batch waits for others before the batch is sent. */
export const impressionDelayMs = 2000;

/** How much of a tile must be on the screen for it to count as seen. */
const seenRatio = 0.5;

/**
 * The cards already reported, per visit (`feedId`). It outlives the page, so coming back to a visit kept in
 * the query cache reports nothing twice; only the latest visits are kept, as older ones are not shown again.
 */
const reportedByVisit = new Map<string, Set<string>>();
const keptVisits = 20;

/** Marks the card as reported in its visit; false when it already was. */
function markReported({ feedId, cardId }: Impression): boolean {
  let reported = reportedByVisit.get(feedId);
  if (!reported) {
    reported = new Set();
    reportedByVisit.set(feedId, reported);
    const oldest = reportedByVisit.keys().next().value;
    if (reportedByVisit.size > keptVisits && oldest !== undefined) reportedByVisit.delete(oldest);
  }
  if (reported.has(cardId)) return false;
  reported.add(cardId);
  return true;
}

function isReported({ feedId, cardId }: Impression): boolean {
  return reportedByVisit.get(feedId)?.has(cardId) ?? false;
}

type Send = (batch: ImpressionBatch, keepalive: boolean) => void;

/**
 * Collects the For you cards that come into view and sends them in batches: a timer starts with the first
 * card of a batch and sends it `impressionDelayMs` later (so at most one request every two seconds), and
 * whatever waits goes at once when the page is hidden or the list goes away. Each card is reported once per
 * visit. Nothing runs until `start()` and nothing is left running after `stop()`, which makes it safe under
 * StrictMode's extra effect runs: tiles register with `watch()` in their effects, before the list's own
 * effect starts the observer.
 */
export class ImpressionTracker {
  private readonly targets = new Map<Element, Impression>();
  private observer: IntersectionObserver | null = null;
  private queue: Impression[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly send: Send;

  constructor(send: Send) {
    this.send = send;
  }

  /** Watches a tile until it is half on the screen; returns the function that stops watching it. */
  watch(element: Element, impression: Impression): () => void {
    if (isReported(impression)) return () => undefined;
    this.targets.set(element, impression);
    this.observer?.observe(element);
    return () => {
      this.targets.delete(element);
      this.observer?.unobserve(element);
    };
  }

  start(): void {
    if (this.observer !== null || typeof IntersectionObserver === 'undefined') return;
    this.observer = new IntersectionObserver((entries) => this.seen(entries), { threshold: seenRatio });
    for (const element of this.targets.keys()) this.observer.observe(element);
  }

  /** Stops watching and sends what waits, with `keepalive` since the page may be on its way out. */
  stop(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.flush(true);
  }

  /** Sends every waiting impression now, in batches of one visit and at most the contract's batch size. */
  flush(keepalive: boolean): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const queue = this.queue;
    this.queue = [];
    const byVisit = new Map<string, Impression[]>();
    for (const impression of queue) {
      byVisit.set(impression.feedId, [...(byVisit.get(impression.feedId) ?? []), impression]);
    }
    for (const [feedId, impressions] of byVisit) {
      for (let start = 0; start < impressions.length; start += recommendationLimits.impressionBatch) {
        const items = impressions
          .slice(start, start + recommendationLimits.impressionBatch)
          .map(({ cardId, position, source }) => ({ cardId, position, source }));
        this.send({ feedId, items }, keepalive);
      }
    }
  }

  private seen(entries: IntersectionObserverEntry[]): void {
    for (const entry of entries) {
      if (!entry.isIntersecting || entry.intersectionRatio < seenRatio) continue;
      const impression = this.targets.get(entry.target);
      if (!impression) continue;
      this.targets.delete(entry.target);
      this.observer?.unobserve(entry.target);
      if (markReported(impression)) this.queue.push(impression);
    }
    if (this.queue.length > 0 && this.timer === null) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.flush(false);
      }, impressionDelayMs);
    }
  }
}

function post(batch: ImpressionBatch, keepalive: boolean) {
  // Impressions only tune the feed: a batch that fails is not worth bothering the reader about, or repeating.
  sendImpressions(batch, { keepalive }).catch(() => undefined);
}

/** The tracker of one For you list, started while the list is on the page and sent off as the page hides. */
export function useImpressionTracker(): ImpressionTracker {
  const [tracker] = useState(() => new ImpressionTracker(post));
  useEffect(() => {
    tracker.start();
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') tracker.flush(true);
    };
    const onPageHide = () => tracker.flush(true);
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', onPageHide);
      tracker.stop();
    };
  }, [tracker]);
  return tracker;
}
