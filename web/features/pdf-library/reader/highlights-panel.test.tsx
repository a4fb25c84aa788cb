import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PdfHighlight } from '../../../../contracts/pdfs.ts';
import { jsonResponse, stubApi, type StubRequest } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CardsPanel } from './cards-panel.tsx';
import { HighlightsPanel } from './highlights-panel.tsx';
import {
  cardIdOf,
  detailFixture,
  documentId,
  highlightFixture,
  highlightIdOf,
  libraryFixture,
} from './test-fixtures.ts';

const owner = 'u-1';
const detailPath = `GET /api/pdfs/${documentId}`;
const highlightPath = (n: number) => `/api/pdfs/${documentId}/highlights/${highlightIdOf(n)}`;

function renderPanel(onJump = vi.fn()) {
  renderWithProviders(
    <>
      <HighlightsPanel owner={owner} documentId={documentId} selectedId={null} onJump={onJump} />
      <CardsPanel owner={owner} documentId={documentId} onJump={onJump} />
    </>,
  );
  return { onJump, region: () => screen.getByRole('region', { name: /^Highlights/ }) };
}

/** Make card's answer: the card, and the highlight now pointing at it. */
function madeCard(highlight: PdfHighlight, n: number) {
  return ({ body }: StubRequest) => {
    const { as } = body as { as: 'draft' | 'published' };
    const card = { id: cardIdOf(n), title: `Card from ${highlight.quote}`, status: as };
    return jsonResponse(201, { card, highlight: { ...highlight, card } });
  };
}

