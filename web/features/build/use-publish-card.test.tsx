import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import { ApiError } from '../../lib/api.ts';
import { jsonResponse } from '../../test/api-stub.ts';
import type { DraftSession, SessionSnapshot } from './draft-session.ts';
import { cardFixture, cardIds } from './test-fixtures.ts';
import { DraftNotSavedError, usePublishCard } from './use-publish-card.ts';

/** The parts of a session publishing uses; the rest of a real one needs IndexedDB and timers. */
function fakeSession(flushed: boolean, snapshot: Partial<SessionSnapshot> = {}) {
  const session = {
    cardId: cardIds.draft,
    flush: vi.fn(() => Promise.resolve(flushed)),
    getSnapshot: () => ({ status: 'saved', saveError: null, ...snapshot }) as SessionSnapshot,
    published: vi.fn(),
  };
  return { session, asSession: session as unknown as DraftSession };
}

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

describe('usePublishCard', () => {
  it('does not publish a draft whose last change did not reach the server, and says why', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const conflict = fakeSession(false, { status: 'conflict' });
    const { result } = renderHook(() => usePublishCard(conflict.asSession), { wrapper });
    await expect(result.current.mutateAsync()).rejects.toEqual(
      new DraftNotSavedError('Settle the change made elsewhere first, then publish.'),
    );

    const refused = fakeSession(false, {
      status: 'error',
      saveError: new ApiError({
        code: 'common/validation-failed',
        message: 'Some fields need attention.',
        status: 400,
      }),
    });
    const second = renderHook(() => usePublishCard(refused.asSession), { wrapper });
    await expect(second.result.current.mutateAsync()).rejects.toThrow(
      'The draft could not be saved, so it was not published. Some fields need attention.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(conflict.session.published).not.toHaveBeenCalled();
  });

  it('publishes once the draft is saved, and marks the session published', async () => {
    const published = cardFixture({ id: cardIds.draft, version: 3, status: 'published' });
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(200, published)));
    vi.stubGlobal('fetch', fetchMock);
    const saved = fakeSession(true);
    const { result } = renderHook(() => usePublishCard(saved.asSession), { wrapper });
    await expect(result.current.mutateAsync()).resolves.toMatchObject({ version: 3 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/cards/${cardIds.draft}/publish`);
    expect(saved.session.published).toHaveBeenCalledWith(true);
  });

  it('reports a failing server as it is, without asking again: the person decides', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(500, {})));
    vi.stubGlobal('fetch', fetchMock);
    const saved = fakeSession(true);
    const { result } = renderHook(() => usePublishCard(saved.asSession), { wrapper });
    await expect(result.current.mutateAsync()).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(saved.session.published).not.toHaveBeenCalled();
  });
});
