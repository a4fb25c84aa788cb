import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cardDeckMembershipSchema, deckSchema } from '../../../contracts/play.ts';
import { errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import { cardId } from '../../test/card-fixtures.ts';
import { renderWithProviders, signIn } from '../../test/render.tsx';
import { StudyThisButton } from './study-this-button.tsx';

const card = cardId(7);
const examId = '00000000-0000-4000-8000-0000000d0001';
const sparesId = '00000000-0000-4000-8000-0000000d0002';
const newId = '00000000-0000-4000-8000-0000000d0003';

function memberships(
  exam: boolean,
  spares: boolean,
  extra: { id: string; name: string; contains: boolean }[] = [],
) {
  return cardDeckMembershipSchema.parse({
    items: [
      { id: examId, name: 'Exam week', contains: exam },
      { id: sparesId, name: 'Spare questions', contains: spares },
      ...extra,
    ],
  });
}

const newDeck = deckSchema.parse({
  id: newId,
  name: 'Physics',
  description: '',
  source: { kind: 'collection' },
  includeReversed: false,
  newPerDay: 20,
  reviewsPerDay: 200,
  counts: { new: 1, learning: 0, review: 0, cards: 1, items: 1, suspended: 0 },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

describe('Study this', () => {
  it('is not offered to visitors', () => {
    stubApi({});
    renderWithProviders(<StudyThisButton cardId={card} cardTitle="Entropy" />);
    expect(screen.queryByRole('button', { name: 'Study this' })).not.toBeInTheDocument();
  });

  it('adds the card to a collection, takes it out of another, and starts a new one with it', async () => {
    signIn();
    let created = false;
    const { requests } = stubApi({
      [`GET /api/play/cards/${card}/decks`]: () =>
        jsonResponse(
          200,
          created
            ? memberships(false, true, [{ id: newId, name: 'Physics', contains: true }])
            : memberships(false, true),
        ),
      [`PUT /api/play/decks/${examId}/cards/${card}`]: memberships(true, true),
      [`DELETE /api/play/decks/${sparesId}/cards/${card}`]: memberships(true, false),
      'POST /api/play/decks': ({ body }) => {
        if ((body as { name: string }).name === 'Taken') {
          return errorResponse(400, 'common/validation-failed', 'Some fields are not valid.', {
            fields: [{ path: 'name', message: 'You already have a deck with this name' }],
          });
        }
        created = true;
        return jsonResponse(201, newDeck);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<StudyThisButton cardId={card} cardTitle="Entropy" />);

    await user.click(screen.getByRole('button', { name: 'Study this' }));
    const dialog = await screen.findByRole('dialog', { name: 'Study “Entropy”' });
    const exam = await within(dialog).findByRole('checkbox', { name: 'Exam week' });
    const spares = within(dialog).getByRole('checkbox', { name: 'Spare questions' });
    expect(exam).not.toBeChecked();
    expect(spares).toBeChecked();

    await user.click(exam);
    await waitFor(() => expect(exam).toBeChecked());
    expect(within(dialog).getByText('Added to “Exam week”.')).toBeVisible();
    await user.click(spares);
    await waitFor(() => expect(spares).not.toBeChecked());
    expect(requests(`PUT /api/play/decks/${examId}/cards/${card}`)).toHaveLength(1);
    expect(requests(`DELETE /api/play/decks/${sparesId}/cards/${card}`)).toHaveLength(1);

    const name = within(dialog).getByRole('textbox', { name: 'New collection' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Give the deck a name')).toBeVisible();
    await user.type(name, 'Taken');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('You already have a deck with this name')).toBeVisible();

    await user.clear(name);
    await user.type(name, 'Physics');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('“Physics” is made, with this card in it.')).toBeVisible();
    expect(requests('POST /api/play/decks').at(-1)?.body).toEqual({
      name: 'Physics',
      source: { kind: 'collection' },
      cardIds: [card],
    });
    expect(await within(dialog).findByRole('checkbox', { name: 'Physics' })).toBeChecked();
  });
});
