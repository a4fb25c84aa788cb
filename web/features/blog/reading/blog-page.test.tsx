import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, stubApi } from '../../../test/api-stub.ts';
import { renderApp, signIn } from '../../../test/render.tsx';
import { facetsFixture, listFixture, summaryFixture } from './test-fixtures.ts';

describe('/blog', () => {
  it('shows the featured posts, then the posts as cards with author, date, reading time and tags', async () => {
    const { requests } = stubApi({
      'GET /api/blog/facets': facetsFixture,
      'GET /api/blog/posts': ({ query }) =>
        jsonResponse(
          200,
          query.get('featured') === 'true'
            ? listFixture([summaryFixture(9, { featured: true, title: 'The featured one' })])
            : listFixture([summaryFixture(1), summaryFixture(2, { coverURL: null })]),
        ),
    });
    renderApp('/blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();

    const featured = await screen.findByRole('list', { name: 'Featured' });
    expect(within(featured).getByRole('link', { name: 'The featured one' })).toHaveAttribute(
      'href',
      '/blog/post-9',
    );
    expect(within(featured).getByRole('img', { name: 'Cover of post 9' })).toBeVisible();

    const posts = await screen.findByRole('list', { name: 'Posts' });
    const cards = within(posts).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Post number 1',
      'Post number 2',
    ]);
    const first = cards[0];
    if (!first) throw new Error('no card');
    expect(within(first).getByRole('link', { name: 'Post number 1' })).toHaveAttribute(
      'href',
      '/blog/post-1',
    );
    expect(within(first).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/blog/authors/ada',
    );
    expect(within(first).getByText('3 March 2026').closest('time')).toHaveAttribute(
      'dateTime',
      '2026-03-03T10:00:00.000Z',
    );
    expect(first).toHaveTextContent('4 min read');
    // A post without a cover gets a drawn one with its first tag, a decoration screen readers skip.
    const second = cards[1];
    if (!second) throw new Error('no second card');
    expect(within(second).queryByRole('img')).not.toBeInTheDocument();
    const drawn = second.querySelector('[aria-hidden="true"]');
    expect(drawn).toHaveTextContent('#graphs');
    expect(drawn).toHaveStyle({ color: 'rgb(255, 255, 255)' });
    expect(within(first).getByRole('link', { name: '#graphs' })).toHaveAttribute('href', '/blog?tag=graphs');
    expect(screen.getByRole('link', { name: 'RSS feed of the blog' })).toHaveAttribute(
      'href',
      '/blog/rss.xml',
    );
    expect(screen.getByRole('link', { name: 'Atom feed' })).toHaveAttribute('href', '/blog/atom.xml');
    expect(document.head.querySelector('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      'href',
      '/blog/rss.xml',
    );
    // Signed out: no "Write a post" in the header.
    expect(screen.queryByRole('link', { name: 'Write a post' })).not.toBeInTheDocument();
    expect(
      requests('GET /api/blog/posts')
        .map((request) => request.query.toString())
        .sort(),
    ).toEqual(['', 'featured=true']);
  });

  it('holds the list until the featured posts are known, so its first post is never pushed down', async () => {
    const featured = deferred<Response>();
    stubApi({
      'GET /api/blog/facets': facetsFixture,
      'GET /api/blog/posts': ({ query }) =>
        query.get('featured') === 'true'
          ? featured.promise
          : jsonResponse(200, listFixture([summaryFixture(1)])),
    });
    renderApp('/blog');
    const skeleton = await screen.findByRole('list', { name: 'Posts' });
    // The latest posts have arrived, but the list stays a busy skeleton while the featured row is unknown.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('list', { name: 'Posts' })).toBe(skeleton);
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('link', { name: 'Post number 1' })).not.toBeInTheDocument();

    await act(async () => {
      featured.resolve(jsonResponse(200, listFixture([summaryFixture(9, { featured: true })])));
      await featured.promise;
    });
    expect(await screen.findByRole('link', { name: 'Post number 1' })).toBeVisible();
    expect(screen.getByRole('list', { name: 'Featured' })).toBeVisible();
    expect(screen.getByRole('list', { name: 'Posts' })).not.toHaveAttribute('aria-busy', 'true');
  });

  it('shows the list without a featured row when the featured posts cannot be loaded', async () => {
    stubApi({
      'GET /api/blog/facets': facetsFixture,
      'GET /api/blog/posts': ({ query }) =>
        query.get('featured') === 'true'
          ? jsonResponse(500, { error: { id: 'internal', message: 'Something went wrong.' } })
          : jsonResponse(200, listFixture([summaryFixture(1)])),
    });
    renderApp('/blog');
    expect(await screen.findByRole('link', { name: 'Post number 1' })).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Featured' })).not.toBeInTheDocument();
  });

  it('puts the filters in the address and asks for them, with the tag feed', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      'GET /api/blog/facets': facetsFixture,
      'GET /api/blog/posts': listFixture([summaryFixture(1)]),
    });
    const { router } = renderApp('/blog?page=2');
    await screen.findByRole('list', { name: 'Posts' });

    await u.click(screen.getByRole('combobox', { name: 'Tag' }));
    await u.click(await screen.findByRole('option', { name: '#math (1)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tag=math'));
    await waitFor(() => expect(requests('GET /api/blog/posts').at(-1)?.query.toString()).toBe('tag=math'));
    expect(screen.getByRole('link', { name: 'RSS feed of #math' })).toHaveAttribute(
      'href',
      '/blog/tags/math/rss.xml',
    );
    // A filtered list has no featured row.
    expect(screen.queryByRole('list', { name: 'Featured' })).not.toBeInTheDocument();

    await u.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'euler');
    await waitFor(() => expect(router.state.location.search).toBe('?tag=math&q=euler'));
    await waitFor(() =>
      expect(requests('GET /api/blog/posts').at(-1)?.query.toString()).toBe('q=euler&tag=math'),
    );

    await u.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('keeps the page shown while the next one loads, then shows it', async () => {
    const u = userEvent.setup();
    const second = deferred<Response>();
    const { requests } = stubApi({
      'GET /api/blog/facets': facetsFixture,
      'GET /api/blog/posts': ({ query }) => {
        if (query.get('featured')) return jsonResponse(200, listFixture([]));
        if (query.get('page') === '2') return second.promise;
        return jsonResponse(
          200,
          listFixture([summaryFixture(1), summaryFixture(2)], { pageCount: 3, total: 30 }),
        );
      },
    });
    const { router } = renderApp('/blog');
    const pages = await screen.findByRole('navigation', { name: 'Pages of posts' });
    expect(within(pages).getByRole('link', { name: 'Go to page 3' })).toHaveAttribute('href', '/blog?page=3');

    await u.click(within(pages).getByRole('link', { name: 'Go to page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() =>
      expect(requests('GET /api/blog/posts').some((r) => r.query.get('page') === '2')).toBe(true),
    );
    // The first page stays, marked busy, and the pager stays where it was.
    const list = screen.getByRole('list', { name: 'Posts' });
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(within(list).getByRole('link', { name: 'Post number 1' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Pages of posts' })).toBeVisible();

    await act(async () => {
      second.resolve(
        jsonResponse(200, listFixture([summaryFixture(13)], { page: 2, pageCount: 3, total: 30 })),
      );
      await Promise.resolve();
    });
    expect(await within(list).findByRole('link', { name: 'Post number 13' })).toBeVisible();
    expect(list).toHaveAttribute('aria-busy', 'false');
    expect(within(list).queryByRole('link', { name: 'Post number 1' })).not.toBeInTheDocument();
  });

  it('reserves the list with skeletons on the first load', async () => {
    const never = deferred<Response>();
    stubApi({ 'GET /api/blog/facets': facetsFixture, 'GET /api/blog/posts': () => never.promise });
    renderApp('/blog');
    const list = await screen.findByRole('list', { name: 'Posts' });
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
  });

  it('explains the blog when nothing is published, with the way to write and the builder', async () => {
    signIn();
    stubApi({ 'GET /api/blog/facets': facetsFixture, 'GET /api/blog/posts': listFixture([]) });
    renderApp('/blog');
    expect(await screen.findByText(/Nothing is published yet/)).toBeVisible();
    const writeLinks = screen.getAllByRole('link', { name: 'Write a post' });
    // One in the header for a signed-in person, one in the empty state.
    expect(writeLinks).toHaveLength(2);
    for (const link of writeLinks) expect(link).toHaveAttribute('href', '/blog/write');
    expect(screen.getByRole('link', { name: 'blog builder' })).toHaveAttribute('href', '/blog_builder');
  });
});
