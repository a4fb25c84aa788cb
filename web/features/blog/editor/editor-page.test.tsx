import { StrictMode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SavePostInput } from '../../../../contracts/blog.ts';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { deferred, errorResponse, jsonResponse, stubApi } from '../../../test/api-stub.ts';
import type { StubRoute } from '../../../test/api-stub.ts';
import { signIn } from '../../../test/render.tsx';
import { PostEditorPage } from './editor-page.tsx';
import { localCopyKey } from './local-copy.ts';
import { MyPostsPage } from './my-posts-page.tsx';
import { autosaveTiming } from './post-session.ts';
import { editablePostFixture, myPostFixture, postIds, revisionFixture } from './test-fixtures.ts';

const postPath = `/api/blog/posts/${postIds.draft}`;

function renderAt(path: string, { strict = false } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/blog/write', element: <MyPostsPage /> },
      { path: '/blog/write/:id', element: <PostEditorPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const app = (
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>
  );
  render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { router };
}

function editorRoutes(extra: Record<string, StubRoute | object | null> = {}) {
  return {
    [`GET ${postPath}/edit`]: editablePostFixture(),
    'GET /api/blog/facets': {
      tags: [],
      authors: [],
      series: [{ slug: 'memory', title: 'Memory', posts: 2 }],
    },
    [`PUT ${postPath}/draft`]: ({ body }: { body: unknown }) =>
      jsonResponse(200, {
        revision: (body as SavePostInput).baseRevision + 1,
        updatedAt: '2026-03-01T10:05:00.000Z',
      }),
    ...extra,
  };
}

const saves = (requests: (key: string) => { body: unknown }[]) =>
  requests(`PUT ${postPath}/draft`).map((request) => request.body as SavePostInput);

async function bodyEditor(): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name: 'Post text, in Markdown' });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('No editor');
  return view;
}

function typeInEditor(view: EditorView, text: string) {
  act(() => {
    const end = view.state.doc.length;
    view.dispatch({ changes: { from: end, insert: text }, userEvent: 'input.type' });
  });
}

afterEach(() => {
  autosaveTiming.debounceMs = 800;
  window.localStorage.clear();
});

