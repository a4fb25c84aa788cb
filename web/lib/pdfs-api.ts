import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  makeCardResultSchema,
  pdfCollectionSchema,
  pdfDetailSchema,
  pdfDocumentSchema,
  pdfHighlightSchema,
  pdfLibrarySchema,
  pdfSearchResultSchema,
  pdfSettingsSchema,
  type MakeCardInput,
  type PdfHighlightInput,
  type PdfHighlightUpdate,
  type PdfListQuery,
  type PdfSettings,
  type PdfUpdate,
} from '../../contracts/pdfs.ts';
import { apiFetch } from './api.ts';

/**
 * The PDF library's calls that more than one page makes: the library list, the reader, the learning home and
 * the card page. Every query starts with 'pdfs' and names the signed-in person, whose library it is.
 */
export const pdfsQueryRoot = ['pdfs'] as const;

/** A delete's answer: 204 with no body (or a JSON `null`), read as null. */
const nothing = z.union([z.null(), z.undefined()]).transform(() => null);

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

/** `PATCH /api/pdfs/:id`: the PDF as stored after the change. */
export function updatePdf(id: string, update: PdfUpdate) {
  return apiFetch(`/api/pdfs/${id}`, { method: 'PATCH', body: update, schema: pdfDocumentSchema });
}

/** `DELETE /api/pdfs/:id`. */
export function deletePdf(id: string) {
  return apiFetch(`/api/pdfs/${id}`, { method: 'DELETE', schema: nothing });
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
  return apiFetch(`/api/pdfs/collections/${id}`, { method: 'DELETE', schema: nothing });
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
    schema: nothing,
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
