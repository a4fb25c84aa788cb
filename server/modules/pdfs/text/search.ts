import type { PdfSearchResult } from '../../../../contracts/pdfs.ts';
import type { TextRepository } from './repository.ts';
import { snippetParts } from './snippets.ts';

/** Full-text search across one person's PDFs: the pages that match, best first, each with a marked snippet. */
export function createPdfSearch(repository: Pick<TextRepository, 'search'>) {
  return {
    async search(ownerKey: string, query: { q: string; limit: number }): Promise<PdfSearchResult> {
      const matches = await repository.search(ownerKey, query.q, query.limit);
      return {
        hits: matches.map((match) => ({
          documentId: match.documentId,
          title: match.title,
          page: match.page,
          snippet: snippetParts(match.headline),
        })),
      };
    },
  };
}

export type PdfSearch = ReturnType<typeof createPdfSearch>;
