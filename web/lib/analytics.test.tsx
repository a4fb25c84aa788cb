import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageViewRequestSchema } from '../../contracts/analytics.ts';
import { renderApp, signIn } from '../test/render.tsx';

function stubFetch(implementation: () => Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(implementation);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function pageViews(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls
    .filter(([url]) => url === '/api/analytics/pageviews')
    .map(([, init]) => {
      expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
      return pageViewRequestSchema.parse(JSON.parse(String(init?.body)));
    });
}

describe('page-view reporting', () => {
  it('reports the first view with the document referrer, then each route change with the previous path', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://search.example/?q=cards');
    renderApp('/?ref=home');
    await screen.findByRole('heading', { level: 1 });

    await waitFor(() => expect(pageViews(fetchMock)).toHaveLength(1));
    expect(pageViews(fetchMock)[0]).toEqual({
      path: '/?ref=home',
      referrer: 'https://search.example/?q=cards',
      viewportWidth: 1280,
      signedIn: false,
    });

    await user.click(screen.getByRole('link', { name: 'ABOUT' }));
    await screen.findByRole('heading', { level: 1, name: 'About CARD WEB' });
    await waitFor(() => expect(pageViews(fetchMock)).toHaveLength(2));
    expect(pageViews(fetchMock)[1]).toEqual({
      path: '/about',
      referrer: '/?ref=home',
      viewportWidth: 1280,
      signedIn: false,
    });
  });

  it('says whether someone is signed in, and leaves out an empty referrer', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(new Response(null, { status: 204 })));
    signIn();
    renderApp('/blog');
    await waitFor(() => expect(pageViews(fetchMock)).toHaveLength(1));
    expect(pageViews(fetchMock)[0]).toEqual({ path: '/blog', viewportWidth: 1280, signedIn: true });
  });

  it('ignores failures silently', async () => {
    const fetchMock = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About CARD WEB' })).toBeVisible();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // The shared test setup fails the test if anything reached console.error.
  });
});
