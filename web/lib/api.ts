import { z } from 'zod';
import {
  errorCatalogue,
  errorCodeForStatus,
  errorEnvelopeSchema,
  isErrorCode,
} from '../../contracts/errors.ts';
import type { ErrorCode } from '../../contracts/errors.ts';
import { ApiError } from './api-error.ts';

export { ApiError };

/** An ApiError with the catalogue's sentence for `code`: for failures the server did not word itself. */
export function catalogueError(code: ErrorCode, status: number = errorCatalogue[code].status): ApiError {
  return new ApiError({ code, message: errorCatalogue[code].message, status });
}

/** A response body as JSON; undefined when it is empty or not JSON. */
export function parseJsonText(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function readJson(response: Response): Promise<unknown> {
  return parseJsonText(await response.text());
}

/**
 * The ApiError for a failed answer (`status` ≥ 400) whose body was `json`: the server's envelope when it sent
 * one, else the catalogue's sentence for the status. Calls that cannot use `fetch` (an upload that reports
 * progress) read their failures with it too, so every failure looks the same to the pages.
 */
export function apiErrorOf(status: number, json: unknown): ApiError {
  const envelope = errorEnvelopeSchema.safeParse(json);
  if (!envelope.success) return catalogueError(errorCodeForStatus(status), status);
  const { code, message, details } = envelope.data.error;
  return new ApiError({
    code,
    message:
      message ||
      (isErrorCode(code) ? errorCatalogue[code].message : errorCatalogue['common/internal-error'].message),
    status,
    fields: details?.fields ?? [],
    requestId: details?.requestId,
    retryAfterSeconds: details?.retryAfterSeconds,
  });
}

/** The schema of an answer with no body (204 No Content). */
export const noContent = z.union([z.null(), z.undefined()]).transform(() => null);

export interface ApiRequest<Schema extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a Blob (a file the person chose) is sent as its own bytes, labelled with its own type. */
  body?: unknown;
  /** The contract's response schema; the answer is parsed with it, so callers get the contract's type. */
  schema: Schema;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a last save as the tab closes); the body must stay under 64 KB. */
  keepalive?: boolean;
}

/**
 * Calls the CARD WEB API at `path` (e.g. `/api/support/tickets`). Resolves with the body parsed by `schema`;
 * rejects with an `ApiError` on any failure, never with anything else.
 */
export async function apiFetch<Schema extends z.ZodType>(
  path: string,
  { method = 'GET', body, schema, signal, keepalive }: ApiRequest<Schema>,
): Promise<z.output<Schema>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const raw = body instanceof Blob;
  if (raw) headers['Content-Type'] = body.type || 'application/octet-stream';
  else if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(raw ? { body } : body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (error) {
    // A caller that cancelled wants its AbortError back, not a network error.
    if (signal?.aborted) throw error;
    throw catalogueError('common/network-error');
  }

  let json: unknown;
  try {
    json = await readJson(response);
  } catch {
    // The connection dropped while the body was arriving.
    throw catalogueError('common/network-error');
  }

  if (!response.ok) throw apiErrorOf(response.status, json);

  const parsed = schema.safeParse(json);
  // The server broke its own contract; show a generic failure rather than render half-valid data.
  if (!parsed.success) throw catalogueError('common/internal-error', response.status);
  return parsed.data;
}
