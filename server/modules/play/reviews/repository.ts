import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ReviewLog } from 'ts-fsrs';
import type { Orm } from '../../../db/client.ts';
import { reviewLogs, reviewStates } from '../../../db/schema.ts';
import type { Executor } from '../../../db/client.ts';
import type { ScheduleFields } from '../scheduler.ts';

export type StateRow = typeof reviewStates.$inferSelect;
export type LogRow = typeof reviewLogs.$inferSelect;
type ItemRef = { cardId: string; itemKey: string };

/** A state row as the log's `previous` keeps it (JSON, times as ISO strings), for undo to put back. */
type StoredState = {
  contentHash: string;
  state: number;
  due: string;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  lastReview: string | null;
  buriedUntil: string | null;
};

function storedStateOf(row: StateRow): StoredState {
  return {
    contentHash: row.contentHash,
    state: row.state,
    due: row.due.toISOString(),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsedDays: row.elapsedDays,
    scheduledDays: row.scheduledDays,
    learningSteps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    lastReview: row.lastReview?.toISOString() ?? null,
    buriedUntil: row.buriedUntil?.toISOString() ?? null,
  };
}

/** The schedule fields a log's `previous` holds, as a state row's columns. */
export function previousFields(previous: unknown): (ScheduleFields & { contentHash: string }) | null {
  if (previous === null || typeof previous !== 'object') return null;
  const stored = previous as StoredState;
  return {
    contentHash: stored.contentHash,
    state: stored.state,
    due: new Date(stored.due),
    stability: stored.stability,
    difficulty: stored.difficulty,
    elapsedDays: stored.elapsedDays,
    scheduledDays: stored.scheduledDays,
    learningSteps: stored.learningSteps,
    reps: stored.reps,
    lapses: stored.lapses,
    lastReview: stored.lastReview === null ? null : new Date(stored.lastReview),
  };
}

/**
 * Serialises every change to one person's items of one card (grades, undo, suspend, bury) for the rest of the
 * transaction. Grading buries the card's siblings, so two grades of sibling items would otherwise lock the
 * same rows in opposite orders and deadlock.
 */
async function lockCardOf(tx: Executor, profileKey: string, cardId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${profileKey}:${cardId}`}, 0))`);
}

/** What a grade writes, as the service computed it from the state before. */
export type GradeWrite = { fields: ScheduleFields; log: ReviewLog };

/** A grade to record; `schedule` computes the new state from the locked row (undefined when never studied). */
export type GradeRequest = {
  id: string;
  profileKey: string;
  cardId: string;
  itemKey: string;
  contentHash: string;
  deckId: string;
  durationMs: number;
  now: Date;
  /** Siblings to bury until `buryUntil` (null: bury nothing), with their current content hashes. */
  siblings: { itemKey: string; contentHash: string }[];
  buryUntil: Date | null;
  schedule: (before: StateRow | undefined) => GradeWrite;
};

