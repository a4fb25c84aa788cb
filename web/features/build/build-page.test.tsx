import 'fake-indexeddb/auto';
import { StrictMode } from 'react';
import { IDBFactory } from 'fake-indexeddb';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { acceptCompletion, currentCompletions, startCompletion } from '@codemirror/autocomplete';
import { EditorView } from '@codemirror/view';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftInput } from '../../../contracts/cards.ts';
import { deferred, errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import type { StubRoute } from '../../test/api-stub.ts';
import { renderWithProviders, signIn } from '../../test/render.tsx';
import { BuildPage } from './build-page.tsx';
import { contentOf } from './content.ts';
import { autosaveTiming } from './draft-session.ts';
import { indexedDbDraftStore, localStorageSpareStore, resetDraftDatabase } from './draft-store.ts';
import { cardFixture, cardIds, draftFixture, summaryFixture } from './test-fixtures.ts';

const draftPath = `/api/cards/${cardIds.draft}/draft`;

/** The server's answer to a save: the draft as sent, one revision on. */
function savedDraft(input: DraftInput) {
  const { baseRevision, typedLinks, ...content } = input;
  return draftFixture({
    ...content,
    typedLinks: typedLinks.map((link) => ({ ...link, title: null })),
    revision: baseRevision + 1,
  });
}

/** The routes every builder test needs: the draft at revision 3 and its card, never published. */
function builderRoutes(extra: Record<string, StubRoute | object | null> = {}) {
  return {
    [`GET ${draftPath}`]: draftFixture(),
    [`GET /api/cards/${cardIds.draft}`]: cardFixture(),
    [`PUT ${draftPath}`]: ({ body }: { body: unknown }) => {
      return jsonResponse(200, savedDraft(body as DraftInput));
    },
    ...extra,
  };
}

function renderBuilder(path = `/build?card=${cardIds.draft}`, { strict = false } = {}) {
  signIn();
  // StrictMode runs every effect twice in development, as `web/main.tsx` does: loading and saving must not care.
  return renderWithProviders(
    strict ? (
      <StrictMode>
        <BuildPage />
      </StrictMode>
    ) : (
      <BuildPage />
    ),
    { path },
  );
}

/** The CodeMirror view inside the page, to type into it as a person's keystrokes would. */
async function editorView(): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name: 'Card text, in Markdown' });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('No editor');
  return view;
}

function typeInEditor(view: EditorView, text: string) {
  act(() => {
    const end = view.state.doc.length;
    view.dispatch({
      changes: { from: end, insert: text },
      selection: { anchor: end + text.length },
      userEvent: 'input.type',
    });
  });
}

const saves = (requests: (key: string) => { body: unknown }[]) =>
  requests(`PUT ${draftPath}`).map((request) => request.body as DraftInput);

beforeEach(() => {
  // A fresh, empty IndexedDB for every test: nothing one test stored can reach another.
  vi.stubGlobal('indexedDB', new IDBFactory());
  resetDraftDatabase();
});

afterEach(() => {
  resetDraftDatabase();
  autosaveTiming.debounceMs = 1500;
});

