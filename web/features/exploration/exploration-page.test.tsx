import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import { cardId, cardPage, cardSummary, fullCard } from '../../test/card-fixtures.ts';
import { installIntersectionObserver } from '../../test/intersection-observer.ts';
import { forYouPage, recommendedCard, signalCounts } from '../../test/recommendation-fixtures.ts';
import { renderApp, renderWithProviders, signIn } from '../../test/render.tsx';
import { ExplorationPage } from './exploration-page.tsx';

// The graph is laid out on a grid here: the real layout runs elkjs in a Web Worker, which jsdom does not have.
vi.mock('../../components/card-graph/worker-layout.ts', async () => ({
  workerLayout: (await import('../../components/card-graph/layout.ts')).gridLayout,
}));

const emptyPage = { items: [], nextCursor: null };

function renderExplore(path = '/exploration') {
  return renderWithProviders(<ExplorationPage />, { path });
}

type FetchMock = ReturnType<typeof stubApi>['fetchMock'];

/** The URLs requested at `path`, in order. */
function urlsAt(fetchMock: FetchMock, path: string): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);
}

/** The query string of the latest request to `path`, as an object. */
function lastQuery(fetchMock: FetchMock, path: string) {
  const urls = fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);
  const last = urls.at(-1);
  return last ? Object.fromEntries(last.searchParams) : undefined;
}

/** Search results holding card `n`, its excerpt for a snippet (as for a search by filters only). */
function searchPage(n: number) {
  const card = cardSummary(n);
  return { items: [{ ...card, snippet: card.excerpt }], nextCursor: null };
}

