import {
  createEmptyCard,
  fsrs,
  generatorParameters,
  State,
  type Card as FsrsCard,
  type FSRS,
  type Grade,
  type StepUnit,
} from 'ts-fsrs';
import type { ItemState, NextIntervals, StudySettings } from '../../../contracts/play.ts';

/**
 * The FSRS scheduler (ts-fsrs itself, with its default weights) for a person's settings. Fuzz is on, seeded by
 * ts-fsrs from the review time and the card's state, so the same grade at the same time gives the same due date:
 * a replayed grade can be recomputed exactly. `fuzz: false` is for previews: the grade buttons show the interval
 * before fuzz, as Anki's do (the grade lands within a few percent of it), and skipping the seeded random numbers
 * halves the cost of previewing a session of hundreds of items.
 */
export function schedulerFor(settings: StudySettings, options: { fuzz: boolean } = { fuzz: true }): FSRS {
  return fsrs(
    generatorParameters({
      request_retention: settings.desiredRetention,
      maximum_interval: settings.maximumIntervalDays,
      learning_steps: settings.learningSteps as StepUnit[],
      relearning_steps: settings.relearningSteps as StepUnit[],
      enable_fuzz: options.fuzz,
    }),
  );
}

/** The schedule fields of a stored state row, as ts-fsrs' card. */
export type ScheduleFields = {
  state: number;
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  lastReview: Date | null;
};

/** A stored state as ts-fsrs reads it; `undefined` (never studied, or the item changed) is a new card. */
export function fsrsCardOf(row: ScheduleFields | undefined, now: Date): FsrsCard {
  if (!row) return createEmptyCard(now);
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    ...(row.lastReview ? { last_review: row.lastReview } : {}),
  };
}

/** ts-fsrs' card as the columns of a state row. */
export function scheduleFieldsOf(card: FsrsCard): ScheduleFields {
  return {
    state: card.state,
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    lastReview: card.last_review ?? null,
  };
}

const stateNames: Record<number, ItemState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};

/** The contract's name of a ts-fsrs state number. */
export function stateName(state: number): ItemState {
  return stateNames[state] ?? 'new';
}

const minute = 60 * 1000;
const hour = 60 * minute;
const day = 24 * hour;

function oneDecimal(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** How far away `due` is from `now`, as the grade buttons say it: `1m`, `10m`, `3h`, `4d`, `2mo`, `1.2y`. */
export function intervalLabel(due: Date, now: Date): string {
  const span = Math.max(0, due.getTime() - now.getTime());
  if (span < hour) return `${Math.max(1, Math.round(span / minute))}m`;
  if (span < day) return `${Math.round(span / hour)}h`;
  const days = span / day;
  if (days < 30) return `${Math.round(days)}d`;
  if (days < 365) return `${oneDecimal(days / 30)}mo`;
  return `${oneDecimal(days / 365)}y`;
}

/** What each grade would do to `card` at `now`: its next due date and the label for the button. */
export function intervalsOf(scheduler: FSRS, card: FsrsCard, now: Date): NextIntervals {
  const preview = scheduler.repeat(card, now);
  const entry = (grade: Grade) => intervalLabel(preview[grade].card.due, now);
  return { 1: entry(1), 2: entry(2), 3: entry(3), 4: entry(4) };
}
