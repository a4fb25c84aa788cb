import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { reputationPoints } from '../../../contracts/reputation.ts';
import type { Orm } from '../../db/client.ts';
import {
  cardDrafts,
  cardSources,
  cardLikes,
  cardLinks,
  cards,
  cardVersions,
  pdfDocuments,
  profiles,
  userReports,
  type CardFields,
  type TypedLink,
} from '../../db/schema.ts';
import {
  cardReadableBy,
  listedCard,
  notBlockedBetween,
  ownCard,
  publishedCard,
  publishedCardReadableBy,
  versionReadableBy,
} from '../../db/visibility.ts';
import { copyReviewStates } from '../play/index.ts';
import { blockedEitherWay } from '../../db/visibility.ts';
import type { Executor } from '../../db/client.ts';
import { applyReputationEvent } from '../reputation/index.ts';

export type CardRow = typeof cards.$inferSelect;
export type DraftRow = typeof cardDrafts.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;

/** The content a draft or a version holds. */
export type CardContent = {
  title: string;
  body: string;
  type: string;
  fields: CardFields;
  tags: string[];
  coverURL: string | null;
};

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Locks the author's profile row. Every transaction that moves an author's counters or reputation takes it
 * after the card row, so concurrent changes to one author's cards queue instead of miscounting.
 */
async function lockProfile(tx: Executor, key: string): Promise<void> {
  await tx.select({ key: profiles.key }).from(profiles).where(eq(profiles.key, key)).for('update');
}

/**
 * Sets the author's `cards` (published, not deleted) and `likes` (received on cards not deleted) from the rows
 * themselves, under the profile lock, so the counters cannot drift from what they count.
 */
async function recountAuthor(tx: Executor, key: string): Promise<void> {
  await tx
    .update(profiles)
    .set({
      cards: sql`(select count(*)::int from ${cards} where ${cards.authorKey} = ${key} and ${publishedCard()})`,
      likes: sql`(select coalesce(sum(${cards.likes}), 0)::int from ${cards} where ${cards.authorKey} = ${key} and ${cards.deletedAt} is null)`,
    })
    .where(eq(profiles.key, key));
}

