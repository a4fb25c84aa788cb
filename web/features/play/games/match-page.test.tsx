import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/api-stub.ts';
import { renderApp, renderWithProviders, signIn } from '../../../test/render.tsx';
import { MatchGame } from './match-page.tsx';
import { deck, deckId, gameResult, practiceSet, seededRandom } from './test-fixtures.ts';

// Names start with the tile's text; a wrong pair adds "(not a pair)" for a moment.
const question = (n: number) =>
  screen.getByRole('button', { name: new RegExp(`^Question: Question ${n}\\?`) });
const answer = (n: number) => screen.getByRole('button', { name: new RegExp(`^Answer: Answer ${n}\\b`) });

function stubGames(record: Parameters<typeof gameResult>[1], isNewBest: boolean) {
  return stubApi({
    [`GET /api/play/decks/${deckId}/games`]: { items: [] },
    'POST /api/play/games': () => jsonResponse(200, gameResult('match', record, isNewBest)),
  });
}

describe('match', () => {
  it('deals up to six pairs; a wrong pair counts a miss; right pairs leave; the time is posted and the best shown', async () => {
    const { requests } = stubGames({ bestMs: 23_400, bestCorrect: 3, bestTotal: 3, plays: 3 }, true);
    // The clock the game reads, moved by the test: it starts at 1 s and the board is cleared at 24.4 s.
    let clock = 1_000;
    const user = userEvent.setup();
    renderWithProviders(
      <MatchGame
        deckId={deckId}
        owner="u-1"
        items={practiceSet(3).items}
        onPlayAgain={() => undefined}
        random={seededRandom(4)}
        now={() => clock}
      />,
    );

    const tiles = within(screen.getByRole('group', { name: 'Tiles' })).getAllByRole('button');
    expect(tiles).toHaveLength(6);
    expect(screen.getByRole('timer', { name: 'Time' })).toBeVisible();
    expect(screen.getByText('Pairs left: 3 of 3')).toBeVisible();

    await user.click(question(1));
    expect(question(1)).toHaveAttribute('aria-pressed', 'true');
    await user.click(answer(2));
    expect(screen.getByText('Misses: 1')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Not a pair. Misses: 1.');
    expect(question(1)).toHaveAccessibleName('Question: Question 1? (not a pair)');
    // The mark goes away by itself.
    await waitFor(() => expect(question(1)).toHaveAccessibleName('Question: Question 1?'));

    // Answer first, then question, works as well; the pair leaves the board.
    await user.click(answer(1));
    await user.click(question(1));
    expect(screen.queryByRole('button', { name: /Question 1\?/ })).not.toBeInTheDocument();
    expect(screen.getByText('Pairs left: 2 of 3')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Pair found. 2 pairs left.');
    // Focus stays on the board.
    expect(within(screen.getByRole('group', { name: 'Tiles' })).getAllByRole('button')).toContain(
      document.activeElement,
    );

    // Selecting a second tile of the same side moves the selection.
    await user.click(question(2));
    await user.click(question(3));
    expect(question(2)).toHaveAttribute('aria-pressed', 'false');
    expect(question(3)).toHaveAttribute('aria-pressed', 'true');
    await user.click(answer(3));
    clock = 24_400;
    await user.click(question(2));
    await user.click(answer(2));

    expect(
      await screen.findByRole('heading', { name: 'You matched all 3 pairs in 23.4 seconds.' }),
    ).toHaveFocus();
    expect(screen.getByText('Misses: 1.')).toBeVisible();
    expect(await screen.findByText('New best!')).toBeVisible();
    expect(screen.getByText('Your best time on this deck: 23.4 s (3 pairs).')).toBeVisible();
    expect(requests('POST /api/play/games')[0]?.body).toEqual({
      deckId,
      game: 'match',
      correct: 3,
      total: 3,
      elapsedMs: 23_400,
    });
  });

  it('shows the deck’s best time without "New best!" when this game was slower', async () => {
    stubGames({ bestMs: 12_000, plays: 5 }, false);
    let clock = 0;
    const user = userEvent.setup();
    renderWithProviders(
      <MatchGame
        deckId={deckId}
        owner="u-1"
        items={practiceSet(2).items}
        onPlayAgain={() => undefined}
        now={() => clock}
      />,
    );
    await user.click(question(1));
    await user.click(answer(1));
    clock = 15_000;
    await user.click(answer(2));
    await user.click(question(2));
    expect(await screen.findByText('Your best time on this deck: 12.0 s.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'You matched all 2 pairs in 15.0 seconds.' })).toBeVisible();
    expect(screen.queryByText('New best!')).not.toBeInTheDocument();
    expect(screen.getByText('No misses.')).toBeVisible();
  });

  it('deals at most six pairs from a big deck and can be played with the keyboard, arrows included', async () => {
    signIn();
    stubApi({
      [`GET /api/play/decks/${deckId}`]: deck,
      [`GET /api/play/decks/${deckId}/practice`]: practiceSet(20),
      [`GET /api/play/decks/${deckId}/games`]: { items: [] },
    });
    const user = userEvent.setup();
    renderApp(`/play/decks/${deckId}/games/match`);
    const group = await screen.findByRole('group', { name: 'Tiles' });
    expect(within(group).getAllByRole('button')).toHaveLength(12);
    expect(screen.getByText('Pairs left: 6 of 6')).toBeVisible();
    const first = within(group).getAllByRole('button')[0]!;
    first.focus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard(' ');
    expect(first).toHaveAttribute('aria-pressed', 'false');
    // Arrow keys move along the grid.
    const second = within(group).getAllByRole('button')[1]!;
    await user.keyboard('{ArrowRight}');
    expect(second).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(first).toHaveFocus();
  });

  it('says so when the deck has too few cards for a board', async () => {
    stubGames({}, false);
    renderWithProviders(
      <MatchGame deckId={deckId} owner="u-1" items={practiceSet(1).items} onPlayAgain={() => undefined} />,
    );
    expect(screen.getByText(/Match needs at least 2 cards/)).toBeVisible();
  });
});