describe('the highlights panel', () => {
  it('lists the highlights in reading order with colour, quote, note and page; choosing one jumps to it', async () => {
    const later = highlightFixture(1, { page: 3, color: 'green', quote: 'Massed practice fades' });
    const earlier = highlightFixture(2, {
      page: 1,
      note: 'Check the 1885 data',
      quote: 'The forgetting curve',
    });
    stubApi({ [detailPath]: detailFixture({ highlights: [later, earlier] }) });
    const { onJump, region } = renderPanel();

    const items = await within(region()).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/“The forgetting curve”Page 1 · YellowCheck the 1885 data/),
      expect.stringMatching(/“Massed practice fades”Page 3 · Green/),
    ]);
    await userEvent.click(within(items[1]!).getByRole('button', { name: /Massed practice fades/ }));
    expect(onJump).toHaveBeenCalledWith(later);
  });

  it('says how to make the first highlight when there is none', async () => {
    stubApi({ [detailPath]: detailFixture() });
    const { region } = renderPanel();
    expect(await within(region()).findByText(/No highlights yet/)).toBeVisible();
    expect(screen.getByRole('region', { name: 'Cards from this PDF' })).toHaveTextContent('None yet');
  });

  it('changes a highlight’s colour and note', async () => {
    const highlight = highlightFixture(1);
    const { requests } = stubApi({
      [detailPath]: detailFixture({ highlights: [highlight] }),
      [`PATCH ${highlightPath(1)}`]: ({ body }) => jsonResponse(200, { ...highlight, ...(body as object) }),
    });
    const { region } = renderPanel();
    await userEvent.click(await within(region()).findByRole('button', { name: 'Edit highlight' }));
    const form = within(region()).getByRole('form', { name: 'Edit highlight' });
    await userEvent.click(within(form).getByRole('radio', { name: 'Blue' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Note' }), '  Ebbinghaus, 1885  ');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(requests(`PATCH ${highlightPath(1)}`)).toHaveLength(1));
    expect(requests(`PATCH ${highlightPath(1)}`)[0]!.body).toEqual({
      color: 'blue',
      note: 'Ebbinghaus, 1885',
    });
    const item = await within(region()).findByRole('listitem');
    await waitFor(() => expect(item).toHaveTextContent('Page 1 · Blue'));
    expect(item).toHaveTextContent('Ebbinghaus, 1885');
    expect(within(region()).queryByRole('form')).not.toBeInTheDocument();
  });

  it('deletes a highlight after asking, and its card stays listed', async () => {
    const card = { id: cardIdOf(1), title: 'Spacing beats massing', status: 'published' as const };
    const highlight = highlightFixture(1, { card });
    const { requests } = stubApi({
      [detailPath]: detailFixture({
        highlights: [highlight],
        cards: [{ ...card, page: 1, highlightId: highlight.id }],
      }),
      [`DELETE ${highlightPath(1)}`]: () => new Response(null, { status: 204 }),
    });
    const { region } = renderPanel();
    await userEvent.click(await within(region()).findByRole('button', { name: 'Delete highlight' }));
    const ask = within(region()).getByRole('group', { name: 'Delete this highlight?' });
    expect(ask).toHaveTextContent('Its card stays');
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete' }));

    expect(await within(region()).findByText(/No highlights yet/)).toBeVisible();
    expect(requests(`DELETE ${highlightPath(1)}`)).toHaveLength(1);
    const cards = screen.getByRole('region', { name: 'Cards from this PDF' });
    expect(within(cards).getByRole('link', { name: 'Spacing beats massing' })).toHaveAttribute(
      'href',
      `/cards/${card.id}`,
    );
    // The card no longer points at a highlight to show.
    expect(within(cards).queryByRole('button', { name: /Show the highlight/ })).not.toBeInTheDocument();
  });

  it('asks once whether cards are drafts or published, remembers it, and links the cards made', async () => {
    const first = highlightFixture(1, { quote: 'Spacing beats massing' });
    const second = highlightFixture(2, { page: 2, quote: 'Sleep consolidates' });
    let saved: 'draft' | 'published' | null = null;
    const { requests } = stubApi({
      [detailPath]: detailFixture({ highlights: [first, second] }),
      'GET /api/pdfs': () => jsonResponse(200, libraryFixture(saved)),
      'PUT /api/pdfs/settings': ({ body }) => {
        saved = (body as { makeCardAs: 'draft' | 'published' }).makeCardAs;
        return jsonResponse(200, { makeCardAs: saved });
      },
      [`POST ${highlightPath(1)}/card`]: madeCard(first, 1),
      [`POST ${highlightPath(2)}/card`]: madeCard(second, 2),
    });
    const onJump = vi.fn();
    const { region } = renderPanel(onJump);

    const [firstItem, secondItem] = await within(region()).findAllByRole('listitem');
    await userEvent.click(within(firstItem!).getByRole('button', { name: 'Make card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make cards as drafts, or publish them?' });
    expect(requests(`POST ${highlightPath(1)}/card`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep as drafts' }));

    await waitFor(() => expect(requests(`POST ${highlightPath(1)}/card`)).toHaveLength(1));
    expect(requests('PUT /api/pdfs/settings').map((request) => request.body)).toEqual([
      { makeCardAs: 'draft' },
    ]);
    expect(requests(`POST ${highlightPath(1)}/card`)[0]!.body).toEqual({ as: 'draft' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(region()).findByText(/Draft card made/)).toBeVisible();
    expect(within(region()).getByRole('link', { name: 'Card from Spacing beats massing' })).toHaveAttribute(
      'href',
      `/cards/${cardIdOf(1)}`,
    );
    expect(within(firstItem!).getByRole('link', { name: 'Open card' })).toHaveAttribute(
      'href',
      `/cards/${cardIdOf(1)}`,
    );
    expect(within(region()).getByText(/keeps new cards as drafts/)).toBeVisible();

    // The second card is made the same way without asking again, or reading the settings again.
    await userEvent.click(within(secondItem!).getByRole('button', { name: 'Make card' }));
    await waitFor(() => expect(requests(`POST ${highlightPath(2)}/card`)).toHaveLength(1));
    expect(requests(`POST ${highlightPath(2)}/card`)[0]!.body).toEqual({ as: 'draft' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests('GET /api/pdfs')).toHaveLength(1);
    expect(requests('PUT /api/pdfs/settings')).toHaveLength(1);

    const cards = screen.getByRole('region', { name: 'Cards from this PDF' });
    await waitFor(() => expect(within(cards).getAllByRole('listitem')).toHaveLength(2));
    expect(cards).toHaveTextContent('Page 2 · Draft');
    await userEvent.click(
      within(cards).getByRole('button', { name: 'Show the highlight of Card from Sleep consolidates' }),
    );
    expect(onJump).toHaveBeenLastCalledWith(expect.objectContaining({ id: second.id }));
  });

  it('makes the card at once when the choice was saved before (in the library)', async () => {
    const highlight = highlightFixture(1);
    const { requests } = stubApi({
      [detailPath]: detailFixture({ highlights: [highlight] }),
      'GET /api/pdfs': libraryFixture('published'),
      [`POST ${highlightPath(1)}/card`]: madeCard(highlight, 1),
    });
    const { region } = renderPanel();
    await userEvent.click(await within(region()).findByRole('button', { name: 'Make card' }));
    expect(await within(region()).findByText(/^Card made/)).toBeVisible();
    expect(requests(`POST ${highlightPath(1)}/card`)[0]!.body).toEqual({ as: 'published' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests('PUT /api/pdfs/settings')).toHaveLength(0);
  });

  it('says why a card could not be made', async () => {
    const highlight = highlightFixture(1);
    stubApi({
      [detailPath]: detailFixture({ highlights: [highlight] }),
      'GET /api/pdfs': libraryFixture('draft'),
      [`POST ${highlightPath(1)}/card`]: () =>
        jsonResponse(429, {
          error: {
            code: 'common/too-many-requests',
            message: 'Too many requests. Please wait a moment and try again.',
          },
        }),
    });
    const { region } = renderPanel();
    await userEvent.click(await within(region()).findByRole('button', { name: 'Make card' }));
    expect(await within(region()).findByRole('alert')).toHaveTextContent(
      'The card could not be made. Too many requests.',
    );
  });
});
