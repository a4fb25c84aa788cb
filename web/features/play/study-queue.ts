import type { GradeValue, ReviewResult, SessionItem, StudyQueue } from '../../../contracts/play.ts';

/** Where a study session stands: the item on screen and what is still to come. */
export interface QueueState {
  /** The item being studied, or null when the session is over. */
  current: SessionItem | null;
  /** Items still to come, in the server's order. */
  upcoming: readonly SessionItem[];
  /** Items in learning steps that come back in this session, soonest due first. */
  later: readonly SessionItem[];
}

/** One item's identity: a card and which of its questions. */
export function itemKeyOf(item: { cardId: string; itemKey: string }): string {
  return `${item.cardId}:${item.itemKey}`;
}

const dueTime = (item: SessionItem) => (item.due === null ? 0 : Date.parse(item.due));

/**
 * The next item: a learning item whose step is over comes first (it is due now, and waiting makes the step
 * meaningless); then the server's order; and when only learning items are left, the soonest of them, shown
 * early rather than making the person wait for a few minutes.
 */
function advance(upcoming: readonly SessionItem[], later: readonly SessionItem[], now: number): QueueState {
  const [soonest, ...restLater] = later;
  if (soonest && dueTime(soonest) <= now) return { current: soonest, upcoming, later: restLater };
  const [next, ...restUpcoming] = upcoming;
  if (next) return { current: next, upcoming: restUpcoming, later };
  if (soonest) return { current: soonest, upcoming, later: restLater };
  return { current: null, upcoming, later };
}

/** The queue at the start of a session. */
export function startQueue(items: readonly SessionItem[], now: number): QueueState {
  return advance(items, [], now);
}

/** The current item taken out of the session (suspended or buried), with every other item of its card. */
export function dropCurrentCard(state: QueueState, now: number): QueueState {
  const cardId = state.current?.cardId;
  const keep = (item: SessionItem) => item.cardId !== cardId;
  return advance(state.upcoming.filter(keep), state.later.filter(keep), now);
}

/** The current item taken out of the session on its own (a grade the server could not take, skipped). */
export function skipCurrent(state: QueueState, now: number): QueueState {
  return advance(state.upcoming, state.later, now);
}

/**
 * After a scheduled grade: the siblings the server buried leave the session, and the graded item comes back
 * later in the session when its next step is due within `learnAheadMinutes`, in order of its due time.
 */
export function afterReview(
  state: QueueState,
  result: ReviewResult,
  learnAheadMinutes: number,
  now: number,
): QueueState {
  const buried = new Set(result.buried.map(itemKeyOf));
  const keep = (item: SessionItem) => !buried.has(itemKeyOf(item));
  const upcoming = state.upcoming.filter(keep);
  let later = state.later.filter(keep);
  const graded = state.current;
  const due = Date.parse(result.due);
  if (graded && due - now <= learnAheadMinutes * 60_000) {
    const again: SessionItem = {
      ...graded,
      state: result.state,
      due: result.due,
      intervals: result.intervals,
      queue: 'learning',
    };
    const at = later.findIndex((item) => dueTime(item) > due);
    later = at === -1 ? [...later, again] : [...later.slice(0, at), again, ...later.slice(at)];
  }
  return advance(upcoming, later, now);
}

/** In cram mode Again shows the item again after this many others, Hard after twice as many. */
export const cramAgainGap = 3;

/** After a cram grade, which schedules nothing: Again and Hard bring the item back soon; Good and Easy end it. */
export function afterCram(state: QueueState, rating: GradeValue, now: number): QueueState {
  const graded = state.current;
  let upcoming = state.upcoming;
  if (graded && (rating === 1 || rating === 2)) {
    const at = Math.min(rating === 1 ? cramAgainGap : cramAgainGap * 2, upcoming.length);
    upcoming = [...upcoming.slice(0, at), graded, ...upcoming.slice(at)];
  }
  return advance(upcoming, state.later, now);
}

/** How many items of each queue are left, counting the one on screen. */
export function remainingCounts(state: QueueState): Record<StudyQueue, number> {
  const counts: Record<StudyQueue, number> = { new: 0, learning: 0, review: 0 };
  const all = state.current ? [state.current, ...state.upcoming, ...state.later] : [];
  for (const item of all) counts[item.queue] += 1;
  return counts;
}

/** Items left, counting the one on screen. */
export function remainingTotal(state: QueueState): number {
  return (state.current ? 1 : 0) + state.upcoming.length + state.later.length;
}
