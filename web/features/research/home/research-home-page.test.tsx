import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, stubApi } from '../../../test/api-stub.ts';
import { renderApp, signIn } from '../../../test/render.tsx';
import {
  homePaperId,
  importPreviewFixture,
  noteCardId,
  paperDetailFixture,
  paperSummaryFixture,
  projectId,
  queueItemFixture,
  queuePdfId,
  researchHomeFixture,
} from '../../../test/research-home-fixtures.ts';

const queue = [
  queueItemFixture(1, { paper: paperSummaryFixture(1, { title: 'Low priority, to read' }), priority: 3 }),
  queueItemFixture(2, { paper: paperSummaryFixture(2, { title: 'High priority, to read' }), priority: 1 }),
  queueItemFixture(3, {
    paper: paperSummaryFixture(3, {
      title: 'Attention is all you need',
      authors: ['Ashish Vaswani'],
      venue: 'NeurIPS',
      year: 2017,
    }),
    status: 'reading',
    startedAt: '2026-11-20T10:00:00.000Z',
    pdf: { id: queuePdfId(1), lastPage: 6, pageCount: 15 },
    hasNote: true,
  }),
  queueItemFixture(4, { status: 'read', finishedAt: '2026-11-25T10:00:00.000Z' }),
];

const queuePath = (n: number) => `/api/research/queue/${homePaperId(n)}`;