describe('/build without a card', () => {
  it('lists the drafts, and New card makes one and puts its id in the address', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      'GET /api/cards/drafts': {
        items: [
          summaryFixture(),
          summaryFixture({ id: cardIds.other, title: '', status: 'published', type: 'flashcard' }),
        ],
        nextCursor: null,
      },
      'POST /api/cards': () => jsonResponse(201, draftFixture({ cardId: cardIds.fresh, title: '' })),
      [`GET /api/cards/${cardIds.fresh}/draft`]: draftFixture({ cardId: cardIds.fresh, title: '', body: '' }),
      [`GET /api/cards/${cardIds.fresh}`]: cardFixture({ id: cardIds.fresh }),
    });
    const { router } = renderBuilder('/build');
    const list = await screen.findByRole('region', { name: 'Your drafts' });
    expect(await within(list).findByRole('link', { name: 'Spaced repetition' })).toHaveAttribute(
      'href',
      `/build?card=${cardIds.draft}`,
    );
    expect(within(list).getByRole('link', { name: 'Untitled card' })).toHaveAttribute(
      'href',
      `/build?card=${cardIds.other}`,
    );
    expect(within(list).getByText(/Published, with unpublished changes/)).toBeVisible();

    await u.click(screen.getByRole('button', { name: 'New card' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?card=${cardIds.fresh}`));
    expect(requests('POST /api/cards')).toHaveLength(1);
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(await screen.findByText('Saved')).toBeVisible();
  });

  it('starts a card from ?title= (a link to a card nobody has written) and opens it', async () => {
    const { requests } = stubApi({
      'POST /api/cards': () =>
        jsonResponse(201, draftFixture({ cardId: cardIds.fresh, title: 'Leitner box' })),
      [`GET /api/cards/${cardIds.fresh}/draft`]: draftFixture({
        cardId: cardIds.fresh,
        title: 'Leitner box',
      }),
      [`GET /api/cards/${cardIds.fresh}`]: cardFixture({ id: cardIds.fresh }),
    });
    const { router } = renderBuilder('/build?title=Leitner%20box');
    await waitFor(() => expect(router.state.location.search).toBe(`?card=${cardIds.fresh}`));
    expect(requests('POST /api/cards').map((request) => request.body)).toEqual([{ title: 'Leitner box' }]);
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Leitner box');
  });

  it('asks a signed-out visitor to sign in', () => {
    const { fetchMock } = stubApi({});
    renderWithProviders(<BuildPage />, { path: '/build' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fbuild');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('autosave', () => {
  it('saves once, a moment after typing stops, from the revision it was loaded at', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi(builderRoutes());
    renderBuilder();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(await screen.findByText('Saved')).toBeVisible();

    await u.type(title, ' works');
    expect(screen.getByText('Saving…')).toBeVisible();
    // Typing stopped less than the autosave delay ago: nothing has been sent yet.
    expect(saves(requests)).toHaveLength(0);

    await waitFor(() => expect(saves(requests)).toHaveLength(1), { timeout: 4000 });
    expect(saves(requests)[0]).toEqual({
      title: 'Spaced repetition works',
      body: 'Review just before you forget.',
      type: 'note',
      fields: {},
      tags: ['memory'],
      coverURL: null,
      visibility: 'public',
      typedLinks: [],
      baseRevision: 3,
    });
    expect(await screen.findByText('Saved')).toBeVisible();

    // The next save starts from the revision the server answered with.
    const view = await editorView();
    typeInEditor(view, '\n\nThen space the reviews out.');
    await waitFor(() => expect(saves(requests)).toHaveLength(2), { timeout: 4000 });
    expect(saves(requests)[1]).toMatchObject({
      body: 'Review just before you forget.\n\nThen space the reviews out.',
      baseRevision: 4,
    });
    // The device's copy is clean and knows the new revision.
    await waitFor(async () =>
      expect(await indexedDbDraftStore.get(cardIds.draft)).toMatchObject({ baseRevision: 5, dirty: false }),
    );
  });

  it('says Saving… while the request runs and Saved when the server has it', async () => {
    autosaveTiming.debounceMs = 50;
    const u = userEvent.setup();
    const answer = deferred<Response>();
    stubApi(builderRoutes({ [`PUT ${draftPath}`]: () => answer.promise }));
    renderBuilder();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await u.type(title, '!');
    await waitFor(() => expect(screen.getAllByRole('status')[0]).toHaveTextContent('Saving…'));
    answer.resolve(jsonResponse(200, draftFixture({ title: 'Spaced repetition!', revision: 4 })));
    await waitFor(() => expect(screen.getAllByRole('status')[0]).toHaveTextContent('Saved'));
  });

  it('keeps the text on this device when the network fails, says so, and saves when it is back', async () => {
    autosaveTiming.debounceMs = 50;
    const u = userEvent.setup();
    let offline = true;
    const { requests } = stubApi(
      builderRoutes({
        [`PUT ${draftPath}`]: ({ body }) => {
          if (offline) return Promise.reject(new TypeError('Failed to fetch'));
          return jsonResponse(200, savedDraft(body as DraftInput));
        },
      }),
    );
    renderBuilder();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await u.clear(title);
    await u.type(title, 'Written on a train');

    expect(await screen.findByText('Offline — saved on this device')).toBeVisible();
    const stored = await indexedDbDraftStore.get(cardIds.draft);
    expect(stored).toMatchObject({ baseRevision: 3, dirty: true });
    expect(stored?.content.title).toBe('Written on a train');

    offline = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Saved')).toBeVisible();
    expect(saves(requests).at(-1)).toMatchObject({ title: 'Written on a train', baseRevision: 3 });
  });

  it('restores changes kept on this device after a reload, and saves them', async () => {
    await indexedDbDraftStore.put({
      cardId: cardIds.draft,
      ownerKey: 'u-1',
      content: { ...contentOf(draftFixture()), title: 'Typed before the crash' },
      baseRevision: 3,
      dirty: true,
      writtenAt: Date.now(),
    });
    const { requests } = stubApi(builderRoutes());
    renderBuilder();
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Typed before the crash');
    expect(screen.getByText(/restored from this device/)).toBeVisible();
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toMatchObject({ title: 'Typed before the crash', baseRevision: 3 });
    expect(await screen.findByText('Saved')).toBeVisible();
  });

  it('takes a newer revision that holds this device’s text as its own last save, not a conflict', async () => {
    const content = { ...contentOf(draftFixture()), title: 'Sent as the tab closed' };
    await indexedDbDraftStore.put({
      cardId: cardIds.draft,
      ownerKey: 'u-1',
      content,
      baseRevision: 3,
      dirty: true,
      writtenAt: Date.now(),
    });
    const { requests } = stubApi(
      builderRoutes({ [`GET ${draftPath}`]: draftFixture({ title: 'Sent as the tab closed', revision: 4 }) }),
    );
    renderBuilder();
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Sent as the tab closed');
    expect(screen.getByText('Saved')).toBeVisible();
    expect(screen.queryByText(/changed elsewhere/)).toBeNull();
    await waitFor(async () =>
      expect(await indexedDbDraftStore.get(cardIds.draft)).toMatchObject({ baseRevision: 4, dirty: false }),
    );
    expect(saves(requests)).toHaveLength(0);
  });

  it('restores the spare copy a closing page left when IndexedDB had not stored it yet', async () => {
    await indexedDbDraftStore.put({
      cardId: cardIds.draft,
      ownerKey: 'u-1',
      content: { ...contentOf(draftFixture()), title: 'Spaced rep' },
      baseRevision: 3,
      dirty: true,
      writtenAt: Date.now() - 1000,
    });
    localStorageSpareStore.write({
      cardId: cardIds.draft,
      ownerKey: 'u-1',
      content: { ...contentOf(draftFixture()), title: 'Spaced repetition, the last keys' },
      baseRevision: 3,
      dirty: true,
      writtenAt: Date.now(),
    });
    const { requests } = stubApi(builderRoutes());
    renderBuilder();
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue(
      'Spaced repetition, the last keys',
    );
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toMatchObject({ title: 'Spaced repetition, the last keys', baseRevision: 3 });
    // Once IndexedDB has the text, the spare is emptied.
    await waitFor(() => expect(localStorageSpareStore.read(cardIds.draft)).toBeUndefined());
    expect((await indexedDbDraftStore.get(cardIds.draft))?.content.title).toBe(
      'Spaced repetition, the last keys',
    );
  });

  it('takes a refusal as stale for saved when the newer revision holds exactly this text', async () => {
    await indexedDbDraftStore.put({
      cardId: cardIds.draft,
      ownerKey: 'u-1',
      content: { ...contentOf(draftFixture()), title: 'Also sent as the tab closed' },
      baseRevision: 3,
      dirty: true,
      writtenAt: Date.now(),
    });
    // The reloaded page read revision 3; the closing page's save made revision 4 just after.
    let reads = 0;
    stubApi(
      builderRoutes({
        [`GET ${draftPath}`]: () => {
          reads++;
          return jsonResponse(
            200,
            reads === 1
              ? draftFixture()
              : draftFixture({ title: 'Also sent as the tab closed', revision: 4 }),
          );
        },
        [`PUT ${draftPath}`]: () => errorResponse(409, 'cards/draft-conflict', 'Changed elsewhere.'),
      }),
    );
    renderBuilder();
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Also sent as the tab closed');
    await waitFor(() => expect(reads).toBe(2));
    expect(await screen.findByText('Saved')).toBeVisible();
    expect(screen.queryByText(/This draft was changed elsewhere/)).toBeNull();
    await waitFor(async () =>
      expect(await indexedDbDraftStore.get(cardIds.draft)).toMatchObject({ baseRevision: 4, dirty: false }),
    );
  });

  it('ignores a clean copy on this device when the server has a newer revision', async () => {
    await indexedDbDraftStore.put({
      cardId: cardIds.draft,
      ownerKey: 'u-1',
      content: { ...contentOf(draftFixture()), title: 'Old and saved' },
      baseRevision: 2,
      dirty: false,
      writtenAt: Date.now(),
    });
    const { requests } = stubApi(builderRoutes());
    renderBuilder();
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Spaced repetition');
    expect(screen.queryByText(/restored from this device/)).toBeNull();
    expect(saves(requests)).toHaveLength(0);
  });
});

describe('what the builder says about the card', () => {
  it('credits the original of a remix, and marks changes not yet published with the version', async () => {
    stubApi(
      builderRoutes({
        [`GET ${draftPath}`]: draftFixture({
          published: true,
          hasUnpublishedChanges: true,
          forkOf: { id: cardIds.original, title: 'Leitner system' },
        }),
        [`GET /api/cards/${cardIds.draft}`]: cardFixture({ status: 'published', version: 4 }),
      }),
    );
    renderBuilder();
    expect(await screen.findByRole('link', { name: 'Leitner system' })).toHaveAttribute(
      'href',
      `/cards/${cardIds.original}`,
    );
    expect(screen.getByText(/Remix of/)).toBeVisible();
    expect(screen.getByText('Unpublished changes')).toBeVisible();
    expect(await screen.findByText('Published · version 4')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Publish changes' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeEnabled();
  });
});

describe('the editor', () => {
  it('completes [[ with titles from the server, asked once typing pauses, and closes the link', async () => {
    const { fetchMock } = stubApi(
      builderRoutes({
        'GET /api/cards/titles': {
          items: [
            { id: cardIds.other, title: 'Leitner system', mine: true },
            { id: cardIds.original, title: 'Leitner box', mine: false },
          ],
        },
      }),
    );
    renderBuilder();
    const view = await editorView();
    typeInEditor(view, ' See [[Lei');
    act(() => {
      startCompletion(view);
    });
    await waitFor(() => expect(currentCompletions(view.state).map((option) => option.label)).toHaveLength(2));
    expect(currentCompletions(view.state).map((option) => option.label)).toEqual([
      'Leitner system',
      'Leitner box',
    ]);
    // One request for what was typed after [[, not one per keystroke or per way of asking.
    const asked = fetchMock.mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.startsWith('/api/cards/titles'));
    expect(asked).toEqual(['/api/cards/titles?q=Lei']);
    // CodeMirror ignores an accept in the first moments after the list opens (against accidental keys).
    await waitFor(() => {
      act(() => {
        acceptCompletion(view);
      });
      expect(view.state.doc.toString()).toContain('[[Leitner system]]');
    });
    expect(view.state.doc.toString()).toBe('Review just before you forget. See [[Leitner system]]');
  });

  it('refuses an image over 5 MB before uploading it, and says why', async () => {
    const u = userEvent.setup();
    const { fetchMock } = stubApi(builderRoutes());
    renderBuilder();
    await editorView();
    const before = fetchMock.mock.calls.length;
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'holiday.png', { type: 'image/png' });
    await u.upload(screen.getByLabelText('Image file to insert'), big);
    expect(await screen.findByText('“holiday.png” is 6 MB: images can be at most 5 MB.')).toBeVisible();
    expect(fetchMock.mock.calls.length).toBe(before);
  });
});

describe('a draft changed elsewhere', () => {
  const conflictRoutes = (latest: ReturnType<typeof draftFixture>) => {
    let conflicted = false;
    return builderRoutes({
      [`GET ${draftPath}`]: () => jsonResponse(200, conflicted ? latest : draftFixture()),
      [`PUT ${draftPath}`]: ({ body }) => {
        const input = body as DraftInput;
        if (input.baseRevision !== latest.revision) {
          conflicted = true;
          return errorResponse(409, 'cards/draft-conflict', 'This draft was changed elsewhere.');
        }
        return jsonResponse(200, savedDraft(input));
      },
    });
  };

  it('Keep mine saves this text on top of the latest revision', async () => {
    autosaveTiming.debounceMs = 50;
    const u = userEvent.setup();
    const { requests } = stubApi(conflictRoutes(draftFixture({ title: 'From the laptop', revision: 7 })));
    renderBuilder();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await u.type(title, ' (phone)');
    const alert = await screen.findByText(/This draft was changed elsewhere/);
    expect(screen.getByText(/Changed elsewhere — saved on this device/)).toBeVisible();

    await u.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Saved')).toBeVisible();
    expect(saves(requests).at(-1)).toMatchObject({ title: 'Spaced repetition (phone)', baseRevision: 7 });
    expect(title).toHaveValue('Spaced repetition (phone)');
    expect(alert).not.toBeInTheDocument();
  });

  it('Load the latest replaces this text with the other one, and nothing is sent', async () => {
    autosaveTiming.debounceMs = 50;
    const u = userEvent.setup();
    const { requests } = stubApi(
      conflictRoutes(draftFixture({ title: 'From the laptop', body: 'Laptop text.', revision: 7 })),
    );
    renderBuilder();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await u.type(title, ' (phone)');
    await screen.findByText(/This draft was changed elsewhere/);
    const sent = saves(requests).length;

    await u.click(screen.getByRole('button', { name: 'Load the latest' }));
    await waitFor(() => expect(title).toHaveValue('From the laptop'));
    expect((await editorView()).state.doc.toString()).toBe('Laptop text.');
    expect(screen.getByText('Saved')).toBeVisible();
    expect(saves(requests)).toHaveLength(sent);
    expect(await indexedDbDraftStore.get(cardIds.draft)).toMatchObject({ baseRevision: 7, dirty: false });
  });
});

describe('publishing', () => {
  it('shows each field’s problem beside it and moves focus to the first', async () => {
    const u = userEvent.setup();
    stubApi(
      builderRoutes({
        [`GET ${draftPath}`]: draftFixture({ type: 'flashcard', title: '', body: '' }),
        [`POST /api/cards/${cardIds.draft}/publish`]: () =>
          errorResponse(400, 'common/validation-failed', 'Some fields need attention.', {
            fields: [
              { path: 'title', message: 'Give the card a title' },
              { path: 'fields.front', message: 'Write the front of the card' },
              { path: 'fields.back', message: 'Write the back of the card' },
            ],
          }),
      }),
    );
    renderBuilder();
    await u.click(await screen.findByRole('button', { name: 'Publish' }));

    const title = screen.getByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(title).toHaveAccessibleDescription('Give the card a title'));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Front' })).toHaveAccessibleDescription(
      'Write the front of the card',
    );
    expect(screen.getByRole('textbox', { name: 'Back' })).toHaveAccessibleDescription(
      'Write the back of the card',
    );
    expect(screen.getByText(/not ready to publish yet/)).toBeVisible();

    // Typing in a field takes its message away.
    await u.type(title, 'Recall');
    expect(title).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('saves first, publishes, then links to the card page and offers Unpublish', async () => {
    autosaveTiming.debounceMs = 10_000;
    const u = userEvent.setup();
    const { fetchMock, requests } = stubApi(
      builderRoutes({
        [`POST /api/cards/${cardIds.draft}/publish`]: () =>
          jsonResponse(200, cardFixture({ status: 'published', version: 1 })),
        [`POST /api/cards/${cardIds.draft}/unpublish`]: () =>
          jsonResponse(200, cardFixture({ status: 'draft', version: 1 })),
      }),
    );
    renderBuilder();
    await u.type(await screen.findByRole('textbox', { name: 'Title' }), '!');
    await u.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Published as version 1.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the card' })).toHaveAttribute(
      'href',
      `/cards/${cardIds.draft}`,
    );
    // The waiting change went first, without waiting for the autosave delay.
    const paths = fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
    expect(paths.indexOf(`PUT ${draftPath}`)).toBeLessThan(
      paths.indexOf(`POST /api/cards/${cardIds.draft}/publish`),
    );
    expect(saves(requests)[0]).toMatchObject({ title: 'Spaced repetition!' });
    expect(screen.getByText('Published · version 1')).toBeVisible();

    await u.click(screen.getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText(/only you can open the card now/)).toBeVisible();
    expect(screen.getByText('Unpublished · last version 1')).toBeVisible();
  });
});

describe('under StrictMode', () => {
  it('loads the draft, saves a change once and publishes it', async () => {
    autosaveTiming.debounceMs = 10_000;
    const u = userEvent.setup();
    const { requests } = stubApi(
      builderRoutes({
        [`POST /api/cards/${cardIds.draft}/publish`]: () =>
          jsonResponse(200, cardFixture({ status: 'published', version: 1 })),
      }),
    );
    renderBuilder(undefined, { strict: true });
    await u.type(await screen.findByRole('textbox', { name: 'Title' }), '!');
    await u.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Published as version 1.')).toBeVisible();
    expect(saves(requests)).toHaveLength(1);
    expect(saves(requests)[0]).toMatchObject({ title: 'Spaced repetition!' });
    expect(requests(`POST /api/cards/${cardIds.draft}/publish`)).toHaveLength(1);
  });

  it('autosaves when typing pauses, in the title and in the editor', async () => {
    autosaveTiming.debounceMs = 50;
    const u = userEvent.setup();
    const { requests } = stubApi(builderRoutes());
    renderBuilder(undefined, { strict: true });
    // One key: with so short a pause, a slow machine's typing would make several saves.
    await u.type(await screen.findByRole('textbox', { name: 'Title' }), '!');
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]).toMatchObject({ title: 'Spaced repetition!', baseRevision: 3 });
    expect(await screen.findByText('Saved')).toBeVisible();

    typeInEditor(await editorView(), ' Then again.');
    await waitFor(() => expect(saves(requests)).toHaveLength(2));
    expect(saves(requests)[1]).toMatchObject({
      body: 'Review just before you forget. Then again.',
      baseRevision: 4,
    });
    expect(await screen.findByText('Saved')).toBeVisible();
  });

  it('restores changes kept on this device and saves them once', async () => {
    await indexedDbDraftStore.put({
      cardId: cardIds.draft,
      ownerKey: 'u-1',
      content: { ...contentOf(draftFixture()), title: 'Typed before the crash' },
      baseRevision: 3,
      dirty: true,
      writtenAt: Date.now(),
    });
    const { requests } = stubApi(builderRoutes());
    renderBuilder(undefined, { strict: true });
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Typed before the crash');
    expect(await screen.findByText('Saved')).toBeVisible();
    expect(saves(requests)).toHaveLength(1);
  });

  it('makes one card for New card and one for a ?title= link', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      'GET /api/cards/drafts': { items: [summaryFixture()], nextCursor: null },
      'POST /api/cards': () => jsonResponse(201, draftFixture({ cardId: cardIds.fresh, title: '' })),
      [`GET /api/cards/${cardIds.fresh}/draft`]: draftFixture({ cardId: cardIds.fresh, title: '', body: '' }),
      [`GET /api/cards/${cardIds.fresh}`]: cardFixture({ id: cardIds.fresh }),
    });
    const { router, unmount } = renderBuilder('/build', { strict: true });
    await u.click(await screen.findByRole('button', { name: 'New card' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?card=${cardIds.fresh}`));
    expect(await screen.findByText('Saved')).toBeVisible();
    expect(requests('POST /api/cards')).toHaveLength(1);
    unmount();

    const fromTitle = renderBuilder('/build?title=Leitner%20box', { strict: true });
    await waitFor(() => expect(fromTitle.router.state.location.search).toBe(`?card=${cardIds.fresh}`));
    expect(requests('POST /api/cards')).toHaveLength(2);
    expect(requests('POST /api/cards')[1]?.body).toEqual({ title: 'Leitner box' });
  });
});

