import type { FSRS } from 'ts-fsrs';
import { normalizeTag } from '../../../contracts/card-text.ts';
import type { CardType } from '../../../contracts/cards.ts';
import {
  gameKinds,
  studyDefaults,
  type Deck,
  type DeckCounts,
  type DeckInput,
  type DeckPatch,
  type DeckSource,
  type GameKind,
  type GameRecord,
  type GameResultInput,
  type ItemPatch,
  type ItemStatus,
  type NextIntervals,
  type ReviewInput,
  type ReviewResult,
  type SessionItem,
  type SessionMode,
  type StudyItem,
  type StudySession,
  type StudySettings,
  type UndoResult,
} from '../../../contracts/play.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeNumberKey, decodeTimeKey, encodeNumberKey, encodeTimeKey } from '../../lib/cursor.ts';
import { cardSummaryOf } from '../cards/index.ts';
import {
  deckItemsOf,
  hashedItemsOf,
  queuesOf,
  sessionOrder,
  shuffled,
  type DeckItem,
  type HashedItem,
} from './items.ts';
import type { DeckRow, DeckValues, GameRow, PlayRepository, SettingsRow } from './repository.ts';
import { previousFields, type LogRow, type ReviewRepository } from './reviews/repository.ts';
import { fsrsCardOf, intervalsOf, scheduleFieldsOf, schedulerFor, stateName } from './scheduler.ts';
import { studyDayAround } from './study-day.ts';

type FieldProblem = { path: string; message: string };

/**
 * Grades store at most this much of the time a person looked at an item: an item left open while they were
 * away is not study time. Only the capped figure is kept; statistics of time spent read it as it is.
 */
export const durationCapMs = 60_000;

/** A cram session holds at most this many items. */
export const cramLimit = 200;

const deckNotFound = () => new AppError('common/not-found', { message: 'There is no such deck.' });
const itemNotFound = () => new AppError('play/item-not-found');
const invalid = (fields: FieldProblem[]) => new AppError('common/validation-failed', { details: { fields } });
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A person's settings, or the defaults when they have saved none. */
export function settingsOf(row: SettingsRow | undefined): StudySettings {
  if (!row)
    return {
      desiredRetention: studyDefaults.desiredRetention,
      learningSteps: [...studyDefaults.learningSteps],
      relearningSteps: [...studyDefaults.relearningSteps],
      maximumIntervalDays: studyDefaults.maximumIntervalDays,
      burySiblings: studyDefaults.burySiblings,
      timeZone: 'UTC',
      dayStartsAtHour: studyDefaults.dayStartsAtHour,
    };
  return {
    // `real` holds 0.9 as 0.8999999761…: round back to the two decimals the settings allow.
    desiredRetention: Math.round(row.desiredRetention * 100) / 100,
    learningSteps: row.learningSteps,
    relearningSteps: row.relearningSteps,
    maximumIntervalDays: row.maximumIntervalDays,
    burySiblings: row.burySiblings,
    timeZone: row.timeZone,
    dayStartsAtHour: row.dayStartsAtHour,
  };
}

function sourceOf(deck: DeckRow): DeckSource {
  if (deck.sourceKind === 'tags')
    return { kind: 'tags', tags: deck.tags, scope: deck.tagScope as 'everyone' | 'mine' };
  return { kind: deck.sourceKind as 'collection' | 'liked' };
}

/** A deck source as columns; tags are normalised as cards store them, and a bad one is named. */
function sourceValues(source: DeckSource, problems: FieldProblem[]) {
  if (source.kind !== 'tags') return { sourceKind: source.kind, tags: [] as string[], tagScope: 'everyone' };
  const tags: string[] = [];
  source.tags.forEach((raw, index) => {
    const tag = normalizeTag(raw);
    if (tag === null)
      problems.push({ path: `source.tags.${index}`, message: `“${raw}” is not a usable tag` });
    else if (!tags.includes(tag)) tags.push(tag);
  });
  return { sourceKind: 'tags', tags, tagScope: source.scope };
}

function studyItemOf(entry: Pick<DeckItem, 'card' | 'item'>): StudyItem {
  const { card, item } = entry;
  return {
    cardId: card.id,
    itemKey: item.itemKey,
    cardTitle: card.title,
    cardType: card.type as CardType,
    tags: card.tags,
    prompt: item.prompt,
    answer: item.answer,
    answerText: item.answerText,
    links: card.links,
  };
}

