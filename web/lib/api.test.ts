import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { supportTicketResponseSchema } from '../../contracts/support.ts';
import { ApiError, apiFetch } from './api.ts';

function stubFetch(implementation: typeof fetch) {
  const fetchMock = vi.fn<typeof fetch>(implementation);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('Expected the call to fail');
}

const ticket = { reference: 'CW-7K2Q-9XHP', createdAt: '2026-11-21T10:00:00.000Z' };

describe('apiFetch', () => {
  it('sends JSON with same-origin credentials and parses the answer with the schema', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse(201, ticket)));
    const result = await apiFetch('/api/support/tickets', {
      method: 'POST',
      body: { hello: 'world' },
      schema: supportTicketResponseSchema,
    });
    expect(result).toEqual(ticket);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/support/tickets');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"hello":"world"}' });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it('sends a file as its own bytes with its own type, and unknown types as octet-stream', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse(200, ticket)));
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo.png', { type: 'image/png' });
    await apiFetch('/api/profiles/me/photo', {
      method: 'PUT',
      body: photo,
      schema: supportTicketResponseSchema,
    });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBe(photo);
    expect(init?.headers).toMatchObject({ 'Content-Type': 'image/png' });

    const unnamed = new Blob([new Uint8Array([1, 2, 3])]);
    await apiFetch('/api/profiles/me/photo', {
      method: 'PUT',
      body: unnamed,
      schema: supportTicketResponseSchema,
    });
    expect(fetchMock.mock.calls[1]?.[1]?.headers).toMatchObject({
      'Content-Type': 'application/octet-stream',
    });
  });

  it('maps the error envelope to an ApiError with code, message, status and fields', async () => {
    stubFetch(() =>
      Promise.resolve(
        jsonResponse(400, {
          error: {
            code: 'common/validation-failed',
            message: 'Some fields need attention.',
            details: {
              fields: [{ path: 'email', message: 'Enter a valid email address' }],
              requestId: 'req-1',
            },
          },
        }),
      ),
    );
    const error = await failure(
      apiFetch('/api/support/tickets', { method: 'POST', body: {}, schema: supportTicketResponseSchema }),
    );
    expect(error.code).toBe('common/validation-failed');
    expect(error.message).toBe('Some fields need attention.');
    expect(error.status).toBe(400);
    expect(error.fields).toEqual([{ path: 'email', message: 'Enter a valid email address' }]);
    expect(error.fieldMessage('email')).toBe('Enter a valid email address');
    expect(error.requestId).toBe('req-1');
  });

  it('keeps the retry delay of a rate-limit answer', async () => {
    stubFetch(() =>
      Promise.resolve(
        jsonResponse(429, {
          error: {
            code: 'common/too-many-requests',
            message: 'Too many requests.',
            details: { retryAfterSeconds: 30 },
          },
        }),
      ),
    );
    const error = await failure(apiFetch('/api/x', { schema: z.unknown() }));
    expect(error.code).toBe('common/too-many-requests');
    expect(error.retryAfterSeconds).toBe(30);
    expect(error.fields).toEqual([]);
  });

  it('turns a network failure into common/network-error with the catalogue’s message', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(apiFetch('/api/health', { schema: z.unknown() }));
    expect(error.code).toBe('common/network-error');
    expect(error.status).toBe(0);
    expect(error.message).toBe('We could not reach CARD WEB. Check your connection and try again.');
  });

  it('names a failure without an envelope by its status', async () => {
    stubFetch(() => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })));
    const error = await failure(apiFetch('/api/health', { schema: z.unknown() }));
    expect(error.code).toBe('common/service-unavailable');
    expect(error.status).toBe(502);
  });

  it('refuses a success body that breaks the contract', async () => {
    stubFetch(() => Promise.resolve(jsonResponse(201, { reference: 'nope' })));
    const error = await failure(
      apiFetch('/api/support/tickets', { method: 'POST', body: {}, schema: supportTicketResponseSchema }),
    );
    expect(error.code).toBe('common/internal-error');
  });

  it('passes an abort through instead of calling it a network error', async () => {
    const controller = new AbortController();
    stubFetch(() => {
      controller.abort();
      return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
    await expect(
      apiFetch('/api/health', { schema: z.unknown(), signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
