import { StrictMode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test/api-stub.ts';
import { Providers } from './providers.tsx';
import type * as QueryClientModule from './query-client.ts';
import { buildRoutes } from './router.tsx';

// Counts the clients the app makes; each test file has its own module registry, so this file starts with none.
// The client's code arrives only when the test lets it, as a slow network would deliver it.
const made = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { clients: 0, arrived, release };
});
vi.mock('./query-client.ts', async (importOriginal) => {
  await made.arrived;
  const actual = await importOriginal<typeof QueryClientModule>();
  return {
    ...actual,
    createQueryClient: () => {
      made.clients += 1;
      return actual.createQueryClient();
    },
  };
});

describe("the app's query client", () => {
  it('is not needed for the first paint of the home page, and is made once for every page after', async () => {
    stubApi({ 'GET /api/cards/feed/trending': { items: [], nextCursor: null } });
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/'] });
    // As in main.tsx: no client is passed, and Strict Mode runs every effect twice.
    render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
    // The header is drawn while the client's code is still on its way.
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(made.clients).toBe(0);
    expect(screen.queryByRole('heading', { level: 2, name: 'Trending' })).toBeNull();

    // Then the home page's content arrives with it.
    made.release();
    expect(await screen.findByRole('heading', { level: 2, name: 'Trending' })).toBeVisible();
    expect(made.clients).toBe(1);

    // The exploration page reads the feed with useQuery on its first render, signed in or not.
    await act(() => router.navigate('/exploration'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
    expect(made.clients).toBe(1);

    await act(() => router.navigate('/about'));
    expect(await screen.findByRole('heading', { level: 1, name: /about/i })).toBeVisible();
    expect(made.clients).toBe(1);
  });
});
