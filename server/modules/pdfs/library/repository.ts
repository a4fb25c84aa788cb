import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PdfSort, ReadStatus } from '../../../../contracts/pdfs.ts';
import type { Executor, Orm } from '../../../db/client.ts';
import {
  cardSources,
  cards,
  pdfCollectionItems,
  pdfCollections,
  pdfDocuments,
  pdfHighlights,
  pdfLibrarySettings,
  profiles,
} from '../../../db/schema.ts';
import { listedCard, notBlockedBetween, ownCard } from '../../../db/visibility.ts';

export type DocumentRow = typeof pdfDocuments.$inferSelect;
export type NewDocument = Omit<typeof pdfDocuments.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type DocumentChanges = Partial<
  Pick<
    DocumentRow,
    'title' | 'authors' | 'year' | 'doi' | 'arxivId' | 'tags' | 'status' | 'lastPage' | 'paperCardId'
  >
>;

/** A document with what the list shows beside it: its collections, highlights, cards and paper card. */
export type DocumentView = {
  document: DocumentRow;
  collectionIds: string[];
  highlightCount: number;
  cardCount: number;
  paperCard: { id: string; title: string } | null;
};

/** Which of a person's documents to read. */
export type DocumentFilter = {
  id?: string;
  tag?: string | undefined;
  collectionId?: string | undefined;
  status?: ReadStatus | undefined;
};

export type CollectionView = { id: string; name: string; documentCount: number };

export type HighlightView = {
  highlight: typeof pdfHighlights.$inferSelect;
  card: { id: string; title: string; status: 'draft' | 'published' } | null;
};

export type SourcedCard = {
  id: string;
  title: string;
  status: 'draft' | 'published';
  page: number;
  highlightId: string | null;
};

const paper = alias(cards, 'paper_card');

/** The orders of the list; each ends on the id so that equal keys keep one order. */
function orderOf(sort: PdfSort): SQL[] {
  const title = sql`lower(${pdfDocuments.title})`;
  switch (sort) {
    case 'opened':
      return [sql`${pdfDocuments.openedAt} desc nulls last`, desc(pdfDocuments.createdAt)];
    case 'title':
      return [asc(title), desc(pdfDocuments.createdAt)];
    case 'author':
      // Arrays count from 1 in SQL: the first author, and papers without one after those with one.
      return [sql`lower(${pdfDocuments.authors}[1]) asc nulls last`, asc(title)];
    case 'year':
      return [sql`${pdfDocuments.year} desc nulls last`, asc(title)];
    case 'added':
      return [desc(pdfDocuments.createdAt)];
  }
}

/** A key for a transaction-scoped advisory lock: one namespace per kind of thing locked. */
function lockKey(kind: 'file' | 'owner' | 'collections', name: string): SQL {
  return sql`hashtextextended(${`pdfs.${kind}:${name}`}, 0)`;
}

