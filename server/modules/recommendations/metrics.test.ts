import { describe, expect, it } from 'vitest';
import { evaluationMetricsSchema } from '../../../contracts/recommendations.ts';
import {
  averagePrecisionAtK,
  catalogueCoverage,
  intraListDiversity,
  ndcgAtK,
  noveltyAtK,
  recallAtK,
  summarise,
} from './metrics.ts';

const set = (...ids: string[]) => new Set(ids);
const accuracy = [recallAtK, ndcgAtK, averagePrecisionAtK] as const;

describe('recallAtK', () => {
  it('is the share of relevant items in the first k', () => {
    // a and c are both in the first 5: 2/2.
    expect(recallAtK(['a', 'b', 'c', 'd', 'e'], set('a', 'c'), 5)).toBeCloseTo(1, 6);
    // Only a is in the first 2: 1/2.
    expect(recallAtK(['a', 'b', 'c', 'd', 'e'], set('a', 'c'), 2)).toBeCloseTo(0.5, 6);
    // x is never listed: 2/3.
    expect(recallAtK(['a', 'b', 'c', 'd', 'e'], set('a', 'c', 'x'), 5)).toBeCloseTo(0.6667, 4);
  });

  it('is 0 with nothing relevant, and with an empty list', () => {
    expect(recallAtK(['a', 'b'], set(), 5)).toBe(0);
    expect(recallAtK([], set('a'), 5)).toBe(0);
  });
});

describe('ndcgAtK', () => {
  it('discounts each hit by log2(rank + 1) against the ideal list', () => {
    // Hits at ranks 1 and 3, 2 relevant: DCG = 1/log2(2) + 1/log2(4) = 1 + 0.5 = 1.5;
    // IDCG = 1/log2(2) + 1/log2(3) = 1 + 0.63093 = 1.63093; NDCG = 1.5 / 1.63093 = 0.91972.
    expect(ndcgAtK(['a', 'x', 'c', 'y', 'z'], set('a', 'c'), 5)).toBeCloseTo(0.9197, 4);
    // One hit at rank 3, 1 relevant: DCG = 1/log2(4) = 0.5; IDCG = 1: 0.5.
    expect(ndcgAtK(['x', 'y', 'a'], set('a'), 5)).toBeCloseTo(0.5, 6);
    // One hit at rank 2, 1 relevant: 1/log2(3) = 0.63093.
    expect(ndcgAtK(['x', 'a'], set('a'), 5)).toBeCloseTo(0.6309, 4);
  });

  it('takes the ideal from min(k, relevant) hits, not from every relevant item', () => {
    // k = 2, 3 relevant, hit at rank 1: DCG = 1; IDCG = 1 + 1/log2(3) = 1.63093 (two places, not three,
    // which would be 1 + 0.63093 + 0.5 = 2.13093 and give 0.4693): 1 / 1.63093 = 0.61315.
    expect(ndcgAtK(['a', 'x', 'b'], set('a', 'b', 'c'), 2)).toBeCloseTo(0.6131, 4);
  });

  it('is 0 with nothing relevant, and with an empty list', () => {
    expect(ndcgAtK(['a', 'b'], set(), 5)).toBe(0);
    expect(ndcgAtK([], set('a'), 5)).toBe(0);
  });
});

describe('averagePrecisionAtK', () => {
  it('averages the precision at each hit over min(k, relevant)', () => {
    // Hits at ranks 1 and 3, 2 relevant: (1/1 + 2/3) / 2 = 0.83333.
    expect(averagePrecisionAtK(['a', 'x', 'c', 'y', 'z'], set('a', 'c'), 5)).toBeCloseTo(0.8333, 4);
    // Hits at ranks 2 and 4, 2 relevant: (1/2 + 2/4) / 2 = 0.5.
    expect(averagePrecisionAtK(['x', 'a', 'y', 'c'], set('a', 'c'), 5)).toBeCloseTo(0.5, 6);
    // A relevant item never listed still counts in the divisor: hit at rank 1, 2 relevant: (1/1) / 2 = 0.5.
    expect(averagePrecisionAtK(['a', 'x'], set('a', 'c'), 5)).toBeCloseTo(0.5, 6);
  });

  it('divides by k when there are more relevant items than places', () => {
    // k = 2, 3 relevant, hit at rank 2: (1/2) / min(2, 3) = 0.25 (dividing by 3 would give 0.16667).
    expect(averagePrecisionAtK(['x', 'a', 'b'], set('a', 'b', 'c'), 2)).toBeCloseTo(0.25, 6);
  });

  it('is 0 with nothing relevant, and with an empty list', () => {
    expect(averagePrecisionAtK(['a', 'b'], set(), 5)).toBe(0);
    expect(averagePrecisionAtK([], set('a'), 5)).toBe(0);
  });
});