/** Storage of cards: drafts, publishing and versions, links, likes, deletion and remixes. */
export function createCardsRepository(orm: Orm) {
  return {
    /** A card (deleted ones included) with its author. */
    async find(id: string): Promise<{ card: CardRow; author: ProfileRow } | undefined> {
      const [row] = await orm
        .select({ card: cards, author: profiles })
        .from(cards)
        .innerJoin(profiles, eq(profiles.key, cards.authorKey))
        .where(eq(cards.id, id))
        .limit(1);
      return row;
    },

    async findDraft(cardId: string): Promise<DraftRow | undefined> {
      const [row] = await orm.select().from(cardDrafts).where(eq(cardDrafts.cardId, cardId)).limit(1);
      return row;
    },

    /**
     * A new card and its draft, in one transaction. A remix (`forkOfId`) also takes over its author's review
     * states of the original, so what they studied of it keeps its schedule where the remix leaves it unchanged.
     */
    async create(card: {
      authorKey: string;
      content: CardContent;
      visibility: string;
      forkOfId?: string | null;
      /** Where the card comes from (a PDF highlight), recorded with it. */
      source?: Omit<typeof cardSources.$inferInsert, 'cardId' | 'createdAt'>;
    }): Promise<{ card: CardRow; draft: DraftRow }> {
      return orm.transaction(async (tx) => {
        const [created] = await tx
          .insert(cards)
          .values({
            authorKey: card.authorKey,
            ...card.content,
            visibility: card.visibility,
            forkOfId: card.forkOfId ?? null,
          })
          .returning();
        const [draft] = await tx
          .insert(cardDrafts)
          .values({ cardId: created!.id, ...card.content, visibility: card.visibility })
          .returning();
        if (card.forkOfId) await copyReviewStates(tx, card.authorKey, card.forkOfId, created!.id);
        if (card.source) await tx.insert(cardSources).values({ ...card.source, cardId: created!.id });
        return { card: created!, draft: draft! };
      });
    },

    /** The card's draft, made from its live content when it has none (a published card opened to edit). */
    async draftFor(card: CardRow): Promise<DraftRow> {
      await orm
        .insert(cardDrafts)
        .values({
          cardId: card.id,
          title: card.title,
          body: card.body,
          type: card.type,
          fields: card.fields,
          tags: card.tags,
          coverURL: card.coverURL,
          visibility: card.visibility,
          typedLinks: await this.typedLinksOf(card.id),
        })
        .onConflictDoNothing();
      return (await this.findDraft(card.id))!;
    },

    /** The typed links the live card has, as the draft stores them. */
    async typedLinksOf(cardId: string): Promise<TypedLink[]> {
      const rows = await orm
        .select({ targetId: cardLinks.targetId, kind: cardLinks.kind })
        .from(cardLinks)
        .where(and(eq(cardLinks.sourceId, cardId), sql`${cardLinks.kind} <> 'wiki'`));
      return rows;
    },

    /**
     * Saves the draft if it is still at `baseRevision`, moving it to the next revision. Undefined when another
     * save got there first: the caller answers with a conflict rather than overwrite newer text.
     */
    async saveDraft(
      cardId: string,
      baseRevision: number,
      draft: CardContent & { visibility: string; typedLinks: TypedLink[] },
    ): Promise<DraftRow | undefined> {
      const [row] = await orm
        .update(cardDrafts)
        .set({ ...draft, revision: sql`${cardDrafts.revision} + 1`, updatedAt: new Date() })
        .where(and(eq(cardDrafts.cardId, cardId), eq(cardDrafts.revision, baseRevision)))
        .returning();
      return row;
    },

    /** The author's cards with unpublished work: never-published cards and published ones with a draft. */
    async listDrafts(authorKey: string, limit: number) {
      return orm
        .select({ card: cards, draft: cardDrafts, author: profiles })
        .from(cardDrafts)
        .innerJoin(cards, eq(cards.id, cardDrafts.cardId))
        .innerJoin(profiles, eq(profiles.key, cards.authorKey))
        .where(and(eq(cards.authorKey, authorKey), isNull(cards.deletedAt)))
        .orderBy(desc(cardDrafts.updatedAt))
        .limit(limit);
    },

    /**
     * Finds cards by title for `[[links]]` written by `authorKey`: their own cards first, then listed cards by
     * nobody blocked either way, the most liked first. Keys are normalised titles (see `normalizeTitle`).
     */
    async resolveTitles(authorKey: string, normalizedTitles: string[]) {
      if (normalizedTitles.length === 0) return new Map<string, { id: string; title: string }>();
      const key = sql<string>`lower(btrim(regexp_replace(normalize(${cards.title}, NFC), '\\s+', ' ', 'g')))`;
      const rows = await orm
        .select({ id: cards.id, title: cards.title, key })
        .from(cards)
        .where(
          and(
            inArray(key, normalizedTitles),
            or(ownCard(authorKey), listedCard()),
            notBlockedBetween(authorKey, cards.authorKey),
          ),
        )
        .orderBy(desc(sql`${cards.authorKey} = ${authorKey}`), desc(cards.likes), asc(cards.createdAt));
      const found = new Map<string, { id: string; title: string }>();
      for (const row of rows) if (!found.has(row.key)) found.set(row.key, { id: row.id, title: row.title });
      return found;
    },

    /**
     * The papers `[@key]` citations name, as `authorKey` sees them: paper cards they may read (their own
     * first, then the most widely queued), by nobody blocked either way. Each key names one paper.
     */
    async resolveCitationKeys(authorKey: string, keys: string[]) {
      if (keys.length === 0) return new Map<string, string>();
      const key = sql<string>`${cards.fields} ->> 'citationKey'`;
      const rows = await orm
        .select({ id: cards.id, key })
        .from(cards)
        .where(
          and(
            sql`${cards.type} = 'paper' and ${cards.deletedAt} is null`,
            inArray(key, keys),
            or(ownCard(authorKey), listedCard()),
            notBlockedBetween(authorKey, cards.authorKey),
          ),
        )
        .orderBy(desc(sql`${cards.authorKey} = ${authorKey}`), asc(cards.createdAt));
      const found = new Map<string, string>();
      for (const row of rows) if (!found.has(row.key)) found.set(row.key, row.id);
      return found;
    },

    /**
     * Publishes many new cards of one author at once (a bibliography import, module cards): each card, its
     * first version and its links, in one transaction and a few statements per 500 cards. A link names an
     * existing card (`targetId`) or another card of the batch (`targetIndex`). Returns the ids in order.
     */
    async publishMany(
      authorKey: string,
      items: {
        content: CardContent;
        visibility: string;
        links: ({ targetId: string; kind: string } | { targetIndex: number; kind: string })[];
      }[],
    ): Promise<string[]> {
      if (items.length === 0) return [];
      return orm.transaction(async (tx) => {
        await lockProfile(tx, authorKey);
        const now = new Date();
        const ids: string[] = [];
        for (let start = 0; start < items.length; start += 500) {
          const chunk = items.slice(start, start + 500);
          const created = await tx
            .insert(cards)
            .values(
              chunk.map((item) => ({
                authorKey,
                ...item.content,
                visibility: item.visibility,
                status: 'published',
                version: 1,
                createdAt: now,
                updatedAt: now,
                publishedAt: now,
              })),
            )
            .returning({ id: cards.id });
          const chunkIds = created.map((row) => row.id);
          await tx.insert(cardVersions).values(
            chunk.map((item, index) => ({
              cardId: chunkIds[index]!,
              version: 1,
              ...item.content,
              typedLinks: [],
              visibility: item.visibility,
              publishedAt: now,
            })),
          );
          ids.push(...chunkIds);
        }
        // Links go in once every card has its id: one may name a card of a later chunk.
        const links = items.flatMap((item, index) => {
          const targets = item.links.flatMap((link) => {
            const targetId = 'targetId' in link ? link.targetId : ids[link.targetIndex];
            return targetId && targetId !== ids[index] ? [{ targetId, kind: link.kind }] : [];
          });
          const unique = new Map(targets.map((link) => [`${link.targetId}:${link.kind}`, link]));
          return [...unique.values()].map((link) => ({ sourceId: ids[index]!, ...link }));
        });
        for (let start = 0; start < links.length; start += 1000)
          await tx.insert(cardLinks).values(links.slice(start, start + 1000));
        await recountAuthor(tx, authorKey);
        return ids;
      });
    },

    /**
     * Which of `ids` exist and may be linked by `authorKey`, with their titles: cards they may read, by nobody
     * blocked either way. A draft shows only these, so a card since made private, deleted or blocked is named
     * to nobody through another's draft.
     */
    async linkableTitles(authorKey: string, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await orm
        .select({ id: cards.id, title: cards.title })
        .from(cards)
        .where(
          and(
            inArray(cards.id, ids),
            cardReadableBy(authorKey),
            notBlockedBetween(authorKey, cards.authorKey),
          ),
        );
      return new Map(rows.map((row) => [row.id, row.title]));
    },

    /**
     * Publishes `content` as the card's next version: the live columns, a version row, the links, the
     * author's counters and (on a remix's first publish) the original's remix count and its author's
     * reputation, all in one transaction. The draft is removed: the live card is now the latest text.
     */
    async publish(
      cardId: string,
      content: CardContent & { visibility: string; typedLinks: TypedLink[] },
      links: { targetId: string; kind: string }[],
    ): Promise<CardRow | undefined> {
      return orm.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(cards)
          .where(and(eq(cards.id, cardId), isNull(cards.deletedAt)))
          .for('update');
        if (!locked) return undefined;
        await lockProfile(tx, locked.authorKey);
        const now = new Date();
        const version = locked.version + 1;
        const { typedLinks, visibility, ...live } = content;
        const [published] = await tx
          .update(cards)
          .set({
            ...live,
            visibility,
            status: 'published',
            version,
            updatedAt: now,
            publishedAt: locked.publishedAt ?? now,
          })
          .where(eq(cards.id, cardId))
          .returning();
        await tx
          .insert(cardVersions)
          .values({ cardId, version, ...live, typedLinks, visibility, publishedAt: now });
        await tx.delete(cardLinks).where(eq(cardLinks.sourceId, cardId));
        const unique = new Map(links.map((link) => [`${link.targetId}:${link.kind}`, link]));
        unique.delete(`${cardId}:wiki`);
        const rows = [...unique.values()].filter((link) => link.targetId !== cardId);
        if (rows.length > 0)
          await tx.insert(cardLinks).values(rows.map((link) => ({ sourceId: cardId, ...link })));
        await tx.delete(cardDrafts).where(eq(cardDrafts.cardId, cardId));
        await recountAuthor(tx, locked.authorKey);

        if (locked.forkOfId && locked.version === 0) {
          const [original] = await tx
            .select({ id: cards.id, authorKey: cards.authorKey })
            .from(cards)
            .where(eq(cards.id, locked.forkOfId))
            .for('update');
          if (original && original.authorKey !== locked.authorKey) {
            await tx
              .update(cards)
              .set({ remixes: sql`${cards.remixes} + 1` })
              .where(eq(cards.id, original.id));
            await applyReputationEvent(tx, {
              profileKey: original.authorKey,
              kind: 'card-remixed',
              points: reputationPoints['card-remixed'],
              day: today(),
              sourceId: cardId,
            });
          }
        }
        return published;
      });
    },

    /** Takes a published card out of every list (it keeps its versions); the author's count follows. */
    async unpublish(cardId: string): Promise<CardRow | undefined> {
      return orm.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(cards)
          .where(and(eq(cards.id, cardId), isNull(cards.deletedAt)))
          .for('update');
        if (!locked) return undefined;
        await lockProfile(tx, locked.authorKey);
        const [row] = await tx
          .update(cards)
          .set({ status: 'draft', updatedAt: new Date() })
          .where(eq(cards.id, cardId))
          .returning();
        await recountAuthor(tx, locked.authorKey);
        return row;
      });
    },

    /** Marks the card deleted (or restores it); counters leave it out while it is deleted. */
    async setDeleted(cardId: string, deleted: boolean, restoreWithin?: Date): Promise<CardRow | undefined> {
      return orm.transaction(async (tx) => {
        const [locked] = await tx.select().from(cards).where(eq(cards.id, cardId)).for('update');
        if (!locked) return undefined;
        if (deleted ? locked.deletedAt !== null : locked.deletedAt === null) return undefined;
        if (!deleted && restoreWithin && locked.deletedAt! < restoreWithin) return undefined;
        await lockProfile(tx, locked.authorKey);
        const [row] = await tx
          .update(cards)
          .set({ deletedAt: deleted ? new Date() : null })
          .where(eq(cards.id, cardId))
          .returning();
        await recountAuthor(tx, locked.authorKey);
        return row;
      });
    },

    /** Removes for good the cards deleted before `before` (their undo time is over). */
    async purgeDeleted(before: Date): Promise<number> {
      const rows = await orm
        .delete(cards)
        .where(sql`${cards.deletedAt} < ${before}`)
        .returning({ id: cards.id });
      return rows.length;
    },

    /**
     * The published cards among `ids` that `readerKey` may read (public or unlisted, or their own), with
     * their like counts and whether `readerKey` likes them.
     */
    likesOf(ids: string[], readerKey: string) {
      return orm
        .select({
          id: cards.id,
          likes: cards.likes,
          liked: sql<boolean>`${cardLikes.id} is not null`,
        })
        .from(cards)
        .leftJoin(cardLikes, and(eq(cardLikes.cardId, cards.id), eq(cardLikes.profileKey, readerKey)))
        .where(and(inArray(cards.id, ids), publishedCardReadableBy(readerKey)));
    },

    /**
     * Likes or unlikes, idempotently: the like row, the card's count, the author's `likes` and their
     * reputation move together. An unlike counts on the day of the like it takes back, so the daily cap on
     * like points gives the same total in any order. Returns the card's count after the change.
     */
    async setLike(cardId: string, profileKey: string, like: boolean): Promise<number | undefined> {
      return orm.transaction(async (tx) => {
        const [card] = await tx
          .select({ id: cards.id, authorKey: cards.authorKey, likes: cards.likes })
          .from(cards)
          .where(eq(cards.id, cardId))
          .for('update');
        if (!card) return undefined;
        const changed = like
          ? await tx.insert(cardLikes).values({ cardId, profileKey }).onConflictDoNothing().returning()
          : await tx
              .delete(cardLikes)
              .where(and(eq(cardLikes.cardId, cardId), eq(cardLikes.profileKey, profileKey)))
              .returning();
        const row = changed[0];
        if (!row) return card.likes;
        const delta = like ? 1 : -1;
        await tx
          .update(cards)
          .set({ likes: sql`${cards.likes} + ${delta}` })
          .where(eq(cards.id, cardId));
        await applyReputationEvent(tx, {
          profileKey: card.authorKey,
          kind: like ? 'card-liked' : 'like-removed',
          points: like ? reputationPoints['card-liked'] : reputationPoints['like-removed'],
          day: row.createdAt.toISOString().slice(0, 10),
          sourceId: row.id,
        });
        await recountAuthor(tx, card.authorKey);
        return card.likes + delta;
      });
    },

    /** Where the card came from (a PDF highlight), and who owns that PDF while it exists. */
    async sourceOf(cardId: string) {
      const [row] = await orm
        .select({
          paperTitle: cardSources.paperTitle,
          page: cardSources.page,
          citation: cardSources.citation,
          documentId: cardSources.documentId,
          highlightId: cardSources.highlightId,
          documentOwnerKey: pdfDocuments.ownerKey,
        })
        .from(cardSources)
        .leftJoin(pdfDocuments, eq(pdfDocuments.id, cardSources.documentId))
        .where(eq(cardSources.cardId, cardId))
        .limit(1);
      return row;
    },

    /** The owner's PDF this paper card is attached to, if any. */
    async attachedPdfOf(cardId: string, ownerKey: string) {
      const [row] = await orm
        .select({ id: pdfDocuments.id, title: pdfDocuments.title })
        .from(pdfDocuments)
        .where(and(eq(pdfDocuments.paperCardId, cardId), eq(pdfDocuments.ownerKey, ownerKey)))
        .orderBy(asc(pdfDocuments.createdAt))
        .limit(1);
      return row;
    },

    async isLikedBy(cardId: string, profileKey: string): Promise<boolean> {
      const rows = await orm
        .select({ one: sql`1` })
        .from(cardLikes)
        .where(and(eq(cardLikes.cardId, cardId), eq(cardLikes.profileKey, profileKey)))
        .limit(1);
      return rows.length > 0;
    },

    /** Whether either of the two profiles blocks the other. */
    blockedEitherWay: (a: string, b: string) => blockedEitherWay(orm, a, b),

    /**
     * The cards a card links to, with the link's kind: those its reader `readerKey` may read, by nobody blocked
     * either way.
     */
    async outgoingLinks(cardId: string, readerKey: string | undefined) {
      return orm
        .select({ id: cards.id, title: cards.title, kind: cardLinks.kind })
        .from(cardLinks)
        .innerJoin(cards, eq(cards.id, cardLinks.targetId))
        .where(
          and(
            eq(cardLinks.sourceId, cardId),
            cardReadableBy(readerKey),
            notBlockedBetween(readerKey, cards.authorKey),
          ),
        );
    },

    /** The versions of a card that `readerKey` may read (decision 014), newest first. */
    async versions(cardId: string, readerKey: string | undefined) {
      return orm
        .select({
          version: cardVersions.version,
          title: cardVersions.title,
          publishedAt: cardVersions.publishedAt,
        })
        .from(cardVersions)
        .innerJoin(cards, eq(cards.id, cardVersions.cardId))
        .where(and(eq(cardVersions.cardId, cardId), versionReadableBy(readerKey, cardVersions)))
        .orderBy(desc(cardVersions.version));
    },

    async version(cardId: string, version: number) {
      const [row] = await orm
        .select()
        .from(cardVersions)
        .where(and(eq(cardVersions.cardId, cardId), eq(cardVersions.version, version)))
        .limit(1);
      return row;
    },

    /**
     * Titles for `[[` autocomplete: the author's own cards and listed ones by nobody blocked either way, prefix
     * matches first.
     */
    async suggestTitles(readerKey: string, query: string, limit: number) {
      const pattern = `${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const contains = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return orm
        .select({ id: cards.id, title: cards.title, mine: sql<boolean>`${cards.authorKey} = ${readerKey}` })
        .from(cards)
        .where(
          and(
            sql`${cards.title} <> ''`,
            or(ownCard(readerKey), listedCard()),
            notBlockedBetween(readerKey, cards.authorKey),
            query ? sql`${cards.title} ilike ${contains}` : undefined,
          ),
        )
        .orderBy(
          desc(sql`${cards.title} ilike ${pattern}`),
          desc(sql`${cards.authorKey} = ${readerKey}`),
          desc(cards.likes),
          asc(cards.title),
        )
        .limit(limit);
    },

    /** Every card of the author that is not deleted, with its draft when it has one, oldest first. */
    async listOwn(authorKey: string) {
      return orm
        .select({ card: cards, draft: cardDrafts })
        .from(cards)
        .leftJoin(cardDrafts, eq(cardDrafts.cardId, cards.id))
        .where(and(eq(cards.authorKey, authorKey), isNull(cards.deletedAt)))
        .orderBy(asc(cards.createdAt));
    },

    /** Stores a report about a card (and its author) for the administrators. */
    async insertReport(report: {
      reporterKey: string;
      reportedKey: string;
      cardId: string;
      reason: string;
      details: string;
    }): Promise<string> {
      const [row] = await orm.insert(userReports).values(report).returning({ id: userReports.id });
      return row!.id;
    },
  };
}
export type CardsRepository = ReturnType<typeof createCardsRepository>;
