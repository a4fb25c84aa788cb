import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recommendationLimits } from '../../../contracts/recommendations.ts';
import { errorResponse, jsonResponse, stubApi, type StubRequest } from '../../test/api-stub.ts';
import { cardId } from '../../test/card-fixtures.ts';
import { installIntersectionObserver } from '../../test/intersection-observer.ts';
import {
  coldStartPage,
  defaultPreferences,
  forYouPage,
  recommendedCard,
} from '../../test/recommendation-fixtures.ts';
import { renderApp, renderWithProviders, signIn } from '../../test/render.tsx';
import { ExplorationPage } from './exploration-page.tsx';
import { impressionDelayMs } from './impressions.ts';

function renderForYou() {
  signIn();
  return renderWithProviders(<ExplorationPage />, { path: '/exploration?tab=for-you' });
}

const grace = {
  key: 'u_grace',
  handle: 'grace',
  displayName: 'Grace Hopper',
  photoURL: null,
  rank: 'A',
  isSubscribed: false,
};

/** Three cards: 1 and 3 by Ada (3 tagged #sleep too), 2 by Grace. */
function threeCards() {
  return [
    recommendedCard(1, {
      title: 'Attention',
      tags: ['ml', 'transformers'],
      reason: { source: 'neighbours', text: 'Because you liked “Sequence models”' },
    }),
    recommendedCard(2, {
      author: grace,
      tags: ['compilers'],
      reason: { source: 'following', text: 'From @grace, whom you follow' },
    }),
    recommendedCard(3, {
      tags: ['memory', 'sleep'],
      reason: { source: 'tags', text: 'Popular in #memory' },
    }),
  ];
}

const titlesShown = () =>
  within(screen.getByRole('list', { name: 'For you cards' }))
    .getAllByRole('article')
    .map((article) => within(article).getByRole('heading').textContent);