const location = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('Explore for visitors', () => {
  it('is a lazy route titled Explore, showing Trending and New but not Following', async () => {
    stubApi({ 'GET /api/cards/feed/trending': cardPage(1, 2), 'GET /api/auth/get-session': null });
    renderApp('/exploration');
    expect(await screen.findByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Explore · CARD WEB'));
    const tabs = screen.getByRole('tablist', { name: 'Feeds' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Trending', 'New']);
    expect(within(tabs).getByRole('tab', { name: 'Trending' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: 'Card number 1' })).toHaveAttribute(
      'href',
      `/cards/${cardId(1)}`,
    );
  });

  it('shows each card with its type, excerpt, tags, author and likes, and a Preview button', async () => {
    stubApi({
      'GET /api/cards/feed/trending': {
        items: [
          cardSummary(1, {
            title: 'Spaced repetition',
            type: 'flashcard',
            tags: ['memory', 'study', 'learning', 'sleep'],
            likes: 1,
            coverURL: 'https://images.example/cover.png',
          }),
        ],
        nextCursor: null,
      },
    });
    renderExplore();
    const tile = await screen.findByRole('article', { name: 'Spaced repetition' });
    expect(within(tile).getByRole('heading', { level: 3, name: 'Spaced repetition' })).toBeVisible();
    expect(within(tile).getByText('Flashcard')).toBeVisible();
    expect(within(tile).getByText('The excerpt of card 1.')).toBeVisible();
    expect(within(tile).getByRole('link', { name: '#memory' })).toHaveAttribute(
      'href',
      '/exploration?tag=memory',
    );
    expect(within(tile).queryByRole('link', { name: '#sleep' })).not.toBeInTheDocument();
    expect(within(tile).getByText('+1')).toHaveTextContent('+1 more tag');
    expect(within(tile).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/u/ada');
    expect(
      within(tile).getByText(
        (_text, element) => element?.tagName === 'P' && element.textContent === '1 like',
      ),
    ).toBeVisible();
    // The cover is decoration (the title says what the card is) and loads only when scrolled to.
    const cover = tile.querySelector('img[src="https://images.example/cover.png"]');
    expect(cover).toHaveAttribute('alt', '');
    expect(cover).toHaveAttribute('loading', 'lazy');
    // Label in name: the visible word starts the accessible name.
    expect(within(tile).getByRole('button', { name: 'Preview Spaced repetition' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('switches to New and keeps the tab in the address', async () => {
    const u = userEvent.setup();
    stubApi({ 'GET /api/cards/feed/trending': cardPage(1, 1), 'GET /api/cards/feed/new': cardPage(5, 5) });
    const { router } = renderExplore();
    await screen.findByRole('link', { name: 'Card number 1' });
    await u.click(screen.getByRole('tab', { name: 'New' }));
    expect(await screen.findByRole('link', { name: 'Card number 5' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'New' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'New' })).toBeVisible();
    expect(location(router)).toBe('/exploration?tab=new');
  });

  it('opens on Trending when a visitor follows a link to Following', async () => {
    const { requests } = stubApi({ 'GET /api/cards/feed/trending': cardPage(1, 1) });
    renderExplore('/exploration?tab=following');
    expect(await screen.findByRole('link', { name: 'Card number 1' })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Following' })).not.toBeInTheDocument();
    expect(requests('GET /api/cards/feed/following')).toHaveLength(0);
  });

  it('opens on Trending when a visitor follows a link to For you', async () => {
    const { requests } = stubApi({ 'GET /api/cards/feed/trending': cardPage(1, 1) });
    renderExplore('/exploration?tab=for-you');
    expect(await screen.findByRole('link', { name: 'Card number 1' })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'For you' })).not.toBeInTheDocument();
    expect(requests('GET /api/recommendations/feed')).toHaveLength(0);
  });

  it('says so when nothing is trending, and offers New', async () => {
    stubApi({ 'GET /api/cards/feed/trending': emptyPage });
    renderExplore();
    expect(await screen.findByText(/Nothing is trending yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'See what is new' })).toHaveAttribute(
      'href',
      '/exploration?tab=new',
    );
  });

  it('shows a failed feed with Try again, which asks again', async () => {
    const u = userEvent.setup();
    let calls = 0;
    stubApi({
      'GET /api/cards/feed/trending': () =>
        // Three failures: the two quiet retries of a 5xx fail too.
        ++calls <= 3
          ? errorResponse(503, 'common/service-unavailable', 'The service is busy. Please try again.')
          : jsonResponse(200, cardPage(1, 1)),
    });
    renderExplore();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service is busy. Please try again.');
    await u.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Card number 1' })).toBeVisible();
  });
});

describe('Explore for signed-in people', () => {
  it('opens on Trending while For you is not about them yet', async () => {
    signIn();
    const { requests } = stubApi({
      'GET /api/recommendations/signals': signalCounts(1),
      'GET /api/cards/feed/trending': { items: [], nextCursor: null },
    });
    renderExplore();
    const tabs = await screen.findByRole('tablist', { name: 'Feeds' });
    expect(within(tabs).getByRole('tab', { name: 'Trending' })).toHaveAttribute('aria-selected', 'true');
    expect(within(tabs).getByRole('tab', { name: 'For you' })).toHaveAttribute('aria-selected', 'false');
    expect(requests('GET /api/recommendations/feed')).toHaveLength(0);
  });

  it('opens on For you, first of four tabs, once it is about them', async () => {
    signIn();
    const { requests } = stubApi({
      'GET /api/recommendations/signals': signalCounts(),
      'GET /api/recommendations/feed': forYouPage([recommendedCard(7)]),
    });
    renderExplore();
    expect(await screen.findByRole('link', { name: 'Card number 7' })).toBeVisible();
    const tabs = screen.getByRole('tablist', { name: 'Feeds' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['For you', 'Following', 'Trending', 'New']);
    expect(within(tabs).getByRole('tab', { name: 'For you' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'For you' })).toBeVisible();
    expect(requests('GET /api/cards/feed/trending')).toHaveLength(0);
  });

  it('keeps Following one click away, and says when nobody followed has published', async () => {
    const u = userEvent.setup();
    signIn();
    stubApi({
      'GET /api/recommendations/signals': signalCounts(),
      'GET /api/recommendations/feed': forYouPage([recommendedCard(1)]),
      'GET /api/cards/feed/following': emptyPage,
    });
    const { router } = renderExplore();
    expect(await screen.findByRole('link', { name: 'Card number 1' })).toBeVisible();
    await u.click(screen.getByRole('tab', { name: 'Following' }));
    expect(await screen.findByText('Nobody you follow has published yet.')).toBeVisible();
    expect(location(router)).toBe('/exploration?tab=following');
    expect(screen.getByRole('link', { name: 'Find people in Trending' })).toHaveAttribute(
      'href',
      '/exploration?tab=trending',
    );
  });

  it('honours the tab in the address without asking for For you', async () => {
    signIn();
    const { requests } = stubApi({ 'GET /api/cards/feed/new': cardPage(2, 2) });
    renderExplore('/exploration?tab=new');
    expect(await screen.findByRole('link', { name: 'Card number 2' })).toBeVisible();
    expect(requests('GET /api/recommendations/feed')).toHaveLength(0);
  });
});

describe('search', () => {
  it('searches as you type, puts the words in the address and marks the matches', async () => {
    const u = userEvent.setup();
    const { fetchMock, requests } = stubApi({
      'GET /api/cards/feed/trending': cardPage(1, 1),
      'GET /api/cards/search': {
        items: [
          {
            ...cardSummary(3, { title: 'Spaced repetition' }),
            snippet: 'Review just before you forget: \u0001spaced\u0002 reviews beat cramming.',
          },
        ],
        nextCursor: null,
      },
    });
    const { router } = renderExplore();
    await screen.findByRole('link', { name: 'Card number 1' });
    await u.type(screen.getByRole('searchbox', { name: 'Search cards' }), 'spaced');
    expect(await screen.findByRole('heading', { level: 2, name: 'Cards matching “spaced”' })).toBeVisible();
    await waitFor(() => expect(location(router)).toBe('/exploration?q=spaced'));
    // Typing waits for a pause: one search, not one per letter.
    expect(requests('GET /api/cards/search')).toHaveLength(1);
    expect(lastQuery(fetchMock, '/api/cards/search')).toMatchObject({ q: 'spaced' });

    const tile = await screen.findByRole('article', { name: 'Spaced repetition' });
    const mark = tile.querySelector('mark');
    expect(mark).toHaveTextContent(/^spaced$/);
    expect(within(tile).getByText(/Review just before you forget/)).toHaveTextContent(
      'Review just before you forget: spaced reviews beat cramming.',
    );
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('keeps markup in a snippet as text', async () => {
    stubApi({
      'GET /api/cards/search': {
        items: [
          {
            ...cardSummary(4),
            snippet: 'Never run \u0001<script>alert(1)</script>\u0002 from <b>cards</b>.',
          },
        ],
        nextCursor: null,
      },
    });
    renderExplore('/exploration?q=script');
    const tile = await screen.findByRole('article', { name: 'Card number 4' });
    expect(tile.querySelector('script')).toBeNull();
    expect(tile.querySelector('b')).toBeNull();
    expect(tile.querySelector('mark')).toHaveTextContent('<script>alert(1)</script>');
    expect(within(tile).getByText(/from <b>cards<\/b>\./)).toBeVisible();
  });

  it('searches at once on Enter', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      'GET /api/cards/feed/trending': emptyPage,
      'GET /api/cards/search': emptyPage,
    });
    const { router } = renderExplore();
    await u.type(screen.getByRole('searchbox', { name: 'Search cards' }), 'graphs{Enter}');
    expect(location(router)).toBe('/exploration?q=graphs');
    expect(
      await screen.findByText(
        'No public card found matching “graphs”. Check the spelling, try fewer words, or clear a filter.',
      ),
    ).toBeVisible();
    expect(requests('GET /api/cards/search')).toHaveLength(1);
    // The empty state's one action clears the search, back to the feeds.
    const clear = screen.getAllByRole('button', { name: 'Clear search' });
    await u.click(clear.at(-1)!);
    expect(location(router)).toBe('/exploration');
  });

  it('reads the filters from the address, sends them, and clears them', async () => {
    const u = userEvent.setup();
    const { fetchMock } = stubApi({
      'GET /api/tags': { items: [{ tag: 'memory', count: 12 }] },
      'GET /api/cards/search': searchPage(8),
      'GET /api/cards/feed/trending': emptyPage,
    });
    const { router } = renderExplore('/exploration?tag=memory&type=flashcard&author=ada');
    expect(await screen.findByRole('link', { name: 'Card number 8' })).toBeVisible();
    expect(lastQuery(fetchMock, '/api/cards/search')).toMatchObject({
      tag: 'memory',
      type: 'flashcard',
      author: 'ada',
    });
    // The filters are folded away, and their button counts the ones in use.
    expect(screen.queryByRole('combobox', { name: 'Tag' })).toBeNull();
    const filters = screen.getByRole('button', { name: 'Filters 3 in use' });
    expect(filters).toHaveAttribute('aria-expanded', 'false');
    await u.click(filters);
    expect(filters).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveValue('memory');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('flashcard');
    expect(screen.getByRole('textbox', { name: 'Author' })).toHaveValue('ada');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Cards tagged #memory, of type flashcard, by @ada' }),
    ).toBeVisible();

    await u.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Code');
    await waitFor(() => expect(location(router)).toBe('/exploration?tag=memory&type=code&author=ada'));

    await u.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location(router)).toBe('/exploration'));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Author' })).toHaveValue('');
    expect(await screen.findByRole('tablist', { name: 'Feeds' })).toBeVisible();
  });

  it('suggests tags with their counts and filters by the one picked', async () => {
    const u = userEvent.setup();
    const { fetchMock } = stubApi({
      'GET /api/cards/feed/trending': emptyPage,
      'GET /api/tags': {
        items: [
          { tag: 'machine-learning', count: 12 },
          { tag: 'math', count: 1 },
        ],
      },
      'GET /api/cards/search': searchPage(9),
    });
    const { router } = renderExplore();
    await u.click(screen.getByRole('button', { name: 'Filters' }));
    await u.type(screen.getByRole('combobox', { name: 'Tag' }), 'ma');
    // Asked once typing pauses, with what was typed.
    await waitFor(() => expect(lastQuery(fetchMock, '/api/tags')).toEqual({ q: 'ma' }));
    const option = await screen.findByRole('option', { name: /#machine-learning/ });
    expect(option).toHaveTextContent('12 cards');
    expect(screen.getByRole('option', { name: /#math/ })).toHaveTextContent('1 card');
    await u.click(option);
    await waitFor(() => expect(location(router)).toBe('/exploration?tag=machine-learning'));
    expect(await screen.findByRole('link', { name: 'Card number 9' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Filters 1 in use' })).toBeVisible();
  });
});

describe('more cards', () => {
  it('loads the next page once when the end of the list scrolls into view', async () => {
    const observer = installIntersectionObserver();
    const second = deferred<Response>();
    const { fetchMock } = stubApi({
      'GET /api/cards/feed/trending': () =>
        urlsAt(fetchMock, '/api/cards/feed/trending').at(-1)?.searchParams.get('cursor') === 'page-2'
          ? second.promise
          : jsonResponse(200, cardPage(1, 3, 'page-2')),
    });
    renderExplore();
    await screen.findByRole('link', { name: 'Card number 3' });
    const secondPageRequests = () =>
      urlsAt(fetchMock, '/api/cards/feed/trending').filter(
        (url) => url.searchParams.get('cursor') === 'page-2',
      ).length;

    // The sentinel is reported twice while the page is on its way: still one request.
    observer.scrollIntoView();
    observer.scrollIntoView();
    await waitFor(() => expect(secondPageRequests()).toBe(1));
    second.resolve(jsonResponse(200, cardPage(4, 5)));
    expect(await screen.findByRole('link', { name: 'Card number 5' })).toBeVisible();
    // The last page: scrolling to the end again asks for nothing.
    observer.scrollIntoView();
    expect(urlsAt(fetchMock, '/api/cards/feed/trending')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('That is every card here.')).toBeVisible();
  });

  it('has a Load more button that moves focus to the first new card', async () => {
    const u = userEvent.setup();
    const { fetchMock } = stubApi({
      'GET /api/cards/feed/trending': () =>
        jsonResponse(
          200,
          urlsAt(fetchMock, '/api/cards/feed/trending').at(-1)?.searchParams.get('cursor') === 'page-2'
            ? cardPage(3, 4)
            : cardPage(1, 2, 'page-2'),
        ),
    });
    renderExplore();
    await u.click(await screen.findByRole('button', { name: 'Load more' }));
    const third = await screen.findByRole('link', { name: 'Card number 3' });
    await waitFor(() => expect(third).toHaveFocus());
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });
});

describe('preview', () => {
  it('shows the whole card rendered, with a link to its page', async () => {
    const u = userEvent.setup();
    const summary = cardSummary(1, { title: 'Spaced repetition' });
    stubApi({
      'GET /api/cards/feed/trending': { items: [summary], nextCursor: null },
      [`GET /api/cards/${summary.id}`]: fullCard(summary, {
        body: 'Review **just before** you forget.',
      }),
    });
    renderExplore();
    await u.click(await screen.findByRole('button', { name: 'Preview Spaced repetition' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spaced repetition' });
    const bold = await within(dialog).findByText('just before');
    expect(bold.tagName).toBe('STRONG');
    expect(within(dialog).getByRole('link', { name: 'Open card page' })).toHaveAttribute(
      'href',
      `/cards/${summary.id}`,
    );
    await u.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the card has gone since the list was loaded', async () => {
    const u = userEvent.setup();
    const summary = cardSummary(2);
    stubApi({
      'GET /api/cards/feed/trending': { items: [summary], nextCursor: null },
      [`GET /api/cards/${summary.id}`]: () => errorResponse(404, 'common/not-found', 'Not found.'),
    });
    renderExplore();
    await u.click(await screen.findByRole('button', { name: 'Preview Card number 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Card number 2' });
    expect(await within(dialog).findByText(/This card is no longer available/)).toBeVisible();
  });
});

describe('graph view', () => {
  beforeEach(() => {
    // jsdom measures nothing: React Flow needs the observer to exist and edge labels need a text box.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    Object.defineProperty(SVGElement.prototype, 'getBBox', {
      configurable: true,
      value: () => ({ x: 0, y: 0, width: 40, height: 12 }),
    });
  });

  afterEach(() => {
    Reflect.deleteProperty(SVGElement.prototype, 'getBBox');
  });

  it('draws the most linked cards with the tag filter and limit from the address, and lists them', async () => {
    const u = userEvent.setup();
    const { fetchMock } = stubApi({
      'GET /api/cards/feed/trending': emptyPage,
      'GET /api/tags': { items: [] },
      'GET /api/cards/graph': {
        nodes: [
          { id: cardId(1), title: 'Recall', type: 'note', likes: 2, depth: 0 },
          { id: cardId(2), title: 'Precision', type: 'note', likes: 1, depth: 0 },
        ],
        edges: [{ source: cardId(1), target: cardId(2), kind: 'wiki' }],
      },
    });
    const { router } = renderExplore('/exploration?tag=metrics');
    await u.click(await screen.findByRole('button', { name: 'Graph' }));
    expect(location(router)).toBe('/exploration?tag=metrics&view=graph');
    expect(await screen.findByRole('heading', { name: '2 cards and 1 link' })).toBeVisible();
    expect(lastQuery(fetchMock, '/api/cards/graph')).toEqual({ tag: 'metrics', limit: '100' });
    // Words and types do not narrow the graph, so their fields are not offered there.
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Type' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveValue('metrics');

    const drawing = await screen.findByTestId('card-graph');
    await waitFor(() => expect(drawing).toHaveAttribute('data-layout', 'ready'));
    expect(
      within(drawing).getByRole('application', {
        name: 'Graph of the most linked public cards, tagged #metrics',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recall' })).toHaveAttribute('href', `/cards/${cardId(1)}`);

    await u.selectOptions(screen.getByRole('combobox', { name: 'Cards at most' }), '50');
    await waitFor(() =>
      expect(lastQuery(fetchMock, '/api/cards/graph')).toEqual({ tag: 'metrics', limit: '50' }),
    );
    expect(location(router)).toBe('/exploration?tag=metrics&view=graph&limit=50');
  });
});