function repositoryOn(db: Executor) {
  async function lock(kind: 'file' | 'owner' | 'collections', name: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(${lockKey(kind, name)})`);
  }

  return {
    /**
     * Holds the bytes of `hash` until the transaction ends: a delete that removes the file when nothing points
     * at it, and an upload that stores the file and its row, take this, so neither sees the other half-way.
     */
    lockFile: (hash: string) => lock('file', hash),

    /** Holds a person's uploads one at a time until the transaction ends, so quota and dedupe stay exact. */
    lockOwnerUploads: (ownerKey: string) => lock('owner', ownerKey),

    /** Holds a person's collection changes one at a time, so the count and name rules stay exact. */
    lockOwnerCollections: (ownerKey: string) => lock('collections', ownerKey),

    /** The person's documents that match `filter`, in `sort` order, with what the list shows beside each. */
    async documents(
      ownerKey: string,
      filter: DocumentFilter,
      sort: PdfSort = 'added',
    ): Promise<DocumentView[]> {
      const conditions = [
        eq(pdfDocuments.ownerKey, ownerKey),
        filter.id ? eq(pdfDocuments.id, filter.id) : undefined,
        filter.status ? eq(pdfDocuments.status, filter.status) : undefined,
        filter.tag ? sql`${filter.tag} = any(${pdfDocuments.tags})` : undefined,
        filter.collectionId
          ? sql`exists (select 1 from ${pdfCollectionItems} where ${pdfCollectionItems.collectionId} = ${filter.collectionId} and ${pdfCollectionItems.documentId} = ${pdfDocuments.id})`
          : undefined,
      ];
      const rows = await db
        .select({
          document: pdfDocuments,
          collectionIds: sql<
            string[]
          >`coalesce((select array_agg(${pdfCollectionItems.collectionId}::text order by ${pdfCollectionItems.collectionId}) from ${pdfCollectionItems} where ${pdfCollectionItems.documentId} = ${pdfDocuments.id}), '{}'::text[])`,
          highlightCount: sql<number>`(select count(*)::int from ${pdfHighlights} where ${pdfHighlights.documentId} = ${pdfDocuments.id})`,
          // Cards made from this PDF that still exist: a deleted card no longer counts.
          cardCount: sql<number>`(select count(*)::int from ${cardSources} inner join ${cards} on ${cards.id} = ${cardSources.cardId} where ${cardSources.documentId} = ${pdfDocuments.id} and ${ownCard(ownerKey)})`,
          paperId: paper.id,
          paperTitle: paper.title,
        })
        .from(pdfDocuments)
        // A paper card the person may still read (theirs, or a listed one), and not once it is deleted.
        .leftJoin(
          paper,
          and(eq(paper.id, pdfDocuments.paperCardId), or(ownCard(ownerKey, paper), listedCard(paper))),
        )
        .where(and(...conditions))
        .orderBy(...orderOf(sort), asc(pdfDocuments.id));
      return rows.map(({ document, collectionIds, highlightCount, cardCount, paperId, paperTitle }) => ({
        document,
        collectionIds,
        highlightCount,
        cardCount,
        paperCard: paperId && paperTitle !== null ? { id: paperId, title: paperTitle } : null,
      }));
    },

    /** The person's document `id`, or undefined (also when it is someone else's). */
    async findOwned(ownerKey: string, id: string): Promise<DocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(pdfDocuments)
        .where(and(eq(pdfDocuments.id, id), eq(pdfDocuments.ownerKey, ownerKey)));
      return row;
    },

    /** The person's document holding the bytes `hash`, if they uploaded them before. */
    async findByHash(ownerKey: string, hash: string): Promise<DocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(pdfDocuments)
        .where(and(eq(pdfDocuments.ownerKey, ownerKey), eq(pdfDocuments.fileHash, hash)));
      return row;
    },

    /** Whether anyone's document points at the bytes `hash`. */
    async hashInUse(hash: string): Promise<boolean> {
      const [row] = await db
        .select({ id: pdfDocuments.id })
        .from(pdfDocuments)
        .where(eq(pdfDocuments.fileHash, hash))
        .limit(1);
      return row !== undefined;
    },

    /** The bytes of PDFs the person keeps. */
    async usedBytes(ownerKey: string): Promise<number> {
      const [row] = await db
        .select({ used: sql<string>`coalesce(sum(${pdfDocuments.byteSize}), 0)::bigint` })
        .from(pdfDocuments)
        .where(eq(pdfDocuments.ownerKey, ownerKey));
      return Number(row?.used ?? 0);
    },

    /** How many PDFs the person keeps. */
    async documentCount(ownerKey: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(pdfDocuments)
        .where(eq(pdfDocuments.ownerKey, ownerKey));
      return row?.n ?? 0;
    },

    /** The premium badge of the person's profile, from which their plan follows. */
    async subscription(profileKey: string) {
      const [row] = await db
        .select({ isSubscribed: profiles.isSubscribed, subscribedUntil: profiles.subscribedUntil })
        .from(profiles)
        .where(eq(profiles.key, profileKey));
      return row;
    },

    /** Inserts a document; undefined when the person already holds these bytes (the unique index says so). */
    async insertDocument(values: NewDocument): Promise<DocumentRow | undefined> {
      const [row] = await db
        .insert(pdfDocuments)
        .values(values)
        .onConflictDoNothing({ target: [pdfDocuments.ownerKey, pdfDocuments.fileHash] })
        .returning();
      return row;
    },

    /** Changes the person's document; false when there is no such document of theirs. */
    async updateDocument(ownerKey: string, id: string, changes: DocumentChanges): Promise<boolean> {
      const rows = await db
        .update(pdfDocuments)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(pdfDocuments.id, id), eq(pdfDocuments.ownerKey, ownerKey)))
        .returning({ id: pdfDocuments.id });
      return rows.length > 0;
    },

    /** Notes that the person opened the document now. */
    async markOpened(ownerKey: string, id: string): Promise<void> {
      await db
        .update(pdfDocuments)
        .set({ openedAt: sql`now()` })
        .where(and(eq(pdfDocuments.id, id), eq(pdfDocuments.ownerKey, ownerKey)));
    },

    /**
     * Deletes the person's document (its pages, highlights and collection entries go with it; cards made from
     * it keep their text and citation, their source's link is cleared). Returns its file's hash.
     */
    async deleteDocument(ownerKey: string, id: string): Promise<{ fileHash: string } | undefined> {
      const [row] = await db
        .delete(pdfDocuments)
        .where(and(eq(pdfDocuments.id, id), eq(pdfDocuments.ownerKey, ownerKey)))
        .returning({ fileHash: pdfDocuments.fileHash });
      return row;
    },

    /**
     * The card `id` with its type, if the person may attach a PDF to it: their own (not deleted) or a listed
     * one (a paper of the research centre that someone else added).
     */
    async attachableCard(ownerKey: string, id: string): Promise<{ id: string; type: string } | undefined> {
      const [row] = await db
        .select({ id: cards.id, type: cards.type })
        .from(cards)
        .where(and(eq(cards.id, id), or(ownCard(ownerKey), listedCard())));
      return row;
    },

    /** Which of `ids` name collections of the person's. */
    async ownedCollectionIds(ownerKey: string, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: pdfCollections.id })
        .from(pdfCollections)
        .where(and(eq(pdfCollections.ownerKey, ownerKey), inArray(pdfCollections.id, ids)));
      return rows.map((row) => row.id);
    },

    /** Makes `collectionIds` the document's collections, and only those. */
    async setCollections(documentId: string, collectionIds: string[]): Promise<void> {
      await db.delete(pdfCollectionItems).where(eq(pdfCollectionItems.documentId, documentId));
      if (collectionIds.length === 0) return;
      await db
        .insert(pdfCollectionItems)
        .values(collectionIds.map((collectionId) => ({ collectionId, documentId })));
    },

    /** The document's highlights in reading order (page, then top to bottom, left to right), with their cards. */
    async highlights(ownerKey: string, documentId: string): Promise<HighlightView[]> {
      const rows = await db
        .select({
          highlight: pdfHighlights,
          cardId: cards.id,
          cardTitle: cards.title,
          cardStatus: cards.status,
        })
        .from(pdfHighlights)
        .leftJoin(cards, and(eq(cards.id, pdfHighlights.cardId), ownCard(ownerKey)))
        .where(eq(pdfHighlights.documentId, documentId))
        .orderBy(
          asc(pdfHighlights.page),
          sql`(${pdfHighlights.rects} -> 0 ->> 'y')::float8 asc nulls last`,
          sql`(${pdfHighlights.rects} -> 0 ->> 'x')::float8 asc nulls last`,
          asc(pdfHighlights.createdAt),
          asc(pdfHighlights.id),
        );
      return rows.map(({ highlight, cardId, cardTitle, cardStatus }) => ({
        highlight,
        card:
          cardId && cardTitle !== null
            ? { id: cardId, title: cardTitle, status: cardStatus === 'published' ? 'published' : 'draft' }
            : null,
      }));
    },

    /** The cards made from the document that still exist, in page order. */
    async cardsFrom(ownerKey: string, documentId: string): Promise<SourcedCard[]> {
      const rows = await db
        .select({
          id: cards.id,
          title: cards.title,
          status: cards.status,
          page: cardSources.page,
          highlightId: cardSources.highlightId,
        })
        .from(cardSources)
        .innerJoin(cards, eq(cards.id, cardSources.cardId))
        .where(and(eq(cardSources.documentId, documentId), ownCard(ownerKey)))
        .orderBy(asc(cardSources.page), asc(cardSources.createdAt), asc(cards.id));
      return rows.map((row) => ({ ...row, status: row.status === 'published' ? 'published' : 'draft' }));
    },

    /**
     * Paper cards (not deleted) the person may attach a PDF to whose title holds `query`: their own first, then
     * listed ones, each most recently changed first.
     */
    async paperCards(ownerKey: string, query: string, limit: number) {
      return db
        .select({ id: cards.id, title: cards.title })
        .from(cards)
        .where(
          and(
            or(ownCard(ownerKey), listedCard()),
            eq(cards.type, 'paper'),
            notBlockedBetween(ownerKey, cards.authorKey),
            query ? sql`${cards.title} ilike ${`%${query.replace(/[\\%_]/g, '\\$&')}%`}` : undefined,
          ),
        )
        .orderBy(desc(sql`${cards.authorKey} = ${ownerKey}`), desc(cards.updatedAt), asc(cards.id))
        .limit(limit);
    },

    /** Every tag the person uses on their PDFs, in alphabetical order. */
    async tags(ownerKey: string): Promise<string[]> {
      const rows = await db.execute<{ tag: string }>(
        sql`select tag from ${pdfDocuments}, unnest(${pdfDocuments.tags}) as tag where ${pdfDocuments.ownerKey} = ${ownerKey} group by tag order by lower(tag), tag`,
      );
      return rows.rows.map((row) => row.tag);
    },

    /** The person's collections by name, each with how many PDFs it holds. */
    async collections(ownerKey: string, id?: string): Promise<CollectionView[]> {
      return db
        .select({
          id: pdfCollections.id,
          name: pdfCollections.name,
          documentCount: sql<number>`count(${pdfCollectionItems.documentId})::int`,
        })
        .from(pdfCollections)
        .leftJoin(pdfCollectionItems, eq(pdfCollectionItems.collectionId, pdfCollections.id))
        .where(and(eq(pdfCollections.ownerKey, ownerKey), id ? eq(pdfCollections.id, id) : undefined))
        .groupBy(pdfCollections.id)
        .orderBy(sql`lower(${pdfCollections.name})`, asc(pdfCollections.id));
    },

    /** How many collections the person keeps. */
    async collectionCount(ownerKey: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(pdfCollections)
        .where(eq(pdfCollections.ownerKey, ownerKey));
      return row?.n ?? 0;
    },

    /** Whether the person has a collection called `name` (any case), other than `exceptId`. */
    async collectionNameTaken(ownerKey: string, name: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: pdfCollections.id })
        .from(pdfCollections)
        .where(
          and(
            eq(pdfCollections.ownerKey, ownerKey),
            sql`lower(${pdfCollections.name}) = lower(${name})`,
            exceptId ? ne(pdfCollections.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async insertCollection(ownerKey: string, name: string): Promise<{ id: string; name: string }> {
      const [row] = await db
        .insert(pdfCollections)
        .values({ ownerKey, name })
        .returning({ id: pdfCollections.id, name: pdfCollections.name });
      if (!row) throw new Error('No collection was inserted');
      return row;
    },

    /** Renames the person's collection; false when there is no such collection of theirs. */
    async renameCollection(ownerKey: string, id: string, name: string): Promise<boolean> {
      const rows = await db
        .update(pdfCollections)
        .set({ name })
        .where(and(eq(pdfCollections.id, id), eq(pdfCollections.ownerKey, ownerKey)))
        .returning({ id: pdfCollections.id });
      return rows.length > 0;
    },

    /** Deletes the person's collection (its PDFs stay); false when there is no such collection of theirs. */
    async deleteCollection(ownerKey: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(pdfCollections)
        .where(and(eq(pdfCollections.id, id), eq(pdfCollections.ownerKey, ownerKey)))
        .returning({ id: pdfCollections.id });
      return rows.length > 0;
    },

    /** Whether Make card writes drafts or publishes; null until the person has chosen. */
    async makeCardAs(profileKey: string): Promise<string | null> {
      const [row] = await db
        .select({ makeCardAs: pdfLibrarySettings.makeCardAs })
        .from(pdfLibrarySettings)
        .where(eq(pdfLibrarySettings.profileKey, profileKey));
      return row?.makeCardAs ?? null;
    },

    async saveMakeCardAs(profileKey: string, makeCardAs: string | null): Promise<void> {
      await db
        .insert(pdfLibrarySettings)
        .values({ profileKey, makeCardAs })
        .onConflictDoUpdate({
          target: pdfLibrarySettings.profileKey,
          set: { makeCardAs, updatedAt: sql`now()` },
        });
    },
  };
}

/** The PDF library's queries: documents, collections, settings, and the locks that keep files and rows in step. */
export function createLibraryRepository(orm: Orm) {
  return {
    ...repositoryOn(orm),
    /** Runs `work` in one transaction, with the same queries bound to it. */
    transaction<T>(work: (repository: LibraryStore) => Promise<T>): Promise<T> {
      return orm.transaction((tx) => work(repositoryOn(tx)));
    },
  };
}
export type LibraryStore = ReturnType<typeof repositoryOn>;
export type LibraryRepository = ReturnType<typeof createLibraryRepository>;

/** Whether `error` is PostgreSQL refusing a second collection of the same name (a race the lock did not see). */
export function isCollectionNameConflict(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const pgError = current as Error & { code?: string; constraint?: string };
    if (pgError.code === '23505' && pgError.constraint === 'pdf_collections_owner_name_idx') return true;
  }
  return false;
}
