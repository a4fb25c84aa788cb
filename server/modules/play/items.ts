import { createHash } from 'node:crypto';
import { renderClozeText } from '../../../contracts/card-text.ts';
import type { CardType } from '../../../contracts/cards.ts';
import type { StudyQueue } from '../../../contracts/play.ts';
import { studyItemsOf, type DerivedItem, type StudyableCard } from '../../../contracts/study-items.ts';
import type { CandidateCard, ItemStateRow } from './repository.ts';

/** A study item with the hash of what it asks and answers. */
export type HashedItem = DerivedItem & { contentHash: string };

function sha(parts: string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

/**
 * A card's study items, each with its content hash: the first 32 hex digits of SHA-256 over its question and
 * answer. A cloze item's question is the whole text, so it hashes the text with every deletion hidden and its
 * own answers instead: editing one deletion then resets only the items it belongs to (and those it is nested
 * in), while a change to the surrounding text resets them all.
 */
export function hashedItemsOf(card: StudyableCard, includeReversed: boolean): HashedItem[] {
  const items = studyItemsOf(card, { includeReversed });
  let masked: string | undefined;
  return items.map((item) => {
    const hide = item.prompt.cloze?.hide;
    if (typeof hide === 'number') {
      masked ??= renderClozeText(card.body, { hide: 'all' });
      return { ...item, contentHash: sha(['cloze', masked, item.answerText]) };
    }
    return { ...item, contentHash: sha([item.prompt.markdown, item.answer.markdown]) };
  });
}

/** One item of a deck with the person's state of it, as the session and the deck page see it. */
export type DeckItem = {
  card: CandidateCard;
  item: HashedItem;
  /** The stored row, whatever its hash (it carries the person's suspend and bury flags). */
  row: ItemStateRow | undefined;
  /** The schedule that applies: the row when it was written for this content, else none (the item is new). */
  schedule: ItemStateRow | undefined;
};

/** Every item of the cards, with the state that applies to each. */
export function deckItemsOf(cards: CandidateCard[], includeReversed: boolean): DeckItem[] {
  const result: DeckItem[] = [];
  for (const card of cards) {
    const rows = new Map(card.states.map((row) => [row.itemKey, row]));
    const items = hashedItemsOf(
      { title: card.title, body: card.body, type: card.type as CardType, fields: card.fields },
      includeReversed,
    );
    for (const item of items) {
      const row = rows.get(item.itemKey);
      const schedule = row && row.contentHash === item.contentHash && row.state !== 0 ? row : undefined;
      result.push({ card, item, row, schedule });
    }
  }
  return result;
}

/** What a session needs to know to choose items. */
export type QueueOptions = {
  now: Date;
  dayEndsAt: Date;
  learnAheadMinutes: number;
  /** What is left of the day's limits. */
  newLeft: number;
  reviewsLeft: number;
};

/** Today's queues of a deck, each in the order they are studied, limits applied. */
export type Queues = {
  learning: DeckItem[];
  review: DeckItem[];
  new: DeckItem[];
  /** Items the person suspended (not buried ones: those come back tomorrow). */
  suspended: number;
};

/**
 * Sorts the deck's items into today's queues: learning and relearning items due within the learn-ahead
 * window (soonest first); reviews due before the study day ends (oldest due first, up to what is left of the
 * review limit); new items in the deck's order (up to what is left of the new limit). Suspended items and
 * items buried past now are left out.
 */
export function queuesOf(items: DeckItem[], options: QueueOptions): Queues {
  const learnAheadUntil = options.now.getTime() + options.learnAheadMinutes * 60 * 1000;
  const now = options.now.getTime();
  const learning: DeckItem[] = [];
  const review: DeckItem[] = [];
  const fresh: DeckItem[] = [];
  let suspended = 0;
  for (const entry of items) {
    const { row, schedule } = entry;
    if (row?.suspended) {
      suspended++;
      continue;
    }
    if (row?.buriedUntil && row.buriedUntil.getTime() > now) continue;
    if (!schedule) fresh.push(entry);
    else if (schedule.state === 2) {
      if (schedule.due.getTime() < options.dayEndsAt.getTime()) review.push(entry);
    } else if (schedule.due.getTime() <= learnAheadUntil) learning.push(entry);
  }
  const byDue = (a: DeckItem, b: DeckItem) => a.schedule!.due.getTime() - b.schedule!.due.getTime();
  learning.sort(byDue);
  review.sort(byDue);
  return {
    learning,
    review: review.slice(0, Math.max(0, options.reviewsLeft)),
    new: fresh.slice(0, Math.max(0, options.newLeft)),
    suspended,
  };
}

/**
 * The order of study: learning items first, then reviews with new items spread evenly among them (each new
 * item goes where its share of the new queue has caught up with the share of reviews done).
 */
export function sessionOrder(queues: Queues): { entry: DeckItem; queue: StudyQueue }[] {
  const ordered: { entry: DeckItem; queue: StudyQueue }[] = queues.learning.map((entry) => ({
    entry,
    queue: 'learning',
  }));
  const reviews = queues.review;
  const fresh = queues.new;
  let r = 0;
  let n = 0;
  while (r < reviews.length || n < fresh.length) {
    const takeNew =
      r >= reviews.length || (n < fresh.length && (n + 0.5) / fresh.length <= (r + 0.5) / reviews.length);
    if (takeNew) ordered.push({ entry: fresh[n++]!, queue: 'new' });
    else ordered.push({ entry: reviews[r++]!, queue: 'review' });
  }
  return ordered;
}

/** A shuffled copy (Fisher–Yates), for cram and practice. */
export function shuffled<T>(list: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
