import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/api-stub.ts';
import { renderApp, signIn } from '../../../test/render.tsx';
import { deck, deckId, gameResult, practiceSet, studyItem } from './test-fixtures.ts';

const answers: Record<number, string> = { 1: 'Paris', 2: 'Photosynthesis', 3: 'Mitochondria' };
// What the player types for each card: right (case and punctuation aside), a typo, and something else.
const typed: Record<number, string> = { 1: 'paris.', 2: 'Photosynthesys', 3: 'ribosome' };

function questionNumber(): number {
  const prompt = within(screen.getByRole('region', { name: 'Question' })).getByText(/Question \d+\?/);
  return Number(/\d+/.exec(prompt.textContent ?? '')?.[0]);
}

describe('type the answer', () => {
  it('checks leniently: right, a near miss counted anyway, wrong with the expected answer; posts the score', async () => {
    signIn();
    const { requests } = stubApi({
      [`GET /api/play/decks/${deckId}`]: deck,
      [`GET /api/play/decks/${deckId}/practice`]: practiceSet(3, (n) =>
        studyItem(n, { answerText: answers[n] ?? '', answer: { markdown: answers[n] ?? '', cloze: null } }),
      ),
      [`GET /api/play/decks/${deckId}/games`]: { items: [] },
      'POST /api/play/games': () =>
        jsonResponse(200, gameResult('typed', { bestCorrect: 3, bestTotal: 3, plays: 4 }, false)),
    });
    const user = userEvent.setup();
    renderApp(`/play/decks/${deckId}/games/typed`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Type the answer' })).toBeVisible();
    for (let index = 0; index < 3; index++) {
      expect(await screen.findByText(`Question ${index + 1} of 3`)).toBeVisible();
      const n = questionNumber();
      const field = screen.getByRole('textbox', { name: 'Your answer' });
      expect(field).toHaveFocus();
      await user.type(field, `${typed[n]}{Enter}`);
      if (n === 1) {
        expect(screen.getByText('Right!')).toBeVisible();
      } else if (n === 2) {
        expect(screen.getByText(/Almost\. The expected answer is: Photosynthesis/)).toBeVisible();
        await user.click(screen.getByRole('button', { name: 'Count it anyway' }));
        expect(screen.getByText(/Counted as right\. The expected answer is: Photosynthesis/)).toBeVisible();
        expect(screen.queryByRole('button', { name: 'Count it anyway' })).not.toBeInTheDocument();
      } else {
        expect(screen.getByText(/Not quite\. The expected answer is: Mitochondria/)).toBeVisible();
      }
      // Enter again goes on.
      await user.keyboard('{Enter}');
    }

    expect(await screen.findByRole('heading', { name: 'You got 2 of 3 right.' })).toHaveFocus();
    expect(await screen.findByText('Your best score on this deck: 3 of 3.')).toBeVisible();
    expect(screen.queryByText('New best!')).not.toBeInTheDocument();
    const missed = screen.getByRole('region', { name: 'To look at again' });
    expect(missed).toHaveTextContent('Card 3: the answer is “Mitochondria”; you typed “ribosome”.');
    expect(requests('POST /api/play/games')[0]?.body).toMatchObject({
      deckId,
      game: 'typed',
      correct: 2,
      total: 3,
    });
  });

  it('asks for an answer before checking, and "I don’t know" shows it', async () => {
    signIn();
    stubApi({
      [`GET /api/play/decks/${deckId}`]: deck,
      [`GET /api/play/decks/${deckId}/practice`]: practiceSet(1),
      [`GET /api/play/decks/${deckId}/games`]: { items: [] },
    });
    const user = userEvent.setup();
    renderApp(`/play/decks/${deckId}/games/typed`);
    await user.click(await screen.findByRole('button', { name: 'Check' }));
    expect(screen.getByText(/Type your answer first/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'I don’t know' }));
    expect(screen.getByText(/Not quite\. The expected answer is: Answer 1/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'See your score' })).toBeVisible();
  });
});