function statusOf(cardTitle: string, item: HashedItem, entry: Pick<DeckItem, 'row' | 'schedule'>, now: Date) {
  const { row, schedule } = entry;
  return {
    cardId: '',
    itemKey: item.itemKey,
    cardTitle,
    state: schedule ? stateName(schedule.state) : 'new',
    due: schedule ? schedule.due.toISOString() : null,
    suspended: row?.suspended ?? false,
    buriedUntil: row?.buriedUntil && row.buriedUntil > now ? row.buriedUntil.toISOString() : null,
    reps: schedule?.reps ?? 0,
    lapses: schedule?.lapses ?? 0,
  } satisfies ItemStatus;
}

/**
 * The deck's record in one game: for Match the best time on the biggest board cleared, otherwise the best score
 * (then time).
 */
export function gameRecordOf(game: GameKind, rows: GameRow[]): GameRecord {
  const best = bestGame(game, rows);
  return {
    game,
    plays: rows.length,
    bestMs: best?.elapsedMs ?? null,
    bestCorrect: best?.correct ?? null,
    bestTotal: best?.total ?? null,
  };
}

function isBetterGame(game: GameKind, a: GameRow, b: GameRow): boolean {
  // A bigger board is the better record whatever the time (a deck that grew from three pairs to six would
  // otherwise keep a record no six-pair game can beat); on the same board, the faster time.
  if (game === 'match') return a.total > b.total || (a.total === b.total && a.elapsedMs < b.elapsedMs);
  // Compared as cross products, so 2/3 and 4/6 tie exactly; a tie goes to the faster game.
  const left = a.correct * b.total;
  const right = b.correct * a.total;
  return left > right || (left === right && a.elapsedMs < b.elapsedMs);
}

function bestGame(game: GameKind, rows: GameRow[]): GameRow | undefined {
  let best: GameRow | undefined;
  for (const row of rows) {
    if (game === 'match' && row.correct !== row.total) continue;
    if (!best || isBetterGame(game, row, best)) best = row;
  }
  return best;
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: string }).code === '23505') return true;
  }
  return false;
}

