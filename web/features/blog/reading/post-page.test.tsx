import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, stubApi } from '../../../test/api-stub.ts';
import { installIntersectionObserver } from '../../../test/intersection-observer.ts';
import { setViewportWidth } from '../../../test/media.ts';
import { renderApp, signIn } from '../../../test/render.tsx';
import { commentFixture, commentId, grace, postFixture } from './test-fixtures.ts';

const postPath = '/api/blog/posts/by-slug/why-graphs';
const postId = postFixture().id;
const commentsPath = `/api/blog/posts/${postId}/comments`;

describe('/blog/:slug', () => {
  it('renders the post with its byline, body, contents that follow the scroll, series and tags', async () => {
    const observer = installIntersectionObserver();
    stubApi({ [`GET ${postPath}`]: postFixture(), [`GET ${commentsPath}`]: { items: [] } });
    renderApp('/blog/why-graphs', { strict: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'Why graphs matter' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Why graphs matter · CARD WEB'));
    expect(screen.getByRole('img', { name: 'Cover of post 1' })).toBeVisible();
    const article = screen.getByRole('article', { name: 'Why graphs matter' });
    expect(within(article).getAllByRole('link', { name: 'Ada Lovelace' })[0]).toHaveAttribute(
      'href',
      '/blog/authors/ada',
    );
    expect(article).toHaveTextContent('3 March 2026 · 4 min read');
    // The text is typeset right after the first paint.
    expect(await screen.findByText('Because they link.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Why graphs' })).toHaveAttribute(
      'id',
      'section-why-graphs',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'A detail' })).toHaveAttribute(
      'id',
      'section-a-detail',
    );

    // At 1280 px the contents are a side column, built from the h2 and h3.
    const contents = await screen.findByRole('navigation', { name: 'Contents' });
    const entries = within(contents).getAllByRole('link');
    expect(entries.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Why graphs', '#section-why-graphs'],
      ['A detail', '#section-a-detail'],
      ['How to start', '#section-how-to-start'],
    ]);
    // StrictMode ran the effect twice; only one observer is left watching.
    expect(observer.observing()).toBe(1);
    observer.scrollIntoView();
    await waitFor(() =>
      expect(within(contents).getByRole('link', { name: 'Why graphs' })).toHaveAttribute(
        'aria-current',
        'location',
      ),
    );
    expect(within(contents).getByRole('link', { name: 'A detail' })).not.toHaveAttribute('aria-current');

    const series = screen.getByRole('navigation', { name: 'Series: Learning graphs' });
    expect(series).toHaveTextContent('Part 2 of 3');
    expect(
      within(series).getByText('Why graphs matter', { selector: '[aria-current="page"]' }),
    ).toBeVisible();
    expect(within(series).getByRole('link', { name: '← Previous: Graphs, an introduction' })).toHaveAttribute(
      'href',
      '/blog/graphs-intro',
    );
    expect(within(series).getByRole('link', { name: 'Next: Searching graphs →' })).toHaveAttribute(
      'href',
      '/blog/graph-search',
    );
    expect(
      within(screen.getByRole('list', { name: 'Tags' })).getByRole('link', { name: '#graphs' }),
    ).toHaveAttribute('href', '/blog?tag=graphs');
    // Signed out: sign-in prompts instead of like, follow and comment; no editing.
    expect(screen.getByRole('link', { name: /Sign in to like/ })).toHaveAttribute(
      'href',
      '/login?next=%2Fblog%2Fwhy-graphs',
    );
    expect(screen.getByRole('link', { name: 'Sign in to follow' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Sign in to comment' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Moderation' })).not.toBeInTheDocument();
  });

  it('shows an excerpt under the title only when the author wrote one', async () => {
    stubApi({ [`GET ${postPath}`]: postFixture(), [`GET ${commentsPath}`]: { items: [] } });
    const { unmount } = renderApp('/blog/why-graphs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Why graphs matter' })).toBeVisible();
    expect(screen.getByText('What post 1 is about.')).toBeVisible();
    unmount();

    // A derived excerpt is the body's opening, which the page shows right below: it is not repeated.
    stubApi({
      [`GET ${postPath}`]: postFixture({ excerpt: 'Because they link.', excerptWritten: false }),
      [`GET ${commentsPath}`]: { items: [] },
    });
    renderApp('/blog/why-graphs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Why graphs matter' })).toBeVisible();
    expect(await screen.findByRole('heading', { level: 2, name: 'Why graphs' })).toBeVisible();
    expect(screen.getAllByText('Because they link.')).toHaveLength(1);
  });

  it('puts the contents in a collapsed "Contents" on a narrow screen', async () => {
    setViewportWidth(375);
    installIntersectionObserver();
    stubApi({ [`GET ${postPath}`]: postFixture({ series: null }), [`GET ${commentsPath}`]: { items: [] } });
    renderApp('/blog/why-graphs');
    const contents = await screen.findByRole('navigation', { name: 'Contents' });
    const toggle = within(contents).getByRole('button', { name: 'Contents' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(contents).getByRole('link', { name: 'How to start' })).toBeVisible();
  });

  it('replaces an earlier slug in the address with the post’s own', async () => {
    stubApi({
      'GET /api/blog/posts/by-slug/old-name': postFixture(),
      [`GET ${commentsPath}`]: { items: [] },
    });
    const { router } = renderApp('/blog/old-name#comments-title');
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog/why-graphs'));
    expect(router.state.location.hash).toBe('#comments-title');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Why graphs matter' })).toBeVisible();
  });

  it('says when there is no such post', async () => {
    stubApi({
      'GET /api/blog/posts/by-slug/nothing-here': () => errorResponse(404, 'common/not-found', 'Not found.'),
    });
    renderApp('/blog/nothing-here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the blog' })).toHaveAttribute('href', '/blog');
  });

  it('likes and takes back a like, follows the author, and copies the link', async () => {
    signIn();
    const u = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { requests } = stubApi({
      [`GET ${postPath}`]: postFixture(),
      [`GET ${commentsPath}`]: { items: [] },
      [`PUT /api/blog/posts/${postId}/like`]: { liked: true, likes: 3 },
      [`DELETE /api/blog/posts/${postId}/like`]: { liked: false, likes: 2 },
      'PUT /api/profiles/ada-key/follow': { following: true, followers: 11 },
    });
    renderApp('/blog/why-graphs');
    const like = await screen.findByRole('button', { name: 'Like (2 likes)' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await u.click(like);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Like (3 likes)' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(requests(`PUT /api/blog/posts/${postId}/like`)).toHaveLength(1);
    await u.click(screen.getByRole('button', { name: 'Like (3 likes)' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Like (2 likes)' })).toHaveAttribute('aria-pressed', 'false'),
    );
    expect(requests(`DELETE /api/blog/posts/${postId}/like`)).toHaveLength(1);

    const author = screen.getByRole('complementary', { name: 'About the author, Ada Lovelace' });
    expect(author).toHaveTextContent('10 followers');
    await u.click(within(author).getByRole('button', { name: 'Follow Ada Lovelace' }));
    await waitFor(() =>
      expect(within(author).getByRole('button', { name: 'Unfollow Ada Lovelace' })).toBeVisible(),
    );
    expect(author).toHaveTextContent('11 followers');
    expect(requests('PUT /api/profiles/ada-key/follow')).toHaveLength(1);

    await u.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/blog/why-graphs`);
    expect(await screen.findByText('Link copied to the clipboard.')).toBeVisible();
    const share = screen.getByRole('list', { name: 'Share this post' });
    expect(within(share).getByRole('link', { name: 'Share by email' })).toHaveAttribute(
      'href',
      `mailto:?subject=Why%20graphs%20matter&body=${encodeURIComponent(`${window.location.origin}/blog/why-graphs`)}`,
    );
  });

  it('offers Edit to the author and Feature and Unpublish to an administrator', async () => {
    signIn();
    const u = userEvent.setup();
    const { requests } = stubApi({
      [`GET ${postPath}`]: postFixture({ canEdit: true, canModerate: true }),
      [`GET ${commentsPath}`]: { items: [] },
      [`PUT /api/blog/posts/${postId}/featured`]: () => new Response(null, { status: 204 }),
      [`POST /api/blog/posts/${postId}/unpublish`]: () => new Response(null, { status: 204 }),
      'GET /api/blog/posts': { items: [], page: 1, pageCount: 0, total: 0 },
    });
    const { router } = renderApp('/blog/why-graphs');
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/blog/write/${postId}`,
    );
    // The author does not follow themself.
    expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Feature' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Unfeature' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(requests(`PUT /api/blog/posts/${postId}/featured`)[0]?.body).toEqual({ featured: true });

    await u.click(screen.getByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish “Why graphs matter”?' });
    await u.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog'));
    expect(requests(`POST /api/blog/posts/${postId}/unpublish`)).toHaveLength(1);
  });
});

describe('comments on a post', () => {
  const thread = () => ({
    items: [
      commentFixture(1, { body: 'First **comment**' }),
      commentFixture(2, { parentId: commentId(1), author: grace, body: 'A reply', canDelete: true }),
      commentFixture(3, { state: 'deleted', body: '' }),
      commentFixture(4, { parentId: commentId(3), body: 'Reply to a deleted one' }),
      commentFixture(5, { state: 'removed', body: '' }),
    ],
  });

  it('shows the thread with replies nested, deleted and removed ones in place, and links to each', async () => {
    signIn();
    stubApi({ [`GET ${postPath}`]: postFixture(), [`GET ${commentsPath}`]: thread() });
    renderApp('/blog/why-graphs');
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(screen.getByRole('heading', { level: 2, name: 'Comments (5)' })).toBeVisible();
    const first = document.getElementById(`comment-${commentId(1)}`);
    if (!first) throw new Error('no comment element');
    // A comment's Markdown renders once the renderer's code has loaded.
    expect(await within(first).findByText('comment', { selector: 'strong' })).toBeVisible();
    const replies = within(first).getByRole('list', { name: 'Replies to Ada Lovelace' });
    expect(within(replies).getByRole('article', { name: 'Comment by Grace Hopper' })).toHaveTextContent(
      'A reply',
    );
    expect(within(list).getByText('Comment deleted')).toBeVisible();
    expect(within(list).getByText('Removed by a moderator')).toBeVisible();
    expect(within(list).getByRole('list', { name: 'Replies to a removed comment' })).toHaveTextContent(
      'Reply to a deleted one',
    );
    // Your own comment can be deleted, not reported; others' the other way round.
    const own = within(replies).getByRole('article', { name: 'Comment by Grace Hopper' });
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeVisible();
    expect(within(own).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('posts a comment and a reply, deletes after asking, and reports', async () => {
    signIn();
    const u = userEvent.setup();
    let items = thread().items;
    const { requests } = stubApi({
      [`GET ${postPath}`]: postFixture(),
      [`GET ${commentsPath}`]: () => jsonResponse(200, { items }),
      [`POST ${commentsPath}`]: ({ body }) => {
        const sent = body as { body: string; parentId: string | null };
        const made = commentFixture(9, {
          author: grace,
          body: sent.body,
          parentId: sent.parentId,
          canDelete: true,
        });
        items = [...items, made];
        return jsonResponse(201, made);
      },
      [`DELETE /api/blog/comments/${commentId(2)}`]: () => {
        items = items.map((c) => (c.id === commentId(2) ? { ...c, state: 'deleted' as const, body: '' } : c));
        return new Response(null, { status: 204 });
      },
      [`POST /api/blog/comments/${commentId(1)}/reports`]: { id: 'r-1', status: 'open' },
    });
    renderApp('/blog/why-graphs');
    await screen.findByRole('list', { name: 'Comments' });

    await u.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Nice post');
    await u.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() =>
      expect(requests(`POST ${commentsPath}`)[0]?.body).toEqual({ body: 'Nice post', parentId: null }),
    );
    expect(await screen.findByText('Nice post')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');

    const first = document.getElementById(`comment-${commentId(1)}`);
    if (!first) throw new Error('no comment element');
    await u.click(within(first).getAllByRole('button', { name: 'Reply to Ada Lovelace' })[0] as HTMLElement);
    const replyBox = within(first).getByRole('textbox', { name: 'Reply to Ada Lovelace' });
    expect(replyBox).toHaveFocus();
    await u.type(replyBox, 'I agree');
    await u.click(within(first).getByRole('button', { name: 'Post reply' }));
    await waitFor(() =>
      expect(requests(`POST ${commentsPath}`)[1]?.body).toEqual({ body: 'I agree', parentId: commentId(1) }),
    );
    await waitFor(() =>
      expect(within(first).queryByRole('textbox', { name: 'Reply to Ada Lovelace' })).not.toBeInTheDocument(),
    );

    const own = document.getElementById(`comment-${commentId(2)}`);
    if (!own) throw new Error('no comment element');
    await u.click(within(own).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await u.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests(`DELETE /api/blog/comments/${commentId(2)}`)).toHaveLength(1));
    await waitFor(() => expect(within(own).getByText('Comment deleted')).toBeVisible());

    const firstArticle = within(first).getAllByRole('article')[0] as HTMLElement;
    await u.click(within(firstArticle).getByRole('button', { name: 'Report' }));
    const report = await screen.findByRole('dialog', { name: 'Report the comment by Ada Lovelace' });
    await u.click(within(report).getByRole('radio', { name: 'Spam or advertising' }));
    await u.click(within(report).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(requests(`POST /api/blog/comments/${commentId(1)}/reports`)[0]?.body).toEqual({
        reason: 'spam',
        details: '',
      }),
    );
    expect(await within(firstArticle).findByText('Thank you: the report was sent.')).toBeVisible();
  });
});
