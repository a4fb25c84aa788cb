import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, stubApi } from '../../../test/api-stub.ts';
import { renderApp, signIn } from '../../../test/render.tsx';
import { authorFixture, listFixture, summaryFixture } from './test-fixtures.ts';

describe('/blog/authors/:handle', () => {
  it('shows the author with bio, counts, feed and Follow, and their posts a page at a time', async () => {
    signIn();
    const u = userEvent.setup();
    const { requests } = stubApi({
      'GET /api/blog/authors/ada': authorFixture(),
      'GET /api/blog/posts': ({ query }) =>
        jsonResponse(
          200,
          listFixture([summaryFixture(query.get('page') === '2' ? 14 : 1)], {
            page: Number(query.get('page') ?? 1),
            pageCount: 2,
            total: 13,
          }),
        ),
      'PUT /api/profiles/ada-key/follow': { following: true, followers: 8 },
    });
    const { router } = renderApp('/blog/authors/ada');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    expect(screen.getByText('Writes about engines.')).toBeVisible();
    expect(screen.getByText(/7 followers · 4 posts/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'RSS feed of these posts' })).toHaveAttribute(
      'href',
      '/blog/authors/ada/rss.xml',
    );

    const posts = await screen.findByRole('list', { name: 'Posts by Ada Lovelace' });
    expect(within(posts).getByRole('link', { name: 'Post number 1' })).toBeVisible();
    expect(requests('GET /api/blog/posts')[0]?.query.toString()).toBe('author=ada');

    await u.click(screen.getByRole('button', { name: 'Follow Ada Lovelace' }));
    await waitFor(() => expect(screen.getByText(/8 followers · 4 posts/)).toBeVisible());
    expect(screen.getByRole('button', { name: 'Unfollow Ada Lovelace' })).toBeVisible();

    await u.click(screen.getByRole('link', { name: 'Go to page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await within(posts).findByRole('link', { name: 'Post number 14' })).toBeVisible();
    expect(requests('GET /api/blog/posts').at(-1)?.query.toString()).toBe('author=ada&page=2');
  });

  it('says when nobody has that handle', async () => {
    stubApi({ 'GET /api/blog/authors/nobody': () => errorResponse(404, 'common/not-found', 'Not found.') });
    renderApp('/blog/authors/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Author not found' })).toBeVisible();
  });
});
