import { describe, expect, it } from 'vitest';
import type { EvaluationList } from '../../../contracts/recommendations.ts';
import { evaluationPollMs, evaluationsQuery } from './api.ts';
import { evaluationList, evaluationRun } from './test-fixtures.ts';

describe('the evaluation list', () => {
  it('is asked again every few seconds while a run is pending, and not otherwise', () => {
    const { refetchInterval } = evaluationsQuery('u_ada');
    if (typeof refetchInterval !== 'function') throw new Error('refetchInterval should depend on the list');
    const withData = (data: EvaluationList | undefined) =>
      refetchInterval({ state: { data } } as unknown as Parameters<typeof refetchInterval>[0]);
    expect(withData(evaluationList([], true))).toBe(evaluationPollMs);
    expect(withData(evaluationList([evaluationRun()], false))).toBe(false);
    expect(withData(undefined)).toBe(false);
    expect(evaluationPollMs).toBeLessThanOrEqual(5000);
  });
});
