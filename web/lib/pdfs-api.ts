import { queryOptions } from '@tanstack/react-query';
import {
  makeCardResultSchema,
  paperCardsSchema,
  pdfCollectionSchema,
  pdfDetailSchema,
  pdfDocumentSchema,
  pdfHighlightSchema,
  pdfLibrarySchema,
  pdfSearchResultSchema,
  pdfSettingsSchema,
  pdfUploadResultSchema,
  type MakeCardInput,
  type PdfHighlightInput,
  type PdfHighlightUpdate,
  type PdfListQuery,
  type PdfSettings,
  type PdfUpdate,
  type PdfUploadResult,
} from '../../contracts/pdfs.ts';
import { apiErrorOf, apiFetch, catalogueError, noContent, parseJsonText } from './api.ts';
import type { SessionUser } from './session.ts';

/**
 * The PDF library's calls that more than one page makes: the library list, the reader, the learning home and
 * the card page. Every query starts with 'pdfs' and names the signed-in person, whose library it is.
 */
export const pdfsQueryRoot = ['pdfs'] as const;

/** Whose library the queries hold: the signed-in person's id, else their email; null when signed out. */
export function pdfOwnerOf(user: SessionUser | null): string | null {
  return user?.uid ?? user?.email ?? null;
}

// A deletion is answered with an empty 204 (or a JSON null): either is a success with nothing to read.

