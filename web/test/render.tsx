import { StrictMode, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { Providers } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { buildRoutes } from '../app/router.tsx';

/**
 * Renders the whole app (shell, real routes) at `path`, with a memory router the test can inspect. `strict`
 * wraps it in StrictMode as `web/main.tsx` does, so effects run twice as in the development build.
 */
export function renderApp(
  path: string,
  { extraPages = [], strict = false }: { extraPages?: RouteObject[]; strict?: boolean } = {},
) {
  const router = createMemoryRouter(buildRoutes(extraPages), { initialEntries: [path] });
  const app = (
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router };
}

/** Renders one component inside the providers and a router, without the shell. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const view = render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}

/** Stores a signed-in user the way the identity flows will. */
export function signIn(
  user: Record<string, string> = { uid: 'u-1', name: 'Ada Lovelace', email: 'ada@example.com' },
) {
  window.localStorage.setItem('user', JSON.stringify(user));
}
