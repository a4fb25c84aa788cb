import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, stubApi } from '../../test/api-stub.ts';
import { cardPage, cardSummary } from '../../test/card-fixtures.ts';
import { conversationFixture } from '../../test/confer-fixtures.ts';
import { deckFixture, deckIdOf } from '../../test/deck-fixtures.ts';
import { renderApp, signIn } from '../../test/render.tsx';
import { courseFixture, courseListFixture, recsysSummary } from '../../test/course-fixtures.ts';

const emptyPage = { items: [], nextCursor: null };
const noConversations = { items: [], assistantAvailable: false };

describe('/ for a visitor', () => {
  it('puts the pitch in a line beside trending cards, a featured deck and the course', async () => {
    const { requests } = stubApi({
      'GET /api/cards/feed/trending': cardPage(1, 6),
      'GET /api/tags': {
        items: [
          { tag: 'recsys', count: 42 },
          { tag: 'memory', count: 7 },
        ],
      },
      'GET /api/cards/search': {
        items: [cardSummary(11, { title: 'Matrix factorisation' })].map((card) => ({ ...card, snippet: '' })),
        nextCursor: null,
      },
      'GET /api/classroom/courses': courseListFixture([
        recsysSummary(),
        courseFixture(1),
        courseFixture(2),
        courseFixture(3),
      ]),
    });
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'CARD WEB: a web of knowledge cards' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign up free' })).toHaveAttribute('href', '/signup');

    const trending = await screen.findByRole('list', { name: 'Trending cards' });
    expect(within(trending).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect(requests('GET /api/cards/feed/trending')[0]?.query.get('limit')).toBe('6');

    const deck = await screen.findByRole('region', { name: 'recsys' });
    expect(deck).toHaveTextContent('42 public cards');
    expect(within(deck).getByRole('link', { name: 'Matrix factorisation' })).toHaveAttribute(
      'href',
      `/cards/${cardSummary(11).id}`,
    );
    // The sample is the top tag's own cards.
    expect(requests('GET /api/cards/search')[0]?.query.get('tag')).toBe('recsys');
    // Studying needs an account; afterwards Play opens the new deck on the tag.
    expect(within(deck).getByRole('link', { name: 'Study this deck' })).toHaveAttribute(
      'href',
      '/signup?next=%2Fplay%3Ftag%3Drecsys',
    );
    expect(within(deck).getByRole('link', { name: 'Browse it' })).toHaveAttribute(
      'href',
      '/exploration?tag=recsys',
    );

    // The catalogue's first three courses, each a link to its page.
    const courses = await screen.findByRole('list', { name: 'Courses in the classroom' });
    expect(
      within(courses)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Modern recommendation systems', 'Course number 1', 'Course number 2']);
    expect(within(courses).getByRole('link', { name: 'Modern recommendation systems' })).toHaveAttribute(
      'href',
      '/classroom/classes/modern-recommendation-systems',
    );
    expect(courses).toHaveTextContent('Intermediate · 9 hours · 9 lessons');
    expect(requests('GET /api/classroom/courses')[0]?.query.toString()).toBe('');
    expect(
      within(screen.getByRole('region', { name: 'Courses in the classroom' })).getByRole('link', {
        name: 'All courses',
      }),
    ).toHaveAttribute('href', '/classroom');
  });

  it('says what fills an empty web, and features no deck without a tag nor courses without one', async () => {
    const { requests } = stubApi({
      'GET /api/cards/feed/trending': emptyPage,
      'GET /api/tags': { items: [] },
      'GET /api/classroom/courses': courseListFixture([]),
    });
    renderApp('/');
    expect(await screen.findByText(/Nothing is trending yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign up and write one' })).toHaveAttribute('href', '/signup');
    await waitFor(() => expect(requests('GET /api/classroom/courses')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Loading the courses')).toBeNull());
    expect(screen.queryByText('Featured deck')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Courses in the classroom' })).toBeNull();
  });

  it('says so when the courses could not be loaded', async () => {
    stubApi({
      'GET /api/cards/feed/trending': emptyPage,
      'GET /api/tags': { items: [] },
      'GET /api/classroom/courses': () => errorResponse(429, 'common/rate-limited', 'Too many requests.'),
    });
    renderApp('/');
    const courses = await screen.findByRole('region', { name: 'Courses in the classroom' });
    expect(await within(courses).findByRole('alert')).toHaveTextContent('Too many requests.');
    expect(within(courses).getByRole('link', { name: 'All courses' })).toHaveAttribute('href', '/classroom');
  });
});

describe('/ for a signed-in person', () => {
  it('opens on their day: what is due with Start, what they studied last, unread conversations and new cards', async () => {
    signIn();
    stubApi({
      'GET /api/play/decks': {
        items: [
          deckFixture(1, {
            name: 'Memory science',
            counts: { new: 1, learning: 0, review: 1, cards: 5, items: 5, suspended: 0 },
          }),
          deckFixture(2, {
            name: 'Recsys',
            counts: { new: 5, learning: 2, review: 3, cards: 20, items: 20, suspended: 0 },
          }),
          deckFixture(3, {
            name: 'Finished',
            counts: { new: 0, learning: 0, review: 0, cards: 3, items: 3, suspended: 0 },
          }),
        ],
      },
      'GET /api/play/activity': {
        recent: [
          {
            reviewId: '00000000-0000-4000-8000-0000000000aa',
            cardId: cardSummary(21).id,
            cardTitle: 'Spacing effect',
            itemKey: 'front',
            rating: 3,
            reviewedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
          },
        ],
      },
      'GET /api/confer/conversations': {
        items: [
          conversationFixture(1, { name: 'general', title: '#general', unread: 0, mentions: 0 }),
          conversationFixture(2, { name: 'recsys', title: '#recsys', unread: 4, mentions: 1 }),
        ],
        assistantAvailable: false,
      },
      'GET /api/cards/feed/following': emptyPage,
      'GET /api/cards/feed/trending': cardPage(1, 3),
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Build a card' })).toHaveAttribute('href', '/build');

    const due = await screen.findByRole('region', { name: 'Due today' });
    expect(await within(due).findByText('12')).toBeVisible();
    // The deck with the most due comes first, and Start studies it; a deck with nothing due is not listed.
    expect(within(due).getByRole('link', { name: 'Start studying Recsys' })).toHaveAttribute(
      'href',
      `/play/decks/${deckIdOf(2)}/study`,
    );
    expect(
      within(due)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Recsys', 'Memory science', 'Start', 'Spacing effect']);
    expect(due).toHaveTextContent('Last studied: Spacing effect, 2 hours ago');

    const conversations = screen.getByRole('region', { name: 'Unread conversations' });
    const unread = await within(conversations).findByRole('link', { name: '#recsys, 4 unread messages' });
    expect(unread).toHaveAttribute('href', `/confer?c=${conversationFixture(2).id}`);
    expect(within(conversations).queryByText('#general')).toBeNull();

    expect(await screen.findByText('Follow people to see their new cards here.')).toBeVisible();
    expect(
      within(await screen.findByRole('list', { name: 'Trending cards' })).getAllByRole('heading', {
        level: 3,
      }),
    ).toHaveLength(3);
  });

  it('offers a first deck to someone without one, and says when everything is read', async () => {
    signIn();
    stubApi({
      'GET /api/play/decks': { items: [] },
      'GET /api/play/activity': { recent: [] },
      'GET /api/confer/conversations': noConversations,
      'GET /api/cards/feed/following': cardPage(1, 2),
      'GET /api/cards/feed/trending': emptyPage,
    });
    renderApp('/');
    const due = await screen.findByRole('region', { name: 'Due today' });
    expect(await within(due).findByRole('link', { name: 'Make your first deck' })).toHaveAttribute(
      'href',
      '/play',
    );
    expect(due).not.toHaveTextContent('Last studied');
    expect(await screen.findByText('You have read everything.')).toBeVisible();
    expect(
      within(await screen.findByRole('list', { name: 'New cards from people you follow' })).getAllByRole(
        'heading',
        { level: 3 },
      ),
    ).toHaveLength(2);
  });

  it('says so when nothing is due', async () => {
    signIn();
    stubApi({
      'GET /api/play/decks': {
        items: [
          deckFixture(1, { counts: { new: 0, learning: 0, review: 0, cards: 3, items: 3, suspended: 0 } }),
        ],
      },
      'GET /api/play/activity': { recent: [] },
      'GET /api/confer/conversations': noConversations,
      'GET /api/cards/feed/following': emptyPage,
      'GET /api/cards/feed/trending': emptyPage,
    });
    renderApp('/');
    expect(await screen.findByText('All caught up: nothing is due in your decks today.')).toBeVisible();
    expect(screen.queryByRole('link', { name: /^Start studying/ })).toBeNull();
  });
});
