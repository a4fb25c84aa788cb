import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '../../../contracts/cards.ts';
import type { PdfDocument } from '../../../contracts/pdfs.ts';
import { deferred, errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import { renderApp, signIn } from '../../test/render.tsx';
import {
  adaSummary,
  backlinks,
  bobProfile,
  ids,
  renderCardPage,
  sideRoutes,
  softmax,
} from './test-fixtures.tsx';

const card = (overrides: Partial<Card> = {}): Card => ({ ...softmax, ...overrides });
const signInAsAda = () => signIn({ uid: 'u_ada', name: 'Ada Lovelace', email: 'ada@example.com' });
const counters = () => screen.getByTestId('card-counters');

// React Flow (in the lazily loaded graph) measures with ResizeObserver and SVG boxes, which jsdom lacks.
beforeEach(() => {
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

describe('the card page', () => {
  it('is a lazy route that renders the card, its links, tags, author, backlinks and graph', async () => {
    const { requests } = stubApi({
      ...sideRoutes(ids.softmax),
      [`GET /api/cards/${ids.softmax}`]: card(),
      [`GET /api/cards/${ids.softmax}/backlinks`]: backlinks,
    });
    renderApp(`/cards/${ids.softmax}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Softmax' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Softmax · CARD WEB'));
    expect(screen.getByText('Note')).toBeVisible();

    const article = screen.getByRole('article', { name: 'Softmax' });
    expect(within(article).getByRole('link', { name: 'Bob Babbage' })).toHaveAttribute('href', '/u/bob_b');
    expect(within(article).getByText('Rank: B')).toBeVisible();
    expect(within(article).getByRole('link', { name: 'Logits' })).toHaveAttribute(
      'href',
      `/cards/${ids.logits}`,
    );
    expect(within(article).getByRole('link', { name: 'the loss' })).toHaveAttribute(
      'href',
      `/cards/${ids.entropy}`,
    );
    expect(within(article).getByRole('link', { name: /Nowhere/ })).toHaveAttribute(
      'href',
      '/build?title=Nowhere',
    );
    const tags = within(article).getByRole('list', { name: 'Tags' });
    expect(within(tags).getByRole('link', { name: '#ml/probability' })).toHaveAttribute(
      'href',
      '/exploration?tag=ml%2Fprobability',
    );
    expect(within(article).getByText(/Published/)).toHaveTextContent(/Published .*2026 · Updated .*2026/);

    const backlinkSection = screen.getByRole('region', { name: 'Backlinks' });
    expect(await within(backlinkSection).findByRole('link', { name: 'Cross-entropy' })).toHaveAttribute(
      'href',
      `/cards/${ids.entropy}`,
    );
    expect(backlinkSection).toHaveTextContent('prerequisite of this card');
    expect(backlinkSection).toHaveTextContent('The loss that softmax feeds.');
    const mentions = within(backlinkSection).getByRole('list', { name: 'Unlinked mentions' });
    expect(within(mentions).getByRole('link', { name: 'Temperature' })).toBeVisible();

    expect(
      await within(screen.getByRole('region', { name: 'Graph' })).findByText(
        'No other card is linked to or from this one yet.',
      ),
    ).toBeVisible();
    // One view is counted, and the count the server answers is shown.
    await waitFor(() => expect(counters()).toHaveTextContent('3 likes · 1 remix · 11 views'));
    expect(requests(`POST /api/cards/${ids.softmax}/views`)).toHaveLength(1);
  });

  it('credits the card a remix was made from', async () => {
    stubApi({
      ...sideRoutes(ids.remix),
      [`GET /api/cards/${ids.remix}`]: card({
        id: ids.remix,
        forkOf: { id: ids.original, title: 'Softmax, the original', author: adaSummary },
      }),
    });
    renderCardPage(ids.remix);
    const credit = await screen.findByText(/Remix of/);
    expect(within(credit).getByRole('link', { name: 'Softmax, the original' })).toHaveAttribute(
      'href',
      `/cards/${ids.original}`,
    );
    expect(within(credit).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/u/ada');
  });

  it('says "Card not found" for a card it may not open, and for an id that is not one', async () => {
    stubApi({
      [`GET /api/cards/${ids.softmax}`]: () =>
        errorResponse(404, 'common/not-found', 'There is no such card.'),
    });
    renderCardPage(ids.softmax);
    expect(await screen.findByRole('heading', { level: 1, name: 'Card not found' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Card not found · CARD WEB'));
    expect(screen.getByRole('link', { name: 'Explore cards' })).toHaveAttribute('href', '/exploration');
  });

  it('does not ask the server about an id that is not a card id', async () => {
    const { fetchMock } = stubApi({});
    renderCardPage('not-a-card');
    expect(await screen.findByRole('heading', { level: 1, name: 'Card not found' })).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('liking', () => {
  it('likes at once, then takes the count from the answer', async () => {
    const u = userEvent.setup();
    signInAsAda();
    const answer = deferred<Response>();
    const { requests } = stubApi({
      ...sideRoutes(ids.softmax),
      [`GET /api/cards/${ids.softmax}`]: card(),
      'GET /api/profiles/u_bob': bobProfile,
      [`PUT /api/cards/${ids.softmax}/like`]: () => answer.promise,
    });
    renderCardPage(ids.softmax);
    const like = await screen.findByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await u.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(counters()).toHaveTextContent(/^4 likes/);
    // A second press while the first is on its way does nothing.
    await u.click(like);
    expect(requests(`PUT /api/cards/${ids.softmax}/like`)).toHaveLength(1);

    answer.resolve(jsonResponse(200, { liked: true, likes: 9 }));
    await waitFor(() => expect(counters()).toHaveTextContent(/^9 likes/));
    expect(like).toHaveAttribute('aria-pressed', 'true');
  });

  it('puts the like back and says so when the server refuses it', async () => {
    const u = userEvent.setup();
    signInAsAda();
    const answer = deferred<Response>();
    stubApi({
      ...sideRoutes(ids.softmax),
      [`GET /api/cards/${ids.softmax}`]: card({ likedByMe: true, likes: 5 }),
      'GET /api/profiles/u_bob': bobProfile,
      [`DELETE /api/cards/${ids.softmax}/like`]: () => answer.promise,
    });
    renderCardPage(ids.softmax);
    const like = await screen.findByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'true');
    await u.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(counters()).toHaveTextContent(/^4 likes/);

    answer.resolve(errorResponse(500, 'common/internal-error', 'Something went wrong on our side.'));
    expect(await screen.findByText(/The like was not taken back\./)).toBeVisible();
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(counters()).toHaveTextContent(/^5 likes/);
  });

  it('offers a visitor a sign-in link that comes back to the card', async () => {
    stubApi({ ...sideRoutes(ids.softmax), [`GET /api/cards/${ids.softmax}`]: card() });
    renderCardPage(ids.softmax);
    expect(await screen.findByRole('link', { name: 'Sign in to like' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`/cards/${ids.softmax}`)}`,
    );
    expect(screen.queryByRole('button', { name: 'Like' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remix' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  });

  it('follows the author from the card, the visible word starting the name', async () => {
    const u = userEvent.setup();
    signInAsAda();
    const { requests } = stubApi({
      ...sideRoutes(ids.softmax),
      [`GET /api/cards/${ids.softmax}`]: card(),
      'GET /api/profiles/u_bob': bobProfile,
      'PUT /api/profiles/u_bob/follow': { following: true, followers: 5 },
    });
    renderCardPage(ids.softmax);
    await u.click(await screen.findByRole('button', { name: 'Follow Bob Babbage' }));
    expect(await screen.findByRole('button', { name: 'Unfollow Bob Babbage' })).toBeVisible();
    expect(requests('PUT /api/profiles/u_bob/follow')).toHaveLength(1);
  });
});

describe('the card types', () => {
  it('shows a flashcard’s front, and its back after "Show answer"', async () => {
    const u = userEvent.setup();
    stubApi({
      ...sideRoutes(ids.softmax),
      [`GET /api/cards/${ids.softmax}`]: card({
        type: 'flashcard',
        body: '',
        fields: { front: 'What does softmax output?', back: 'A probability distribution.' },
      }),
    });
    renderCardPage(ids.softmax);
    expect(await screen.findByText('What does softmax output?')).toBeVisible();
    expect(screen.queryByText('A probability distribution.')).not.toBeInTheDocument();
    const show = screen.getByRole('button', { name: 'Show answer' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await u.click(show);
    expect(screen.getByText('A probability distribution.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hide answer' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('hides cloze deletions, revealing one or all', async () => {
    const u = userEvent.setup();
    stubApi({
      ...sideRoutes(ids.softmax),
      [`GET /api/cards/${ids.softmax}`]: card({
        type: 'cloze',
        body: 'Softmax maps {{c1::logits}} to {{c2::probabilities::what?}}.',
      }),
    });
    renderCardPage(ids.softmax);
    const text = (await screen.findByText(/Softmax maps/)).closest('p')!;
    expect(text).toHaveTextContent('Softmax maps […] to [what?].');
    await u.click(screen.getByRole('button', { name: 'Reveal 2' }));
    expect(text).toHaveTextContent('Softmax maps […] to probabilities.');
    await u.click(screen.getByRole('button', { name: 'Reveal all' }));
    expect(text).toHaveTextContent('Softmax maps logits to probabilities.');
    await u.click(screen.getByRole('button', { name: 'Hide 1' }));
    expect(text).toHaveTextContent('Softmax maps […] to probabilities.');
  });

  it('shows a paper’s reference and a link card’s address', async () => {
    stubApi({
      ...sideRoutes(ids.softmax),
      [`GET /api/cards/${ids.softmax}`]: card({
        type: 'paper',
        body: 'A classic.',
        fields: { authors: ['J. Bridle'], year: 1990, doi: '10.1007/978-3-642-76153-9_28' },
      }),
    });
    renderCardPage(ids.softmax);
    expect(await screen.findByText('J. Bridle')).toBeVisible();
    expect(screen.getByText('1990')).toBeVisible();
    expect(screen.getByRole('link', { name: /10\.1007/ })).toHaveAttribute(
      'href',
      'https://doi.org/10.1007/978-3-642-76153-9_28',
    );
  });
});

describe('remix, share and report', () => {
  it('remixes into a new draft and opens it in the builder', async () => {
    const u = userEvent.setup();
    signInAsAda();
    const { requests } = stubApi({
      ...sideRoutes(ids.softmax),
      [`GET /api/cards/${ids.softmax}`]: card(),
      'GET /api/profiles/u_bob': bobProfile,
      [`POST /api/cards/${ids.softmax}/remix`]: () =>
        jsonResponse(201, {
          cardId: ids.remix,
          title: 'Softmax',
          body: softmax.body,
          type: 'note',
          fields: {},
          tags: softmax.tags,
          coverURL: null,
          visibility: 'public',
          typedLinks: [],
          revision: 0,
          updatedAt: '2026-03-05T10:00:00.000Z',
          published: false,
          hasUnpublishedChanges: true,
          forkOf: { id: ids.softmax, title: 'Softmax' },
        }),
    });
    const { router } = renderCardPage(ids.softmax);
    await u.click(await screen.findByRole('button', { name: 'Remix' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/build'));
    expect(router.state.location.search).toBe(`?card=${ids.remix}`);
    expect(requests(`POST /api/cards/${ids.softmax}/remix`)).toHaveLength(1);
  });

  it('copies the link, or shows it to copy by hand when the clipboard refuses', async () => {
    const u = userEvent.setup();
    stubApi({ ...sideRoutes(ids.softmax), [`GET /api/cards/${ids.softmax}`]: card() });
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderCardPage(ids.softmax);
    await u.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/cards/${ids.softmax}`);
    expect(await screen.findByText('Link copied to the clipboard.')).toBeVisible();

    writeText.mockRejectedValue(new Error('Not allowed'));
    await u.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('textbox', { name: 'Link to this card' })).toHaveValue(
      `${window.location.origin}/cards/${ids.softmax}`,
    );
    expect(screen.getByText(/copy it from the field/)).toBeVisible();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('reports the card with a reason', async () => {
    const u = userEvent.setup();
    signInAsAda();
    const { requests } = stubApi({
      ...sideRoutes(ids.softmax),
      [`GET /api/cards/${ids.softmax}`]: card(),
      'GET /api/profiles/u_bob': bobProfile,
      [`POST /api/cards/${ids.softmax}/reports`]: () => jsonResponse(201, { id: 'r1', status: 'open' }),
    });
    renderCardPage(ids.softmax);
    await u.click(await screen.findByRole('button', { name: 'More actions for this card' }));
    await u.click(screen.getByRole('menuitem', { name: 'Report this card…' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this card' });
    await u.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Choose what is wrong.')).toBeVisible();
    await u.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    await u.type(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), 'Adverts.');
    await u.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(/Your report about this card was sent/)).toBeVisible();
    expect(requests(`POST /api/cards/${ids.softmax}/reports`).at(-1)?.body).toEqual({
      reason: 'spam',
      details: 'Adverts.',
    });
  });
});

describe('the author’s own card', () => {
  it('offers Edit and says who else can see an unlisted card, with no like, follow or report', async () => {
    signInAsAda();
    stubApi({
      ...sideRoutes(ids.softmax),
      [`GET /api/cards/${ids.softmax}`]: card({ author: adaSummary, isOwner: true, visibility: 'unlisted' }),
    });
    renderCardPage(ids.softmax);
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/build?card=${ids.softmax}`,
    );
    expect(screen.getByText(/This card is unlisted: anyone with the link can open it/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Like' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More actions for this card' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download Markdown' })).toHaveAttribute(
      'href',
      `/api/cards/${ids.softmax}/export`,
    );
  });

  it('has no Remix or Copy link on a private card', async () => {
    signInAsAda();
    stubApi({
      ...sideRoutes(ids.softmax),
      [`GET /api/cards/${ids.softmax}`]: card({ author: adaSummary, isOwner: true, visibility: 'private' }),
    });
    renderCardPage(ids.softmax);
    expect(await screen.findByText('This card is private: only you can see it.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Remix' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  });
});

describe('a card made from a PDF highlight', () => {
  const source = {
    paperTitle: 'Spacing effects',
    page: 3,
    citation: 'Ada Lovelace (2021). Spacing effects.',
    href: `/learn/pdf-library/${ids.logits}?page=3#h-${ids.entropy}`,
  };

  it('links its author back to the page and highlight', async () => {
    signInAsAda();
    stubApi({
      ...sideRoutes(ids.softmax),
      [`GET /api/cards/${ids.softmax}`]: card({ author: adaSummary, isOwner: true, source }),
    });
    renderCardPage(ids.softmax);
    expect(await screen.findByRole('link', { name: 'Spacing effects, p. 3' })).toHaveAttribute(
      'href',
      source.href,
    );
  });

  it('names the paper and page without a link for anyone else', async () => {
    stubApi({
      ...sideRoutes(ids.softmax),
      [`GET /api/cards/${ids.softmax}`]: card({ source: { ...source, href: null } }),
    });
    renderCardPage(ids.softmax);
    expect(await screen.findByText('Spacing effects, p. 3')).toHaveAttribute('title', source.citation);
    expect(screen.getByText(/^From/)).toHaveTextContent('From Spacing effects, p. 3');
    expect(screen.queryByRole('link', { name: /Spacing effects/ })).not.toBeInTheDocument();
  });
});

describe('the author’s paper card', () => {
  const pdfId = '7b0c3a52-3f43-4c59-9d7e-2b7d3c1e0a11';

  it('links the attached PDF', async () => {
    signInAsAda();
    stubApi({
      ...sideRoutes(ids.softmax),
      [`GET /api/cards/${ids.softmax}`]: card({
        author: adaSummary,
        isOwner: true,
        type: 'paper',
        attachedPdf: { id: pdfId, title: 'Spacing effects' },
      }),
    });
    renderCardPage(ids.softmax);
    expect(await screen.findByRole('link', { name: 'Spacing effects' })).toHaveAttribute(
      'href',
      `/learn/pdf-library/${pdfId}`,
    );
  });

  it('attaches one of the author’s PDFs', async () => {
    signInAsAda();
    const user = userEvent.setup();
    const paper = card({ author: adaSummary, isOwner: true, type: 'paper' });
    let attached = false;
    const { requests } = stubApi({
      ...sideRoutes(ids.softmax),
      [`GET /api/cards/${ids.softmax}`]: () =>
        jsonResponse(200, {
          ...paper,
          attachedPdf: attached ? { id: pdfId, title: 'Spacing effects' } : null,
        }),
      'GET /api/pdfs': {
        items: [pdfFixture(pdfId)],
        total: 1,
        collections: [],
        tags: [],
        usage: { usedBytes: 1000, allowedBytes: 262_144_000 },
        makeCardAs: null,
      },
      [`PATCH /api/pdfs/${pdfId}`]: () => {
        attached = true;
        return jsonResponse(200, { ...pdfFixture(pdfId), paperCard: { id: ids.softmax, title: 'Softmax' } });
      },
    });
    renderCardPage(ids.softmax);
    await user.click(await screen.findByRole('button', { name: 'Attach a PDF from your library' }));
    await user.click(await screen.findByRole('combobox', { name: 'PDF' }));
    await user.click(await screen.findByRole('option', { name: 'Spacing effects' }));
    await user.click(screen.getByRole('button', { name: 'Attach' }));
    expect(await screen.findByRole('link', { name: 'Spacing effects' })).toHaveAttribute(
      'href',
      `/learn/pdf-library/${pdfId}`,
    );
    expect(requests(`PATCH /api/pdfs/${pdfId}`).map((request) => request.body)).toEqual([
      { paperCardId: ids.softmax },
    ]);
  });
});

function pdfFixture(id: string): PdfDocument {
  return {
    id,
    title: 'Spacing effects',
    authors: ['Ada Lovelace'],
    year: 2021,
    doi: null,
    arxivId: null,
    tags: [],
    collectionIds: [],
    status: 'to-read',
    lastPage: 1,
    pageCount: 3,
    byteSize: 1000,
    fileName: 'spacing.pdf',
    textStatus: 'extracted',
    paperCard: null,
    highlightCount: 0,
    cardCount: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    openedAt: null,
  };
}
