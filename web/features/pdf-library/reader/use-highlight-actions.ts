import { useMutation } from '@tanstack/react-query';
import type { PdfHighlightInput, PdfHighlightUpdate } from '../../../../contracts/pdfs.ts';
import { createHighlight, deleteHighlight, updateHighlight } from '../../../lib/pdfs-api.ts';
import { withHighlight, withNewHighlight, withoutHighlight } from './detail-cache.ts';
import { useDetailCache } from './detail-query.ts';

/** Creating, changing and deleting a PDF's highlights, each shown in the reader as soon as the server has it. */
export function useHighlightActions(owner: string | null, documentId: string) {
  const cache = useDetailCache(owner, documentId);
  const create = useMutation({
    mutationFn: (input: PdfHighlightInput) => createHighlight(documentId, input),
    onSuccess: (highlight) => {
      cache.change((detail) => withNewHighlight(detail, highlight));
      cache.refreshLibrary();
    },
  });
  const update = useMutation({
    mutationFn: ({ id, change }: { id: string; change: PdfHighlightUpdate }) =>
      updateHighlight(documentId, id, change),
    onSuccess: (highlight) => cache.change((detail) => withHighlight(detail, highlight)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteHighlight(documentId, id),
    onSuccess: (_nothing, id) => {
      cache.change((detail) => withoutHighlight(detail, id));
      cache.refreshLibrary();
    },
  });
  return { create, update, remove };
}
