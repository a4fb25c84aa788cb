import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Orm } from '../../../db/client.ts';
import { cards, pdfDocuments, pdfHighlights, pdfLibrarySettings } from '../../../db/schema.ts';

const liveCard = {
  id: cards.id,
  title: cards.title,
  status: cards.status,
};

/** Highlights of PDFs, always within one owner's documents. */
export function createHighlightsRepository(orm: Orm) {
  /** The highlight with its card, when the document is `ownerKey`'s. */
  async function find(ownerKey: string, documentId: string, highlightId: string) {
    const [row] = await orm
      .select({ highlight: pdfHighlights, card: liveCard })
      .from(pdfHighlights)
      .innerJoin(pdfDocuments, eq(pdfDocuments.id, pdfHighlights.documentId))
      .leftJoin(cards, and(eq(cards.id, pdfHighlights.cardId), isNull(cards.deletedAt)))
      .where(
        and(
          eq(pdfHighlights.id, highlightId),
          eq(pdfHighlights.documentId, documentId),
          eq(pdfDocuments.ownerKey, ownerKey),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    const card = row.card?.id ? { ...row.card, status: row.card.status as 'draft' | 'published' } : null;
    return { highlight: row.highlight, card };
  }

  return {
    /** The owner's document, with what a card made from it cites; undefined for anyone else's. */
    async ownedDocument(ownerKey: string, documentId: string) {
      const [row] = await orm
        .select({
          id: pdfDocuments.id,
          title: pdfDocuments.title,
          authors: pdfDocuments.authors,
          year: pdfDocuments.year,
          doi: pdfDocuments.doi,
          arxivId: pdfDocuments.arxivId,
          tags: pdfDocuments.tags,
          pageCount: pdfDocuments.pageCount,
        })
        .from(pdfDocuments)
        .where(and(eq(pdfDocuments.id, documentId), eq(pdfDocuments.ownerKey, ownerKey)))
        .limit(1);
      return row;
    },

    /**
     * Adds a highlight unless the document already holds `max`: counted and inserted under a lock on the
     * document row, so concurrent adds cannot pass the limit together. Undefined when the limit is reached.
     */
    async insert(
      values: Omit<typeof pdfHighlights.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'cardId'>,
      max: number,
    ): Promise<typeof pdfHighlights.$inferSelect | undefined> {
      return orm.transaction(async (tx) => {
        await tx
          .select({ id: pdfDocuments.id })
          .from(pdfDocuments)
          .where(eq(pdfDocuments.id, values.documentId))
          .for('update');
        const [{ count } = { count: 0 }] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(pdfHighlights)
          .where(eq(pdfHighlights.documentId, values.documentId));
        if (count >= max) return undefined;
        const [row] = await tx.insert(pdfHighlights).values(values).returning();
        return row;
      });
    },

    find,

    /** Changes colour or note; undefined when the highlight is not the owner's. */
    async update(
      ownerKey: string,
      documentId: string,
      highlightId: string,
      changes: { color?: string; note?: string | null },
    ) {
      if (!(await find(ownerKey, documentId, highlightId))) return undefined;
      await orm
        .update(pdfHighlights)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(pdfHighlights.id, highlightId));
      return find(ownerKey, documentId, highlightId);
    },

    /** Deletes the highlight; false when it is not the owner's. A card made from it keeps its source text. */
    async remove(ownerKey: string, documentId: string, highlightId: string): Promise<boolean> {
      const rows = await orm
        .delete(pdfHighlights)
        .where(
          and(
            eq(pdfHighlights.id, highlightId),
            eq(pdfHighlights.documentId, documentId),
            sql`exists (select 1 from ${pdfDocuments} where ${pdfDocuments.id} = ${pdfHighlights.documentId} and ${pdfDocuments.ownerKey} = ${ownerKey})`,
          ),
        )
        .returning({ id: pdfHighlights.id });
      return rows.length > 0;
    },

    /**
     * Points the highlight at its new card unless another request already gave it a live one: true when this
     * card is the highlight's.
     */
    async claimCard(highlightId: string, cardId: string): Promise<boolean> {
      const rows = await orm
        .update(pdfHighlights)
        .set({ cardId, updatedAt: new Date() })
        .where(
          and(
            eq(pdfHighlights.id, highlightId),
            sql`(${pdfHighlights.cardId} is null or not exists (select 1 from ${cards} where ${cards.id} = ${pdfHighlights.cardId} and ${cards.deletedAt} is null))`,
          ),
        )
        .returning({ id: pdfHighlights.id });
      return rows.length > 0;
    },

    /** Remembers whether Make card writes drafts or publishes. */
    async saveMakeCardAs(profileKey: string, makeCardAs: string) {
      await orm
        .insert(pdfLibrarySettings)
        .values({ profileKey, makeCardAs })
        .onConflictDoUpdate({
          target: pdfLibrarySettings.profileKey,
          set: { makeCardAs, updatedAt: new Date() },
        });
    },
  };
}
export type HighlightsRepository = ReturnType<typeof createHighlightsRepository>;