describe('For you', () => {
  it('shows each card with the one line that says why it is there', async () => {
    signIn();
    stubApi({ 'GET /api/recommendations/feed': forYouPage(threeCards()) });
    renderApp('/exploration?tab=for-you');
    const tile = await screen.findByRole('article', { name: 'Attention' });
    expect(within(tile).getByText('Because you liked “Sequence models”')).toBeVisible();
    expect(
      within(screen.getByRole('article', { name: 'Card number 2' })).getByText(
        'From @grace, whom you follow',
      ),
    ).toBeVisible();
    expect(
      within(screen.getByRole('article', { name: 'Card number 3' })).getByText('Popular in #memory'),
    ).toBeVisible();
    // Personal already: no cold-start notice, no picker.
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show my feed' })).not.toBeInTheDocument();
    expect(within(tile).getByRole('button', { name: 'Not interested in “Attention”' })).toBeVisible();
  });

  it('passes the next cursor back for the next page', async () => {
    const u = userEvent.setup();
    signIn();
    const feedId = crypto.randomUUID();
    const { requests } = stubApi({
      'GET /api/recommendations/feed': (request: StubRequest) =>
        jsonResponse(
          200,
          request.query.get('cursor') === 'page-2'
            ? forYouPage([recommendedCard(4)], { feedId })
            : forYouPage(threeCards(), { feedId, nextCursor: 'page-2' }),
        ),
    });
    renderApp('/exploration?tab=for-you');
    await u.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Card number 4' })).toBeVisible();
    expect(requests('GET /api/recommendations/feed').map((request) => request.query.get('cursor'))).toEqual([
      null,
      'page-2',
    ]);
  });

  it('says what a new feed needs, and starts it from the topics picked', async () => {
    const u = userEvent.setup();
    let saved = false;
    const starter = ['memory', 'ml', 'compilers', 'biology'];
    const { requests } = stubApi({
      'GET /api/recommendations/feed': () =>
        jsonResponse(
          200,
          saved
            ? coldStartPage([recommendedCard(8, { title: 'Backpropagation', tags: ['ml'] })], {
                pickedTags: ['ml', 'compilers'],
              })
            : coldStartPage([recommendedCard(1, { title: 'Popular everywhere' })]),
        ),
      'GET /api/recommendations/starter-tags': {
        tags: starter.map((tag, index) => ({ tag, count: 40 - index })),
      },
      'GET /api/recommendations/preferences': { ...defaultPreferences, tilt: 0.5 },
      'PUT /api/recommendations/preferences': (request: StubRequest) => {
        saved = true;
        return jsonResponse(200, request.body);
      },
    });
    renderForYou();
    // Never empty: the popular cards are there while the feed learns.
    expect(await screen.findByRole('article', { name: 'Popular everywhere' })).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Not personal yet: like, study or write 2 more cards, or follow people.',
    );
    const picker = await screen.findByRole('region', { name: 'Start with a few topics' });
    const show = within(picker).getByRole('button', { name: 'Show my feed' });
    expect(show).toBeDisabled();

    await u.click(within(picker).getByRole('button', { name: '#ml' }));
    await u.click(within(picker).getByRole('button', { name: '#compilers' }));
    expect(within(picker).getByRole('button', { name: '#ml' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(picker).getByRole('button', { name: '#memory' })).toHaveAttribute('aria-pressed', 'false');
    // A second press takes a topic back.
    await u.click(within(picker).getByRole('button', { name: '#memory' }));
    await u.click(within(picker).getByRole('button', { name: '#memory' }));
    expect(picker).toHaveTextContent(`2 of ${recommendationLimits.pickedTags} picked.`);

    await u.click(show);
    expect(await screen.findByRole('article', { name: 'Backpropagation' })).toBeVisible();
    // Both settings go back together: the tilt as it was, the topics as picked.
    expect(requests('PUT /api/recommendations/preferences').map((request) => request.body)).toEqual([
      { tilt: 0.5, tags: ['ml', 'compilers'] },
    ]);
    // A new visit, from the first page; the picker has done its job.
    expect(requests('GET /api/recommendations/feed')).toHaveLength(2);
    expect(requests('GET /api/recommendations/feed')[1]?.query.get('cursor')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Start with a few topics' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Popular everywhere' })).not.toBeInTheDocument();
    // Still cold: the notice stays until there are enough signals, now about the topics picked.
    expect(screen.getByRole('note')).toHaveTextContent('Until then, popular cards in your topics.');
  });

  it('lets no more topics be picked than the limit', async () => {
    const u = userEvent.setup();
    const starter = Array.from(
      { length: recommendationLimits.pickedTags + 1 },
      (_, index) => `topic-${index}`,
    );
    stubApi({
      'GET /api/recommendations/feed': coldStartPage([recommendedCard(1)]),
      'GET /api/recommendations/starter-tags': { tags: starter.map((tag) => ({ tag, count: 3 })) },
      'GET /api/recommendations/preferences': defaultPreferences,
    });
    renderForYou();
    const picker = await screen.findByRole('region', { name: 'Start with a few topics' });
    for (const tag of starter.slice(0, -1))
      await u.click(within(picker).getByRole('button', { name: `#${tag}` }));
    expect(within(picker).getByRole('button', { name: `#${starter.at(-1)}` })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(picker).toHaveTextContent(
      `${recommendationLimits.pickedTags} of ${recommendationLimits.pickedTags} picked.`,
    );
  });

  it('offers the builder when there is no card at all', async () => {
    stubApi({
      'GET /api/recommendations/feed': coldStartPage([]),
      'GET /api/recommendations/starter-tags': { tags: [] },
      'GET /api/recommendations/preferences': defaultPreferences,
    });
    renderForYou();
    expect(await screen.findByText('There are no public cards to recommend yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Write a card' })).toHaveAttribute('href', '/build');
    expect(screen.queryByRole('region', { name: 'Start with a few topics' })).not.toBeInTheDocument();
  });
});

