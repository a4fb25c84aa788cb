import {
  evaluationMethods,
  recommendationSources,
  type EvaluationMethod,
  type EvaluationRun,
} from '../../../contracts/recommendations.ts';
import type { Executor, Orm } from '../../db/client.ts';
import { seededRandom } from '../../lib/seeded-random.ts';
import { summarise, type PersonRanking } from './metrics.ts';
import { recommend, type SiteFigures } from './pipeline.ts';
import {
  evaluationCatalogue,
  evaluationSample,
  holdOut,
  inRolledBackTransaction,
  likedBy,
  tagsOfCards,
} from './repository/evaluation.ts';

/** Only people with at least this many likes are evaluated (one is held back, the rest are their history). */
const MIN_LIKES = 4;

type Result = Omit<EvaluationRun, 'id' | 'createdAt' | 'weightsVersion' | 'durationMs'>;

/**
 * Leave-last-out evaluation. For a sample of people with enough likes, their latest like of a listed card is
 * held back: inside a transaction that is always rolled back, those likes (and study of those cards) are
 * deleted and the neighbour table is built again without them, so every source sees the site as it was
 * without them. Each person then gets a top-k from each source alone, from the blend (the production
 * pipeline, filters included), from the most liked cards, and at random; each list is scored against the
 * held-back card. Trending scores and like counters still include the held-back likes, a small leak in
 * favour of trending and popularity (docs/recommendations.md).
 */
export async function evaluate(
  orm: Orm,
  site: SiteFigures,
  options: { people: number; k: number },
): Promise<Result> {
  return inRolledBackTransaction(orm, (tx) => evaluateIn(tx, site, options));
}

async function evaluateIn(
  tx: Executor,
  site: SiteFigures,
  options: { people: number; k: number },
): Promise<Result> {
  const { k } = options;
  const people = await evaluationSample(tx, options.people, MIN_LIKES);
  await holdOut(tx, people);
  const catalogue = await evaluationCatalogue(tx, k + 300);

  const lists = new Map<EvaluationMethod, PersonRanking[]>(evaluationMethods.map((method) => [method, []]));
  const random = seededRandom(20_261_126);
  for (const person of people) {
    const relevant = new Set([person.heldOut]);
    const recommendation = await recommend(tx, person.profileKey, site, {
      maxItems: k,
      exclude: [person.heldOut],
    });
    lists.get('blend')!.push({ ranked: recommendation.placed.map((item) => item.candidate.id), relevant });

    // Each source alone: its candidates by its own score, through the same filters.
    const dropped = new Set(
      recommendation.removed
        .filter((item) => item.filter !== 'author-cap' && item.filter !== 'remix-of-shown')
        .map((item) => item.candidate.id),
    );
    for (const source of recommendationSources) {
      const ranked = [...recommendation.candidates.values()]
        .filter((card) => card.sources[source] !== undefined && !dropped.has(card.id))
        .sort((a, b) => b.sources[source]! - a.sources[source]! || (a.id < b.id ? -1 : 1))
        .slice(0, k)
        .map((card) => card.id);
      lists.get(source)!.push({ ranked, relevant });
    }

    // Baselines: the most liked cards, and cards at random, less the person's own and those they liked.
    const seen = await likedBy(tx, person.profileKey);
    const eligible = (card: { id: string; authorKey: string }) =>
      card.authorKey !== person.profileKey && !seen.has(card.id);
    lists.get('popularity')!.push({
      ranked: catalogue.popular
        .filter(eligible)
        .slice(0, k)
        .map((card) => card.id),
      relevant,
    });
    const pool = catalogue.random.filter(eligible);
    const picks: string[] = [];
    for (let attempt = 0; picks.length < k && attempt < k * 10 && pool.length > 0; attempt++) {
      const id = pool[Math.floor(random() * pool.length)]!.id;
      if (!picks.includes(id)) picks.push(id);
    }
    lists.get('random')!.push({ ranked: picks, relevant });
  }

  const recommended = new Set<string>();
  for (const rankings of lists.values())
    for (const ranking of rankings) for (const id of ranking.ranked) recommended.add(id);
  const tags = await tagsOfCards(tx, [...recommended]);
  const scoring = {
    k,
    catalogueSize: Math.max(catalogue.catalogue, recommended.size),
    people: Math.max(catalogue.likers, 1),
    popularity: catalogue.popularity,
    tagsOf: (id: string) => tags.get(id) ?? [],
  };
  return {
    people: people.length,
    catalogue: catalogue.catalogue,
    k,
    results: evaluationMethods.map((method) => ({ method, ...summarise(lists.get(method)!, scoring) })),
  };
}
