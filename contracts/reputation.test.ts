import { describe, expect, it } from 'vitest';
import { dailyLikePointsCap, rankFor, reputationFromLedger, type LedgerEntry } from './reputation.ts';

describe('rank thresholds', () => {
  it('derives the rank from reputation at every boundary', () => {
    expect(rankFor(-1)).toBe('C');
    expect(rankFor(-5000)).toBe('C');
    expect(rankFor(0)).toBe('B');
    expect(rankFor(199)).toBe('B');
    expect(rankFor(200)).toBe('A');
    expect(rankFor(1_999)).toBe('A');
    expect(rankFor(2_000)).toBe('S');
    expect(rankFor(19_999)).toBe('S');
    expect(rankFor(20_000)).toBe('SS');
    expect(rankFor(10_000_000)).toBe('SS');
  });
});

describe('the reputation ledger', () => {
  const like = (day: string): LedgerEntry => ({ kind: 'card-liked', points: 10, day });
  const unlike = (day: string): LedgerEntry => ({ kind: 'like-removed', points: -10, day });

  it('caps points from likes at 200 a day, and nothing else', () => {
    const day = '2026-11-01';
    const likes = Array.from({ length: 30 }, () => like(day));
    expect(reputationFromLedger(likes)).toBe(dailyLikePointsCap);
    const follower = { kind: 'new-follower', points: 2, day } as const;
    expect(reputationFromLedger([...likes, ...Array.from({ length: 150 }, () => follower)])).toBe(200 + 300);
    expect(reputationFromLedger([...likes, like('2026-11-02')])).toBe(210);
  });

  it('gives the same total in any order', () => {
    const entries: LedgerEntry[] = [
      ...Array.from({ length: 25 }, () => like('2026-11-01')),
      ...Array.from({ length: 4 }, () => unlike('2026-11-01')),
      ...Array.from({ length: 3 }, () => like('2026-11-02')),
      { kind: 'card-remixed', points: 5, day: '2026-11-02' },
      { kind: 'penalty', points: -50, day: '2026-11-03' },
    ];
    const expected = reputationFromLedger(entries);
    // 25 − 4 = 21 likes on the 1st (capped at 200), 30 on the 2nd, +5 − 50.
    expect(expected).toBe(200 + 30 + 5 - 50);
    let seed = 7;
    for (let round = 0; round < 50; round++) {
      const shuffled = [...entries];
      for (let i = shuffled.length - 1; i > 0; i--) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        const j = seed % (i + 1);
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
      }
      expect(reputationFromLedger(shuffled)).toBe(expected);
    }
  });

  it('takes a like back on the day it was given, so a like and its removal cancel out', () => {
    const capped = Array.from({ length: 25 }, () => like('2026-11-01'));
    expect(reputationFromLedger([...capped, unlike('2026-11-01')])).toBe(200);
    expect(reputationFromLedger([like('2026-11-05'), unlike('2026-11-05')])).toBe(0);
  });
});