describe('deleting', () => {
  it('offers Undo, which brings the card back', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi(
      builderRoutes({
        [`DELETE /api/cards/${cardIds.draft}`]: {
          id: cardIds.draft,
          undoUntil: new Date(Date.now() + 10_000).toISOString(),
        },
        [`POST /api/cards/${cardIds.draft}/restore`]: () => jsonResponse(200, cardFixture()),
      }),
    );
    const { router } = renderBuilder();
    await u.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Card deleted')).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('The card is back.')).toBeVisible();
    expect(requests(`POST /api/cards/${cardIds.draft}/restore`)).toHaveLength(1);
    expect(router.state.location.search).toBe(`?card=${cardIds.draft}`);
  });

  it('goes back to the drafts when the notice is dismissed without Undo', async () => {
    const u = userEvent.setup();
    stubApi(
      builderRoutes({
        [`DELETE /api/cards/${cardIds.draft}`]: {
          id: cardIds.draft,
          undoUntil: new Date(Date.now() + 10_000).toISOString(),
        },
        'GET /api/cards/drafts': { items: [], nextCursor: null },
      }),
    );
    const { router } = renderBuilder();
    await u.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Card deleted')).toBeVisible();
    await u.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText(/^You have no drafts\./)).toBeVisible();
    expect(await indexedDbDraftStore.get(cardIds.draft)).toBeUndefined();
  });
});
