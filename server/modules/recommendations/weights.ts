import type { RecommendationFeature } from '../../../contracts/recommendations.ts';

/**
 * The weights of the For you score, in one versioned place. Changing any number is a new version: the
 * evaluation runs record the version they measured, so a change's effect shows in the debug page's chart.
 */
export const weights = {
  version: '2026-11-26.1',
  features: {
    // Source scores, each 0–1 within its source.
    following: 1.0,
    tags: 0.8,
    neighbours: 1.2,
    trending: 0.35,
    fresh: 0.2,
    // Card and person features, 0–1.
    freshness: 0.3,
    authorAffinity: 0.4,
    quality: 0.5,
    // Against a card.
    seen: -0.4,
    studied: -1.0,
    lessAuthor: -0.8,
    lessTag: -0.6,
  } satisfies Record<RecommendationFeature, number>,
  /** Half-lives, in days, of a card's freshness and of a signal's pull (a like a month old counts half). */
  freshnessHalfLifeDays: 30,
  signalHalfLifeDays: 30,
  /** The prior of the smoothed like rate: a card starts as if it had this many views at the site's rate. */
  qualityPriorViews: 20,
  /** Every this-many positions, the best card of the fresh source not yet placed takes the slot. */
  explorationEvery: 7,
  /** Shown this many times in `ignoredWithinDays` without being opened: left out for a while. */
  ignoredAfter: 3,
  ignoredWithinDays: 14,
} as const;

/**
 * The weights with a person's tilt applied: toward -1 the people they follow and authors they like count
 * for more, toward 1 fresh and trending cards and tags do.
 */
export function tiltedWeights(tilt: number): Record<RecommendationFeature, number> {
  const t = Math.max(-1, Math.min(1, tilt));
  const base = weights.features;
  return {
    ...base,
    following: base.following * (1 - 0.6 * t),
    authorAffinity: base.authorAffinity * (1 - 0.6 * t),
    fresh: base.fresh * (1 + 0.8 * t),
    trending: base.trending * (1 + 0.6 * t),
    tags: base.tags * (1 + 0.3 * t),
  };
}
