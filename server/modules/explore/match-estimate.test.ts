import { describe, expect, it } from 'vitest';
import { estimateShare, type LexemeStats } from './match-estimate.ts';

const share = (q: string, from: LexemeStats) => estimateShare(q, from).share;

const stats: LexemeStats = {
  frequencies: new Map([
    ['graph', 0.2],
    ['search', 0.1],
    ['rank', 0.05],
    ['ranking', 0.01],
  ]),
  minimum: 0.002,
  cards: 100_000,
};

describe('estimateShare', () => {
  it('reads a word in its English and its simple form, as search queries both', () => {
    // "graph" is its own stem: both forms are the same lexeme, counted twice as the planner does.
    expect(share('graph', stats)).toBeCloseTo(1 - 0.8 * 0.8);
    // "ranking" stems to "rank": either lexeme.
    expect(share('Ranking', stats)).toBeCloseTo(1 - 0.95 * 0.99);
  });

  it('multiplies for every word, adds for `or`, and takes `-word` as the rest', () => {
    const both = 0.2 * 0.1;
    expect(share('graph search', stats)).toBeCloseTo(1 - (1 - both) ** 2);
    const either = 1 - 0.8 * 0.9;
    expect(share('graph or search', stats)).toBeCloseTo(1 - (1 - either) ** 2);
    expect(share('graph -search', stats)).toBeCloseTo(1 - (1 - 0.2 * 0.9) ** 2);
    expect(share('"graph search"', stats)).toBeCloseTo(1 - (1 - both) ** 2);
  });

  it('takes a word it has no statistics for as rarer than the rarest it has', () => {
    expect(share('lokanabo', stats)).toBeCloseTo(1 - (1 - 0.001) ** 2);
  });

  it('drops stop words from the English form, and a query of none matches nothing', () => {
    // English: only "graph"; simple: "the" (unknown) and "graph".
    expect(share('the graph', stats)).toBeCloseTo(1 - 0.8 * (1 - 0.001 * 0.2));
    expect(share('!!! ??', stats)).toBe(0);
  });

  it('says whether any word of the query is in the statistics', () => {
    expect(estimateShare('graph lokanabo', stats).known).toBe(true);
    expect(estimateShare('lokanabo or zeltrix', stats).known).toBe(false);
  });
});
