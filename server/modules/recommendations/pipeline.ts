import {
  recommendationLimits,
  recommendationSources,
  type RecommendationSource,
  type SignalCounts,
} from '../../../contracts/recommendations.ts';
import type { Executor } from '../../db/client.ts';
import {
  arrange,
  score,
  type Arrangement,
  type Candidate,
  type PersonContext,
  type SeedKind,
} from './ranking.ts';
import {
  candidateFacts,
  followingCandidates,
  freshCandidates,
  neighbourCandidates,
  tagPools,
  trendingCandidates,
} from './repository/candidates.ts';
import { together } from './repository/params.ts';
import { readSignals, type SignalRows } from './repository/signals.ts';
import { tiltedWeights, weights as config } from './weights.ts';

const DAY_MS = 86_400_000;
/** Tags whose pools are read: the person's strongest, after inverse frequency. */
const TOP_TAGS = 10;
/** Cards read from each tag's pool (its most trending first). */
const POOL_READ = 20;
/** Seeds of the neighbours source: the person's most recent likes and studied cards. */
const SEEDS = 30;
/** How much each kind of engagement says about a person's tastes. */
const ENGAGEMENT = {
  like: 1,
  study: 0.7,
  remix: 0.8,
  share: 0.6,
  authored: 0.5,
  picked: 0.5,
  deck: 0.5,
} as const;

/** Site-wide figures the pipeline reads, cached by the service. */
export type SiteFigures = { likeRate: number; listedCards: number };

/** One run of the recommender for a person: the candidates of every source, ranked, filtered and arranged. */
export type Recommendation = Arrangement & {
  mode: 'personal' | 'cold-start';
  signals: SignalCounts;
  tilt: number;
  pickedTags: string[];
  /** The version of the person's signals this run read (see `recommendation_signal_versions`). */
  signalsVersion: number;
  sourceCounts: { source: RecommendationSource; candidates: number; kept: number }[];
  /** Every candidate after the visibility rules, for "Why not this card?". */
  candidates: ReadonlyMap<string, Candidate>;
};

export type RecommendOptions = {
  /** Cards served earlier in this visit. */
  served?: ReadonlySet<string>;
  /** Cards to leave out of the person's own signals (the evaluation's held-back ones). */
  exclude?: readonly string[];
  maxItems: number;
  now?: Date;
};

const decay = (at: Date, now: Date) =>
  0.5 ** (Math.max(0, now.getTime() - at.getTime()) / DAY_MS / config.signalHalfLifeDays);

/** How many signals the person has, and how many the feed needs before it is personal. */
export function signalCountsOf(signals: SignalRows): SignalCounts {
  const total = signals.likeCount + signals.studiedCount + signals.authoredCount + signals.follows.length;
  return {
    likes: signals.likeCount,
    studied: signals.studiedCount,
    authored: signals.authoredCount,
    follows: signals.follows.length,
    total,
    needed: recommendationLimits.signalsNeeded,
  };
}

/** The person's pull toward each tag: engagements weighted by kind and recency (before inverse frequency). */
export function tagAffinity(signals: SignalRows, now: Date): Map<string, number> {
  const pull = new Map<string, number>();
  const add = (tags: readonly string[], weight: number) => {
    for (const tag of tags) pull.set(tag, (pull.get(tag) ?? 0) + weight);
  };
  for (const like of signals.likes) add(like.tags, ENGAGEMENT.like * decay(new Date(like.at), now));
  for (const item of signals.studied) add(item.tags, ENGAGEMENT.study * decay(new Date(item.at), now));
  for (const item of signals.remixed) add(item.tags, ENGAGEMENT.remix * decay(new Date(item.at), now));
  for (const item of signals.shared) add(item.tags, ENGAGEMENT.share * decay(new Date(item.at), now));
  for (const card of signals.authored) add(card.tags, ENGAGEMENT.authored * decay(new Date(card.at), now));
  add(signals.preferences.tags, ENGAGEMENT.picked);
  add(signals.deckTags, ENGAGEMENT.deck);
  return pull;
}

/**
 * Runs the recommender for one person on `db` (the pool, or the evaluation's transaction): candidate
 * sources, the visibility rules, features and score, filters, then pages.
 */
