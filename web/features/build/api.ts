import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  cardPageSchema,
  cardSchema,
  deleteResponseSchema,
  draftSchema,
  importResponseSchema,
  titleSuggestionsSchema,
} from '../../../contracts/cards.ts';
import type { CardType, Draft, DraftInput, ImportRequest } from '../../../contracts/cards.ts';
import { errorCatalogue, errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { cardImageRules, uploadedImageSchema } from '../../../contracts/files.ts';
import type { UploadedImage } from '../../../contracts/files.ts';
import { ApiError, apiFetch } from '../../lib/api.ts';

/** Every query of the builder starts with this, so a change can refresh them all. */
export const buildQueryRoot = ['build'] as const;

/** `GET /api/cards/drafts`: the signed-in person's cards with unpublished work. */
export const draftsQuery = () =>
  queryOptions({
    queryKey: [...buildQueryRoot, 'drafts'],
    queryFn: ({ signal }) => apiFetch('/api/cards/drafts', { schema: cardPageSchema, signal }),
  });

/** `GET /api/cards/:id`: the card as its author sees it, for its published version number. */
export const cardQuery = (id: string) =>
  queryOptions({
    queryKey: [...buildQueryRoot, 'card', id],
    queryFn: ({ signal }) => apiFetch(`/api/cards/${encodeURIComponent(id)}`, { schema: cardSchema, signal }),
  });

/** `POST /api/cards`: a new draft, with a title when it comes from a `[[link]]` to a card not written yet. */
export function createCard(start: { title?: string; type?: CardType } = {}): Promise<Draft> {
  return apiFetch('/api/cards', { method: 'POST', body: start, schema: draftSchema });
}

/** `POST /api/cards/import`: Markdown files become drafts, all or none; a 400 names each file's problem. */
export function importCards(request: ImportRequest) {
  return apiFetch('/api/cards/import', { method: 'POST', body: request, schema: importResponseSchema });
}

/** `GET /api/cards/:id/draft`. */
export function loadDraft(id: string, signal?: AbortSignal): Promise<Draft> {
  return apiFetch(`/api/cards/${encodeURIComponent(id)}/draft`, {
    schema: draftSchema,
    ...(signal ? { signal } : {}),
  });
}

/** `PUT /api/cards/:id/draft`: refused with `cards/draft-conflict` when `baseRevision` is no longer the latest. */
export function saveDraft(id: string, input: DraftInput, options: { keepalive?: boolean } = {}) {
  return apiFetch(`/api/cards/${encodeURIComponent(id)}/draft`, {
    method: 'PUT',
    body: input,
    schema: draftSchema,
    ...(options.keepalive ? { keepalive: true } : {}),
  });
}

/** `POST /api/cards/:id/publish`: a 400 names each field that keeps the draft from being published. */
export function publishCard(id: string) {
  return apiFetch(`/api/cards/${encodeURIComponent(id)}/publish`, { method: 'POST', schema: cardSchema });
}

/** `POST /api/cards/:id/unpublish`. */
export function unpublishCard(id: string) {
  return apiFetch(`/api/cards/${encodeURIComponent(id)}/unpublish`, { method: 'POST', schema: cardSchema });
}

/** `DELETE /api/cards/:id`: the card can be restored until `undoUntil`. */
export function deleteCard(id: string) {
  return apiFetch(`/api/cards/${encodeURIComponent(id)}`, { method: 'DELETE', schema: deleteResponseSchema });
}

/** `POST /api/cards/:id/restore`: undoes a delete made moments ago. */
export function restoreCard(id: string) {
  return apiFetch(`/api/cards/${encodeURIComponent(id)}/restore`, { method: 'POST', schema: cardSchema });
}

/** A card title offered by `[[` autocomplete and the typed-link picker. */
export type TitleSuggestion = z.infer<typeof titleSuggestionsSchema>['items'][number];

/** `GET /api/cards/titles?q=`: the reader's own cards and public cards whose title holds `q`. */
export async function suggestTitles(query: string, signal?: AbortSignal): Promise<TitleSuggestion[]> {
  const result = await apiFetch(`/api/cards/titles?q=${encodeURIComponent(query)}`, {
    schema: titleSuggestionsSchema,
    ...(signal ? { signal } : {}),
  });
  return result.items;
}

/** Whether a failed call never reached the server (offline, connection dropped). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.code === 'common/network-error');
}

const maxMegabytes = cardImageRules.maxBytes / (1024 * 1024);

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toLocaleString('en', { maximumFractionDigits: 1 });
}

/**
 * Why `file` cannot be a card image, as far as the browser can tell without uploading it; undefined when it may
 * be one. The browser's type comes from the file's name, so the server checks the bytes again.
 */
export function imageProblem(file: File): string | undefined {
  if (file.type !== '' && !(cardImageRules.types as readonly string[]).includes(file.type)) {
    return `“${file.name}” is not a PNG, JPEG, WebP or GIF image.`;
  }
  if (file.size > cardImageRules.maxBytes) {
    return `“${file.name}” is ${megabytes(file.size)} MB: images can be at most ${maxMegabytes} MB.`;
  }
  if (file.size === 0) return `“${file.name}” is empty.`;
  return undefined;
}

/**
 * `POST /api/files/images` with upload progress (which `fetch` cannot report): resolves with where the stored
 * image is served from; rejects with an `ApiError` as `apiFetch` would.
 */
export function uploadImage(file: Blob, onProgress?: (fraction: number) => void): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/files/images');
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const networkError = () =>
      new ApiError({
        code: 'common/network-error',
        message: errorCatalogue['common/network-error'].message,
        status: 0,
      });
    request.onerror = () => reject(networkError());
    request.onabort = () => reject(networkError());
    request.onload = () => {
      let json: unknown;
      try {
        json = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        json = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        const parsed = uploadedImageSchema.safeParse(json);
        if (parsed.success) resolve(parsed.data);
        else
          reject(new ApiError({ ...errorCatalogue['common/internal-error'], code: 'common/internal-error' }));
        return;
      }
      const envelope = errorEnvelopeSchema.safeParse(json);
      reject(
        envelope.success
          ? new ApiError({
              code: envelope.data.error.code,
              message: envelope.data.error.message,
              status: request.status,
              retryAfterSeconds: envelope.data.error.details?.retryAfterSeconds,
            })
          : new ApiError({ ...errorCatalogue['common/internal-error'], code: 'common/internal-error' }),
      );
    };
    request.send(file);
  });
}