describe('recall, NDCG and AP together', () => {
  it('read a list shorter than k as it is', () => {
    // One item, relevant, k = 10: recall 1/1; DCG 1 over IDCG from min(10, 1) = 1 hit; AP (1/1) / 1.
    for (const metric of accuracy) expect(metric(['a'], set('a'), 10)).toBeCloseTo(1, 6);
  });

  it('count a repeated item at its first position only, the repeat still taking a place', () => {
    // a, a, c with k = 2: the first two places hold only a. Recall 1/2 (not 2/2);
    // NDCG 1 / (1 + 1/log2(3)) = 1 / 1.63093 = 0.61315; AP (1/1) / 2 = 0.5 (not (1/1 + 2/2) / 2 = 1).
    expect(recallAtK(['a', 'a', 'c'], set('a', 'c'), 2)).toBeCloseTo(0.5, 6);
    expect(ndcgAtK(['a', 'a', 'c'], set('a', 'c'), 2)).toBeCloseTo(0.6131, 4);
    expect(averagePrecisionAtK(['a', 'a', 'c'], set('a', 'c'), 2)).toBeCloseTo(0.5, 6);
    // With k = 3, c is found at rank 3: recall 2/2; NDCG (1 + 1/log2(4)) / 1.63093 = 1.5 / 1.63093 = 0.91972;
    // AP (1/1 + 2/3) / 2 = 0.83333.
    expect(recallAtK(['a', 'a', 'c'], set('a', 'c'), 3)).toBeCloseTo(1, 6);
    expect(ndcgAtK(['a', 'a', 'c'], set('a', 'c'), 3)).toBeCloseTo(0.9197, 4);
    expect(averagePrecisionAtK(['a', 'a', 'c'], set('a', 'c'), 3)).toBeCloseTo(0.8333, 4);
  });

  it('give 1 to every perfect ranking, and less when a miss is put above a hit', () => {
    const others = ['p', 'q', 'r', 's', 't', 'u'];
    for (let size = 1; size <= 5; size++) {
      const relevant = Array.from({ length: size }, (_, i) => `hit${i}`);
      for (let k = 1; k <= 8; k++) {
        // Any order of the hits is perfect: rotate them so the test does not depend on one.
        for (let turn = 0; turn < size; turn++) {
          const hits = [...relevant.slice(turn), ...relevant.slice(0, turn)];
          const perfect = [...hits, ...others];
          expect(ndcgAtK(perfect, new Set(relevant), k)).toBeCloseTo(1, 9);
          expect(averagePrecisionAtK(perfect, new Set(relevant), k)).toBeCloseTo(1, 9);
          // Recall can only reach 1 when there are places for every hit.
          expect(recallAtK(perfect, new Set(relevant), k)).toBeCloseTo(Math.min(k, size) / size, 9);
          if (k >= size) expect(recallAtK(perfect, new Set(relevant), k)).toBeCloseTo(1, 9);
          // One miss on top pushes every hit down a place: no longer perfect when a hit is within k.
          const flawed = ['p', ...hits, ...others.slice(1)];
          if (k >= 2) {
            expect(ndcgAtK(flawed, new Set(relevant), k)).toBeLessThan(1 - 1e-9);
            expect(averagePrecisionAtK(flawed, new Set(relevant), k)).toBeLessThan(1 - 1e-9);
          }
        }
      }
    }
  });

  it('refuse a k that is not a positive integer', () => {
    for (const metric of accuracy) {
      for (const k of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
        expect(() => metric(['a'], set('a'), k)).toThrow(RangeError);
      }
    }
  });
});

