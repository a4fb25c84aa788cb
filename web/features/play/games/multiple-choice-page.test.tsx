import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { normalizeAnswer } from '../../../../contracts/study-items.ts';
import { jsonResponse, stubApi } from '../../../test/api-stub.ts';
import { renderApp, signIn } from '../../../test/render.tsx';
import { deck, deckId, gameResult, practiceSet, studyItem } from './test-fixtures.ts';

const path = `/play/decks/${deckId}/games/multiple-choice`;

function routes(items = practiceSet(4)) {
  return {
    [`GET /api/play/decks/${deckId}`]: deck,
    [`GET /api/play/decks/${deckId}/practice`]: items,
    [`GET /api/play/decks/${deckId}/games`]: { items: [] },
    'POST /api/play/games': () =>
      jsonResponse(200, gameResult('multiple-choice', { bestCorrect: 3, bestTotal: 4, plays: 2 }, true)),
  };
}

/** The number of the question on screen: prompts read "Question n?" and answers "Answer n". */
function questionNumber(): number {
  const prompt = within(screen.getByRole('region', { name: 'Question' })).getByText(/Question \d+\?/);
  return Number(/\d+/.exec(prompt.textContent ?? '')?.[0]);
}

function options() {
  return within(screen.getByRole('group', { name: 'Answers' })).getAllByRole('button');
}

describe('multiple choice', () => {
  it('asks visitors to sign in', async () => {
    stubApi({});
    renderApp(path);
    expect(await screen.findByText(/You are not signed in/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      expect.stringContaining('/login'),
    );
  });

  it('offers the right answer among three other, different ones; keys 1–4 choose; the score is posted', async () => {
    signIn();
    const { requests } = stubApi(routes());
    const user = userEvent.setup();
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Multiple choice' })).toBeVisible();
    expect(await screen.findByText('Deck: Memory science')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the deck' })).toHaveAttribute(
      'href',
      `/play/decks/${deckId}`,
    );

    const plan = ['key-right', 'click-wrong', 'key-right', 'click-right'];
    for (const [index, step] of plan.entries()) {
      expect(await screen.findByText(`Question ${index + 1} of 4`)).toBeVisible();
      const n = questionNumber();
      const labels = options().map((button) => button.getAttribute('aria-label') ?? '');
      expect(labels).toHaveLength(4);
      const texts = labels.map((label) => label.replace(/^\d: /, ''));
      expect(texts).toContain(`Answer ${n}`);
      expect(new Set(texts.map(normalizeAnswer)).size).toBe(4);
      const right = texts.indexOf(`Answer ${n}`);
      const wrong = (right + 1) % 4;

      if (step === 'key-right') await user.keyboard(String(right + 1));
      else if (step === 'click-right') await user.click(options()[right]!);
      else await user.click(options()[wrong]!);

      const status = screen.getAllByRole('status').find((region) => region.textContent);
      if (step === 'click-wrong') {
        expect(status).toHaveTextContent(`Not quite. The answer is: Answer ${n}`);
        expect(options()[wrong]).toHaveAccessibleName(expect.stringContaining('your answer, wrong'));
      } else {
        expect(status).toHaveTextContent('Right!');
      }
      expect(options()[right]).toHaveAccessibleName(expect.stringContaining('right answer'));
      // A second key press does not change the answer.
      await user.keyboard(String(wrong + 1));
      const next = screen.getByRole('button', { name: index === 3 ? 'See your score' : 'Next question' });
      expect(next).toHaveFocus();
      await user.keyboard('{Enter}');
    }

    expect(await screen.findByRole('heading', { name: 'You got 3 of 4 right.' })).toHaveFocus();
    expect(await screen.findByText('New best!')).toBeVisible();
    expect(screen.getByText('Your best score on this deck: 3 of 4.')).toBeVisible();
    const posted = requests('POST /api/play/games');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toMatchObject({ deckId, game: 'multiple-choice', correct: 3, total: 4 });
    expect((posted[0]?.body as { elapsedMs: number }).elapsedMs).toBeGreaterThanOrEqual(0);

    await user.click(screen.getByRole('button', { name: 'Play again' }));
    expect(await screen.findByText('Question 1 of 4')).toBeVisible();
    await waitFor(() => expect(requests(`GET /api/play/decks/${deckId}/practice`)).toHaveLength(2));
  });

  it('says so when the deck has fewer than four different answers, and links to the deck', async () => {
    signIn();
    stubApi(
      routes(practiceSet(5, (n) => studyItem(n, { answerText: n <= 3 ? `Answer ${n}` : 'answer 1!' }))),
    );
    renderApp(path);
    expect(await screen.findByText(/needs at least four different answers/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the deck page' })).toHaveAttribute(
      'href',
      `/play/decks/${deckId}`,
    );
  });

  it('shows the best score so far and an unknown game is not found', async () => {
    signIn();
    stubApi({
      ...routes(),
      [`GET /api/play/decks/${deckId}/games`]: {
        items: [{ game: 'multiple-choice', plays: 4, bestMs: null, bestCorrect: 9, bestTotal: 10 }],
      },
    });
    const { unmount } = renderApp(path);
    expect(await screen.findByText('Your best score on this deck: 9 of 10.')).toBeVisible();
    unmount();
    renderApp(`/play/decks/${deckId}/games/snap`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});
