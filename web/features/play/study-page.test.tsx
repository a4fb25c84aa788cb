import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReviewInput, SessionItem } from '../../../contracts/play.ts';
import { errorResponse, jsonResponse, stubApi, type StubRoute } from '../../test/api-stub.ts';
import { renderApp, signIn } from '../../test/render.tsx';
import {
  deckFixture,
  deckIdOf,
  inMinutes,
  reviewResultFixture,
  sessionFixture,
  sessionItem,
} from './test-fixtures.ts';

const deckId = deckIdOf(1);
const studyUrl = `/play/decks/${deckId}/study`;

function routes(items: SessionItem[], extra: Record<string, StubRoute | object | null> = {}) {
  return {
    [`GET /api/play/decks/${deckId}`]: deckFixture(1, { name: 'Memory science' }),
    [`GET /api/play/decks/${deckId}/session`]: sessionFixture(items),
    'POST /api/play/reviews': ({ body }: { body: unknown }) => {
      const input = body as ReviewInput;
      const item = items.find((candidate) => candidate.cardId === input.cardId) ?? items[0];
      return jsonResponse(200, reviewResultFixture(item as SessionItem));
    },
    ...extra,
  };
}

function question() {
  return screen.getByRole('region', { name: 'Question' });
}

async function showAnswer(user: ReturnType<typeof userEvent.setup>) {
  await user.keyboard(' ');
  return screen.findByRole('region', { name: 'Answer' });
}

