import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Orm } from '../../../db/client.ts';
import { pdfCollectionItems, pdfCollections, pdfDocuments } from '../../../db/schema.ts';
import type { CitationEntry } from './csl.ts';

/** Which of a person's PDFs to export: the chosen ones, a collection's, or (neither) all of them. */
export type ExportScope = { ids?: readonly string[]; collection?: string };

/** The reads behind the citation export; every one is limited to the owner's own rows. */
export function createCitationsRepository(orm: Orm) {
  return {
    /** Whether the collection is the owner's. */
    async ownsCollection(ownerKey: string, collectionId: string): Promise<boolean> {
      const [row] = await orm
        .select({ id: pdfCollections.id })
        .from(pdfCollections)
        .where(and(eq(pdfCollections.id, collectionId), eq(pdfCollections.ownerKey, ownerKey)));
      return row !== undefined;
    },

    /**
     * The owner's PDFs in the scope (ids and a collection together: the chosen ones in it), in the order they
     * were added, so an older paper keeps its citation key as the library grows. Ids of other people's PDFs
     * match nothing.
     */
    async entries(ownerKey: string, scope: ExportScope): Promise<CitationEntry[]> {
      const conditions: SQL[] = [eq(pdfDocuments.ownerKey, ownerKey)];
      if (scope.ids) conditions.push(inArray(pdfDocuments.id, [...scope.ids]));
      if (scope.collection) {
        conditions.push(
          sql`exists (select 1 from ${pdfCollectionItems} where ${pdfCollectionItems.documentId} = ${pdfDocuments.id} and ${pdfCollectionItems.collectionId} = ${scope.collection})`,
        );
      }
      return orm
        .select({
          id: pdfDocuments.id,
          title: pdfDocuments.title,
          authors: pdfDocuments.authors,
          year: pdfDocuments.year,
          doi: pdfDocuments.doi,
          arxivId: pdfDocuments.arxivId,
        })
        .from(pdfDocuments)
        .where(and(...conditions))
        .orderBy(asc(pdfDocuments.createdAt), asc(pdfDocuments.id));
    },
  };
}

export type CitationsRepository = ReturnType<typeof createCitationsRepository>;
