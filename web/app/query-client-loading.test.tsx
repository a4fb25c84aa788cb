import { StrictMode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test/api-stub.ts';
import { Providers } from './providers.tsx';
import type * as QueryClientModule from './query-client.ts';
import { buildRoutes } from './router.tsx';

// Counts the clients the app makes; each test file has its own module registry, so this file starts with none.
const made = vi.hoisted(() => ({ clients: 0 }));
vi.mock('./query-client.ts', async (importOriginal) => {
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
  it('is not loaded by the home page, and is ready before the next page reads from the API', async () => {
    stubApi({});
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/'] });
    // As in main.tsx: no client is passed, and Strict Mode runs every effect twice.
    render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(made.clients).toBe(0);

    // The exploration page reads the feed with useQuery on its first render, signed in or not.
    await act(() => router.navigate('/exploration'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
    expect(made.clients).toBe(1);

    await act(() => router.navigate('/about'));
    expect(await screen.findByRole('heading', { level: 1, name: /about/i })).toBeVisible();
    expect(made.clients).toBe(1);
  });
});
