import { describe, expect, it } from 'vitest';
import { bestPerMetric, blendVersusPopularity, formatNumber, formatRate } from './format.ts';
import { evaluationRun } from './test-fixtures.ts';

describe('the debug page’s numbers', () => {
  it('keeps 3 significant digits', () => {
    expect(formatNumber(0.123456)).toBe('0.123');
    expect(formatNumber(-0.061728)).toBe('-0.0617');
    expect(formatNumber(1.011728)).toBe('1.01');
    expect(formatNumber(12_345)).toBe('12,300');
    expect(formatNumber(0.41)).toBe('0.41');
    expect(formatNumber(0)).toBe('0');
  });

  it('gives a rate as a percentage, and a dash without impressions', () => {
    expect(formatRate(30, 200)).toBe('15%');
    expect(formatRate(1, 3)).toBe('33.3%');
    expect(formatRate(0, 0)).toBe('—');
  });

  it('finds the best value of each metric, ties included', () => {
    const run = evaluationRun({}, { blend: { coverage: 0.41, ndcg: 0.05 }, popularity: { ndcg: 0.07 } });
    const best = bestPerMetric(run);
    expect(best.coverage).toBe(0.41);
    expect(best.ndcg).toBe(0.07);
    // Every method has the fixture's recall of 0.1: all of them are best.
    expect(best.recall).toBe(0.1);
  });
});

describe('the blend against popularity', () => {
  it('says where the blend wins first, then where it loses', () => {
    const run = evaluationRun(
      { k: 10 },
      { blend: { ndcg: 0.05, coverage: 0.41 }, popularity: { ndcg: 0.07, coverage: 0.02 } },
    );
    expect(blendVersusPopularity(run)).toBe(
      'The blend beats popularity on coverage (0.41 vs 0.02) and loses on NDCG@10 (0.05 vs 0.07).',
    );
  });

  it('says "on both" when the blend wins or loses on both', () => {
    expect(
      blendVersusPopularity(
        evaluationRun(
          { k: 20 },
          { blend: { ndcg: 0.09, coverage: 0.3 }, popularity: { ndcg: 0.07, coverage: 0.02 } },
        ),
      ),
    ).toBe('The blend beats popularity on both NDCG@20 (0.09 vs 0.07) and coverage (0.3 vs 0.02).');
    expect(
      blendVersusPopularity(
        evaluationRun(
          {},
          { blend: { ndcg: 0.01, coverage: 0.01 }, popularity: { ndcg: 0.07, coverage: 0.02 } },
        ),
      ),
    ).toBe('The blend loses to popularity on both NDCG@10 (0.01 vs 0.07) and coverage (0.01 vs 0.02).');
  });

  it('says when the two tie', () => {
    expect(
      blendVersusPopularity(
        evaluationRun(
          {},
          { blend: { ndcg: 0.07, coverage: 0.01 }, popularity: { ndcg: 0.07, coverage: 0.02 } },
        ),
      ),
    ).toBe('The blend ties with popularity on NDCG@10 (0.07 each) and loses on coverage (0.01 vs 0.02).');
  });

  it('says nothing when a run lacks the baseline', () => {
    const run = evaluationRun();
    expect(
      blendVersusPopularity({ ...run, results: run.results.filter((r) => r.method !== 'popularity') }),
    ).toBeNull();
  });
});