describe('Not interested', () => {
  it('takes the author’s cards out at once, and Undo puts them back in their places', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      'GET /api/recommendations/feed': forYouPage(threeCards()),
      'POST /api/recommendations/feedback': (request: StubRequest) =>
        jsonResponse(200, {
          ...(request.body as object),
          label: 'ada',
          createdAt: '2026-11-26T10:00:00.000Z',
        }),
      'DELETE /api/recommendations/feedback': { removed: true },
    });
    renderForYou();
    const tile = await screen.findByRole('article', { name: 'Attention' });
    await u.click(within(tile).getByRole('button', { name: 'Not interested in “Attention”' }));
    const menu = screen.getByRole('menu', { name: 'Not interested in “Attention”' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Not interested in this card',
      'Less from @ada',
      'Less about #ml',
      'Less about #transformers',
      'Mute @ada',
    ]);
    await u.click(within(menu).getByRole('menuitem', { name: 'Less from @ada' }));

    // Both of Ada's cards go, Grace's stays, and focus moves to the card now first.
    await waitFor(() => expect(titlesShown()).toEqual(['Card number 2']));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Card number 2' })).toHaveFocus());
    expect(await screen.findByText('Got it — you’ll see less of this')).toBeVisible();
    expect(requests('POST /api/recommendations/feedback').map((request) => request.body)).toEqual([
      { kind: 'author', target: 'u_ada' },
    ]);

    await u.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(titlesShown()).toEqual(['Attention', 'Card number 2', 'Card number 3']));
    const removals = requests('DELETE /api/recommendations/feedback');
    expect(removals).toHaveLength(1);
    expect(Object.fromEntries(removals[0]!.query)).toEqual({ kind: 'author', target: 'u_ada' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Attention' })).toHaveFocus());
    // The list was changed in place, never asked for again.
    expect(requests('GET /api/recommendations/feed')).toHaveLength(1);
  });

  it('works from the keyboard: less about a tag takes every card with it', async () => {
    const u = userEvent.setup();
    const cards = threeCards();
    cards[0] = recommendedCard(1, { title: 'Attention', tags: ['ml', 'sleep'] });
    const { requests } = stubApi({
      'GET /api/recommendations/feed': forYouPage(cards),
      'POST /api/recommendations/feedback': (request: StubRequest) =>
        jsonResponse(200, {
          ...(request.body as object),
          label: 'sleep',
          createdAt: '2026-11-26T10:00:00.000Z',
        }),
    });
    renderForYou();
    const button = within(await screen.findByRole('article', { name: 'Attention' })).getByRole('button', {
      name: 'Not interested in “Attention”',
    });
    button.focus();
    await u.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    // Escape closes it and gives focus back to the button.
    await u.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveFocus());

    await u.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Not interested in this card' })).toHaveFocus(),
    );
    await u.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Less about #sleep' })).toHaveFocus();
    await u.keyboard('{Enter}');
    await waitFor(() => expect(titlesShown()).toEqual(['Card number 2']));
    expect(requests('POST /api/recommendations/feedback').map((request) => request.body)).toEqual([
      { kind: 'tag', target: 'sleep' },
    ]);
  });

  it('puts the card back and says so when the feedback is refused', async () => {
    const u = userEvent.setup();
    stubApi({
      'GET /api/recommendations/feed': forYouPage(threeCards()),
      'POST /api/recommendations/feedback': () =>
        errorResponse(503, 'common/service-unavailable', 'The service is busy. Please try again.'),
    });
    renderForYou();
    const tile = await screen.findByRole('article', { name: 'Card number 2' });
    await u.click(within(tile).getByRole('button', { name: 'Not interested in “Card number 2”' }));
    await u.click(screen.getByRole('menuitem', { name: 'Mute @grace' }));
    expect(
      await screen.findByText('That did not go through. The service is busy. Please try again.'),
    ).toBeVisible();
    expect(titlesShown()).toEqual(['Attention', 'Card number 2', 'Card number 3']);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });
});

describe('impressions', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the cards seen once, in one batch two seconds after the first, under StrictMode', async () => {
    signIn();
    const observer = installIntersectionObserver();
    const page = forYouPage(threeCards());
    const { requests } = stubApi({
      'GET /api/recommendations/feed': page,
      'POST /api/recommendations/impressions': (request: StubRequest) =>
        jsonResponse(200, { recorded: (request.body as { items: unknown[] }).items.length }),
    });
    const { unmount } = renderApp('/exploration?tab=for-you', { strict: true });
    await screen.findByRole('article', { name: 'Card number 3' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });

    // Seen, and seen again: one batch, not a request per card or per report.
    observer.scrollIntoView();
    observer.scrollIntoView();
    await act(() => vi.advanceTimersByTimeAsync(impressionDelayMs - 100));
    expect(requests('POST /api/recommendations/impressions')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(requests('POST /api/recommendations/impressions')).toHaveLength(1));
    expect(requests('POST /api/recommendations/impressions')[0]?.body).toEqual({
      feedId: page.feedId,
      items: [
        { cardId: cardId(1), position: 0, source: 'neighbours' },
        { cardId: cardId(2), position: 1, source: 'following' },
        { cardId: cardId(3), position: 2, source: 'tags' },
      ],
    });

    // Scrolled past again, and the list left: nothing more to say about this visit.
    observer.scrollIntoView();
    await act(() => vi.advanceTimersByTimeAsync(impressionDelayMs * 2));
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(impressionDelayMs * 2));
    expect(requests('POST /api/recommendations/impressions')).toHaveLength(1);
  });

  it('sends what waits at once, kept alive, when the page is hidden', async () => {
    const observer = installIntersectionObserver();
    const page = forYouPage(threeCards());
    const { fetchMock, requests } = stubApi({
      'GET /api/recommendations/feed': page,
      'POST /api/recommendations/impressions': { recorded: 3 },
    });
    renderForYou();
    await screen.findByRole('article', { name: 'Card number 3' });
    observer.scrollIntoView();
    expect(requests('POST /api/recommendations/impressions')).toHaveLength(0);

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(requests('POST /api/recommendations/impressions')).toHaveLength(1);
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/impressions'))!;
    expect(init?.keepalive).toBe(true);
    expect(
      (requests('POST /api/recommendations/impressions')[0]?.body as { items: unknown[] }).items,
    ).toHaveLength(3);
  });
});
