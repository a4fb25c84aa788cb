import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, stubApi, type StubRoute } from '../../test/api-stub.ts';
import { renderApp, signIn } from '../../test/render.tsx';
import { deckFixture, defaultSettings } from './test-fixtures.ts';

function routes(extra: Record<string, StubRoute | object | null> = {}) {
  return {
    'GET /api/play/decks': { items: [deckFixture(1, { name: 'Memory science' })] },
    'GET /api/play/settings': { ...defaultSettings, timeZone: 'Europe/Paris' },
    ...extra,
  };
}

describe('/play', () => {
  it('asks visitors to sign in', async () => {
    stubApi({});
    renderApp('/play');
    expect(await screen.findByRole('heading', { level: 1, name: 'Play' })).toBeVisible();
    expect(screen.getByText(/You are not signed in/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fplay');
  });

  it('lists the decks with today’s counts in words, Study now and the statistics', async () => {
    signIn();
    stubApi(routes());
    renderApp('/play');
    const counts = await screen.findByRole('list', { name: 'Due today in Memory science' });
    expect(counts).toHaveTextContent('3 new');
    expect(counts).toHaveTextContent('1 learning');
    expect(counts).toHaveTextContent('2 to review');
    expect(screen.getByRole('link', { name: 'Memory science' })).toHaveAttribute(
      'href',
      `/play/decks/${deckFixture(1).id}`,
    );
    expect(screen.getByRole('link', { name: 'Study now: Memory science' })).toHaveAttribute(
      'href',
      `/play/decks/${deckFixture(1).id}/study`,
    );
    expect(screen.getByRole('link', { name: 'Statistics' })).toHaveAttribute('href', '/play/stats');
  });

  it('creates a deck from tags, shows the server’s field errors beside the fields, then opens the deck', async () => {
    signIn();
    let refuse = true;
    const created = deckFixture(2, { name: 'Recsys' });
    const { requests } = stubApi(
      routes({
        'GET /api/tags': { items: [{ tag: 'ml/recsys', count: 4 }] },
        'POST /api/play/decks': () =>
          refuse
            ? errorResponse(400, 'common/validation-failed', 'Some fields are not valid.', {
                fields: [{ path: 'newPerDay', message: 'Too many for one day' }],
              })
            : jsonResponse(201, created),
        [`GET /api/play/decks/${created.id}`]: created,
        [`GET /api/play/decks/${created.id}/cards`]: { items: [], nextCursor: null },
        [`GET /api/play/decks/${created.id}/items`]: { items: [], nextCursor: null },
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/play');

    await user.click(await screen.findByRole('button', { name: 'New deck' }));
    const dialog = await screen.findByRole('dialog', { name: 'New deck' });
    await user.click(within(dialog).getByRole('button', { name: 'Create deck' }));
    expect(await within(dialog).findByText('Give the deck a name')).toBeVisible();
    expect(within(dialog).getByText('Choose at least one tag')).toBeVisible();
    expect(requests('POST /api/play/decks')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Recsys');
    await user.type(within(dialog).getByRole('combobox', { name: 'Tags' }), 'ml/');
    await user.click(await screen.findByRole('option', { name: 'ml/recsys' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Only mine' }));
    const perDay = within(dialog).getByRole('spinbutton', { name: 'New items per day' });
    await user.clear(perDay);
    await user.type(perDay, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Create deck' }));

    expect(await within(dialog).findByText('Too many for one day')).toBeVisible();
    expect(perDay).toHaveAccessibleDescription('Too many for one day');
    expect(within(dialog).getByText(/The deck was not saved/)).toBeVisible();
    expect(requests('POST /api/play/decks')[0]?.body).toEqual({
      name: 'Recsys',
      description: '',
      source: { kind: 'tags', tags: ['ml/recsys'], scope: 'mine' },
      includeReversed: false,
      newPerDay: 50,
      reviewsPerDay: 200,
    });

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Create deck' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/play/decks/${created.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Recsys' })).toBeVisible();
  });

  it('opens the new-deck form on the tag the address names, once, under Strict Mode too', async () => {
    signIn();
    const { requests } = stubApi(
      routes({
        'GET /api/tags': { items: [] },
        'POST /api/play/decks': () => jsonResponse(201, deckFixture(4, { name: 'recsys' })),
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/play?tag=Recsys', { strict: true });

    const dialog = await screen.findByRole('dialog', { name: 'New deck' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('recsys');
    expect(within(dialog).getByRole('button', { name: 'recsys' })).toBeVisible();
    // The address loses the tag at once: a reload would not open the form again.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests('POST /api/play/decks')).toHaveLength(0);

    // "New deck" afterwards starts empty.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'New deck' }));
    const empty = await screen.findByRole('dialog', { name: 'New deck' });
    expect(within(empty).getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it('shows a new person how to start, and makes a deck of liked cards in one click', async () => {
    signIn();
    const created = deckFixture(3, { name: 'Cards I liked', source: { kind: 'liked' } });
    const { requests } = stubApi(
      routes({
        'GET /api/play/decks': { items: [] },
        'POST /api/play/decks': () => jsonResponse(201, created),
        [`GET /api/play/decks/${created.id}`]: created,
        [`GET /api/play/decks/${created.id}/cards`]: { items: [], nextCursor: null },
        [`GET /api/play/decks/${created.id}/items`]: { items: [], nextCursor: null },
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/play');
    expect(await screen.findByRole('heading', { name: 'Make your first deck' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Study a tag' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Study the cards I liked' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/play/decks/${created.id}`));
    expect(requests('POST /api/play/decks')[0]?.body).toEqual({
      name: 'Cards I liked',
      source: { kind: 'liked' },
    });
  });

  it('offers the popular tags as decks in one click each', async () => {
    signIn();
    const created = deckFixture(4, {
      name: 'recsys',
      source: { kind: 'tags', tags: ['recsys'], scope: 'everyone' },
    });
    const { requests } = stubApi(
      routes({
        'GET /api/play/decks': { items: [] },
        'GET /api/tags': {
          items: [
            { tag: 'recsys', count: 16 },
            { tag: 'study/spaced-repetition', count: 1 },
          ],
        },
        'POST /api/play/decks': () => jsonResponse(201, created),
        [`GET /api/play/decks/${created.id}`]: created,
        [`GET /api/play/decks/${created.id}/cards`]: { items: [], nextCursor: null },
        [`GET /api/play/decks/${created.id}/items`]: { items: [], nextCursor: null },
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/play');
    const popular = await screen.findByRole('region', { name: 'Or start with a popular tag' });
    expect(within(popular).getByRole('button', { name: 'study/spaced-repetition (one card)' })).toBeVisible();
    await user.click(within(popular).getByRole('button', { name: 'recsys (16 cards)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/play/decks/${created.id}`));
    expect(requests('POST /api/play/decks')[0]?.body).toEqual({
      name: 'recsys',
      source: { kind: 'tags', tags: ['recsys'], scope: 'everyone' },
    });
  });

  it('sends the browser’s time zone once when the stored one is still UTC', async () => {
    signIn();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en', { timeZone: 'UTC' }).resolvedOptions(),
      timeZone: 'Asia/Tokyo',
    });
    const { requests } = stubApi(
      routes({
        'GET /api/play/settings': defaultSettings,
        'PUT /api/play/settings': ({ body }: { body: unknown }) => jsonResponse(200, body),
      }),
    );
    renderApp('/play');
    await waitFor(() => expect(requests('PUT /api/play/settings')).toHaveLength(1));
    expect(requests('PUT /api/play/settings')[0]?.body).toEqual({
      ...defaultSettings,
      timeZone: 'Asia/Tokyo',
    });
  });

  it('saves the study settings, steps typed as words', async () => {
    signIn();
    const { requests } = stubApi(
      routes({ 'PUT /api/play/settings': ({ body }: { body: unknown }) => jsonResponse(200, body) }),
    );
    const user = userEvent.setup();
    renderApp('/play');
    const open = await screen.findByRole('button', { name: 'Study settings' });
    await waitFor(() => expect(open).toBeEnabled());
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Study settings' });
    const steps = within(dialog).getByRole('textbox', { name: 'Learning steps' });
    await user.clear(steps);
    await user.type(steps, '1m 10m 1h');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests('PUT /api/play/settings')[0]?.body).toMatchObject({
      learningSteps: ['1m', '10m', '1h'],
      timeZone: 'Europe/Paris',
      desiredRetention: 0.9,
    });
  });
});
