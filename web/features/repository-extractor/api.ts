import { useCallback } from 'react';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  extractionCardsSchema,
  extractionListSchema,
  extractionSchema,
  extractorUsageSchema,
  uploadedArchiveSchema,
  type Extraction,
  type RerunExtraction,
  type StartExtraction,
  type MakeCards,
} from '../../../contracts/extractor.ts';
import { apiErrorOf, apiFetch, catalogueError, noContent, parseJsonText } from '../../lib/api.ts';
import type { SessionUser } from '../../lib/session.ts';

/**
 * The repository extractor's calls (contracts/extractor.ts). Every key starts with 'extractor' and names the
 * signed-in person, so the next person in the same browser never sees the last one's extractions.
 */
export const extractorQueryRoot = ['extractor'] as const;

/** Whose extractions the queries hold: the signed-in person's id, else their email. */
export function extractorViewerOf(user: SessionUser | null): string {
  return user?.uid ?? user?.email ?? 'signed-out';
}

const base = '/api/extractor';

/** The address of an extraction in the API. */
export const extractionPath = (id: string) => `${base}/extractions/${encodeURIComponent(id)}`;

/** A part's text (index from 1); `download` makes it an attachment named by `documentFileName`. */
export const partPath = (id: string, index: number, download = false) =>
  `${extractionPath(id)}/parts/${index}${download ? '?download=1' : ''}`;

/** Every part of the document as one zip. */
export const zipPath = (id: string) => `${extractionPath(id)}/download`;

/** `GET /api/extractor/extractions`: the person's extractions, newest first. */
export const extractionListQuery = (viewer: string) =>
  queryOptions({
    queryKey: [...extractorQueryRoot, viewer, 'extractions'] as const,
    queryFn: ({ signal }) => apiFetch(`${base}/extractions`, { schema: extractionListSchema, signal }),
  });

/** `GET /api/extractor/extractions/:id`: one extraction with its preview and document. */
export const extractionQuery = (viewer: string, id: string) =>
  queryOptions({
    queryKey: [...extractorQueryRoot, viewer, 'extraction', id] as const,
    queryFn: ({ signal }) => apiFetch(extractionPath(id), { schema: extractionSchema, signal }),
  });

/** `GET /api/extractor/usage`: runs going on and bytes read today, against the plan's allowance. */
export const usageQuery = (viewer: string) =>
  queryOptions({
    queryKey: [...extractorQueryRoot, viewer, 'usage'] as const,
    queryFn: ({ signal }) => apiFetch(`${base}/usage`, { schema: extractorUsageSchema, signal }),
  });

/** A part's text never changes once written, so it is read once per extraction and part. */
export const partTextQuery = (viewer: string, id: string, index: number) =>
  queryOptions({
    queryKey: [...extractorQueryRoot, viewer, 'extraction', id, 'part', index] as const,
    queryFn: ({ signal }) => fetchText(partPath(id, index), signal),
    staleTime: Infinity,
  });

/** A plain-text answer, with failures read as every other API failure is. */
async function fetchText(path: string, signal?: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { Accept: 'text/plain, application/json' },
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw catalogueError('common/network-error');
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw catalogueError('common/network-error');
  }
  if (!response.ok) throw apiErrorOf(response.status, parseJsonText(text));
  return text;
}

/** `POST /api/extractor/uploads?name=`: the archive's own bytes, kept for extractions by their SHA-256. */
export function uploadArchive(file: File) {
  return apiFetch(`${base}/uploads?${new URLSearchParams({ name: file.name }).toString()}`, {
    method: 'POST',
    // Labelled as bytes whatever the browser calls the file: the server reads what it is from the bytes.
    body: new Blob([file], { type: 'application/octet-stream' }),
    schema: uploadedArchiveSchema,
  });
}

/** `POST /api/extractor/extractions`: a new extraction of a repository or an uploaded archive. */
export function startExtraction(body: StartExtraction) {
  return apiFetch(`${base}/extractions`, { method: 'POST', body, schema: extractionSchema });
}

/** `POST …/:id/rerun`: the same source again (the same commit), with these options and mode. */
export function rerunExtraction(id: string, body: RerunExtraction) {
  return apiFetch(`${extractionPath(id)}/rerun`, { method: 'POST', body, schema: extractionSchema });
}

/** Marks the list and the usage stale (a run started, ended or was deleted). */
export function useRefreshExtractions(viewer: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: extractionListQuery(viewer).queryKey }),
        queryClient.invalidateQueries({ queryKey: usageQuery(viewer).queryKey }),
      ]).then(() => undefined),
    [queryClient, viewer],
  );
}

/** Puts a just-started extraction in the cache, so opening it shows it at once, and refreshes the list. */
export function useStoreStarted(viewer: string): (extraction: Extraction) => void {
  const queryClient = useQueryClient();
  const refresh = useRefreshExtractions(viewer);
  return useCallback(
    (extraction: Extraction) => {
      queryClient.setQueryData(extractionQuery(viewer, extraction.id).queryKey, extraction);
      void refresh();
    },
    [queryClient, refresh, viewer],
  );
}

/** `POST …/:id/rerun`, storing the new extraction. */
export function useRerunExtraction(viewer: string) {
  const store = useStoreStarted(viewer);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RerunExtraction }) => rerunExtraction(id, body),
    onSuccess: store,
  });
}

/** `DELETE /api/extractor/extractions/:id`. */
export function useDeleteExtraction(viewer: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshExtractions(viewer);
  return useMutation({
    mutationFn: (id: string) => apiFetch(extractionPath(id), { method: 'DELETE', schema: noContent }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: extractionQuery(viewer, id).queryKey });
      return refresh();
    },
  });
}

/** `POST …/:id/cards`: publishes the module cards once, storing them on the extraction. */
export function useMakeCards(viewer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MakeCards }) =>
      apiFetch(`${extractionPath(id)}/cards`, { method: 'POST', body, schema: extractionCardsSchema }),
    onSuccess: ({ cards }, { id }) =>
      queryClient.setQueryData<Extraction>(extractionQuery(viewer, id).queryKey, (current) =>
        current ? { ...current, cards } : current,
      ),
  });
}
