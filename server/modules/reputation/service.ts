import {
  rankFor,
  rankThresholds,
  type Penalty,
  type ReputationKind,
  type ReputationSummary,
} from '../../../contracts/reputation.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ReputationRepository } from './repository.ts';

/** Today's date in UTC, the day ledger events count towards. */
export function ledgerDay(at = new Date()): string {
  return at.toISOString().slice(0, 10);
}

/** Reputation: the owner's summary, moderator penalties, and recomputing from the ledger. */
export function createReputationService(repository: ReputationRepository) {
  return {
    /** The reputation, rank, the next rank to reach and the latest ledger events of one profile. */
    async summary(profileKey: string): Promise<ReputationSummary> {
      const current = await repository.current(profileKey);
      if (!current) throw new AppError('common/not-found', { message: 'You have no profile yet.' });
      const next = rankThresholds.find((threshold) => threshold.from > current.reputation);
      const events = await repository.recent(profileKey, 20);
      return {
        reputation: current.reputation,
        rank: rankFor(current.reputation),
        next: next ? { rank: next.rank, from: next.from } : null,
        events: events.map((event) => ({
          kind: event.kind as ReputationKind,
          points: event.points,
          day: event.day,
          note: event.note,
          at: event.createdAt.toISOString(),
        })),
      };
    },

    /** A moderator's penalty: negative points, with the reason kept in the ledger for the owner to read. */
    async penalize(profileKey: string, penalty: Penalty): Promise<ReputationSummary> {
      const applied = await repository.add({
        profileKey,
        kind: 'penalty',
        points: -penalty.points,
        day: ledgerDay(),
        note: penalty.reason,
      });
      if (!applied) throw new AppError('common/not-found', { message: 'There is no profile with this key.' });
      return this.summary(profileKey);
    },
  };
}
export type ReputationService = ReturnType<typeof createReputationService>;