/** Play: settings, decks, review sessions with FSRS, grades with undo, suspend and bury, and games. */
export function createPlayService(
  repository: PlayRepository,
  reviews: ReviewRepository,
  options: { now?: () => Date } = {},
) {
  const clock = options.now ?? (() => new Date());
  // One scheduler per distinct set of parameters (and fuzz, which previews leave out): building one is cheap,
  // but a session previews hundreds of items and every grade needs one.
  const schedulers = new Map<string, FSRS>();
  function schedulerOf(settings: StudySettings, fuzz = true): FSRS {
    const key = JSON.stringify([
      settings.desiredRetention,
      settings.maximumIntervalDays,
      settings.learningSteps,
      settings.relearningSteps,
      fuzz,
    ]);
    let scheduler = schedulers.get(key);
    if (!scheduler) {
      if (schedulers.size >= 200) schedulers.clear();
      scheduler = schedulerFor(settings, { fuzz });
      schedulers.set(key, scheduler);
    }
    return scheduler;
  }

  async function ownDeck(id: string, ownerKey: string): Promise<DeckRow> {
    const deck = await repository.deck(id, ownerKey);
    if (!deck) throw deckNotFound();
    return deck;
  }

  async function loadSettings(profileKey: string): Promise<StudySettings> {
    return settingsOf(await repository.settings(profileKey));
  }

  /** The deck's items and today's queues, within what is left of the day's limits. */
  async function today(deck: DeckRow, settings: StudySettings, now: Date, links: boolean) {
    const day = studyDayAround(now, settings.timeZone, settings.dayStartsAtHour);
    const [cards, done] = await Promise.all([
      repository.deckCandidates(deck, { links }),
      repository.doneSince(deck.ownerKey, deck.id, day.startsAt),
    ]);
    const items = deckItemsOf(cards, deck.includeReversed);
    const queues = queuesOf(items, {
      now,
      dayEndsAt: day.endsAt,
      learnAheadMinutes: studyDefaults.learnAheadMinutes,
      newLeft: deck.newPerDay - done.new,
      reviewsLeft: deck.reviewsPerDay - done.review,
    });
    return { day, cards, items, queues };
  }

  async function presentDeck(deck: DeckRow, settings: StudySettings, now: Date): Promise<Deck> {
    const { cards, items, queues } = await today(deck, settings, now, false);
    const counts: DeckCounts = {
      new: queues.new.length,
      learning: queues.learning.length,
      review: queues.review.length,
      cards: cards.length,
      items: items.length,
      suspended: queues.suspended,
    };
    return {
      id: deck.id,
      name: deck.name,
      description: deck.description,
      source: sourceOf(deck),
      includeReversed: deck.includeReversed,
      newPerDay: deck.newPerDay,
      reviewsPerDay: deck.reviewsPerDay,
      counts,
      createdAt: deck.createdAt.toISOString(),
      updatedAt: deck.updatedAt.toISOString(),
    };
  }

  async function membership(ownerKey: string, cardId: string) {
    return { items: await repository.collectionsWith(ownerKey, cardId) };
  }

  /** The outcome of a grade already recorded, computed again from its log row (the fuzz is seeded). */
  function replay(
    log: LogRow,
    input: ReviewInput,
    profileKey: string,
    scheduler: FSRS,
    preview: FSRS,
  ): ReviewResult {
    if (
      log.profileKey !== profileKey ||
      log.cardId !== input.cardId ||
      log.itemKey !== input.itemKey ||
      log.deckId !== input.deckId ||
      log.rating !== input.rating
    )
      throw invalid([{ path: 'id', message: 'This id was already used for another grade' }]);
    const previous = previousFields(log.previous);
    const before = log.state !== 0 && previous ? previous : undefined;
    const next = scheduler.next(fsrsCardOf(before, log.review), log.review, input.rating);
    return {
      reviewId: log.id,
      cardId: log.cardId,
      itemKey: log.itemKey,
      state: stateName(next.card.state),
      due: next.card.due.toISOString(),
      intervals: intervalsOf(preview, next.card, log.review),
      buried: log.buried,
    };
  }

  return {
    /** The person's scheduler settings (the defaults until they save their own). */
    async settings(profileKey: string): Promise<StudySettings> {
      return loadSettings(profileKey);
    },

    /** Saves the settings; the contract has checked every field. */
    async saveSettings(profileKey: string, settings: StudySettings): Promise<StudySettings> {
      return settingsOf(await repository.saveSettings(profileKey, settings));
    },

    /** The person's decks, oldest first, with today's counts. */
    async decks(ownerKey: string) {
      const now = clock();
      const [rows, settings] = await Promise.all([repository.decks(ownerKey), loadSettings(ownerKey)]);
      return { items: await Promise.all(rows.map((row) => presentDeck(row, settings, now))) };
    },

    /** One of the person's decks with today's counts. */
    async deck(id: string, ownerKey: string): Promise<Deck> {
      const [deck, settings] = await Promise.all([ownDeck(id, ownerKey), loadSettings(ownerKey)]);
      return presentDeck(deck, settings, clock());
    },

    /**
     * The ids of the cards in one of the person's decks that they may study, newest in the deck first, at most
     * `limit`; null when they have no such deck (for other modules that take a deck as a source of cards).
     */
    async deckCardIds(id: string, ownerKey: string, limit: number): Promise<string[] | null> {
      const deck = await repository.deck(id, ownerKey);
      return deck ? repository.deckCardIds(deck, limit) : null;
    },

    /** A new deck; a collection may start with cards, which must all be cards the person can study. */
    async createDeck(ownerKey: string, input: DeckInput & { description: string }): Promise<Deck> {
      const problems: FieldProblem[] = [];
      const source = sourceValues(input.source, problems);
      const cardIds = [...new Set(input.cardIds ?? [])];
      if (cardIds.length > 0 && input.source.kind !== 'collection')
        problems.push({ path: 'cardIds', message: 'Only a collection is made of chosen cards' });
      else if (cardIds.length > 0) {
        const studyable = await repository.studyableIds(ownerKey, cardIds);
        if (cardIds.some((id) => !studyable.has(id)))
          problems.push({
            path: 'cardIds',
            message: 'Some of these cards no longer exist or are not yours to study',
          });
      }
      if (problems.length > 0) throw invalid(problems);
      const values: DeckValues = {
        name: input.name,
        description: input.description,
        ...source,
        includeReversed: input.includeReversed ?? false,
        newPerDay: input.newPerDay ?? studyDefaults.newPerDay,
        reviewsPerDay: input.reviewsPerDay ?? studyDefaults.reviewsPerDay,
      };
      const deck = await repository.createDeck(ownerKey, values, cardIds);
      return presentDeck(deck, await loadSettings(ownerKey), clock());
    },

    /** Changes the fields given; a collection keeps its cards even while its source is something else. */
    async updateDeck(id: string, ownerKey: string, patch: DeckPatch): Promise<Deck> {
      await ownDeck(id, ownerKey);
      const problems: FieldProblem[] = [];
      const { source, ...rest } = patch;
      const values: Partial<DeckValues> = { ...rest };
      if (source) Object.assign(values, sourceValues(source, problems));
      if (problems.length > 0) throw invalid(problems);
      const deck = await repository.updateDeck(id, ownerKey, values);
      if (!deck) throw deckNotFound();
      return presentDeck(deck, await loadSettings(ownerKey), clock());
    },

    /** Deletes the deck; the person's review history of its items stays (it belongs to the items). */
    async deleteDeck(id: string, ownerKey: string): Promise<void> {
      if (!(await repository.deleteDeck(id, ownerKey))) throw deckNotFound();
    },

    /** A page of the deck's cards, newest in the deck first. */
    async deckCards(id: string, ownerKey: string, limit: number, cursor?: string) {
      const deck = await ownDeck(id, ownerKey);
      const rows = await repository.deckCardPage(
        deck,
        limit,
        cursor ? decodeTimeKey(cursor, uuidPattern) : undefined,
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => cardSummaryOf(row.card, row.author)),
        nextCursor: rows.length > limit && last ? encodeTimeKey(last.at, last.card.id) : null,
      };
    },

    /** Adds a card to one of the person's collections, or takes it out; answers with their collections. */
    async setDeckCard(id: string, ownerKey: string, cardId: string, contains: boolean) {
      const deck = await ownDeck(id, ownerKey);
      if (deck.sourceKind !== 'collection') throw new AppError('play/not-a-collection');
      // Taking a card out works whatever became of it; putting one in needs a card the person can study.
      if (contains && !(await repository.studyableIds(ownerKey, [cardId])).has(cardId))
        throw new AppError('common/not-found', { message: 'There is no such card.' });
      await repository.setDeckCard(deck.id, cardId, contains);
      return membership(ownerKey, cardId);
    },

    /** The person's collections and whether each holds the card. */
    cardDecks: membership,

    /**
     * The items to study now. Review: learning items due within the learn-ahead window, then due reviews and
     * new items mixed, within what is left of the deck's daily limits, each with what every grade would do.
     * Cram: the deck's items (not suspended) shuffled, at most `cramLimit`, with no schedule and no writes.
     */
    async session(id: string, ownerKey: string, mode: SessionMode): Promise<StudySession> {
      const now = clock();
      const [deck, settings] = await Promise.all([ownDeck(id, ownerKey), loadSettings(ownerKey)]);
      const { day, items, queues } = await today(deck, settings, now, true);
      let chosen: SessionItem[];
      if (mode === 'cram') {
        const pool = shuffled(items.filter((entry) => !entry.row?.suspended)).slice(0, cramLimit);
        chosen = pool.map((entry) => {
          const state = entry.schedule ? stateName(entry.schedule.state) : 'new';
          return {
            ...studyItemOf(entry),
            queue: state === 'new' ? 'new' : state === 'review' ? 'review' : 'learning',
            state,
            due: entry.schedule?.due.toISOString() ?? null,
            intervals: null,
          };
        });
      } else {
        const scheduler = schedulerOf(settings, false);
        // Every new item starts from the same empty card, so one preview serves them all.
        let newIntervals: NextIntervals | undefined;
        chosen = sessionOrder(queues).map(({ entry, queue }) => ({
          ...studyItemOf(entry),
          queue,
          state: entry.schedule ? stateName(entry.schedule.state) : 'new',
          due: entry.schedule?.due.toISOString() ?? null,
          intervals: entry.schedule
            ? intervalsOf(scheduler, fsrsCardOf(entry.schedule, now), now)
            : (newIntervals ??= intervalsOf(scheduler, fsrsCardOf(undefined, now), now)),
        }));
      }
      const count = (queue: string) => chosen.filter((item) => item.queue === queue).length;
      return {
        deckId: deck.id,
        mode,
        items: chosen,
        counts: { new: count('new'), learning: count('learning'), review: count('review') },
        dayEndsAt: day.endsAt.toISOString(),
        learnAheadMinutes: studyDefaults.learnAheadMinutes,
      };
    },

    /**
     * Records a grade with ts-fsrs, once per client id: the same id again answers with the same outcome and
     * writes nothing; an id already used for a different grade is refused. With bury siblings on, the card's
     * other items wait until the study day ends.
     */
    async review(profileKey: string, input: ReviewInput): Promise<ReviewResult> {
      const now = clock();
      const settings = await loadSettings(profileKey);
      const scheduler = schedulerOf(settings);
      const preview = schedulerOf(settings, false);
      const earlier = await reviews.findLog(input.id);
      if (earlier) return replay(earlier, input, profileKey, scheduler, preview);
      const [deck, card] = await Promise.all([
        ownDeck(input.deckId, profileKey),
        repository.studyableCard(profileKey, input.cardId),
      ]);
      if (!card) throw itemNotFound();
      const items = hashedItemsOf(
        { title: card.title, body: card.body, type: card.type as CardType, fields: card.fields },
        deck.includeReversed,
      );
      const item = items.find((candidate) => candidate.itemKey === input.itemKey);
      if (!item) throw itemNotFound();
      const day = studyDayAround(now, settings.timeZone, settings.dayStartsAtHour);
      let outcome;
      try {
        outcome = await reviews.grade({
          id: input.id,
          profileKey,
          cardId: card.id,
          itemKey: item.itemKey,
          contentHash: item.contentHash,
          deckId: deck.id,
          durationMs: Math.min(input.durationMs, durationCapMs),
          now,
          siblings: settings.burySiblings
            ? items
                .filter((sibling) => sibling.itemKey !== item.itemKey)
                .map((sibling) => ({ itemKey: sibling.itemKey, contentHash: sibling.contentHash }))
            : [],
          buryUntil: settings.burySiblings ? day.endsAt : null,
          schedule: (before) => {
            // A row written for other content (the card changed this item) or never graded is a new item.
            const applies = before && before.contentHash === item.contentHash && before.state !== 0;
            const next = scheduler.next(fsrsCardOf(applies ? before : undefined, now), now, input.rating);
            return { fields: scheduleFieldsOf(next.card), log: next.log };
          },
        });
      } catch (error) {
        // The same id sent for another item at the same moment: the first one won.
        const winner = isUniqueViolation(error) ? await reviews.findLog(input.id) : undefined;
        if (!winner) throw error;
        return replay(winner, input, profileKey, scheduler, preview);
      }
      if ('replayOf' in outcome) return replay(outcome.replayOf, input, profileKey, scheduler, preview);
      const after = fsrsCardOf(outcome.state, now);
      return {
        reviewId: outcome.log.id,
        cardId: card.id,
        itemKey: item.itemKey,
        state: stateName(after.state),
        due: after.due.toISOString(),
        intervals: intervalsOf(preview, after, now),
        buried: outcome.buried,
      };
    },

    /** Takes back the person's latest remaining grade; `play/nothing-to-undo` when there is none. */
    async undo(profileKey: string): Promise<UndoResult> {
      const outcome = await reviews.undoLatest(profileKey);
      if (!outcome) throw new AppError('play/nothing-to-undo');
      return {
        reviewId: outcome.log.id,
        cardId: outcome.log.cardId,
        itemKey: outcome.log.itemKey,
        deckId: outcome.log.deckId,
        unburied: outcome.unburied,
      };
    },

    /**
     * Suspends or buries one item of a card, or all of them (reversed items included), creating state rows
     * for items never studied; lifting either brings the items back.
     */
    async patchItems(profileKey: string, patch: ItemPatch) {
      const now = clock();
      const [card, settings] = await Promise.all([
        repository.studyableCard(profileKey, patch.cardId),
        loadSettings(profileKey),
      ]);
      if (!card) throw itemNotFound();
      const items = hashedItemsOf(
        { title: card.title, body: card.body, type: card.type as CardType, fields: card.fields },
        true,
      );
      const chosen = patch.itemKey ? items.filter((item) => item.itemKey === patch.itemKey) : items;
      if (chosen.length === 0) throw itemNotFound();
      const day = studyDayAround(now, settings.timeZone, settings.dayStartsAtHour);
      const rows = await reviews.setFlags(
        profileKey,
        card.id,
        chosen.map((item) => ({ itemKey: item.itemKey, contentHash: item.contentHash })),
        {
          suspended: patch.suspended,
          buriedUntil: patch.buried === undefined ? undefined : patch.buried ? day.endsAt : null,
        },
        now,
      );
      const byKey = new Map(rows.map((row) => [row.itemKey, row]));
      return {
        items: chosen.map((item) => {
          const row = byKey.get(item.itemKey);
          const schedule = row && row.contentHash === item.contentHash && row.state !== 0 ? row : undefined;
          return { ...statusOf(card.title, item, { row, schedule }, now), cardId: card.id };
        }),
      };
    },

    /** Every item of the deck with its schedule, a page of cards at a time (newest in the deck first). */
    async deckItems(id: string, ownerKey: string, limit: number, cursor?: string) {
      const now = clock();
      const deck = await ownDeck(id, ownerKey);
      // The page's cursor is the last card's place in the deck (milliseconds, fractions kept) and its id.
      const after = cursor ? decodeNumberKey(cursor, uuidPattern) : undefined;
      const cards = (await repository.deckCandidates(deck, { links: false })).sort(
        (a, b) => b.orderAt - a.orderAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
      );
      const start = after
        ? cards.findIndex(
            (card) => card.orderAt < after.at || (card.orderAt === after.at && card.id < after.key),
          )
        : 0;
      const page = start < 0 ? [] : cards.slice(start, start + limit);
      const items = deckItemsOf(page, deck.includeReversed).map((entry) => ({
        ...statusOf(entry.card.title, entry.item, entry, now),
        cardId: entry.card.id,
      }));
      const last = page.at(-1);
      const more = start >= 0 && start + limit < cards.length;
      return { items, nextCursor: more && last ? encodeNumberKey(last.orderAt, last.id) : null };
    },

    /** A random sample of the deck's items (not suspended) for a game; the schedule is not touched. */
    async practice(id: string, ownerKey: string, count: number) {
      const deck = await ownDeck(id, ownerKey);
      const cards = await repository.deckCandidates(deck, { links: true });
      const items = deckItemsOf(cards, deck.includeReversed).filter((entry) => !entry.row?.suspended);
      return { items: shuffled(items).slice(0, count).map(studyItemOf) };
    },

    /** Stores a finished game; answers with the deck's record in that game and whether this game set it. */
    async saveGame(profileKey: string, input: GameResultInput) {
      if (input.correct > input.total)
        throw invalid([{ path: 'correct', message: 'Cannot be more than the total' }]);
      await ownDeck(input.deckId, profileKey);
      const { saved, all } = await repository.saveGame({
        profileKey,
        deckId: input.deckId,
        game: input.game,
        correct: input.correct,
        total: input.total,
        elapsedMs: input.elapsedMs,
        playedAt: clock(),
      });
      const before = bestGame(
        input.game,
        all.filter((row) => row.id !== saved.id),
      );
      const best = bestGame(input.game, all);
      return {
        record: gameRecordOf(input.game, all),
        isNewBest: best?.id === saved.id && (!before || isBetterGame(input.game, saved, before)),
      };
    },

    /** The deck's records in every game. */
    async games(id: string, ownerKey: string) {
      await ownDeck(id, ownerKey);
      const rows = await repository.games(ownerKey, id);
      return {
        items: gameKinds.map((game) =>
          gameRecordOf(
            game,
            rows.filter((row) => row.game === game),
          ),
        ),
      };
    },

    /** The person's latest grades, for the learning home. */
    async activity(profileKey: string) {
      const rows = await repository.recentGrades(profileKey, 10);
      return {
        recent: rows.map((row) => ({
          ...row,
          rating: row.rating as 1 | 2 | 3 | 4,
          reviewedAt: row.reviewedAt.toISOString(),
        })),
      };
    },
  };
}
export type PlayService = ReturnType<typeof createPlayService>;