describe('the review screen', () => {
  it('asks visitors to sign in', async () => {
    stubApi({});
    renderApp(studyUrl);
    expect(await screen.findByText(/You are not signed in/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      expect.stringContaining('/login'),
    );
  });

  it('is driven by the keyboard: Space reveals, 2 grades Hard and sends the review, intervals on the buttons', async () => {
    signIn();
    const items = [sessionItem(1), sessionItem(2, { queue: 'review', state: 'review' })];
    const { requests } = stubApi(routes(items));
    const user = userEvent.setup();
    renderApp(studyUrl);

    expect(await screen.findByRole('heading', { level: 1, name: 'Study Memory science' })).toBeVisible();
    expect(within(question()).getByText('Question 1?')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Card 1' })).toHaveAttribute(
      'href',
      expect.stringContaining('/cards/'),
    );
    const left = screen.getByRole('list', { name: 'Left in this session' });
    expect(left).toHaveTextContent('1 new');
    expect(left).toHaveTextContent('1 to review');
    // Focus waits on "Show answer", so Space works at once.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Show answer' })).toHaveFocus());

    const answer = await showAnswer(user);
    expect(within(answer).getByText('Answer 1')).toBeVisible();
    await waitFor(() => expect(answer).toHaveFocus());
    const group = screen.getByRole('group', { name: 'How well did you remember?' });
    expect(within(group).getByRole('button', { name: 'Again, next in 1m' })).toBeVisible();
    expect(within(group).getByRole('button', { name: 'Hard, next in 6m' })).toBeVisible();
    expect(within(group).getByRole('button', { name: 'Good, next in 1d' })).toBeVisible();
    expect(within(group).getByRole('button', { name: 'Easy, next in 4d' })).toBeVisible();

    await user.keyboard('2');
    await waitFor(() => expect(within(question()).getByText('Question 2?')).toBeVisible());
    const [sent] = requests('POST /api/play/reviews');
    const body = sent?.body as ReviewInput;
    expect(body).toMatchObject({ deckId, cardId: items[0]?.cardId, itemKey: 'main', rating: 2 });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.durationMs).toBeGreaterThanOrEqual(0);
    expect(screen.getByText('1 done')).toBeVisible();
  });

  it('brings a learning item back in the same session and drops the siblings the server buried', async () => {
    signIn();
    const first = sessionItem(1);
    const sibling = sessionItem(1, { itemKey: 'reverse', prompt: { markdown: 'Reverse 1?', cloze: null } });
    const other = sessionItem(2);
    const { requests } = stubApi(
      routes([first, sibling, other], {
        'POST /api/play/reviews': ({ body }: { body: unknown }) => {
          const input = body as ReviewInput;
          const graded = input.cardId === first.cardId ? first : other;
          // Again on card 1: due in a minute (within the 20 minutes learned ahead), its reverse buried.
          return jsonResponse(
            200,
            input.cardId === first.cardId && input.rating === 1
              ? reviewResultFixture(graded, {
                  state: 'learning',
                  due: inMinutes(1),
                  buried: [{ cardId: sibling.cardId, itemKey: 'reverse' }],
                })
              : reviewResultFixture(graded),
          );
        },
      }),
    );
    const user = userEvent.setup();
    renderApp(studyUrl);

    expect(await screen.findByText('Question 1?')).toBeVisible();
    await showAnswer(user);
    await user.keyboard('1');

    // The reverse is buried: card 2 comes next, then card 1 again (shown early rather than waited for).
    expect(await screen.findByText('Question 2?')).toBeVisible();
    expect(screen.getByRole('list', { name: 'Left in this session' })).toHaveTextContent('1 learning');
    await showAnswer(user);
    await user.keyboard('3');
    expect(await screen.findByText('Question 1?')).toBeVisible();
    await showAnswer(user);
    await user.keyboard('3');

    expect(await screen.findByRole('heading', { name: 'Session done' })).toBeVisible();
    expect(screen.queryByText('Reverse 1?')).not.toBeInTheDocument();
    expect(requests('POST /api/play/reviews').map((request) => (request.body as ReviewInput).rating)).toEqual(
      [1, 3, 3],
    );
  });

  it('keeps a grade that failed on screen with Retry, and sends the same review again', async () => {
    signIn();
    const items = [sessionItem(1), sessionItem(2)];
    let fail = true;
    const { requests } = stubApi(
      routes(items, {
        'POST /api/play/reviews': () =>
          fail
            ? errorResponse(409, 'play/item-not-found', 'That card has no such question any more.')
            : jsonResponse(200, reviewResultFixture(items[0] as SessionItem)),
      }),
    );
    const user = userEvent.setup();
    renderApp(studyUrl);

    expect(await screen.findByText('Question 1?')).toBeVisible();
    await showAnswer(user);
    await user.keyboard('3');
    expect(await screen.findByText(/Your grade \(Good\) was not saved/)).toBeVisible();
    // Not advanced, and no other grade can be given meanwhile.
    expect(screen.getByText('Answer 1')).toBeVisible();
    await user.keyboard('4');
    expect(requests('POST /api/play/reviews')).toHaveLength(1);

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Question 2?')).toBeVisible();
    const sent = requests('POST /api/play/reviews').map((request) => request.body as ReviewInput);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.id).toBe(sent[0]?.id);
    expect(sent[1]?.rating).toBe(3);
  });

  it('undoes the last grade with Ctrl+Z and puts the item back in front', async () => {
    signIn();
    const items = [sessionItem(1), sessionItem(2)];
    const { requests } = stubApi(
      routes(items, {
        'POST /api/play/reviews/undo': {
          reviewId: '00000000-0000-4000-8000-00000000e001',
          cardId: items[0]?.cardId,
          itemKey: 'main',
          deckId,
          unburied: [],
        },
      }),
    );
    const user = userEvent.setup();
    renderApp(studyUrl);

    expect(await screen.findByText('Question 1?')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    await showAnswer(user);
    await user.keyboard('3');
    expect(await screen.findByText('Question 2?')).toBeVisible();

    await user.keyboard('{Control>}z{/Control}');
    expect(await screen.findByText('Question 1?')).toBeVisible();
    expect(requests('POST /api/play/reviews/undo')).toHaveLength(1);
    expect(screen.getByText(/Grade taken back: Good/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
  });

  it('suspends the card on screen and goes on to the next', async () => {
    signIn();
    const items = [sessionItem(1), sessionItem(2)];
    const { requests } = stubApi(routes(items, { 'PATCH /api/play/items': { items: [] } }));
    const user = userEvent.setup();
    renderApp(studyUrl);

    expect(await screen.findByText('Question 1?')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Suspend card' }));
    expect(await screen.findByText('Question 2?')).toBeVisible();
    expect(requests('PATCH /api/play/items')[0]?.body).toEqual({ cardId: items[0]?.cardId, suspended: true });
    expect(screen.getByText(/“Card 1” is suspended/)).toBeVisible();
  });

  it('crams without writing anything: Again comes back, Good ends the item, and a summary closes', async () => {
    signIn();
    const items = [sessionItem(1, { intervals: null }), sessionItem(2, { intervals: null })];
    const { fetchMock } = stubApi(
      routes([], {
        [`GET /api/play/decks/${deckId}/session`]: sessionFixture(items, { mode: 'cram' }),
      }),
    );
    const user = userEvent.setup();
    renderApp(`${studyUrl}?mode=cram`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Cram Memory science' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Suspend card' })).not.toBeInTheDocument();
    await showAnswer(user);
    expect(screen.getByRole('button', { name: 'Again' })).toBeVisible();
    await user.keyboard('1');
    expect(await screen.findByText('Question 2?')).toBeVisible();
    await showAnswer(user);
    await user.keyboard('3');
    expect(await screen.findByText('Question 1?')).toBeVisible();
    await showAnswer(user);
    await user.keyboard('4');

    const summary = await screen.findByRole('region', { name: 'Cram session done' });
    expect(summary).toHaveTextContent('Items studied2');
    expect(summary).toHaveTextContent('Grades given3');
    expect(summary).toHaveTextContent('Remembered at first try50%');
    expect(within(summary).getByRole('link', { name: 'Back to the deck' })).toHaveAttribute(
      'href',
      `/play/decks/${deckId}`,
    );
    expect(within(summary).getByRole('link', { name: 'All decks' })).toHaveAttribute('href', '/play');
    const writes = fetchMock.mock.calls.filter(
      ([input, init]) => (init?.method ?? 'GET') !== 'GET' && String(input).startsWith('/api/play/'),
    );
    expect(writes).toHaveLength(0);
  });

  it('says when nothing is due and offers cram', async () => {
    signIn();
    stubApi(routes([]));
    renderApp(studyUrl);
    expect(await screen.findByText(/Nothing is due in this deck now/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cram this deck' })).toHaveAttribute(
      'href',
      `/play/decks/${deckId}/study?mode=cram`,
    );
  });

  it('renders a cloze item with its deletion hidden, then filled in', async () => {
    signIn();
    const cloze = sessionItem(3, {
      cardType: 'cloze',
      itemKey: 'c1',
      prompt: { markdown: 'The {{c1::hippocampus}} stores memories.', cloze: { hide: 1, highlight: 1 } },
      answer: { markdown: 'The {{c1::hippocampus}} stores memories.', cloze: { hide: 'none', highlight: 1 } },
    });
    stubApi(routes([cloze]));
    const user = userEvent.setup();
    renderApp(studyUrl);
    const prompt = await screen.findByRole('region', { name: 'Question' });
    expect(prompt).not.toHaveTextContent('hippocampus');
    const answer = await showAnswer(user);
    expect(answer).toHaveTextContent('The hippocampus stores memories.');
    expect(screen.queryByRole('region', { name: 'Question' })).not.toBeInTheDocument();
  });
});
