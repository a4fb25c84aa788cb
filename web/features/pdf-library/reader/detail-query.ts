import { useQueryClient } from '@tanstack/react-query';
import type { PdfDetail } from '../../../../contracts/pdfs.ts';
import { pdfDetailQuery, pdfsQueryRoot } from '../../../lib/pdfs-api.ts';
import type { SessionUser } from '../../../lib/session.ts';

/** Whose library a query reads: the signed-in person's id, else their email. */
export function pdfOwnerOf(user: SessionUser | null): string | null {
  return user?.uid ?? user?.email ?? null;
}

/**
 * Writes to the reader's copy of the PDF's detail, and marks the library list as out of date (its counts,
 * status and last page change with what is done here).
 */
export function useDetailCache(owner: string | null, documentId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = pdfDetailQuery(owner, documentId);
  return {
    change(update: (detail: PdfDetail) => PdfDetail) {
      queryClient.setQueryData(queryKey, (detail) => (detail ? update(detail) : detail));
    },
    refreshLibrary() {
      void queryClient.invalidateQueries({ queryKey: [...pdfsQueryRoot, owner, 'library'] });
    },
  };
}
