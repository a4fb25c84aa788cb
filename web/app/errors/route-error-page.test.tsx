import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { describeRouteError } from './route-error-page.tsx';

function Never() {
  return <p>This page should not render.</p>;
}

describe('route errors', () => {
  it('shows "Unexpected Application Error" with the status and status text of a thrown response', async () => {
    renderApp('/broken', {
      extraPages: [
        {
          path: 'broken',
          loader: () => {
            throw new Response('', { status: 404, statusText: 'Not Found' });
          },
          Component: Never,
        },
      ],
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error' });
    expect(heading).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: '404 Not Found' })).toBeVisible();
    expect(screen.queryByText('This page should not render.')).not.toBeInTheDocument();
    // The error stays inside the shell, so the way out is still there.
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'CARD WEB home' })).toBeVisible();
    // The title is set by an effect, which may run just after the heading is on screen.
    await waitFor(() => expect(document.title).toBe('Error · CARD WEB'));
  });

  it('shows the message of a thrown error', async () => {
    renderApp('/broken', {
      extraPages: [
        {
          path: 'broken',
          loader: () => {
            throw new Error('The card index could not be read');
          },
          Component: Never,
        },
      ],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'The card index could not be read' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows the error page when a page’s code cannot be loaded', async () => {
    renderApp('/broken', {
      extraPages: [
        {
          path: 'broken',
          lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
        },
      ],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error' }),
    ).toBeVisible();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeVisible();
  });

  it('describes other thrown values', () => {
    expect(describeRouteError('plain text')).toBe('plain text');
    expect(describeRouteError(42)).toBe('Unknown error');
  });
});

describe('unknown paths', () => {
  it('show "Page not found" with a link home', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByText('/no/such/page')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found · CARD WEB'));
  });
});
