import type { EvaluationMetrics } from '../../../contracts/recommendations.ts';

/**
 * The measures of the offline evaluation: each method ranks cards for a person, one interaction of theirs
 * held back, and these say how well the list found it and what kind of list it was. Relevance is binary. An
 * item listed twice counts at its first position only: the repeat still takes its place in the top k, so a
 * method gains nothing from repeating a hit and loses the slot it wasted.
 */

/** A top-k cut-off is a count of places: zero, fractions and NaN are caller bugs, not empty answers. */
function checkK(k: number): void {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, not ${k}`);
}

/** Counts that feed a ratio must be whole and non-negative, or the ratio means nothing. */
function checkCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, not ${value}`);
  }
}

/** Every metric reads the same top k, so repeats are dropped in one place, keeping each item's first rank. */
function firstK(ranked: readonly string[], k: number): { id: string; rank: number }[] {
  checkK(k);
  const seen = new Set<string>();
  const items: { id: string; rank: number }[] = [];
  ranked.slice(0, k).forEach((id, index) => {
    if (seen.has(id)) return;
    seen.add(id);
    items.push({ id, rank: index + 1 });
  });
  return items;
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

/** With one held-back item per person this is the hit rate: was it in the top k at all. */
export function recallAtK(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  const top = firstK(ranked, k);
  if (relevant.size === 0) return 0;
  return top.filter(({ id }) => relevant.has(id)).length / relevant.size;
}

/** Rewards a hit more the nearer the top it is, scaled so the best possible list of this length scores 1. */
export function ndcgAtK(ranked: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  const top = firstK(ranked, k);
  const ideal = Math.min(k, relevant.size);
  if (ideal === 0) return 0;
  const dcg = top.reduce((sum, { id, rank }) => (relevant.has(id) ? sum + 1 / Math.log2(rank + 1) : sum), 0);
  let idcg = 0;
  for (let rank = 1; rank <= ideal; rank++) idcg += 1 / Math.log2(rank + 1);
  return dcg / idcg;
}

/** Precision read at each hit, so a list is rewarded for putting all its hits early, not just its first. */
export function averagePrecisionAtK(
  ranked: readonly string[],
  relevant: ReadonlySet<string>,
  k: number,
): number {
  const top = firstK(ranked, k);
  const possible = Math.min(k, relevant.size);
  if (possible === 0) return 0;
  let hits = 0;
  let sum = 0;
  for (const { id, rank } of top) {
    if (!relevant.has(id)) continue;
    hits += 1;
    sum += hits / rank;
  }
  return sum / possible;
}

/** Showing everyone the same few cards can score well on accuracy while most of the catalogue goes unseen. */
export function catalogueCoverage(
  lists: readonly (readonly string[])[],
  catalogueSize: number,
  k: number,
): number {
  checkK(k);
  checkCount('catalogueSize', catalogueSize);
  const shown = new Set(lists.flatMap((list) => firstK(list, k).map(({ id }) => id)));
  if (shown.size > catalogueSize) {
    throw new RangeError(
      `${shown.size} distinct items were recommended from a catalogue of ${catalogueSize}`,
    );
  }
  return catalogueSize === 0 ? 0 : shown.size / catalogueSize;
}

/** Mean self-information of the top k, in bits: a card most people have seen is little news to anyone. */
export function noveltyAtK(
  ranked: readonly string[],
  popularity: ReadonlyMap<string, number>,
  people: number,
  k: number,
): number {
  const top = firstK(ranked, k);
  checkCount('people', people);
  return mean(
    top.map(({ id }) => {
      // `popularity` counts the people who interacted with an item; a missing item had none.
      const count = popularity.get(id) ?? 0;
      // A count above the people counted would make p exceed 1 and the novelty negative.
      if (!Number.isInteger(count) || count < 0 || count > people) {
        throw new RangeError(`popularity of ${id} must be an integer from 0 to ${people}, not ${count}`);
      }
      // The +1 on both sides keeps an item nobody has seen finite.
      return -Math.log2((count + 1) / (people + 1));
    }),
  );
}

/** Two untagged cards give no evidence they differ, so they count as alike rather than as opposites. */
function jaccardDistance(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const tag of a) if (b.has(tag)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : 1 - shared / union;
}

/** Mean pairwise tag distance of the top k: ten cards on one topic make a narrow list, however accurate. */
export function intraListDiversity(
  ranked: readonly string[],
  tagsOf: (id: string) => readonly string[],
  k: number,
): number {
  const tags = firstK(ranked, k).map(({ id }) => new Set(tagsOf(id)));
  const distances: number[] = [];
  for (let i = 0; i < tags.length; i++) {
    for (let j = i + 1; j < tags.length; j++) distances.push(jaccardDistance(tags[i]!, tags[j]!));
  }
  return mean(distances);
}

/** One person's ranked list and the items held back from them. */
export type PersonRanking = { ranked: readonly string[]; relevant: ReadonlySet<string> };

/** What the per-list metrics need besides the lists: the cut-off, the catalogue and its popularity. */
export type SummaryOptions = {
  k: number;
  catalogueSize: number;
  /** People the popularity counts were taken over. */
  people: number;
  popularity: ReadonlyMap<string, number>;
  tagsOf: (id: string) => readonly string[];
};

/** Per-person measures are averaged so each person weighs the same; coverage is over all lists at once. */
export function summarise(perPerson: readonly PersonRanking[], options: SummaryOptions): EvaluationMetrics {
  const { k, catalogueSize, people, popularity, tagsOf } = options;
  checkK(k);
  checkCount('catalogueSize', catalogueSize);
  checkCount('people', people);
  if (perPerson.length === 0) return { recall: 0, ndcg: 0, map: 0, coverage: 0, novelty: 0, diversity: 0 };
  const over = (metric: (person: PersonRanking) => number) => mean(perPerson.map(metric));
  return {
    recall: over(({ ranked, relevant }) => recallAtK(ranked, relevant, k)),
    ndcg: over(({ ranked, relevant }) => ndcgAtK(ranked, relevant, k)),
    map: over(({ ranked, relevant }) => averagePrecisionAtK(ranked, relevant, k)),
    coverage: catalogueCoverage(
      perPerson.map(({ ranked }) => ranked),
      catalogueSize,
      k,
    ),
    novelty: over(({ ranked }) => noveltyAtK(ranked, popularity, people, k)),
    diversity: over(({ ranked }) => intraListDiversity(ranked, tagsOf, k)),
  };
}
