import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Orm } from '../../db/client.ts';
import {
  cardLikes,
  cards,
  deckCards,
  decks,
  gameResults,
  profiles,
  reviewLogs,
  reviewStates,
  studySettings,
  type CardFields,
} from '../../db/schema.ts';
import { cardReadableBy, notBlockedBetween, studyableBy } from '../../db/visibility.ts';
import type { TimeKey } from '../../lib/cursor.ts';
import type { ScheduleFields } from './scheduler.ts';

export type DeckRow = typeof decks.$inferSelect;
export type SettingsRow = typeof studySettings.$inferSelect;
export type GameRow = typeof gameResults.$inferSelect;

/** The deck fields a person sets. */
export type DeckValues = Pick<
  DeckRow,
  | 'name'
  | 'description'
  | 'sourceKind'
  | 'tags'
  | 'tagScope'
  | 'includeReversed'
  | 'newPerDay'
  | 'reviewsPerDay'
>;

/** A stored item state as the session reads it (schedule fields plus the person's flags). */
export type ItemStateRow = ScheduleFields & {
  itemKey: string;
  contentHash: string;
  suspended: boolean;
  buriedUntil: Date | null;
};

/** A card a deck holds, with what a session needs: its content, the person's states and its wiki links. */
export type CandidateCard = {
  id: string;
  title: string;
  body: string;
  type: string;
  fields: CardFields;
  tags: string[];
  /** When it joined the deck (added, liked or published), which orders new items. */
  orderAt: number;
  states: ItemStateRow[];
  links: { id: string; title: string }[];
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function textArray(values: readonly string[]): SQL {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** A card carries one of `tags` or a tag nested under one (`ml` takes `ml` and `ml/recsys`). */
function carriesTags(tags: readonly string[]): SQL {
  const nested = tags.map((tag) => `${escapeLike(tag)}/%`);
  return sql`(${cards.tags} && ${textArray(tags)} or exists (select 1 from unnest(${cards.tags}) as tag where tag like any(${textArray(nested)})))`;
}

/**
 * Which cards a deck holds (besides `studyableBy`) and the time that orders them: a collection's cards by when
 * they were added, liked cards by when they were liked, tag decks' cards by when they were published. Tag decks
 * of scope `everyone` take public cards and the owner's own; scope `mine` only the owner's.
 */
export function deckSelection(deck: DeckRow): { where: SQL; orderAt: SQL } {
  switch (deck.sourceKind) {
    case 'collection': {
      const addedAt = sql`(select ${deckCards.addedAt} from ${deckCards} where ${deckCards.deckId} = ${deck.id} and ${deckCards.cardId} = ${cards.id})`;
      return {
        where: sql`exists (select 1 from ${deckCards} where ${deckCards.deckId} = ${deck.id} and ${deckCards.cardId} = ${cards.id})`,
        orderAt: addedAt,
      };
    }
    case 'liked': {
      const likedAt = sql`(select ${cardLikes.createdAt} from ${cardLikes} where ${cardLikes.profileKey} = ${deck.ownerKey} and ${cardLikes.cardId} = ${cards.id})`;
      return {
        where: sql`exists (select 1 from ${cardLikes} where ${cardLikes.profileKey} = ${deck.ownerKey} and ${cardLikes.cardId} = ${cards.id})`,
        orderAt: likedAt,
      };
    }
    default: {
      const scope =
        deck.tagScope === 'mine'
          ? sql`${cards.authorKey} = ${deck.ownerKey}`
          : sql`(${cards.visibility} = 'public' or ${cards.authorKey} = ${deck.ownerKey})`;
      return { where: sql`(${scope} and ${carriesTags(deck.tags)})`, orderAt: sql`${cards.publishedAt}` };
    }
  }
}

/** A time as milliseconds since the epoch: a JavaScript Date holds milliseconds, and numbers parse faster. */
const epochMs = (column: SQL | AnyColumn) =>
  sql<number | null>`(extract(epoch from ${column}) * 1000)::float8`;

/**
 * The reader's states of the outer query's card, as one JSON array of arrays (a compact row per item, in the
 * order `stateOf` reads): one row per card comes back instead of one per item, and the driver parses the
 * states with `JSON.parse` instead of mapping a dozen columns per row. Times travel as epoch milliseconds;
 * doubles print exactly (PostgreSQL's shortest round-trip output).
 */
const statesJson = (readerKey: string) =>
  sql<StateTuple[] | null>`(select json_agg(json_build_array(
      ${reviewStates.itemKey}, ${reviewStates.contentHash}, ${reviewStates.state},
      extract(epoch from ${reviewStates.due}) * 1000, ${reviewStates.stability}, ${reviewStates.difficulty},
      ${reviewStates.elapsedDays}, ${reviewStates.scheduledDays}, ${reviewStates.learningSteps},
      ${reviewStates.reps}, ${reviewStates.lapses}, extract(epoch from ${reviewStates.lastReview}) * 1000,
      ${reviewStates.suspended}, extract(epoch from ${reviewStates.buriedUntil}) * 1000))
    from ${reviewStates} where ${reviewStates.profileKey} = ${readerKey} and ${reviewStates.cardId} = ${cards.id})`;

/** One state as `statesJson` writes it. */
type StateTuple = [
  itemKey: string,
  contentHash: string,
  state: number,
  due: number,
  stability: number,
  difficulty: number,
  elapsedDays: number,
  scheduledDays: number,
  learningSteps: number,
  reps: number,
  lapses: number,
  lastReview: number | null,
  suspended: boolean,
  buriedUntil: number | null,
];

function stateOf([
  itemKey,
  contentHash,
  state,
  due,
  stability,
  difficulty,
  elapsedDays,
  scheduledDays,
  learningSteps,
  reps,
  lapses,
  lastReview,
  suspended,
  buriedUntil,
]: StateTuple): ItemStateRow {
  return {
    itemKey,
    contentHash,
    state,
    due: new Date(due),
    stability,
    difficulty,
    elapsedDays,
    scheduledDays,
    learningSteps,
    reps,
    lapses,
    lastReview: lastReview === null ? null : new Date(lastReview),
    suspended,
    buriedUntil: buriedUntil === null ? null : new Date(buriedUntil),
  };
}

const linkTarget = alias(cards, 't');
/**
 * The cards the outer query's card links to with `[[…]]` that the reader may open, by nobody blocked either
 * way, as JSON. `cards.id` is written out: in a select list Drizzle writes a column without its table, and
 * inside this subquery a bare "id" is the link target's, which matched only links from a card to itself.
 */
const wikiLinksJson = (readerKey: string) =>
  sql<
    { id: string; title: string }[]
  >`coalesce((select json_agg(json_build_object('id', t.id, 'title', t.title))
    from card_links l join cards t on t.id = l.target_id
    where l.source_id = cards.id and l.kind = 'wiki'
      and ${cardReadableBy(readerKey, linkTarget)}
      and ${notBlockedBetween(readerKey, linkTarget.authorKey)}), '[]'::json)`;

/** Storage of Play's decks, settings, games and activity; reviews are in `reviews/repository.ts`. */
export function createPlayRepository(orm: Orm) {
  /** The cards matching `where` that `readerKey` may study, each with the reader's states of its items. */
  async function candidates(readerKey: string, where: SQL, orderAt: SQL, links: boolean) {
    const rows = await orm
      .select({
        id: cards.id,
        title: cards.title,
        body: cards.body,
        type: cards.type,
        fields: cards.fields,
        tags: cards.tags,
        orderAt: epochMs(orderAt),
        links: links ? wikiLinksJson(readerKey) : sql<{ id: string; title: string }[]>`null`,
        states: statesJson(readerKey),
      })
      .from(cards)
      .where(and(studyableBy(readerKey), where))
      .orderBy(sql`${orderAt} asc`, asc(cards.id));
    return rows.map((row): CandidateCard => ({
      id: row.id,
      title: row.title,
      body: row.body,
      type: row.type,
      fields: row.fields,
      tags: row.tags,
      orderAt: row.orderAt ?? 0,
      states: (row.states ?? []).map(stateOf),
      links: row.links ?? [],
    }));
  }

  return {
    async settings(profileKey: string): Promise<SettingsRow | undefined> {
      const [row] = await orm.select().from(studySettings).where(eq(studySettings.profileKey, profileKey));
      return row;
    },

    async saveSettings(profileKey: string, values: Omit<SettingsRow, 'profileKey' | 'updatedAt'>) {
      const [row] = await orm
        .insert(studySettings)
        .values({ profileKey, ...values })
        .onConflictDoUpdate({ target: studySettings.profileKey, set: { ...values, updatedAt: new Date() } })
        .returning();
      return row!;
    },

    /** The person's profile flags that decide their entitlements. */
    async subscription(profileKey: string) {
      const [row] = await orm
        .select({ isSubscribed: profiles.isSubscribed, subscribedUntil: profiles.subscribedUntil })
        .from(profiles)
        .where(eq(profiles.key, profileKey));
      return row;
    },

    async decks(ownerKey: string): Promise<DeckRow[]> {
      return orm
        .select()
        .from(decks)
        .where(eq(decks.ownerKey, ownerKey))
        .orderBy(asc(decks.createdAt), asc(decks.id));
    },

    /** The deck when `ownerKey` owns it; another person's deck is as missing as one that never was. */
    async deck(id: string, ownerKey: string): Promise<DeckRow | undefined> {
      const [row] = await orm
        .select()
        .from(decks)
        .where(and(eq(decks.id, id), eq(decks.ownerKey, ownerKey)));
      return row;
    },

    /** A new deck and the collection's first cards, in one transaction. */
    async createDeck(ownerKey: string, values: DeckValues, cardIds: string[]): Promise<DeckRow> {
      return orm.transaction(async (tx) => {
        const [deck] = await tx
          .insert(decks)
          .values({ ownerKey, ...values })
          .returning();
        if (cardIds.length > 0) {
          // Added one microsecond apart, so the collection keeps the order the cards were given in.
          await tx.insert(deckCards).values(
            cardIds.map((cardId, index) => ({
              deckId: deck!.id,
              cardId,
              addedAt: sql`now() + ${index} * interval '1 microsecond'`,
            })),
          );
        }
        return deck!;
      });
    },

    async updateDeck(
      id: string,
      ownerKey: string,
      values: Partial<DeckValues>,
    ): Promise<DeckRow | undefined> {
      const [row] = await orm
        .update(decks)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(decks.id, id), eq(decks.ownerKey, ownerKey)))
        .returning();
      return row;
    },

    async deleteDeck(id: string, ownerKey: string): Promise<boolean> {
      const rows = await orm
        .delete(decks)
        .where(and(eq(decks.id, id), eq(decks.ownerKey, ownerKey)))
        .returning({ id: decks.id });
      return rows.length > 0;
    },

    /** Which of `ids` the reader may study (see `studyableBy`). */
    async studyableIds(readerKey: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await orm
        .select({ id: cards.id })
        .from(cards)
        .where(and(inArray(cards.id, ids), studyableBy(readerKey)));
      return new Set(rows.map((row) => row.id));
    },

    /** Puts a card in a collection (again: no change) or takes it out. */
    async setDeckCard(deckId: string, cardId: string, contains: boolean): Promise<void> {
      if (contains) await orm.insert(deckCards).values({ deckId, cardId }).onConflictDoNothing();
      else await orm.delete(deckCards).where(and(eq(deckCards.deckId, deckId), eq(deckCards.cardId, cardId)));
      await orm.update(decks).set({ updatedAt: new Date() }).where(eq(decks.id, deckId));
    },

    /** The owner's collections, oldest first, and whether each holds the card. */
    async collectionsWith(ownerKey: string, cardId: string) {
      return orm
        .select({
          id: decks.id,
          name: decks.name,
          contains: sql<boolean>`exists (select 1 from ${deckCards} where ${deckCards.deckId} = ${decks.id} and ${deckCards.cardId} = ${cardId})`,
        })
        .from(decks)
        .where(and(eq(decks.ownerKey, ownerKey), eq(decks.sourceKind, 'collection')))
        .orderBy(asc(decks.createdAt), asc(decks.id));
    },

    /** The ids of the deck's cards its owner may study, newest in the deck first, at most `limit`. */
    async deckCardIds(deck: DeckRow, limit: number): Promise<string[]> {
      const { where, orderAt } = deckSelection(deck);
      const rows = await orm
        .select({ id: cards.id })
        .from(cards)
        .where(and(studyableBy(deck.ownerKey), where))
        .orderBy(sql`${orderAt} desc`, desc(cards.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** A page of the deck's cards with their authors, newest in the deck first, after the keyset `after`. */
    async deckCardPage(deck: DeckRow, limit: number, after?: TimeKey) {
      const { where, orderAt } = deckSelection(deck);
      const at = sql<string>`to_char(${orderAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
      return orm
        .select({
          card: {
            id: cards.id,
            title: cards.title,
            body: sql<string>`substr(${cards.body}, 1, 800)`,
            type: cards.type,
            fields: cards.fields,
            tags: cards.tags,
            coverURL: cards.coverURL,
            visibility: cards.visibility,
            status: cards.status,
            likes: cards.likes,
            remixes: cards.remixes,
            views: cards.views,
            publishedAt: cards.publishedAt,
            updatedAt: cards.updatedAt,
          },
          author: profiles,
          at,
        })
        .from(cards)
        .innerJoin(profiles, eq(profiles.key, cards.authorKey))
        .where(
          and(
            studyableBy(deck.ownerKey),
            where,
            after
              ? sql`(${orderAt}, ${cards.id}) < (${after.at}::timestamp at time zone 'UTC', ${after.key}::uuid)`
              : undefined,
          ),
        )
        .orderBy(sql`${orderAt} desc`, desc(cards.id))
        .limit(limit + 1);
    },

    /**
     * Every card of the deck with the owner's item states (and, when asked, its wiki links), oldest in the deck
     * first: one query however many cards (a card's row repeats for each of its states), so a session of
     * hundreds of items costs one round trip.
     */
    async deckCandidates(deck: DeckRow, options: { links: boolean }): Promise<CandidateCard[]> {
      const { where, orderAt } = deckSelection(deck);
      return candidates(deck.ownerKey, where, orderAt, options.links);
    },

    /** One card the reader may study, with their states of it (for grading, suspending and burying). */
    async studyableCard(readerKey: string, cardId: string): Promise<CandidateCard | undefined> {
      const [card] = await candidates(readerKey, eq(cards.id, cardId), sql`${cards.publishedAt}`, false);
      return card;
    },

    /** What the person has done in the deck since `since`: new items introduced and reviews answered. */
    async doneSince(
      profileKey: string,
      deckId: string,
      since: Date,
    ): Promise<{ new: number; review: number }> {
      const [row] = await orm
        .select({
          new: sql<number>`count(*) filter (where ${reviewLogs.state} = 0)::int`,
          review: sql<number>`count(*) filter (where ${reviewLogs.state} = 2)::int`,
        })
        .from(reviewLogs)
        .where(
          and(
            eq(reviewLogs.profileKey, profileKey),
            eq(reviewLogs.deckId, deckId),
            sql`${reviewLogs.review} >= ${since}`,
          ),
        );
      return row ?? { new: 0, review: 0 };
    },

    /** Stores a finished game and answers with every game of that kind the person played in the deck. */
    async saveGame(row: Omit<GameRow, 'id' | 'playedAt'> & { playedAt: Date }) {
      return orm.transaction(async (tx) => {
        const [saved] = await tx.insert(gameResults).values(row).returning();
        const all = await tx
          .select()
          .from(gameResults)
          .where(
            and(
              eq(gameResults.profileKey, row.profileKey),
              eq(gameResults.deckId, row.deckId),
              eq(gameResults.game, row.game),
            ),
          );
        return { saved: saved!, all };
      });
    },

    async games(profileKey: string, deckId: string): Promise<GameRow[]> {
      return orm
        .select()
        .from(gameResults)
        .where(and(eq(gameResults.profileKey, profileKey), eq(gameResults.deckId, deckId)));
    },

    /** The person's latest grades of cards that still exist, newest first. */
    async recentGrades(profileKey: string, limit: number) {
      return orm
        .select({
          reviewId: reviewLogs.id,
          cardId: reviewLogs.cardId,
          cardTitle: cards.title,
          itemKey: reviewLogs.itemKey,
          rating: reviewLogs.rating,
          reviewedAt: reviewLogs.review,
        })
        .from(reviewLogs)
        .innerJoin(cards, eq(cards.id, reviewLogs.cardId))
        .where(and(eq(reviewLogs.profileKey, profileKey), sql`${cards.deletedAt} is null`))
        .orderBy(desc(reviewLogs.review), desc(reviewLogs.id))
        .limit(limit);
    },
  };
}
export type PlayRepository = ReturnType<typeof createPlayRepository>;