/** Storage of grades, undo, item flags and the remix carry-over of review states. */
export function createReviewRepository(orm: Orm) {
  return {
    async findLog(id: string): Promise<LogRow | undefined> {
      const [row] = await orm.select().from(reviewLogs).where(eq(reviewLogs.id, id));
      return row;
    },

    /**
     * Records a grade in one transaction: the item's row is created if missing and locked, `schedule` computes
     * the new state from it, the row is updated, siblings are buried and the log row (with the row before as
     * `previous`) is written. When a grade with the same id got in first, nothing is written and its log row
     * is answered instead (`replayOf`).
     */
    async grade(
      request: GradeRequest,
    ): Promise<{ state: StateRow; log: LogRow; buried: ItemRef[] } | { replayOf: LogRow }> {
      const { profileKey, cardId, itemKey, now } = request;
      return orm.transaction(async (tx) => {
        await lockCardOf(tx, profileKey, cardId);
        const [earlier] = await tx.select().from(reviewLogs).where(eq(reviewLogs.id, request.id));
        if (earlier) return { replayOf: earlier };

        const key = and(
          eq(reviewStates.profileKey, profileKey),
          eq(reviewStates.cardId, cardId),
          eq(reviewStates.itemKey, itemKey),
        );
        const [before] = await tx.select().from(reviewStates).where(key).for('update');
        const write = request.schedule(before);
        const values = {
          ...write.fields,
          contentHash: request.contentHash,
          buriedUntil: null,
          updatedAt: now,
        };
        const [state] = before
          ? await tx.update(reviewStates).set(values).where(key).returning()
          : await tx
              .insert(reviewStates)
              .values({ profileKey, cardId, itemKey, ...values })
              .returning();

        let buried: ItemRef[] = [];
        if (request.buryUntil && request.siblings.length > 0) {
          const rows = request.siblings.map(
            (sibling) =>
              sql`(${profileKey}, ${cardId}::uuid, ${sibling.itemKey}, ${sibling.contentHash}, 0, ${now}::timestamptz, ${request.buryUntil}::timestamptz)`,
          );
          // A suspended sibling stays suspended and one already buried longer stays so; one in (re)learning
          // steps today is not held back, as in Anki: its next step is minutes away.
          const result = await tx.execute<{ item_key: string }>(sql`
            insert into review_states as rs (profile_key, card_id, item_key, content_hash, state, due, buried_until)
            values ${sql.join(rows, sql`, `)}
            on conflict (profile_key, card_id, item_key) do update set buried_until = excluded.buried_until, updated_at = now()
            where not rs.suspended and (rs.buried_until is null or rs.buried_until < excluded.buried_until)
              and not (rs.content_hash = excluded.content_hash and rs.state in (1, 3))
            returning rs.item_key`);
          buried = result.rows.map((row) => ({ cardId, itemKey: row.item_key }));
        }

        const { log } = write;
        const [logRow] = await tx
          .insert(reviewLogs)
          .values({
            id: request.id,
            profileKey,
            cardId,
            itemKey,
            deckId: request.deckId,
            rating: log.rating,
            state: log.state,
            due: log.due,
            stability: log.stability,
            difficulty: log.difficulty,
            elapsedDays: log.elapsed_days,
            lastElapsedDays: log.last_elapsed_days,
            scheduledDays: log.scheduled_days,
            learningSteps: log.learning_steps,
            review: log.review,
            durationMs: request.durationMs,
            previous: before ? storedStateOf(before) : null,
            buried,
          })
          .returning();
        return { state: state!, log: logRow!, buried };
      });
    },

    /**
     * Takes back the person's latest grade: the item's row goes back to `previous` (or is removed when the item
     * had none; kept as new when the person has since suspended it), the siblings it buried come back and the
     * log row is deleted. Undefined when there is no grade left.
     */
    async undoLatest(profileKey: string): Promise<{ log: LogRow; unburied: ItemRef[] } | undefined> {
      const latestOf = (executor: Executor) =>
        executor
          .select()
          .from(reviewLogs)
          .where(eq(reviewLogs.profileKey, profileKey))
          .orderBy(desc(reviewLogs.review), desc(reviewLogs.id))
          .limit(1);
      // Another undo or grade may get in between choosing the log and locking its card: choose again then.
      for (let attempt = 0; attempt < 5; attempt++) {
        const [candidate] = await latestOf(orm);
        if (!candidate) return undefined;
        const outcome = await orm.transaction(async (tx) => {
          await lockCardOf(tx, profileKey, candidate.cardId);
          const [log] = await latestOf(tx).for('update');
          if (!log || log.id !== candidate.id) return undefined;
          const key = and(
            eq(reviewStates.profileKey, profileKey),
            eq(reviewStates.cardId, log.cardId),
            eq(reviewStates.itemKey, log.itemKey),
          );
          const [current] = await tx.select().from(reviewStates).where(key).for('update');
          const previous = previousFields(log.previous);
          const stored = log.previous as StoredState | null;
          if (previous && stored) {
            await tx
              .update(reviewStates)
              .set({
                ...previous,
                buriedUntil: stored.buriedUntil === null ? null : new Date(stored.buriedUntil),
                updatedAt: new Date(),
              })
              .where(key);
          } else if (current?.suspended) {
            await tx
              .update(reviewStates)
              .set({
                state: 0,
                due: new Date(),
                stability: 0,
                difficulty: 0,
                elapsedDays: 0,
                scheduledDays: 0,
                learningSteps: 0,
                reps: 0,
                lapses: 0,
                lastReview: null,
                buriedUntil: null,
                updatedAt: new Date(),
              })
              .where(key);
          } else {
            await tx.delete(reviewStates).where(key);
          }
          const buried = log.buried;
          if (buried.length > 0) {
            await tx
              .update(reviewStates)
              .set({ buriedUntil: null, updatedAt: new Date() })
              .where(
                and(
                  eq(reviewStates.profileKey, profileKey),
                  eq(reviewStates.cardId, log.cardId),
                  inArray(
                    reviewStates.itemKey,
                    buried.map((item) => item.itemKey),
                  ),
                ),
              );
          }
          await tx.delete(reviewLogs).where(eq(reviewLogs.id, log.id));
          return { log, unburied: buried };
        });
        if (outcome) return outcome;
      }
      return undefined;
    },

    /**
     * Suspends or buries items (creating rows for items never studied, as new), or lifts that; `undefined`
     * leaves a flag as it is. Answers with the items' rows after the change.
     */
    async setFlags(
      profileKey: string,
      cardId: string,
      items: { itemKey: string; contentHash: string }[],
      change: { suspended?: boolean; buriedUntil?: Date | null },
      now: Date,
    ): Promise<StateRow[]> {
      if (items.length === 0) return [];
      return orm.transaction(async (tx) => {
        await lockCardOf(tx, profileKey, cardId);
        const set: Partial<StateRow> = { updatedAt: now };
        if (change.suspended !== undefined) set.suspended = change.suspended;
        if (change.buriedUntil !== undefined) set.buriedUntil = change.buriedUntil;
        await tx
          .insert(reviewStates)
          .values(
            items.map((item) => ({
              profileKey,
              cardId,
              itemKey: item.itemKey,
              contentHash: item.contentHash,
              due: now,
              suspended: change.suspended ?? false,
              buriedUntil: change.buriedUntil ?? null,
            })),
          )
          .onConflictDoUpdate({
            target: [reviewStates.profileKey, reviewStates.cardId, reviewStates.itemKey],
            set,
          });
        return tx
          .select()
          .from(reviewStates)
          .where(
            and(
              eq(reviewStates.profileKey, profileKey),
              eq(reviewStates.cardId, cardId),
              inArray(
                reviewStates.itemKey,
                items.map((item) => item.itemKey),
              ),
            ),
          );
      });
    },
  };
}
export type ReviewRepository = ReturnType<typeof createReviewRepository>;

/**
 * Gives `toCardId` (a remix) the person's review states of `fromCardId`, in the caller's transaction: items the
 * remix keeps unchanged have the same keys and content hashes, so they keep their schedule; items the remix
 * changes start again as new when first studied.
 */
export async function copyReviewStates(
  executor: Executor,
  profileKey: string,
  fromCardId: string,
  toCardId: string,
): Promise<void> {
  await executor.execute(sql`
    insert into review_states (profile_key, card_id, item_key, content_hash, state, due, stability, difficulty,
      elapsed_days, scheduled_days, learning_steps, reps, lapses, last_review, suspended, buried_until, updated_at)
    select profile_key, ${toCardId}::uuid, item_key, content_hash, state, due, stability, difficulty,
      elapsed_days, scheduled_days, learning_steps, reps, lapses, last_review, suspended, buried_until, now()
    from review_states where profile_key = ${profileKey} and card_id = ${fromCardId}::uuid
    on conflict do nothing`);
}
