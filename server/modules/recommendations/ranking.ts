import {
  recommendationFeatures,
  recommendationSources,
  type RecommendationFeature,
  type RecommendationFilter,
  type RecommendationSource,
} from '../../../contracts/recommendations.ts';
import type { CandidateFacts } from './repository/candidates.ts';
import { weights as config } from './weights.ts';

// The ranking and filtering stages of For you, as pure functions of the candidates and what is known of the
// person: the service reads both from the database, the tests hand-make them.

/** A card some source proposed, with the facts the features read. */
export type Candidate = CandidateFacts & {
  /** Each source's raw score for the card (larger is better, on the source's own scale). */
  sources: Partial<Record<RecommendationSource, number>>;
  /** For the neighbours source: the card of the person's that contributed most, and what they did with it. */
  seed?: { title: string; kind: SeedKind };
};

/** How the person engaged with a seed of the neighbours source. */
export type SeedKind = 'engaged' | 'remixed' | 'shared';

const seedVerbs = { engaged: 'liked or studied', remixed: 'remixed', shared: 'shared' } as const;

/** What the ranking knows of the person the feed is for. */
export type PersonContext = {
  profileKey: string;
  follows: ReadonlySet<string>;
  /** How many of each author's cards the person liked. */
  authorLikes: ReadonlyMap<string, number>;
  likedCards: ReadonlySet<string>;
  studiedCards: ReadonlySet<string>;
  /** Recent impressions per card: how many, and whether the person opened the card since. */
  impressions: ReadonlyMap<string, { count: number; opened: boolean }>;
  feedback: {
    cards: ReadonlySet<string>;
    authors: ReadonlySet<string>;
    tags: ReadonlySet<string>;
    muted: ReadonlySet<string>;
  };
  /** The person's pull toward each tag (any positive scale), for the tag reason. */
  tagWeights: ReadonlyMap<string, number>;
  weights: Record<RecommendationFeature, number>;
  /** Likes per view across the site, the prior of each card's smoothed like rate. */
  siteLikeRate: number;
  now: Date;
  /** Cards already served in this visit. */
  served: ReadonlySet<string>;
  /** In cold start the tags the person picked, for the reason of a trending card. */
  pickedTags: readonly string[];
};

export type FeatureValue = {
  name: RecommendationFeature;
  value: number;
  weight: number;
  contribution: number;
};

export type Scored = {
  candidate: Candidate;
  features: FeatureValue[];
  score: number;
  /** 1-based rank by score, before any filter. */
  rankBefore: number;
};

/** A card in the feed: its place (1-based), the page it opens on (0-based), and why it is there. */
export type Placed = Scored & {
  rankAfter: number;
  page: number;
  reason: { source: RecommendationSource; text: string };
};
export type Removed = Scored & { filter: RecommendationFilter };

const DAY_MS = 86_400_000;
const sourceFeatures = new Set<RecommendationFeature>(recommendationSources);

/** Every feature of a candidate, 0–1, given the largest raw score of each source among all the candidates. */
export function featuresOf(
  candidate: Candidate,
  person: PersonContext,
  sourceMax: ReadonlyMap<RecommendationSource, number>,
): Record<RecommendationFeature, number> {
  const ageDays = Math.max(0, (person.now.getTime() - candidate.publishedAt.getTime()) / DAY_MS);
  const rate = person.siteLikeRate > 0 ? person.siteLikeRate : 0.05;
  const smoothed =
    (candidate.likes + config.qualityPriorViews * rate) / (candidate.views + config.qualityPriorViews);
  const liked = person.authorLikes.get(candidate.authorKey) ?? 0;
  const followed = person.follows.has(candidate.authorKey) ? 2 : 0;
  const impressions = person.impressions.get(candidate.id);
  const lessTags = candidate.tags.filter((tag) => person.feedback.tags.has(tag)).length;
  const values = {} as Record<RecommendationFeature, number>;
  for (const source of recommendationSources) {
    const raw = candidate.sources[source];
    const max = sourceMax.get(source) ?? 0;
    values[source] = raw === undefined || max <= 0 ? 0 : Math.max(0, raw) / max;
  }
  values.freshness = 0.5 ** (ageDays / config.freshnessHalfLifeDays);
  values.authorAffinity = Math.min(1, (liked + followed) / 5);
  values.quality = Math.min(1, smoothed / (3 * rate));
  values.seen = Math.min(1, (impressions?.count ?? 0) / config.ignoredAfter);
  values.studied = person.studiedCards.has(candidate.id) ? 1 : 0;
  values.lessAuthor = person.feedback.authors.has(candidate.authorKey) ? 1 : 0;
  values.lessTag = candidate.tags.length === 0 ? 0 : lessTags / candidate.tags.length;
  return values;
}