describe('/blog/write', () => {
  it('lists the posts with their status, and links each to its editor and, when live, to the post', async () => {
    signIn();
    stubApi({
      'GET /api/blog/mine': {
        items: [
          myPostFixture(),
          myPostFixture({
            id: postIds.live,
            title: 'Live one',
            status: 'published',
            liveSlug: 'live-one',
            publishedAt: '2026-02-01T10:00:00.000Z',
            hasUnpublishedChanges: true,
            likes: 3,
            comments: 1,
          }),
          myPostFixture({
            id: postIds.scheduled,
            title: '',
            status: 'scheduled',
            scheduledFor: '2026-04-01T09:30:00.000Z',
          }),
        ],
      },
    });
    renderAt('/blog/write');
    const list = await screen.findByRole('list', { name: 'Your posts' });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]!).getByRole('link', { name: 'Spaced repetition' })).toHaveAttribute(
      'href',
      `/blog/write/${postIds.draft}`,
    );
    expect(within(rows[0]!).getByText('Draft')).toBeVisible();
    expect(within(rows[1]!).getByText('Published')).toBeVisible();
    expect(within(rows[1]!).getByText('Unpublished changes')).toBeVisible();
    expect(within(rows[1]!).getByText(/3 likes · 1 comment$/)).toBeVisible();
    expect(within(rows[1]!).getByRole('link', { name: 'Read it live: Live one' })).toHaveAttribute(
      'href',
      '/blog/live-one',
    );
    expect(within(rows[2]!).getByRole('link', { name: 'Untitled post' })).toBeVisible();
    expect(within(rows[2]!).getByText(/^Scheduled for Apr 1, 2026/)).toBeVisible();
  });

  it('points to the blog builder when there are no posts, and New post opens the new draft', async () => {
    signIn();
    const u = userEvent.setup();
    const { requests } = stubApi({
      'GET /api/blog/mine': { items: [] },
      'POST /api/blog/posts': () => jsonResponse(201, editablePostFixture({ id: postIds.fresh })),
    });
    const { router } = renderAt('/blog/write');
    expect(await screen.findByRole('link', { name: 'Open the blog builder' })).toHaveAttribute(
      'href',
      '/blog_builder',
    );
    await u.click(screen.getByRole('button', { name: 'New post' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/blog/write/${postIds.fresh}`));
    expect(requests('POST /api/blog/posts')).toHaveLength(1);
  });

  it('asks a signed-out visitor to sign in, and asks the server nothing', () => {
    const { fetchMock } = stubApi({});
    renderAt('/blog/write');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fblog%2Fwrite',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('/blog/write/:id autosave', () => {
  it('saves after typing stops, and what is typed during a save goes right after it with the new revision', async () => {
    autosaveTiming.debounceMs = 50;
    signIn();
    const u = userEvent.setup();
    const first = deferred<Response>();
    let calls = 0;
    const { requests } = stubApi(
      editorRoutes({
        [`PUT ${postPath}/draft`]: ({ body }) => {
          calls++;
          if (calls === 1) return first.promise;
          return jsonResponse(200, {
            revision: (body as SavePostInput).baseRevision + 1,
            updatedAt: '2026-03-01T10:06:00.000Z',
          });
        },
      }),
    );
    renderAt(`/blog/write/${postIds.draft}`);
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(await screen.findByText('Saved')).toBeVisible();

    await u.type(title, '!');
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toMatchObject({
      title: 'Spaced repetition!',
      baseRevision: 3,
      // The address follows the title while the post has never been live.
      slug: 'spaced-repetition',
    });

    // Typed while the first save is in flight: kept, and sent only once it returns.
    const view = await bodyEditor();
    typeInEditor(view, ' Then again.');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(saves(requests)).toHaveLength(1);
    expect(JSON.parse(window.localStorage.getItem(localCopyKey(postIds.draft)) ?? '{}')).toMatchObject({
      content: { body: 'Review just before you forget. Then again.' },
    });

    first.resolve(jsonResponse(200, { revision: 4, updatedAt: '2026-03-01T10:05:00.000Z' }));
    await waitFor(() => expect(saves(requests)).toHaveLength(2));
    expect(saves(requests)[1]).toMatchObject({
      title: 'Spaced repetition!',
      body: 'Review just before you forget. Then again.',
      baseRevision: 4,
    });
    expect(await screen.findByText('Saved')).toBeVisible();
    // Acknowledged: the browser's copy is gone.
    expect(window.localStorage.getItem(localCopyKey(postIds.draft))).toBeNull();
  });

  it('offers back a newer copy this browser kept, and saves it when restored', async () => {
    autosaveTiming.debounceMs = 50;
    signIn();
    const u = userEvent.setup();
    window.localStorage.setItem(
      localCopyKey(postIds.draft),
      JSON.stringify({
        postId: postIds.draft,
        ownerKey: 'u-1',
        content: { ...editablePostFixture(), body: 'Words the server never got.' },
        baseRevision: 3,
        writtenAt: Date.parse('2026-03-01T11:00:00.000Z'),
      }),
    );
    const { requests } = stubApi(editorRoutes());
    renderAt(`/blog/write/${postIds.draft}`);
    expect(await screen.findByText(/This browser kept changes from/)).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toMatchObject({ body: 'Words the server never got.', baseRevision: 3 });
    expect(screen.queryByText(/This browser kept changes from/)).toBeNull();
  });

  it('shows the conflict dialog; Reload takes the latest text', async () => {
    // Long enough for the whole word to be typed before the save that finds the conflict.
    autosaveTiming.debounceMs = 1000;
    signIn();
    const u = userEvent.setup();
    let loads = 0;
    stubApi(
      editorRoutes({
        [`GET ${postPath}/edit`]: () => {
          loads++;
          return jsonResponse(
            200,
            loads === 1 ? editablePostFixture() : editablePostFixture({ title: 'Their title', revision: 9 }),
          );
        },
        [`PUT ${postPath}/draft`]: () =>
          errorResponse(409, 'blog/draft-conflict', 'This post was changed elsewhere.'),
      }),
    );
    renderAt(`/blog/write/${postIds.draft}`);
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await u.type(title, ' mine');
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'This post was changed elsewhere' },
      { timeout: 4000 },
    );
    expect(within(dialog).getByRole('textbox', { name: 'Your text' })).toHaveValue(
      '# Spaced repetition mine\n\nReview just before you forget.',
    );
    expect(screen.getByText('Not saved — changed elsewhere')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Reload (lose this copy)' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Their title'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.localStorage.getItem(localCopyKey(postIds.draft))).toBeNull();
  });

  it('survives StrictMode: one save per pause', async () => {
    autosaveTiming.debounceMs = 50;
    signIn();
    const u = userEvent.setup();
    const { requests } = stubApi(editorRoutes());
    renderAt(`/blog/write/${postIds.draft}`, { strict: true });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await u.type(title, '?');
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(saves(requests)).toHaveLength(1);
  });
});

describe('/blog/write/:id publishing', () => {
  it('publishes now after saving, then links to the live post', async () => {
    signIn();
    const u = userEvent.setup();
    let published = false;
    const { requests } = stubApi(
      editorRoutes({
        [`GET ${postPath}/edit`]: () =>
          jsonResponse(
            200,
            published
              ? editablePostFixture({
                  status: 'published',
                  liveSlug: 'spaced-repetition',
                  publishedAt: '2026-03-01T12:00:00.000Z',
                })
              : editablePostFixture(),
          ),
        [`POST ${postPath}/publish`]: () => {
          published = true;
          return jsonResponse(200, {});
        },
      }),
    );
    renderAt(`/blog/write/${postIds.draft}`);
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await u.type(title, ' 101');
    await u.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish the post' });
    await u.click(within(dialog).getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(requests(`POST ${postPath}/publish`)).toHaveLength(1));
    // The pending change was saved before publishing.
    expect(saves(requests)).toHaveLength(1);
    expect(requests(`POST ${postPath}/publish`)[0]?.body).toEqual({});
    expect(await screen.findByText('The post is published.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Read the post' })).toHaveAttribute(
      'href',
      '/blog/spaced-repetition',
    );
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  });

  it('refuses a past schedule time before asking the server, and sends a future one with its offset', async () => {
    signIn();
    const u = userEvent.setup();
    const { requests } = stubApi(
      editorRoutes({
        [`POST ${postPath}/publish`]: () => jsonResponse(200, {}),
      }),
    );
    renderAt(`/blog/write/${postIds.draft}`);
    await u.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish the post' });
    await u.click(within(dialog).getByRole('radio', { name: 'Schedule' }));
    const time = within(dialog).getByLabelText('Publish at (your time)');
    await u.type(time, '2020-01-01T10:00');
    await u.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Choose a time in the future.')).toBeVisible();
    expect(requests(`POST ${postPath}/publish`)).toHaveLength(0);

    await u.clear(time);
    await u.type(time, '2099-06-01T10:00');
    await u.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(requests(`POST ${postPath}/publish`)).toHaveLength(1));
    const at = (requests(`POST ${postPath}/publish`)[0]?.body as { at: string }).at;
    expect(at).toMatch(/^2099-06-01T10:00:00[+-]\d\d:\d\d$/);
    expect(Date.parse(at)).toBe(new Date(2099, 5, 1, 10, 0).getTime());
  });

  it('lists the server’s field problems and shows each beside its field', async () => {
    signIn();
    const u = userEvent.setup();
    stubApi(
      editorRoutes({
        [`POST ${postPath}/publish`]: () =>
          errorResponse(422, 'blog/invalid-post', 'The post cannot be published as it is.', {
            fields: [
              { path: 'slug', message: 'That address is a page of the blog. Choose another.' },
              { path: 'title', message: 'Write a title' },
            ],
          }),
      }),
    );
    renderAt(`/blog/write/${postIds.draft}`);
    await u.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish the post' });
    await u.click(within(dialog).getByRole('button', { name: 'Publish now' }));
    expect(
      await within(dialog).findByText('Address: That address is a page of the blog. Choose another.'),
    ).toBeVisible();
    expect(within(dialog).getByText('Title: Write a title')).toBeVisible();
    await u.click(within(dialog).getByRole('button', { name: 'Keep as draft' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Write a title');
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveAccessibleDescription(
      'That address is a page of the blog. Choose another.',
    );
  });
});

describe('/blog/write/:id history', () => {
  it('shows a revision’s changes against the working copy, and restores it into the editor', async () => {
    autosaveTiming.debounceMs = 50;
    signIn();
    const u = userEvent.setup();
    const { requests } = stubApi(
      editorRoutes({
        [`GET ${postPath}/revisions`]: {
          items: [
            {
              number: 3,
              reason: 'autosave',
              title: 'Spaced repetition',
              createdAt: '2026-03-01T10:00:00.000Z',
            },
            { number: 2, reason: 'published', title: 'Spacing', createdAt: '2026-02-28T09:00:00.000Z' },
          ],
        },
        [`GET ${postPath}/revisions/2`]: revisionFixture(),
      }),
    );
    renderAt(`/blog/write/${postIds.draft}`);
    await u.click(await screen.findByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'History' });
    await u.click(await within(dialog).findByRole('button', { name: /^Revision 2 · Published/ }));
    const diff = await within(dialog).findByRole('region', {
      name: 'Changes from revision 2 to your working copy',
    });
    expect([...diff.querySelectorAll('del')].map((node) => node.textContent)).toEqual([
      '[removed: - Title: Spacing]',
      '[removed: - Review before you forget.]',
    ]);
    expect([...diff.querySelectorAll('ins')].map((node) => node.textContent)).toEqual([
      '[added: + Title: Spaced repetition]',
      '[added: + Review just before you forget.]',
    ]);

    await u.click(within(dialog).getByRole('button', { name: 'Restore this revision' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Spacing'));
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toMatchObject({
      title: 'Spacing',
      body: 'Review before you forget.',
      slug: 'spacing',
      baseRevision: 3,
    });
    expect((await bodyEditor()).state.doc.toString()).toBe('Review before you forget.');
  });
});