describe('catalogueCoverage', () => {
  const lists = [['a', 'b', 'c'], ['b', 'c', 'd'], []];

  it('is the share of the catalogue in anyone’s top k', () => {
    // Top 2s: {a, b} and {b, c}: 3 distinct of 10 = 0.3.
    expect(catalogueCoverage(lists, 10, 2)).toBeCloseTo(0.3, 6);
    // Top 3s: {a, b, c} and {b, c, d}: 4 of 10 = 0.4.
    expect(catalogueCoverage(lists, 10, 3)).toBeCloseTo(0.4, 6);
    // k beyond every list changes nothing; repeats count once.
    expect(catalogueCoverage([...lists, ['a', 'a', 'd']], 10, 50)).toBeCloseTo(0.4, 6);
  });

  it('is 0 with no lists', () => {
    expect(catalogueCoverage([], 10, 5)).toBe(0);
    expect(catalogueCoverage([], 0, 5)).toBe(0);
  });

  it('refuses a bad k, a bad size, or more items than the catalogue holds', () => {
    expect(() => catalogueCoverage(lists, 10, 0)).toThrow(RangeError);
    expect(() => catalogueCoverage(lists, -1, 2)).toThrow(RangeError);
    expect(() => catalogueCoverage(lists, 2.5, 2)).toThrow(RangeError);
    expect(() => catalogueCoverage(lists, 3, 3)).toThrow(RangeError);
  });
});

describe('noveltyAtK', () => {
  // 7 people: a was seen by all, b by 3, c by none.
  const popularity = new Map([
    ['a', 7],
    ['b', 3],
  ]);

  it('is the mean of -log2((count + 1) / (people + 1)), in bits', () => {
    // a: -log2(8/8) = 0; b: -log2(4/8) = 1; c: -log2(1/8) = 3. Mean (0 + 1 + 3) / 3 = 1.33333.
    expect(noveltyAtK(['a', 'b', 'c'], popularity, 7, 3)).toBeCloseTo(1.3333, 4);
    // First 2 only: (0 + 1) / 2 = 0.5.
    expect(noveltyAtK(['a', 'b', 'c'], popularity, 7, 2)).toBeCloseTo(0.5, 6);
    // An item nobody has seen is finite: 3 bits here, not Infinity.
    expect(noveltyAtK(['c'], popularity, 7, 1)).toBeCloseTo(3, 6);
  });

  it('counts a repeated item once, and is 0 for an empty list', () => {
    // a, c, c: distinct a and c, (0 + 3) / 2 = 1.5 (counting c twice would give 2).
    expect(noveltyAtK(['a', 'c', 'c'], popularity, 7, 3)).toBeCloseTo(1.5, 6);
    expect(noveltyAtK([], popularity, 7, 3)).toBe(0);
  });

  it('refuses a bad k, and popularity counts beyond the people counted', () => {
    expect(() => noveltyAtK(['a'], popularity, 7, 0)).toThrow(RangeError);
    expect(() => noveltyAtK(['a'], popularity, 6, 1)).toThrow(RangeError);
    expect(() => noveltyAtK(['a'], new Map([['a', -1]]), 7, 1)).toThrow(RangeError);
    expect(() => noveltyAtK(['a'], popularity, -1, 1)).toThrow(RangeError);
  });
});