/** Scores every candidate (the weighted sum of its features) and sorts them, best first; ties by id. */
export function score(candidates: readonly Candidate[], person: PersonContext): Scored[] {
  const sourceMax = new Map<RecommendationSource, number>();
  for (const candidate of candidates) {
    for (const source of recommendationSources) {
      const raw = candidate.sources[source];
      if (raw !== undefined) sourceMax.set(source, Math.max(sourceMax.get(source) ?? 0, raw));
    }
  }
  const scored = candidates.map((candidate) => {
    const values = featuresOf(candidate, person, sourceMax);
    const features = recommendationFeatures.map((name) => {
      const weight = person.weights[name];
      return { name, value: values[name], weight, contribution: values[name] * weight };
    });
    const total = features.reduce((sum, feature) => sum + feature.contribution, 0);
    return { candidate, features, score: total, rankBefore: 0 };
  });
  scored.sort((a, b) => b.score - a.score || (a.candidate.id < b.candidate.id ? -1 : 1));
  scored.forEach((item, index) => (item.rankBefore = index + 1));
  return scored;
}

/** The filter a candidate fails before placement, if any (the order is the order the debug page reports). */
export function filterOf(candidate: Candidate, person: PersonContext): RecommendationFilter | undefined {
  if (candidate.authorKey === person.profileKey) return 'own-card';
  if (person.feedback.muted.has(candidate.authorKey)) return 'muted-author';
  if (person.feedback.cards.has(candidate.id)) return 'not-interested';
  if (person.likedCards.has(candidate.id)) return 'already-liked';
  if (person.served.has(candidate.id)) return 'already-shown';
  const impressions = person.impressions.get(candidate.id);
  if (impressions && impressions.count >= config.ignoredAfter && !impressions.opened) return 'ignored';
  return undefined;
}

/** The source that did most for the card's score, and the sentence its reader sees. */
export function reasonOf(item: Scored, person: PersonContext): Placed['reason'] {
  let best: RecommendationSource | undefined;
  let bestContribution = 0;
  for (const feature of item.features) {
    if (!sourceFeatures.has(feature.name) || feature.contribution <= bestContribution) continue;
    best = feature.name as RecommendationSource;
    bestContribution = feature.contribution;
  }
  const card = item.candidate;
  const source = best ?? recommendationSources.find((name) => card.sources[name] !== undefined) ?? 'trending';
  const handle = `@${card.authorHandle}`;
  switch (source) {
    case 'following':
      return { source, text: `From ${handle}, whom you follow` };
    case 'neighbours':
      return {
        source,
        text: card.seed
          ? `Because you ${seedVerbs[card.seed.kind]} “${card.seed.title}”`
          : 'Liked by people who like what you like',
      };
    case 'tags': {
      const tag = topTag(card.tags, person.tagWeights);
      if (!tag) return { source, text: 'About tags you engage with' };
      return { source, text: person.pickedTags.includes(tag) ? `Popular in #${tag}` : `More about #${tag}` };
    }
    case 'fresh':
      return { source, text: `New from ${handle}` };
    case 'trending': {
      const picked = card.tags.find((tag) => person.pickedTags.includes(tag));
      return { source, text: picked ? `Popular in #${picked}` : 'Trending now' };
    }
  }
}

