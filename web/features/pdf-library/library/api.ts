import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PdfUpdate } from '../../../../contracts/pdfs.ts';
import {
  createCollection,
  deleteCollection,
  deletePdf,
  pdfsQueryRoot,
  renameCollection,
  updatePdf,
} from '../../../lib/pdfs-api.ts';

/**
 * The library page's writes. Each refreshes every PDF query afterwards: a title, a tag or a collection shows in
 * the list, its filters, the search hits, the reader and the learning home alike.
 */

/** Marks every PDF query stale (and refetches those on screen). */
export function useRefreshPdfs(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: pdfsQueryRoot }), [queryClient]);
}

/** `PATCH /api/pdfs/:id`. */
export function useUpdatePdf() {
  const refresh = useRefreshPdfs();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: PdfUpdate }) => updatePdf(id, update),
    onSuccess: refresh,
  });
}

/** `DELETE /api/pdfs/:id`. */
export function useDeletePdf() {
  const refresh = useRefreshPdfs();
  return useMutation({ mutationFn: (id: string) => deletePdf(id), onSuccess: refresh });
}

/** `POST /api/pdfs/collections`. */
export function useCreateCollection() {
  const refresh = useRefreshPdfs();
  return useMutation({ mutationFn: (name: string) => createCollection(name), onSuccess: refresh });
}

/** `PATCH /api/pdfs/collections/:id`. */
export function useRenameCollection() {
  const refresh = useRefreshPdfs();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameCollection(id, name),
    onSuccess: refresh,
  });
}

/** `DELETE /api/pdfs/collections/:id`. */
export function useDeleteCollection() {
  const refresh = useRefreshPdfs();
  return useMutation({ mutationFn: (id: string) => deleteCollection(id), onSuccess: refresh });
}
