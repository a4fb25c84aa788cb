import { z } from 'zod';

/**
 * Ranks from lowest to highest with the least reputation each needs. The one place the thresholds live: the
 * server derives `rank` from it and the user guide prints it.
 */
export const rankThresholds = [
  { rank: 'C', from: Number.NEGATIVE_INFINITY },
  { rank: 'B', from: 0 },
  { rank: 'A', from: 200 },
  { rank: 'S', from: 2_000 },
  { rank: 'SS', from: 20_000 },
] as const;

export type Rank = (typeof rankThresholds)[number]['rank'];

/** The rank a reputation earns: below 0 → C, 0–199 → B, 200–1,999 → A, 2,000–19,999 → S, 20,000 and more → SS. */
export function rankFor(reputation: number): Rank {
  let rank: Rank = 'C';
  for (const threshold of rankThresholds) if (reputation >= threshold.from) rank = threshold.rank;
  return rank;
}

/** Points for each kind of ledger event. A moderator penalty carries its own (negative) points. */
export const reputationPoints = {
  'card-liked': 10,
  'like-removed': -10,
  'card-remixed': 5,
  'new-follower': 2,
} as const;

export const reputationKinds = [
  'card-liked',
  'like-removed',
  'card-remixed',
  'new-follower',
  'penalty',
] as const;
export type ReputationKind = (typeof reputationKinds)[number];

/** Kinds that count towards the daily cap. */
export const likeKinds: readonly ReputationKind[] = ['card-liked', 'like-removed'];

/** At most this many points a day from likes, per person. */
export const dailyLikePointsCap = 200;

/** One ledger event as the totals see it. `day` is an ISO date (YYYY-MM-DD). */
export type LedgerEntry = { kind: ReputationKind; points: number; day: string };

/**
 * The reputation a ledger adds up to. Like points are summed per day and each day is capped, so the total is
 * the same whatever order the events arrived in (an unlike counts on the day of the like it takes back).
 */
export function reputationFromLedger(entries: Iterable<LedgerEntry>): number {
  let other = 0;
  const likesByDay = new Map<string, number>();
  for (const entry of entries) {
    if (likeKinds.includes(entry.kind))
      likesByDay.set(entry.day, (likesByDay.get(entry.day) ?? 0) + entry.points);
    else other += entry.points;
  }
  let likes = 0;
  for (const points of likesByDay.values()) likes += Math.min(dailyLikePointsCap, points);
  return other + likes;
}

/** `POST /api/admin/profiles/:key/penalties`: a moderator's penalty, with the reason kept in the ledger. */
export const penaltySchema = z.object({
  points: z.number().int().min(1).max(100_000),
  reason: z.string().trim().min(1, 'Say why').max(500),
});
export type Penalty = z.infer<typeof penaltySchema>;

/** `GET /api/profiles/me/reputation`: reputation, rank, the next rank and the latest ledger events. */
export const reputationSummarySchema = z.object({
  reputation: z.number().int(),
  rank: z.enum(['C', 'B', 'A', 'S', 'SS']),
  /** The next rank up and the reputation it needs; null at the top. */
  next: z.object({ rank: z.enum(['C', 'B', 'A', 'S', 'SS']), from: z.number().int() }).nullable(),
  events: z.array(
    z.object({
      kind: z.enum(reputationKinds),
      points: z.number().int(),
      day: z.string(),
      note: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type ReputationSummary = z.infer<typeof reputationSummarySchema>;