function topTag(tags: readonly string[], pull: ReadonlyMap<string, number>): string | undefined {
  let best: string | undefined;
  let bestPull = 0;
  for (const tag of tags) {
    const value = pull.get(tag) ?? 0;
    if (value > bestPull) [best, bestPull] = [tag, value];
  }
  return best;
}

export type Arrangement = { placed: Placed[]; removed: Removed[] };

/**
 * Filters the scored candidates and lays them out in pages: at most `perAuthor` cards of one author on a
 * page (the others wait for a later page, which then starts early if nothing else fits), one card per
 * original among remixes, and every `explorationEvery`-th place given to the best fresh card not yet placed.
 * Stops at `maxItems` cards.
 */
export function arrange(
  scored: readonly Scored[],
  person: PersonContext,
  options: { pageSize: number; perAuthor: number; maxItems: number },
): Arrangement {
  const removed: Removed[] = [];
  const pending: Scored[] = [];
  for (const item of scored) {
    const filter = filterOf(item.candidate, person);
    if (filter) removed.push({ ...item, filter });
    else pending.push(item);
  }

  const placed: Placed[] = [];
  const roots = new Set<string>();
  const done = new Set<string>();
  const deferred = new Set<string>();
  let page = 0;
  let pageStart = 0;
  let authorsOnPage = new Map<string, number>();
  const rootOf = (card: Candidate) => card.forkOfId ?? card.id;
  const fits = (card: Candidate) => (authorsOnPage.get(card.authorKey) ?? 0) < options.perAuthor;
  const newPage = () => {
    page += 1;
    pageStart = placed.length;
    authorsOnPage = new Map();
  };
  /** The best card that may take the next place, setting aside remixes of placed cards as it goes. */
  const next = (wanted: (item: Scored) => boolean): Scored | undefined => {
    for (const item of pending) {
      const card = item.candidate;
      if (done.has(card.id)) continue;
      if (roots.has(rootOf(card)) || roots.has(card.id)) {
        done.add(card.id);
        removed.push({ ...item, filter: 'remix-of-shown' });
        continue;
      }
      if (!fits(card)) {
        if (page === 0) deferred.add(card.id);
        continue;
      }
      if (wanted(item)) return item;
    }
    return undefined;
  };

  while (placed.length < options.maxItems) {
    if (placed.length - pageStart === options.pageSize) newPage();
    const exploring = (placed.length + 1) % config.explorationEvery === 0;
    const item =
      (exploring ? next((entry) => entry.candidate.sources.fresh !== undefined) : undefined) ??
      next(() => true);
    if (item) {
      const card = item.candidate;
      done.add(card.id);
      roots.add(rootOf(card));
      roots.add(card.id);
      authorsOnPage.set(card.authorKey, (authorsOnPage.get(card.authorKey) ?? 0) + 1);
      placed.push({ ...item, rankAfter: placed.length + 1, page, reason: reasonOf(item, person) });
      continue;
    }
    // Nothing left fits this page: what waits is by authors at their cap here, so they open the next page.
    const waiting = pending.some((entry) => !done.has(entry.candidate.id));
    if (!waiting || placed.length === pageStart) break;
    newPage();
  }
  // Cards the cap kept off the first page and that found no place further down either.
  const placedIds = new Set(placed.map((item) => item.candidate.id));
  for (const item of pending) {
    if (deferred.has(item.candidate.id) && !placedIds.has(item.candidate.id)) {
      removed.push({ ...item, filter: 'author-cap' });
    }
  }
  removed.sort((a, b) => a.rankBefore - b.rankBefore);
  return { placed, removed };
}
