import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BuilderEvent } from '../../../contracts/blog-builder.ts';
import { errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import { deckFixture, deckIdOf } from '../../test/deck-fixtures.ts';
import { renderApp, signIn } from '../../test/render.tsx';
import {
  cardId,
  controlledStream,
  draftFixture,
  draftedSession,
  ndjson,
  outlineFixture,
  postId,
  sessionFixture,
  sessionId,
  sourceFixture,
  streamResponse,
  usageFixture,
  versionFixture,
} from './test-fixtures.ts';

const base = `/api/blog-builder/sessions/${sessionId}`;
const sessionPage = `/blog_builder?session=${sessionId}`;

describe('/blog_builder', () => {
  it('asks a visitor to sign in', async () => {
    renderApp('/blog_builder');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog builder' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fblog_builder',
    );
  });

  it('finds cards, adds and removes them with their tokens, says what was refused, and starts', async () => {
    signIn();
    const { requests } = stubApi({
      'GET /api/blog-builder/sessions': {
        items: [{ id: sessionId, title: 'Older post', sources: 3, updatedAt: '2026-11-20T10:00:00.000Z' }],
      },
      'GET /api/blog-builder/sources': {
        cards: [sourceFixture(1), sourceFixture(2), sourceFixture(3)],
        refused: [
          { ref: cardId(9), reason: 'private' },
          { ref: cardId(10), reason: 'private' },
        ],
      },
      'POST /api/blog-builder/sessions': sessionFixture(),
      [`GET ${base}`]: sessionFixture(),
    });
    const u = userEvent.setup();
    const { router } = renderApp('/blog_builder');

    const recent = await screen.findByRole('region', { name: 'Recent sessions' });
    expect(within(recent).getByRole('link', { name: 'Older post' })).toBeVisible();

    await u.type(screen.getByRole('textbox', { name: 'Words to look for' }), 'ranking');
    await u.click(screen.getByRole('button', { name: 'Find' }));
    const found = await screen.findByRole('region', { name: 'Cards found' });
    expect(requests('GET /api/blog-builder/sources').map((r) => r.query.toString())).toEqual([
      'by=search&value=ranking',
    ]);
    expect(within(found).getByRole('alert')).toHaveTextContent(
      '2 cards could not be read (they are private to someone else, or gone) and were left out.',
    );

    await u.click(within(found).getByRole('checkbox', { name: /Card 1/ }));
    await u.click(within(found).getByRole('checkbox', { name: /Card 3/ }));
    await u.click(within(found).getByRole('button', { name: 'Add 2 cards' }));
    const chosen = screen.getByRole('list', { name: 'Chosen cards' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Card 1 · Grace Hopper · 1,000 tokens', 'Card 3 · Grace Hopper · 3,000 tokens']);
    expect(screen.getByText('4,000 of 60,000 tokens')).toBeVisible();
    expect(screen.getByText(/^2 of at most 50 cards/)).toBeVisible();
    expect(screen.getByRole('progressbar', { name: '4,000 of 60,000 tokens' })).toHaveAttribute(
      'aria-valuenow',
      '7',
    );

    await u.click(screen.getByRole('button', { name: 'Remove Card 3' }));
    expect(screen.getByText('1,000 of 60,000 tokens')).toBeVisible();

    await u.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?session=${sessionId}`));
    expect(requests('POST /api/blog-builder/sessions').map((r) => r.body)).toEqual([
      { cardIds: [cardId(1)] },
    ]);
    expect(await screen.findByRole('button', { name: 'Make outline' })).toBeVisible();
  });

  it('offers the person’s decks to find cards by, and asks by the deck’s id', async () => {
    signIn();
    const { requests } = stubApi({
      'GET /api/blog-builder/sessions': { items: [] },
      'GET /api/play/decks': {
        items: [deckFixture(1, { name: 'Ranking' }), deckFixture(2, { name: 'Search' })],
      },
      'GET /api/blog-builder/sources': { cards: [], refused: [] },
    });
    const u = userEvent.setup();
    renderApp('/blog_builder');
    await u.selectOptions(await screen.findByRole('combobox', { name: 'Find cards by' }), 'Deck');
    await u.selectOptions(await screen.findByRole('combobox', { name: 'Deck' }), 'Search');
    await u.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('No cards found.')).toBeVisible();
    expect(requests('GET /api/blog-builder/sources').map((r) => r.query.toString())).toEqual([
      `by=deck&value=${deckIdOf(2)}`,
    ]);
  });

  it('saves a changed source set of an open session', async () => {
    signIn();
    const { requests } = stubApi({
      [`GET ${base}`]: sessionFixture({ outline: outlineFixture }),
      [`PUT ${base}/sources`]: sessionFixture({ sources: [sourceFixture(1)] }),
    });
    const u = userEvent.setup();
    renderApp(sessionPage);
    await u.click(await screen.findByRole('tab', { name: /Sources/ }));
    expect(screen.getByRole('tabpanel', { name: 'Sources' })).toBeVisible();
    const save = screen.getByRole('button', { name: 'Save sources' });
    expect(save).toBeDisabled();
    await u.click(screen.getByRole('button', { name: 'Remove Card 2' }));
    await u.click(save);
    await waitFor(() =>
      expect(requests(`PUT ${base}/sources`).map((r) => r.body)).toEqual([{ cardIds: [cardId(1)] }]),
    );
  });

  it('shows the server’s refusal of the sources with its message', async () => {
    signIn();
    stubApi({
      'GET /api/blog-builder/sessions': { items: [] },
      'GET /api/blog-builder/sources': { cards: [sourceFixture(1)], refused: [] },
      'POST /api/blog-builder/sessions': () =>
        errorResponse(
          422,
          'blog-builder/too-many-sources',
          'Those cards are more than the builder can read at once. Remove some and try again.',
        ),
    });
    const u = userEvent.setup();
    renderApp('/blog_builder');
    await u.selectOptions(await screen.findByRole('combobox', { name: 'Find cards by' }), 'Tag');
    await u.type(screen.getByRole('textbox', { name: 'Tag' }), 'ml');
    await u.click(screen.getByRole('button', { name: 'Find' }));
    await u.click(await screen.findByRole('checkbox', { name: /Card 1/ }));
    await u.click(screen.getByRole('button', { name: 'Add 1 card' }));
    await u.click(screen.getByRole('button', { name: 'Start' }));
    expect(
      await screen.findByText(
        'Those cards are more than the builder can read at once. Remove some and try again.',
      ),
    ).toBeVisible();
  });

  it('streams the outline into an editable list and saves the edited outline', async () => {
    signIn();
    const withOutline = sessionFixture({ outline: outlineFixture });
    let outlined = false;
    const { requests } = stubApi({
      [`GET ${base}`]: () =>
        new Response(JSON.stringify(outlined ? withOutline : sessionFixture()), { status: 200 }),
      [`POST ${base}/outline`]: () => {
        outlined = true;
        return streamResponse([
          ndjson([
            { t: 'mode', mode: 'model', notice: null },
            { t: 'delta', text: '# Ranking' },
          ]),
          ndjson([{ t: 'outline', outline: outlineFixture }]).slice(0, 20),
          ndjson([{ t: 'outline', outline: outlineFixture }]).slice(20),
          ndjson([{ t: 'usage', usage: usageFixture({ requestsToday: 4 }) }]),
        ]);
      },
      [`PUT ${base}/outline`]: withOutline,
    });
    const u = userEvent.setup();
    renderApp(sessionPage);

    await u.click(await screen.findByRole('button', { name: 'Make outline' }));
    expect(await screen.findByRole('textbox', { name: 'Title of the post' })).toHaveValue(
      'Ranking for beginners',
    );
    expect(requests(`POST ${base}/outline`).map((r) => r.body)).toEqual([{ mode: 'auto' }]);
    expect(await screen.findByText('The outline is ready.')).toBeVisible();
    expect(screen.getByText('Written by the language model')).toBeVisible();
    expect(screen.getByText(/^4 of 20 model requests today/)).toBeVisible();

    const sections = within(screen.getByRole('list', { name: 'Sections' }));
    await u.clear(sections.getByRole('textbox', { name: 'Heading of section 2' }));
    await u.type(sections.getByRole('textbox', { name: 'Heading of section 2' }), 'How it works');
    await u.click(sections.getByRole('button', { name: 'Move section 2 up' }));
    await u.click(sections.getByRole('img', { name: 'Remove Card 2 from section 2' }));
    await u.selectOptions(sections.getByRole('combobox', { name: 'Add a card to section 1' }), 'Card 2');
    await u.click(screen.getByRole('button', { name: 'Add section' }));
    expect(screen.getByRole('button', { name: 'Save outline' })).toBeDisabled();
    await u.type(sections.getByRole('textbox', { name: 'Heading of section 3' }), 'Next');
    await u.click(screen.getByRole('button', { name: 'Save outline' }));

    await waitFor(() =>
      expect(requests(`PUT ${base}/outline`).map((r) => r.body)).toEqual([
        {
          outline: {
            title: 'Ranking for beginners',
            sections: [
              { heading: 'How it works', cardIds: [cardId(1), cardId(2)] },
              { heading: 'Why rank', cardIds: [] },
              { heading: 'Next', cardIds: [] },
            ],
          },
        },
      ]),
    );
  });

  it('writes the draft live, then shows paragraphs with numbered citations and flags unsourced sentences', async () => {
    signIn();
    const stream = controlledStream();
    stubApi({
      [`GET ${base}`]: sessionFixture({ outline: outlineFixture }),
      [`POST ${base}/draft`]: () => stream.response,
    });
    const u = userEvent.setup();
    renderApp(sessionPage);
    await u.click(await screen.findByRole('button', { name: 'Write draft' }));
    expect(await screen.findByText('Writing the draft…')).toBeVisible();
    stream.send(ndjson([{ t: 'delta', text: 'People see only ' }]));
    stream.send(ndjson([{ t: 'delta', text: 'the top.' }]));
    const writing = await screen.findByRole('region', { name: 'Writing…' });
    await waitFor(() => expect(writing).toHaveTextContent('People see only the top.'));
    expect(screen.getByRole('button', { name: 'Stop' })).toBeVisible();

    stream.send(ndjson([{ t: 'version', version: versionFixture(1) }]));
    stream.end();
    const article = await screen.findByRole('article', { name: 'Ranking for beginners' });
    expect(await screen.findByText('Version 1 is ready.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Writing…' })).toBeNull();

    expect(
      within(article).getByText('1 sentence has no source. Check them, or give them a card.'),
    ).toBeVisible();
    const first = within(article).getAllByRole('link', { name: 'Source 1: Card 2' })[0]!;
    expect(first).toHaveAttribute('href', `/cards/${cardId(2)}`);
    expect(first).toHaveTextContent('[1]');
    expect(first.closest('sup')).not.toBeNull();
    expect(within(article).getByRole('link', { name: 'Source 2: Card 1' })).toHaveAttribute(
      'href',
      `/cards/${cardId(1)}`,
    );
    const unsourced = article.querySelectorAll('mark[data-unsourced]');
    expect([...unsourced].map((mark) => mark.textContent)).toEqual(['So order matters a lot.no source']);
    expect(
      within(article)
        .getAllByRole('paragraph')
        .map((p) => p.textContent),
    ).toEqual([
      'People see only the top of a list.[1] So order matters a lot.no source ',
      'Score each item, then sort.[2][1] ',
    ]);

    await u.click(screen.getByRole('tab', { name: 'Markdown' }));
    const markdown = screen.getByRole('region', { name: 'What the editor receives' });
    expect(markdown).toHaveTextContent('## Why rank');
    expect(markdown).toHaveTextContent('People see only the top of a list. So order matters a lot.[^1]');
    expect(markdown).toHaveTextContent(`[^2]: [Card 1](/cards/${cardId(1)})`);
  });

  it('keeps what was written when the stream fails, and Retry runs the step again', async () => {
    signIn();
    let calls = 0;
    const { requests } = stubApi({
      [`GET ${base}`]: sessionFixture({ outline: outlineFixture }),
      [`POST ${base}/draft`]: () => {
        calls += 1;
        return calls === 1
          ? streamResponse([
              ndjson([{ t: 'delta', text: 'People see only the top' }]),
              ndjson([
                { t: 'error', code: 'common/internal-error', message: 'The model stopped answering.' },
              ]),
            ])
          : streamResponse([ndjson([{ t: 'version', version: versionFixture(2) }])]);
      },
    });
    const u = userEvent.setup();
    renderApp(sessionPage);
    await u.click(await screen.findByRole('button', { name: 'Write draft' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The model stopped answering.');
    expect(screen.getByRole('region', { name: 'Written before the stop' })).toHaveTextContent(
      'People see only the top',
    );
    await u.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Version 2 is ready.')).toBeVisible();
    expect(requests(`POST ${base}/draft`).map((r) => r.body)).toEqual([{ mode: 'auto' }, { mode: 'auto' }]);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says so when the stream ends before the step’s result', async () => {
    signIn();
    stubApi({
      [`GET ${base}`]: sessionFixture({ outline: outlineFixture }),
      [`POST ${base}/draft`]: () => streamResponse([ndjson([{ t: 'delta', text: 'People see' }])]),
    });
    const u = userEvent.setup();
    renderApp(sessionPage);
    await u.click(await screen.findByRole('button', { name: 'Write draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The connection ended before the step was finished. Try again.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('stops a stream with Stop', async () => {
    signIn();
    const stream = controlledStream();
    stubApi({
      [`GET ${base}`]: sessionFixture({ outline: outlineFixture }),
      [`POST ${base}/draft`]: () => stream.response,
    });
    const u = userEvent.setup();
    renderApp(sessionPage);
    await u.click(await screen.findByRole('button', { name: 'Write draft' }));
    stream.send(ndjson([{ t: 'delta', text: 'Half a sentence' }]));
    await screen.findByRole('region', { name: 'Writing…' });
    await u.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Stopped. What was written so far is kept.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Written before the stop' })).toHaveTextContent(
      'Half a sentence',
    );
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  it('stops the writer when the page is left', async () => {
    signIn();
    const stream = controlledStream();
    const { fetchMock } = stubApi({
      [`GET ${base}`]: sessionFixture({ outline: outlineFixture }),
      [`POST ${base}/draft`]: () => stream.response,
    });
    const u = userEvent.setup();
    const { router } = renderApp(sessionPage);
    await u.click(await screen.findByRole('button', { name: 'Write draft' }));
    await screen.findByText('Writing the draft…');
    const init = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/draft'))?.[1];
    expect(init?.signal?.aborted).toBe(false);
    await router.navigate('/blog');
    await waitFor(() => expect(init?.signal?.aborted).toBe(true));
  });

  it('revises the draft into a new version and shows what changed', async () => {
    signIn();
    const revised = versionFixture(2, {
      instruction: 'Make it shorter.',
      sectionIndex: 1,
      mode: 'composer',
      complete: false,
      draft: {
        ...draftFixture,
        sections: [
          draftFixture.sections[0]!,
          {
            heading: 'How',
            paragraphs: [{ sentences: [{ text: 'Score, then sort.', cardIds: [cardId(1)] }] }],
          },
        ],
      },
    });
    const { requests } = stubApi({
      [`GET ${base}`]: draftedSession(),
      [`POST ${base}/revise`]: () =>
        streamResponse([
          ndjson([
            { t: 'mode', mode: 'composer', notice: 'The model is busy; the composer stood in.' },
            { t: 'version', version: revised },
          ]),
        ]),
    });
    const u = userEvent.setup();
    renderApp(sessionPage);
    // A session with a draft opens at Revise.
    const form = await screen.findByRole('form', { name: 'Revise the draft' });
    await u.click(within(form).getByRole('button', { name: 'Shorter' }));
    expect(within(form).getByRole('textbox', { name: 'How to revise it' })).toHaveValue('Make it shorter.');
    await u.selectOptions(within(form).getByRole('combobox', { name: 'Part to revise' }), 'Section 2: How');
    await u.click(within(form).getByRole('button', { name: 'Revise' }));

    expect(await screen.findByText('Version 2 is ready.')).toBeVisible();
    expect(requests(`POST ${base}/revise`).map((r) => r.body)).toEqual([
      { instruction: 'Make it shorter.', sectionIndex: 1, mode: 'auto' },
    ]);
    expect(screen.getByText('Composed from your cards (no model)')).toBeVisible();
    expect(screen.getByText('The model is busy; the composer stood in.')).toBeVisible();

    const versions = within(screen.getByRole('list', { name: 'Versions' })).getAllByRole('listitem');
    expect(versions.map((item) => item.textContent)).toEqual([
      'Version 2“Make it shorter.” (section 2: How)by the composerIncomplete',
      'Version 1First draftby the language model',
    ]);
    const diff = screen.getByRole('region', { name: 'Changes from version 1 to version 2' });
    expect([...diff.querySelectorAll('del')].map((el) => el.textContent)).toEqual(['[removed:  each item]']);
    expect([...diff.querySelectorAll('ins')].map((el) => el.textContent)).toEqual([]);

    await u.click(screen.getByRole('radio', { name: 'Version 1' }));
    expect(
      screen.getByText('Version 1 is the first: there is nothing before it to compare with.'),
    ).toBeVisible();
  });

  it('reads an older version from the API to show what the newest changed', async () => {
    signIn();
    // Version 1 was written before the page opened: the session holds only version 2 in full.
    const second = versionFixture(2, {
      instruction: 'Make it shorter.',
      draft: { ...draftFixture, title: 'Ranking, briefly' },
    });
    const { draft: _first, ...firstSummary } = versionFixture(1);
    const { draft: _second, ...secondSummary } = second;
    let failNext = true;
    const { requests } = stubApi({
      [`GET ${base}`]: draftedSession({ versions: [firstSummary, secondSummary], current: second }),
      [`GET ${base}/versions/1`]: () => {
        if (!failNext) return jsonResponse(200, versionFixture(1));
        failNext = false;
        return errorResponse(429, 'common/too-many-requests', 'Too many requests. Try again in a moment.');
      },
    });
    const u = userEvent.setup();
    renderApp(sessionPage);
    // The first answer fails: said, with a way to try again.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The versions to compare could not be loaded. Too many requests.',
    );
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    const diff = await screen.findByRole('region', { name: 'Changes from version 1 to version 2' });
    expect([...diff.querySelectorAll('ins')].map((el) => el.textContent)).toEqual(['[added: , briefly]']);
    // Version 2 was at hand; only version 1 was asked for, and each time only once.
    expect(requests(`GET ${base}/versions/2`)).toHaveLength(0);
    expect(requests(`GET ${base}/versions/1`)).toHaveLength(2);
  });

  it('opens the newest version in the editor', async () => {
    signIn();
    const { requests } = stubApi({
      [`GET ${base}`]: draftedSession(),
      [`POST ${base}/open`]: { postId },
    });
    const u = userEvent.setup();
    const { router } = renderApp(sessionPage);
    expect(await screen.findByText(/The builder never publishes/)).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Open in editor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/blog/write/${postId}`));
    expect(requests(`POST ${base}/open`)).toHaveLength(1);
  });

  it('asks for the composer when the switch is on', async () => {
    signIn();
    const events: BuilderEvent[] = [
      { t: 'mode', mode: 'composer', notice: null },
      { t: 'outline', outline: outlineFixture },
    ];
    const { requests } = stubApi({
      [`GET ${base}`]: sessionFixture(),
      [`POST ${base}/outline`]: () => streamResponse([ndjson(events)]),
    });
    const u = userEvent.setup();
    renderApp(sessionPage);
    await u.click(await screen.findByRole('switch', { name: 'Use the composer' }));
    await u.click(screen.getByRole('button', { name: 'Make outline' }));
    await waitFor(() =>
      expect(requests(`POST ${base}/outline`).map((r) => r.body)).toEqual([{ mode: 'composer' }]),
    );
    expect(await screen.findByText('Composed from your cards (no model)')).toBeVisible();
  });

  it('runs a step once under StrictMode', async () => {
    signIn();
    const { requests } = stubApi({
      [`GET ${base}`]: sessionFixture({ outline: outlineFixture }),
      [`POST ${base}/draft`]: () => streamResponse([ndjson([{ t: 'version', version: versionFixture(1) }])]),
    });
    const u = userEvent.setup();
    renderApp(sessionPage, { strict: true });
    await u.click(await screen.findByRole('button', { name: 'Write draft' }));
    expect(await screen.findByRole('article', { name: 'Ranking for beginners' })).toBeVisible();
    expect(requests(`POST ${base}/draft`)).toHaveLength(1);
  });
});