describe('intraListDiversity', () => {
  const tags: Record<string, string[]> = {
    a: ['ml', 'math', 'stats'],
    b: ['ml', 'math'],
    c: ['art'],
    d: [],
    e: [],
    f: ['ml', 'ml'],
    g: ['ml'],
    h: ['ml', 'art'],
  };
  const tagsOf = (id: string) => tags[id] ?? [];

  it('is the mean pairwise Jaccard distance of the first k', () => {
    // a–b: 1 - 2/3 = 0.33333; a–c: 1 - 0/4 = 1; b–c: 1 - 0/3 = 1. Mean (1/3 + 1 + 1) / 3 = 0.77778.
    expect(intraListDiversity(['a', 'b', 'c'], tagsOf, 3)).toBeCloseTo(0.7778, 4);
    // First 2: a–b only, 0.33333.
    expect(intraListDiversity(['a', 'b', 'c'], tagsOf, 2)).toBeCloseTo(0.3333, 4);
    // b–h share ml of {ml, math, art}: 1 - 1/3 = 0.66667 (the union, not the larger set, which gives 0.5).
    expect(intraListDiversity(['b', 'h'], tagsOf, 2)).toBeCloseTo(0.6667, 4);
  });

  it('takes two untagged items as alike, and an untagged and a tagged one as apart', () => {
    // d–e: 0; d–c: 1 - 0/1 = 1; e–c: 1. Mean (0 + 1 + 1) / 3 = 0.66667.
    expect(intraListDiversity(['d', 'e'], tagsOf, 2)).toBeCloseTo(0, 6);
    expect(intraListDiversity(['d', 'e', 'c'], tagsOf, 3)).toBeCloseTo(0.6667, 4);
  });

  it('reads tags as sets, and counts a repeated item once', () => {
    // f's tags are {ml}, the same as g's: distance 0.
    expect(intraListDiversity(['f', 'g'], tagsOf, 2)).toBeCloseTo(0, 6);
    // a, a, c: the one pair a–c, distance 1 (keeping the repeat would give (0 + 1 + 1) / 3).
    expect(intraListDiversity(['a', 'a', 'c'], tagsOf, 3)).toBeCloseTo(1, 6);
  });

  it('is 0 for fewer than two items', () => {
    expect(intraListDiversity([], tagsOf, 5)).toBe(0);
    expect(intraListDiversity(['a'], tagsOf, 5)).toBe(0);
    expect(intraListDiversity(['a', 'a'], tagsOf, 5)).toBe(0);
    expect(intraListDiversity(['a', 'c'], tagsOf, 1)).toBe(0);
  });

  it('refuses a bad k', () => {
    expect(() => intraListDiversity(['a', 'b'], tagsOf, 0)).toThrow(RangeError);
  });
});

describe('summarise', () => {
  const tags: Record<string, string[]> = { a: ['ml', 'math', 'stats'], b: ['ml', 'math'], c: ['art'] };
  const options = {
    k: 2,
    catalogueSize: 5,
    people: 7,
    popularity: new Map([
      ['a', 7],
      ['b', 3],
    ]),
    tagsOf: (id: string) => tags[id] ?? [],
  };

  it('averages the per-person measures over people and takes coverage over all lists', () => {
    const metrics = summarise(
      [
        // Top 2 {a, b}, b held back: recall 1; NDCG 1/log2(3) = 0.63093; AP (1/2) / 1 = 0.5;
        // novelty (0 + 1) / 2 = 0.5 bits; diversity a–b = 1 - 2/3 = 0.33333.
        { ranked: ['a', 'b', 'c'], relevant: set('b') },
        // Top 2 {c, d}, e held back: recall, NDCG and AP 0; novelty (3 + 3) / 2 = 3 bits;
        // diversity c–d = 1 - 0/1 = 1 (d has no tags).
        { ranked: ['c', 'd', 'a'], relevant: set('e') },
      ],
      options,
    );
    expect(evaluationMetricsSchema.parse(metrics)).toEqual(metrics);
    expect(metrics.recall).toBeCloseTo(0.5, 6); // (1 + 0) / 2
    expect(metrics.ndcg).toBeCloseTo(0.3155, 4); // (0.63093 + 0) / 2
    expect(metrics.map).toBeCloseTo(0.25, 6); // (0.5 + 0) / 2
    expect(metrics.coverage).toBeCloseTo(0.8, 6); // {a, b, c, d} of 5
    expect(metrics.novelty).toBeCloseTo(1.75, 6); // (0.5 + 3) / 2
    expect(metrics.diversity).toBeCloseTo(0.6667, 4); // (0.33333 + 1) / 2
  });

  it('is all zeros with no people', () => {
    expect(summarise([], options)).toEqual({
      recall: 0,
      ndcg: 0,
      map: 0,
      coverage: 0,
      novelty: 0,
      diversity: 0,
    });
  });

  it('refuses a bad k even with no people', () => {
    expect(() => summarise([], { ...options, k: 0 })).toThrow(RangeError);
  });
});
