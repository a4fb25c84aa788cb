import type {
  EvaluationMethod,
  EvaluationMetrics,
  EvaluationRun,
  RecommendationFeature,
  RecommendationSource,
} from '../../../contracts/recommendations.ts';

const significant = new Intl.NumberFormat('en', { maximumSignificantDigits: 3 });
const whole = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });
const exactTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const shortTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

/** A score, weight or metric to 3 significant digits: 0.0523, 0.41, 1,230. */
export function formatNumber(value: number): string {
  return significant.format(value);
}

/** A count: 1,234. */
export function formatCount(value: number): string {
  return whole.format(value);
}

/** A share of impressions, or a dash when there were none to divide by. */
export function formatRate(part: number, total: number): string {
  return total > 0 ? percent.format(part / total) : '—';
}

/** A moment in full, for tables and tooltips. */
export function formatTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : exactTime.format(time);
}

/** A moment in short, for a chart's axis. */
export function formatShortTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : shortTime.format(time);
}

/** The short name of a source, for chips, tables and charts; `sourceLabels` says what each one is. */
export const sourceNames = {
  following: 'Following',
  tags: 'Tags',
  neighbours: 'Neighbours',
  trending: 'Trending',
  fresh: 'Fresh',
} as const satisfies Record<RecommendationSource, string>;

export const methodNames = {
  ...sourceNames,
  blend: 'Blend',
  popularity: 'Popularity',
  random: 'Random',
} as const satisfies Record<EvaluationMethod, string>;

export type MetricKey = keyof EvaluationMetrics;

/** The columns of the evaluation table, in order; every metric is better when higher. */
export const metricKeys = [
  'recall',
  'ndcg',
  'map',
  'coverage',
  'novelty',
  'diversity',
] as const satisfies readonly MetricKey[];

/** A metric's column heading; the ranking metrics name the cut-off of the run. */
export function metricName(metric: MetricKey, k: number): string {
  switch (metric) {
    case 'recall':
      return `Recall@${k}`;
    case 'ndcg':
      return `NDCG@${k}`;
    case 'map':
      return `MAP@${k}`;
    case 'coverage':
      return 'Coverage';
    case 'novelty':
      return 'Novelty (bits)';
    case 'diversity':
      return 'Diversity';
  }
}

/** The highest value of each metric in a run: the cells to highlight (ties are all best). */
export function bestPerMetric(run: EvaluationRun): Record<MetricKey, number> {
  const best = {} as Record<MetricKey, number>;
  for (const metric of metricKeys) {
    best[metric] = Math.max(...run.results.map((result) => result[metric]));
  }
  return best;
}

type Outcome = 'beats' | 'ties' | 'loses';

function outcomeOf(blend: number, baseline: number): Outcome {
  if (blend > baseline) return 'beats';
  if (blend < baseline) return 'loses';
  return 'ties';
}

const outcomeOrder: Outcome[] = ['beats', 'ties', 'loses'];
// The first verb names the baseline; the second, after "and", leaves it understood.
const firstVerb: Record<Outcome, string> = {
  beats: 'beats popularity',
  ties: 'ties with popularity',
  loses: 'loses to popularity',
};
const secondVerb: Record<Outcome, string> = { beats: 'beats', ties: 'ties', loses: 'loses' };

/**
 * One sentence comparing the blend with the popularity baseline on accuracy (NDCG@k) and coverage, worded
 * from the numbers: "The blend beats popularity on coverage (0.41 vs 0.02) and loses on NDCG@10 (0.05 vs
 * 0.07)." Null when the run lacks either method.
 */
export function blendVersusPopularity(run: EvaluationRun): string | null {
  const blend = run.results.find((result) => result.method === 'blend');
  const popularity = run.results.find((result) => result.method === 'popularity');
  if (!blend || !popularity) return null;
  const parts = (['ndcg', 'coverage'] as const).map((metric) => ({
    name: metric === 'ndcg' ? `NDCG@${run.k}` : 'coverage',
    outcome: outcomeOf(blend[metric], popularity[metric]),
    numbers:
      blend[metric] === popularity[metric]
        ? `${formatNumber(blend[metric])} each`
        : `${formatNumber(blend[metric])} vs ${formatNumber(popularity[metric])}`,
  }));
  const [first, second] = parts.sort(
    (a, b) => outcomeOrder.indexOf(a.outcome) - outcomeOrder.indexOf(b.outcome),
  ) as [(typeof parts)[number], (typeof parts)[number]];
  if (first.outcome === second.outcome) {
    return `The blend ${firstVerb[first.outcome]} on both ${first.name} (${first.numbers}) and ${second.name} (${second.numbers}).`;
  }
  return `The blend ${firstVerb[first.outcome]} on ${first.name} (${first.numbers}) and ${secondVerb[second.outcome]} on ${second.name} (${second.numbers}).`;
}

/** What each feature of the score measures, in a few words. */
export const featureNames = {
  following: 'Following (source score)',
  tags: 'Tags (source score)',
  neighbours: 'Neighbours (source score)',
  trending: 'Trending (source score)',
  fresh: 'Fresh (source score)',
  freshness: 'Freshness',
  authorAffinity: 'Affinity with the author',
  quality: 'Quality',
  seen: 'Seen before',
  studied: 'Already studied',
  lessAuthor: '“Less from this author”',
  lessTag: '“Less about this tag”',
} as const satisfies Record<RecommendationFeature, string>;