export async function recommend(
  db: Executor,
  profileKey: string,
  site: SiteFigures,
  options: RecommendOptions,
): Promise<Recommendation> {
  const now = options.now ?? new Date();
  // Trending and fresh cards do not depend on the person: read alongside their signals.
  const [signals, trending, fresh] = await together(db, [
    () => readSignals(db, profileKey, options.exclude),
    () => trendingCandidates(db),
    () => freshCandidates(db),
  ]);
  const counts = signalCountsOf(signals);
  const mode = counts.total >= counts.needed ? 'personal' : 'cold-start';
  const pickedTags = signals.preferences.tags;

  // Tags: in cold start only the picked ones; otherwise the strongest after inverse tag frequency.
  const affinity =
    mode === 'personal' ? tagAffinity(signals, now) : new Map(pickedTags.map((tag) => [tag, 1]));
  const byPull = [...affinity].sort((a, b) => b[1] - a[1]).slice(0, TOP_TAGS * 2);
  const pools = await tagPools(
    db,
    byPull.map(([tag]) => tag),
  );
  const tagWeights = new Map<string, number>();
  for (const pool of pools) {
    const idf = Math.log(1 + Math.max(1, site.listedCards) / Math.max(1, pool.cards));
    tagWeights.set(pool.tag, (affinity.get(pool.tag) ?? 0) * idf);
  }
  const topTags = new Set(
    [...tagWeights]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP_TAGS)
      .map(([tag]) => tag),
  );
  const strongest = Math.max(0, ...tagWeights.values());

  const seeds = new Map<string, { weight: number; title: string; kind: SeedKind }>();
  if (mode === 'personal') {
    const engagements = [
      ...signals.likes.map((item) => ({ ...item, weight: ENGAGEMENT.like, kind: 'engaged' as const })),
      ...signals.studied.map((item) => ({ ...item, weight: ENGAGEMENT.study, kind: 'engaged' as const })),
      ...signals.remixed.map((item) => ({ ...item, weight: ENGAGEMENT.remix, kind: 'remixed' as const })),
      ...signals.shared.map((item) => ({ ...item, weight: ENGAGEMENT.share, kind: 'shared' as const })),
    ].sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime());
    for (const item of engagements) {
      if (seeds.size >= SEEDS) break;
      if (!seeds.has(item.cardId)) {
        const weight = item.weight * decay(new Date(item.at), now);
        seeds.set(item.cardId, { weight, title: item.title, kind: item.kind });
      }
    }
  }

  const [following, neighbours] = await together(db, [
    () => (mode === 'personal' ? followingCandidates(db, signals.follows) : Promise.resolve([])),
    () =>
      neighbourCandidates(
        db,
        [...seeds].map(([id, seed]) => ({ id, weight: seed.weight })),
      ),
  ]);

  const raw = new Map<string, Partial<Record<RecommendationSource, number>>>();
  const propose = (id: string, source: RecommendationSource, value: number) => {
    const entry = raw.get(id) ?? {};
    entry[source] = Math.max(entry[source] ?? -Infinity, value);
    raw.set(id, entry);
  };
  const nowSeconds = now.getTime() / 1000;
  for (const row of following) propose(row.id, 'following', 0.5 ** ((nowSeconds - row.score) / 86_400 / 14));
  for (const row of fresh) propose(row.id, 'fresh', 0.5 ** ((nowSeconds - row.score) / 86_400 / 3));
  for (const row of trending) propose(row.id, 'trending', Math.max(0, row.score));
  const seedOf = new Map<string, string>();
  for (const row of neighbours) {
    propose(row.id, 'neighbours', row.score);
    seedOf.set(row.id, row.seed);
  }
  const pooled = new Set<string>();
  for (const pool of pools) {
    if (topTags.has(pool.tag)) for (const id of pool.pool.slice(0, POOL_READ)) pooled.add(id);
  }
  for (const id of pooled) if (!raw.has(id)) raw.set(id, {});

  const facts = await candidateFacts(db, profileKey, [...raw.keys()]);
  const candidates = new Map<string, Candidate>();
  for (const fact of facts) {
    const sources = { ...raw.get(fact.id) };
    // Tag affinity counts for every candidate about the person's tags, not only those from the pools.
    const pull = fact.tags.reduce((sum, tag) => sum + (tagWeights.get(tag) ?? 0), 0);
    if (pull > 0 && strongest > 0) sources.tags = pull / strongest;
    if (Object.keys(sources).length === 0) continue;
    const seed = seedOf.get(fact.id);
    candidates.set(fact.id, {
      ...fact,
      publishedAt: new Date(fact.publishedAt),
      sources,
      seed: seed === undefined ? undefined : seeds.get(seed),
    });
  }

  const authorLikes = new Map<string, number>();
  for (const like of signals.likes)
    authorLikes.set(like.authorKey, (authorLikes.get(like.authorKey) ?? 0) + 1);
  const feedbackOf = (kind: string) =>
    new Set(signals.feedback.filter((item) => item.kind === kind).map((item) => item.target));
  const person: PersonContext = {
    profileKey,
    follows: new Set(signals.follows),
    authorLikes,
    likedCards: new Set(signals.likes.map((like) => like.cardId)),
    studiedCards: new Set(signals.studied.map((item) => item.cardId)),
    impressions: new Map(signals.impressions.map((row) => [row.cardId, row])),
    feedback: {
      cards: feedbackOf('card'),
      authors: feedbackOf('author'),
      tags: feedbackOf('tag'),
      muted: feedbackOf('mute'),
    },
    tagWeights,
    weights: tiltedWeights(signals.preferences.tilt),
    siteLikeRate: site.likeRate,
    now,
    served: options.served ?? new Set(),
    pickedTags,
  };
  const arrangement = arrange(score([...candidates.values()], person), person, {
    pageSize: recommendationLimits.pageSize,
    perAuthor: recommendationLimits.perAuthorPerPage,
    maxItems: options.maxItems,
  });
  const sourceCounts = recommendationSources.map((source) => ({
    source,
    candidates: [...candidates.values()].filter((card) => card.sources[source] !== undefined).length,
    kept: arrangement.placed.filter((item) => item.candidate.sources[source] !== undefined).length,
  }));
  return {
    ...arrangement,
    mode,
    signals: counts,
    tilt: signals.preferences.tilt,
    pickedTags,
    signalsVersion: signals.signalsVersion,
    sourceCounts,
    candidates,
  };
}
