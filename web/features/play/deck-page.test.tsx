import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deckItemPageSchema } from '../../../contracts/play.ts';
import { stubApi } from '../../test/api-stub.ts';
import { cardId, cardPage, cardSummary } from '../../test/card-fixtures.ts';
import { renderApp, signIn } from '../../test/render.tsx';
import { deckFixture, deckIdOf } from './test-fixtures.ts';

const deckId = deckIdOf(1);
const path = `/play/decks/${deckId}`;

const items = deckItemPageSchema.parse({
  items: [
    {
      cardId: cardId(1),
      itemKey: 'main',
      cardTitle: 'Card number 1',
      state: 'review',
      due: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      suspended: false,
      buriedUntil: null,
      reps: 4,
      lapses: 0,
    },
    {
      cardId: cardId(2),
      itemKey: 'c1',
      cardTitle: 'Card number 2',
      state: 'new',
      due: null,
      suspended: true,
      buriedUntil: null,
      reps: 0,
      lapses: 0,
    },
  ],
  nextCursor: null,
});

function routes(deck = deckFixture(1, { name: 'Memory science' })) {
  return {
    [`GET /api/play/decks/${deckId}`]: deck,
    [`GET /api/play/decks/${deckId}/cards`]: cardPage(1, 2),
    [`GET /api/play/decks/${deckId}/items`]: items,
    'PATCH /api/play/items': { items: [] },
    [`DELETE /api/play/decks/${deckId}`]: () => new Response(null, { status: 204 }),
    'GET /api/play/decks': { items: [] },
    'GET /api/play/settings': {
      desiredRetention: 0.9,
      learningSteps: ['1m'],
      relearningSteps: ['10m'],
      maximumIntervalDays: 365,
      burySiblings: true,
      timeZone: 'Europe/Paris',
      dayStartsAtHour: 4,
    },
  };
}

describe('the deck page', () => {
  it('shows the deck, its counts, the ways to study and play, its cards and items', async () => {
    signIn();
    stubApi(routes());
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Memory science' })).toBeVisible();
    expect(screen.getByText('Everyone’s public cards tagged #memory.')).toBeVisible();
    expect(screen.getByRole('list', { name: 'Due today' })).toHaveTextContent('3 new');
    expect(screen.getByRole('link', { name: 'Study now' })).toHaveAttribute('href', `${path}/study`);
    expect(screen.getByRole('link', { name: 'Cram' })).toHaveAttribute('href', `${path}/study?mode=cram`);
    expect(screen.getByRole('link', { name: 'Match' })).toHaveAttribute('href', `${path}/games/match`);
    expect(screen.getByRole('link', { name: 'Multiple choice' })).toHaveAttribute(
      'href',
      `${path}/games/multiple-choice`,
    );
    expect(screen.getByRole('link', { name: 'Type the answer' })).toHaveAttribute(
      'href',
      `${path}/games/typed`,
    );
    const cards = screen.getByRole('region', { name: 'Cards' });
    expect(await within(cards).findByRole('link', { name: 'Card number 2' })).toBeVisible();

    const table = await screen.findByRole('table', { name: 'Items and their schedule' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('In review');
    expect(first).toHaveTextContent('Due in 3 days');
    expect(second).toHaveTextContent('Suspended');
  });

  it('suspends and unsuspends items', async () => {
    signIn();
    const { requests } = stubApi(routes());
    const user = userEvent.setup();
    renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'Suspend Card number 1 (question)' }));
    await user.click(screen.getByRole('button', { name: 'Unsuspend Card number 2 (deletion 1)' }));
    await waitFor(() => expect(requests('PATCH /api/play/items')).toHaveLength(2));
    expect(requests('PATCH /api/play/items').map((request) => request.body)).toEqual([
      { cardId: cardId(1), itemKey: 'main', suspended: true },
      { cardId: cardId(2), itemKey: 'c1', suspended: false },
    ]);
  });

  it('buries an item until tomorrow', async () => {
    signIn();
    const { requests } = stubApi(routes());
    const user = userEvent.setup();
    renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'Bury Card number 1 (question)' }));
    await waitFor(() =>
      expect(requests('PATCH /api/play/items')[0]?.body).toEqual({
        cardId: cardId(1),
        itemKey: 'main',
        buried: true,
      }),
    );
  });

  it('removes a card from a collection', async () => {
    signIn();
    const collection = deckFixture(1, { name: 'Exam week', source: { kind: 'collection' } });
    const { requests } = stubApi({
      ...routes(collection),
      [`DELETE /api/play/decks/${deckId}/cards/${cardId(1)}`]: { items: [] },
    });
    const user = userEvent.setup();
    renderApp(path);
    await user.click(
      await screen.findByRole('button', { name: `Remove “${cardSummary(1).title}” from this collection` }),
    );
    await waitFor(() =>
      expect(requests(`DELETE /api/play/decks/${deckId}/cards/${cardId(1)}`)).toHaveLength(1),
    );
  });

  it('deletes the deck after asking, then goes back to /play', async () => {
    signIn();
    const { requests } = stubApi(routes());
    const user = userEvent.setup();
    const { router } = renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Memory science”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests(`DELETE /api/play/decks/${deckId}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete “Memory science”?' })).getByRole('button', {
        name: 'Delete deck',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/play'));
    expect(requests(`DELETE /api/play/decks/${deckId}`)).toHaveLength(1);
  });

  it('edits only what changed', async () => {
    signIn();
    const { requests } = stubApi({
      ...routes(),
      [`PATCH /api/play/decks/${deckId}`]: deckFixture(1, { name: 'Memory' }),
    });
    const user = userEvent.setup();
    renderApp(path);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit deck' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Memory');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests(`PATCH /api/play/decks/${deckId}`)[0]?.body).toEqual({ name: 'Memory' });
  });
});