describe('/research', () => {
  it('asks a visitor to sign in', async () => {
    stubApi({});
    renderApp('/research');
    expect(await screen.findByRole('heading', { level: 1, name: 'Research' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fresearch');
  });

  it('groups the queue in three tabs with counts, opening on what is being read, with the PDF progress', async () => {
    signIn();
    stubApi({ 'GET /api/research/home': researchHomeFixture(queue) });
    renderApp('/research');

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['To read (2)', 'Reading (1)', 'Read (1)']);
    expect(screen.getByRole('tab', { name: 'Reading (1)' })).toHaveAttribute('aria-selected', 'true');

    const row = within(screen.getByRole('list', { name: 'Reading papers' })).getByRole('listitem', {
      name: 'Attention is all you need',
    });
    expect(within(row).getByRole('link', { name: 'Attention is all you need' })).toHaveAttribute(
      'href',
      `/research_center/papers/${homePaperId(3)}`,
    );
    expect(row).toHaveTextContent('Ashish Vaswani · NeurIPS · 2017');
    expect(row).toHaveTextContent('Note');
    const bar = within(row).getByRole('progressbar', { name: 'Read in the PDF: page 6 of 15' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(
      within(row).getByRole('link', { name: 'Read Attention is all you need from page 6' }),
    ).toHaveAttribute('href', `/learn/pdf-library/${queuePdfId(1)}?page=6`);

    await userEvent.click(screen.getByRole('tab', { name: 'To read (2)' }));
    const toRead = within(screen.getByRole('list', { name: 'To read papers' })).getAllByRole('listitem');
    expect(toRead.map((item) => item.getAttribute('aria-label'))).toEqual([
      'High priority, to read',
      'Low priority, to read',
    ]);
  });

  it('moves a paper along, changes its priority and removes it, refreshing the queue each time', async () => {
    signIn();
    const { requests } = stubApi({
      'GET /api/research/home': researchHomeFixture(queue),
      [`PUT ${queuePath(2)}`]: ({ body }) =>
        jsonResponse(200, { ...queueItemFixture(2), ...(body as object) }),
      [`DELETE ${queuePath(1)}`]: () => new Response(null, { status: 204 }),
    });
    renderApp('/research');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('tab', { name: 'To read (2)' }));
    const high = screen.getByRole('listitem', { name: 'High priority, to read' });

    await u.click(within(high).getByRole('button', { name: 'Start reading' }));
    await waitFor(() =>
      expect(requests(`PUT ${queuePath(2)}`).map((r) => r.body)).toEqual([{ status: 'reading' }]),
    );
    await waitFor(() => expect(requests('GET /api/research/home')).toHaveLength(2));

    await u.click(within(high).getByRole('combobox', { name: 'Priority' }));
    await u.click(screen.getByRole('option', { name: 'Low' }));
    await waitFor(() =>
      expect(requests(`PUT ${queuePath(2)}`).map((r) => r.body)).toEqual([
        { status: 'reading' },
        { priority: 3 },
      ]),
    );

    await u.click(screen.getByRole('button', { name: 'Remove Low priority, to read from the queue' }));
    await waitFor(() => expect(requests(`DELETE ${queuePath(1)}`)).toHaveLength(1));
  });

  it('saves the citation style as soon as it is chosen', async () => {
    signIn();
    const { requests } = stubApi({
      'GET /api/research/home': researchHomeFixture([]),
      'PUT /api/research/preferences': { citationStyle: 'ieee' },
    });
    const u = userEvent.setup();
    renderApp('/research');
    const select = await screen.findByRole('combobox', { name: 'Citation style' });
    expect(select).toHaveTextContent('APA');
    await u.click(select);
    await u.click(screen.getByRole('option', { name: 'IEEE' }));
    await waitFor(() =>
      expect(requests('PUT /api/research/preferences').map((r) => r.body)).toEqual([
        { citationStyle: 'ieee' },
      ]),
    );
    await waitFor(() => expect(requests('GET /api/research/home')).toHaveLength(2));
  });

  it('leads an empty queue to the research centre and to Add paper', async () => {
    signIn();
    stubApi({ 'GET /api/research/home': researchHomeFixture([]) });
    renderApp('/research');
    expect(await screen.findByText(/Your reading queue is empty/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse the research centre' })).toHaveAttribute(
      'href',
      '/research_center',
    );
    expect(screen.getAllByRole('button', { name: 'Add paper' })).toHaveLength(2);
  });
});

describe('Add paper', () => {
  const found = {
    found: true,
    paper: {
      title: 'Matrix factorization techniques for recommender systems',
      authors: [{ name: 'Yehuda Koren' }, { name: 'Robert Bell', orcid: '0000-0002-1825-0097' }],
      venue: 'Computer',
      year: 2009,
      doi: '10.1109/MC.2009.263',
      tags: ['recsys'],
    },
    existingId: null,
  };

  async function openDialog() {
    const u = userEvent.setup();
    renderApp('/research');
    await u.click(await screen.findByRole('button', { name: 'Add paper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add paper' });
    return { u, dialog };
  }

  it('looks a DOI up, shows the record to review, and opens the existing paper when it was already here', async () => {
    signIn();
    const { requests } = stubApi({
      'GET /api/research/home': researchHomeFixture([]),
      'POST /api/research/lookup': found,
      'POST /api/research/papers': { id: homePaperId(9), created: false, matchedBy: 'title' },
      [`GET /api/research/papers/${homePaperId(9)}`]: paperDetailFixture(9),
    });
    const { u, dialog } = await openDialog();
    await u.type(within(dialog).getByRole('textbox', { name: 'DOI or arXiv id' }), '10.1109/MC.2009.263');
    await u.click(within(dialog).getByRole('button', { name: 'Look up' }));

    expect(await within(dialog).findByRole('textbox', { name: 'Title' })).toHaveValue(found.paper.title);
    expect(within(dialog).getByRole('textbox', { name: 'Authors' })).toHaveValue(
      'Yehuda Koren\nRobert Bell | 0000-0002-1825-0097',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Year' })).toHaveValue('2009');
    expect(requests('POST /api/research/lookup').map((r) => r.body)).toEqual([
      { identifier: '10.1109/MC.2009.263' },
    ]);

    await u.click(within(dialog).getByRole('button', { name: 'Add paper' }));
    await waitFor(() => expect(requests('POST /api/research/papers')).toHaveLength(1));
    expect(requests('POST /api/research/papers')[0]?.body).toEqual({
      paper: {
        title: found.paper.title,
        authors: found.paper.authors,
        venue: 'Computer',
        year: 2009,
        doi: '10.1109/MC.2009.263',
        tags: ['recsys'],
      },
      visibility: 'public',
      addToQueue: true,
    });
    expect(await screen.findByText('This paper was already here')).toBeVisible();
  });

  it('says why a lookup gave nothing and offers the empty form, with the server’s field errors on the fields', async () => {
    signIn();
    const { requests } = stubApi({
      'GET /api/research/home': researchHomeFixture([]),
      'POST /api/research/lookup': {
        found: false,
        reason: 'disabled',
        message: 'Lookups are switched off on this server.',
      },
      'POST /api/research/papers': () =>
        errorResponse(422, 'common/invalid-input', 'Some fields need attention.', {
          fields: [{ path: 'paper.venue', message: 'That venue is not allowed' }],
        }),
    });
    const { u, dialog } = await openDialog();
    await u.type(within(dialog).getByRole('textbox', { name: 'DOI or arXiv id' }), '1706.03762');
    await u.click(within(dialog).getByRole('button', { name: 'Look up' }));

    expect(await within(dialog).findByText(/Lookups are switched off on this server\./)).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'arXiv id' })).toHaveValue('1706.03762');

    // The form checks what it can before sending.
    await u.click(within(dialog).getByRole('button', { name: 'Add paper' }));
    expect(await within(dialog).findByText('A paper needs a title')).toBeVisible();
    expect(requests('POST /api/research/papers')).toHaveLength(0);

    await u.click(within(dialog).getByRole('textbox', { name: 'Title' }));
    await u.paste('Attention is all you need');
    await u.click(within(dialog).getByRole('textbox', { name: 'Venue' }));
    await u.paste('Bad');
    await u.click(within(dialog).getByRole('button', { name: 'Add paper' }));
    expect(await within(dialog).findByText('That venue is not allowed')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Venue' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers a paper already in CARD WEB instead of a second copy, and queues it', async () => {
    signIn();
    const { requests } = stubApi({
      'GET /api/research/home': researchHomeFixture([]),
      'POST /api/research/lookup': { ...found, existingId: homePaperId(5) },
      [`PUT ${queuePath(5)}`]: queueItemFixture(5),
    });
    const { u, dialog } = await openDialog();
    await u.type(within(dialog).getByRole('textbox', { name: 'DOI or arXiv id' }), '10.1109/MC.2009.263');
    await u.click(within(dialog).getByRole('button', { name: 'Look up' }));

    expect(await within(dialog).findByText(/Already in CARD WEB/)).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Open it' })).toHaveAttribute(
      'href',
      `/research_center/papers/${homePaperId(5)}`,
    );
    expect(within(dialog).queryByRole('button', { name: 'Add paper' })).not.toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Add to my queue' }));
    expect(await within(dialog).findByText(/It is in your queue\./)).toBeVisible();
    expect(requests(`PUT ${queuePath(5)}`).map((r) => r.body)).toEqual([{ status: 'to-read' }]);
  });
});

describe('Import', () => {
  it('previews the entries with counts and the invalid line, and writes nothing before Import', async () => {
    signIn();
    const preview = importPreviewFixture({
      format: 'bibtex',
      entries: [
        { status: 'new', line: 1, paper: { title: 'A new paper', authors: [], tags: [], year: 2020 } },
        {
          status: 'duplicate',
          line: 8,
          paper: { title: 'Already here', authors: [], tags: [] },
          existingId: homePaperId(7),
          matchedBy: 'doi',
        },
        { status: 'invalid', line: 15, reason: 'The entry has no title' },
      ],
      counts: { new: 1, duplicate: 1, invalid: 1 },
    });
    const { requests } = stubApi({
      'GET /api/research/home': researchHomeFixture([], {
        projects: [
          {
            id: projectId(1),
            title: 'Thesis',
            question: '',
            paperCount: 0,
            updatedAt: '2026-11-20T10:00:00.000Z',
          },
        ],
      }),
      'POST /api/research/import/preview': preview,
      'POST /api/research/import': { created: [homePaperId(8)], existing: [homePaperId(7)], invalid: 1 },
    });
    const u = userEvent.setup();
    renderApp('/research');
    await u.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import papers' });
    const text = '@article{a, title={A new paper}}';
    await u.click(within(dialog).getByRole('textbox', { name: 'Bibliography' }));
    await u.paste(text);
    await u.click(within(dialog).getByRole('combobox', { name: 'Add to a project' }));
    await u.click(screen.getByRole('option', { name: 'Thesis' }));
    await u.click(within(dialog).getByRole('button', { name: 'Preview' }));

    expect(await within(dialog).findByText('1 new, 1 already here, 1 invalid')).toBeVisible();
    const entries = within(within(dialog).getByRole('list', { name: 'Entries of the file' })).getAllByRole(
      'listitem',
    );
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'NewA new paper (2020)',
      'Already hereAlready here — the paper already here',
      'InvalidLine 15: The entry has no title',
    ]);
    expect(within(dialog).getByRole('link', { name: 'the paper already here' })).toHaveAttribute(
      'href',
      `/research_center/papers/${homePaperId(7)}`,
    );
    expect(requests('POST /api/research/import')).toHaveLength(0);
    expect(requests('POST /api/research/import/preview')[0]?.body).toEqual({
      text,
      visibility: 'public',
      addToQueue: true,
      projectId: projectId(1),
    });

    await u.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('1 added, 1 already here, 1 skipped.')).toBeVisible();
    expect(requests('POST /api/research/import')).toHaveLength(1);
  });
});

describe('Notes', () => {
  async function editorView(): Promise<EditorView> {
    const content = await screen.findByRole('textbox', { name: 'Note, in Markdown' });
    const view = EditorView.findFromDOM(content);
    if (!view) throw new Error('No editor');
    return view;
  }

  function typeInEditor(view: EditorView, text: string) {
    act(() => {
      const end = view.state.doc.length;
      view.dispatch({
        changes: { from: end, insert: text },
        selection: { anchor: end + text.length },
        userEvent: 'input.type',
      });
    });
  }

  it('opens the note from the address, autosaves it, and publishes it as a card', async () => {
    signIn();
    const notePath = `/api/research/notes/${homePaperId(3)}`;
    const { requests } = stubApi({
      'GET /api/research/home': researchHomeFixture(queue),
      [`GET /api/research/papers/${homePaperId(3)}`]: paperDetailFixture(3, {
        body: 'First thoughts.',
        publishedCardId: null,
      }),
      [`PUT ${notePath}`]: ({ body }) =>
        jsonResponse(200, {
          body: (body as { body: string }).body,
          publishedCardId: null,
          updatedAt: '2026-11-27T10:00:00.000Z',
        }),
      [`POST ${notePath}/publish`]: { cardId: noteCardId(1) },
    });
    renderApp(`/research?paper=${homePaperId(3)}`, { strict: true });

    expect(await screen.findByText(/Only you can see this note/)).toBeVisible();
    const view = await editorView();
    expect(view.state.doc.toString()).toBe('First thoughts.');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');

    typeInEditor(view, ' Then more.');
    expect(screen.getByRole('status')).toHaveTextContent('Not saved yet');
    await waitFor(() =>
      expect(requests(`PUT ${notePath}`).map((r) => r.body)).toEqual([
        { body: 'First thoughts. Then more.' },
      ]),
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved'));

    // Publishing saves what was typed since first, then says where the card is.
    typeInEditor(view, ' Last words.');
    await userEvent.click(screen.getByRole('button', { name: 'Publish as card' }));
    expect(await screen.findByRole('link', { name: 'a card' })).toHaveAttribute(
      'href',
      `/cards/${noteCardId(1)}`,
    );
    expect(screen.getByRole('button', { name: 'Update the card' })).toBeVisible();
    expect(requests(`PUT ${notePath}`).map((r) => r.body)).toEqual([
      { body: 'First thoughts. Then more.' },
      { body: 'First thoughts. Then more. Last words.' },
    ]);
    expect(requests(`POST ${notePath}/publish`)).toHaveLength(1);
  });

  it('saves what was typed when the note is closed before the pause', async () => {
    signIn();
    const notePath = `/api/research/notes/${homePaperId(3)}`;
    const { requests } = stubApi({
      'GET /api/research/home': researchHomeFixture(queue),
      [`GET /api/research/papers/${homePaperId(3)}`]: paperDetailFixture(3),
      [`PUT ${notePath}`]: { body: 'Quick', publishedCardId: null, updatedAt: '2026-11-27T10:00:00.000Z' },
    });
    renderApp('/research');
    await userEvent.click(await screen.findByRole('button', { name: 'Open note' }));
    const view = await editorView();
    typeInEditor(view, 'Quick');
    await userEvent.click(screen.getByRole('button', { name: 'Close note' }));
    await waitFor(() => expect(requests(`PUT ${notePath}`).map((r) => r.body)).toEqual([{ body: 'Quick' }]));
  });
});