function listSearch(query: Partial<PdfListQuery>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `GET /api/pdfs`: the library with its filters applied, its collections, tags, usage and settings. */
export const pdfLibraryQuery = (owner: string | null, query: Partial<PdfListQuery> = {}) =>
  queryOptions({
    queryKey: [...pdfsQueryRoot, owner, 'library', query],
    queryFn: ({ signal }) => apiFetch(`/api/pdfs${listSearch(query)}`, { schema: pdfLibrarySchema, signal }),
  });

/** `GET /api/pdfs/:id`: one PDF with its highlights and the cards made from it. */
export const pdfDetailQuery = (owner: string | null, id: string) =>
  queryOptions({
    queryKey: [...pdfsQueryRoot, owner, 'detail', id],
    queryFn: ({ signal }) => apiFetch(`/api/pdfs/${id}`, { schema: pdfDetailSchema, signal }),
  });

/** `GET /api/pdfs/search?q=`: pages across the library that hold the words. */
export const pdfSearchQuery = (owner: string | null, q: string) =>
  queryOptions({
    queryKey: [...pdfsQueryRoot, owner, 'search', q],
    queryFn: ({ signal }) =>
      apiFetch(`/api/pdfs/search?${new URLSearchParams({ q })}`, { schema: pdfSearchResultSchema, signal }),
    enabled: q.trim().length > 0,
  });

/** `GET /api/pdfs/paper-cards?q=`: the person's paper cards to attach to a PDF. */
export const paperCardsQuery = (owner: string | null, q: string) =>
  queryOptions({
    queryKey: [...pdfsQueryRoot, owner, 'paper-cards', q],
    queryFn: ({ signal }) =>
      apiFetch(`/api/pdfs/paper-cards?${new URLSearchParams({ q })}`, { schema: paperCardsSchema, signal }),
  });

/** `POST /api/pdfs/:id/paper-card`: a draft paper card made from the PDF's details, attached to it. */
export function makePaperCard(id: string) {
  return apiFetch(`/api/pdfs/${id}/paper-card`, { method: 'POST', schema: pdfDocumentSchema });
}

/** `PATCH /api/pdfs/:id`: the PDF as stored after the change. */
export function updatePdf(id: string, update: PdfUpdate) {
  return apiFetch(`/api/pdfs/${id}`, { method: 'PATCH', body: update, schema: pdfDocumentSchema });
}

/** `DELETE /api/pdfs/:id`. */
export function deletePdf(id: string) {
  return apiFetch(`/api/pdfs/${id}`, { method: 'DELETE', schema: noContent });
}

/** `POST /api/pdfs/collections`. */
export function createCollection(name: string) {
  return apiFetch('/api/pdfs/collections', { method: 'POST', body: { name }, schema: pdfCollectionSchema });
}

/** `PATCH /api/pdfs/collections/:id`: a new name. */
export function renameCollection(id: string, name: string) {
  return apiFetch(`/api/pdfs/collections/${id}`, {
    method: 'PATCH',
    body: { name },
    schema: pdfCollectionSchema,
  });
}

/** `DELETE /api/pdfs/collections/:id`: the collection goes; its PDFs stay in the library. */
export function deleteCollection(id: string) {
  return apiFetch(`/api/pdfs/collections/${id}`, { method: 'DELETE', schema: noContent });
}

/** `PUT /api/pdfs/settings`. */
export function saveSettings(settings: PdfSettings) {
  return apiFetch('/api/pdfs/settings', { method: 'PUT', body: settings, schema: pdfSettingsSchema });
}

/** `POST /api/pdfs/:id/highlights`. */
export function createHighlight(documentId: string, input: PdfHighlightInput) {
  return apiFetch(`/api/pdfs/${documentId}/highlights`, {
    method: 'POST',
    body: input,
    schema: pdfHighlightSchema,
  });
}

/** `PATCH /api/pdfs/:id/highlights/:highlightId`: a new colour or note. */
export function updateHighlight(documentId: string, highlightId: string, update: PdfHighlightUpdate) {
  return apiFetch(`/api/pdfs/${documentId}/highlights/${highlightId}`, {
    method: 'PATCH',
    body: update,
    schema: pdfHighlightSchema,
  });
}

/** `DELETE /api/pdfs/:id/highlights/:highlightId`: a card made from it keeps its text and citation. */
export function deleteHighlight(documentId: string, highlightId: string) {
  return apiFetch(`/api/pdfs/${documentId}/highlights/${highlightId}`, {
    method: 'DELETE',
    schema: noContent,
  });
}

/** `POST /api/pdfs/:id/highlights/:highlightId/card`: Make card. */
export function makeCard(documentId: string, highlightId: string, input: MakeCardInput) {
  return apiFetch(`/api/pdfs/${documentId}/highlights/${highlightId}/card`, {
    method: 'POST',
    body: input,
    schema: makeCardResultSchema,
  });
}

/** Where the export of a selection, a collection or the whole library downloads from. */
export function pdfExportUrl(
  format: 'bibtex' | 'ris' | 'csl-json',
  scope: { ids?: string[]; collection?: string } = {},
): string {
  const params = new URLSearchParams({ format });
  if (scope.ids?.length) params.set('ids', scope.ids.join(','));
  if (scope.collection) params.set('collection', scope.collection);
  return `/api/pdfs/export?${params}`;
}

/** What `uploadPdf` reports while it runs, and how it is stopped. */
export interface PdfUploadOptions {
  /** The share of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Aborting stops the upload; the promise then rejects with an AbortError, as `fetch` would. */
  signal?: AbortSignal;
}

/**
 * `POST /api/pdfs`: the file's own bytes, its name in `X-File-Name`. It uses XMLHttpRequest because `fetch`
 * cannot report upload progress. Resolves with the stored PDF (`existing` when the person already had the
 * same bytes); rejects with an `ApiError` read as `apiFetch` reads one (`pdf/not-a-pdf`, `pdf/too-large`…).
 */
export function uploadPdf(
  file: File,
  { onProgress, signal }: PdfUploadOptions = {},
): Promise<PdfUploadResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', '/api/pdfs');
    request.setRequestHeader('Accept', 'application/json');
    // The server reads the bytes, not this label; a file the browser could not type is still sent as a PDF.
    request.setRequestHeader('Content-Type', 'application/pdf');
    request.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const cancel = () => request.abort();
    signal?.addEventListener('abort', cancel, { once: true });
    const settle = () => signal?.removeEventListener('abort', cancel);
    request.onerror = () => {
      settle();
      reject(catalogueError('common/network-error', 0));
    };
    request.onabort = () => {
      settle();
      reject(
        signal?.aborted
          ? new DOMException('The upload was cancelled.', 'AbortError')
          : catalogueError('common/network-error', 0),
      );
    };
    request.onload = () => {
      settle();
      const json = parseJsonText(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        reject(apiErrorOf(request.status, json));
        return;
      }
      const parsed = pdfUploadResultSchema.safeParse(json);
      // The server broke its own contract; a generic failure rather than a half-valid entry in the list.
      if (parsed.success) resolve(parsed.data);
      else reject(catalogueError('common/internal-error', request.status));
    };
    request.send(file);
  });
}
