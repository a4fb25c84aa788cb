import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Extraction } from '../../../contracts/extractor.ts';
import { errorCatalogue } from '../../../contracts/errors.ts';
import { errorResponse, jsonResponse, stubApi, type StubRoute } from '../../test/api-stub.ts';
import { renderApp, signIn } from '../../test/render.tsx';
import {
  defaults,
  documentFixture,
  extractionFixture,
  extractionId,
  jobFixture,
  jobId,
  listItemFixture,
  otherExtractionId,
  otherJobId,
  previewFixture,
  sha256,
  usageFixture,
} from './test-fixtures.ts';

const page = '/github_extractor';
const openPage = `${page}?extraction=${extractionId}`;
const extractions = '/api/extractor/extractions';
const extractionApi = `${extractions}/${extractionId}`;

/** What every signed-in visit reads: the history (empty unless given) and the usage. */
function routes(extra: Record<string, StubRoute | object | null>) {
  return { [`GET ${extractions}`]: { items: [] }, 'GET /api/extractor/usage': usageFixture(), ...extra };
}

const queued = (overrides: Parameters<typeof extractionFixture>[0] = {}) =>
  extractionFixture({
    status: 'queued',
    ref: null,
    commit: null,
    bytesRead: 0,
    finishedAt: null,
    ...overrides,
  });

/** A finished comparison of `main` with `v1`. */
const compared = (base: string) =>
  extractionFixture({
    mode: 'document',
    source: { ...extractionFixture().source, compareTo: 'v1' } as Extraction['source'],
    baseCommit: base,
    document: documentFixture({
      summary: {
        ...documentFixture().summary,
        changes: {
          base: 'v1',
          baseCommit: base,
          added: 1,
          modified: 1,
          deleted: 1,
          additions: 12,
          deletions: 3,
          files: [
            { path: 'docs/old.md', status: 'deleted', additions: 0, deletions: 3 },
            { path: 'logo.png', status: 'modified', additions: null, deletions: null },
            { path: 'src/new.ts', status: 'added', additions: 12, deletions: 0 },
          ],
        },
      },
    }),
  });

describe('/github_extractor', () => {
  it('shows a visitor what it does, with sign-in and sign-up links instead of the form', async () => {
    renderApp(page);
    expect(await screen.findByRole('heading', { level: 1, name: 'Repository extractor' })).toBeVisible();
    const main = within(screen.getByRole('main'));
    expect(main.getByText(/into one clean text with exact token counts/)).toBeVisible();
    expect(main.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fgithub_extractor',
    );
    expect(main.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/signup?next=%2Fgithub_extractor',
    );
    expect(main.queryByRole('form', { name: 'Repository to extract' })).not.toBeInTheDocument();
  });

  it('starts a preview with the address, branch, folder, token and default options, once, and opens it', async () => {
    signIn();
    const started = queued();
    const { requests } = stubApi(
      routes({
        [`POST ${extractions}`]: () => jsonResponse(202, started),
        [`GET ${extractionApi}`]: started,
        [`GET /api/jobs/${jobId}`]: jobFixture({ status: 'queued' }),
      }),
    );
    const u = userEvent.setup();
    const { router } = renderApp(page, { strict: true });

    expect(await screen.findByText('1 of 3 running · 120 MB of 10 GB read today')).toBeVisible();
    await u.type(
      screen.getByRole('textbox', { name: /Repository address/ }),
      ' https://github.com/ada/engine ',
    );
    await u.type(screen.getByRole('textbox', { name: 'Branch, tag or commit' }), 'main');
    await u.type(screen.getByRole('textbox', { name: 'Folder' }), 'src');
    const token = screen.getByLabelText('Access token');
    expect(token).toHaveAttribute('type', 'password');
    expect(token).toHaveAttribute('autocomplete', 'off');
    await u.type(token, 'ghp_secret');
    await u.click(screen.getByRole('button', { name: 'Preview' }));

    await waitFor(() => expect(router.state.location.search).toBe(`?extraction=${extractionId}`));
    expect(requests(`POST ${extractions}`).map((request) => request.body)).toEqual([
      {
        source: { kind: 'git', url: 'https://github.com/ada/engine', ref: 'main', folder: 'src' },
        token: 'ghp_secret',
        mode: 'preview',
        options: defaults,
      },
    ]);
    const heading = await screen.findByRole('heading', { level: 2, name: 'ada/engine' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByText('Waiting to start')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeVisible();
    // The token stays out of the address.
    expect(router.state.location.search).not.toContain('ghp');
    expect(requests(`POST ${extractions}`)).toHaveLength(1);
  });

  it('checks the fields with the contract before sending anything', async () => {
    signIn();
    const { requests } = stubApi(routes({}));
    const u = userEvent.setup({ applyAccept: false });
    renderApp(page);

    await u.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Give a repository address')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Repository address/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await u.type(
      screen.getByRole('textbox', { name: /Repository address/ }),
      'https://github.com/ada/engine',
    );
    await u.click(screen.getByRole('button', { name: /^Options/ }));
    const cap = screen.getByRole('textbox', { name: 'Size cap per file (KB)' });
    expect(cap).toHaveValue('512');
    await u.clear(cap);
    await u.type(cap, '0');
    await u.click(screen.getByRole('button', { name: 'Extract now' }));
    expect(await screen.findByText('Give a whole number of KB from 1 to 10,240.')).toBeVisible();

    // An archive is checked by its name and size before it is sent.
    await u.click(screen.getByRole('button', { name: 'Upload an archive' }));
    await u.upload(screen.getByLabelText('Archive to upload'), new File(['text'], 'notes.txt'));
    expect(await screen.findByText(errorCatalogue['extractor/not-an-archive'].message)).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Preview' }));

    expect(requests(`POST ${extractions}`)).toHaveLength(0);
    expect(requests('POST /api/extractor/uploads')).toHaveLength(0);
  });

  it('uploads an archive as bytes, then extracts it by its SHA-256', async () => {
    signIn();
    const started = queued({ source: { kind: 'upload', name: 'engine.zip', sha256, bytes: 4 } });
    const { fetchMock, requests } = stubApi(
      routes({
        'POST /api/extractor/uploads': () => jsonResponse(201, { sha256, name: 'engine.zip', bytes: 4 }),
        [`POST ${extractions}`]: () => jsonResponse(202, started),
        [`GET ${extractionApi}`]: started,
        [`GET /api/jobs/${jobId}`]: jobFixture({ status: 'queued' }),
      }),
    );
    const u = userEvent.setup();
    renderApp(page);
    await u.click(await screen.findByRole('button', { name: 'Upload an archive' }));
    await u.upload(screen.getByLabelText('Archive to upload'), new File(['PK..'], 'engine.zip'));
    expect(screen.getByText('engine.zip · 4 bytes')).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Extract now' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'engine.zip' })).toBeVisible();
    const uploads = requests('POST /api/extractor/uploads');
    expect(uploads.map((request) => request.query.get('name'))).toEqual(['engine.zip']);
    const uploadCall = fetchMock.mock.calls.find(([input]) =>
      String(input).startsWith('/api/extractor/uploads'),
    );
    expect(new Headers(uploadCall?.[1]?.headers).get('Content-Type')).toBe('application/octet-stream');
    expect(uploadCall?.[1]?.body).toBeInstanceOf(Blob);
    expect(requests(`POST ${extractions}`).map((request) => request.body)).toEqual([
      { source: { kind: 'upload', sha256 }, mode: 'document', options: defaults },
    ]);
  });

  it('says why an upload was refused, beside the file', async () => {
    signIn();
    stubApi(
      routes({
        'POST /api/extractor/uploads': () =>
          errorResponse(422, 'extractor/not-an-archive', errorCatalogue['extractor/not-an-archive'].message),
      }),
    );
    const u = userEvent.setup();
    renderApp(page);
    await u.click(await screen.findByRole('button', { name: 'Upload an archive' }));
    await u.upload(screen.getByLabelText('Archive to upload'), new File(['nope'], 'fake.tar.gz'));
    await u.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      errorCatalogue['extractor/not-an-archive'].message,
    );
  });

  it('shows the preview tree with its sums; toggling a folder moves the estimate and the exclude globs sent', async () => {
    signIn();
    const rerun = queued({ id: otherExtractionId, jobId: otherJobId, mode: 'document' });
    const { requests } = stubApi(
      routes({
        [`GET ${extractionApi}`]: extractionFixture({ preview: previewFixture() }),
        [`POST ${extractionApi}/rerun`]: () => jsonResponse(202, rerun),
        [`GET ${extractions}/${otherExtractionId}`]: rerun,
        [`GET /api/jobs/${otherJobId}`]: jobFixture({ id: otherJobId, status: 'queued' }),
      }),
    );
    const u = userEvent.setup();
    const { router } = renderApp(openPage);

    expect(await screen.findByText('≈ 16,000 tokens with these choices')).toBeVisible();
    expect(screen.getByText('main @ 0123456', { exact: false })).toBeVisible();
    const tree = screen.getByRole('list', { name: 'Files of the repository' });
    // Folders start closed: only the top level is there.
    expect(within(tree).queryByRole('checkbox', { name: 'Exclude src/generated' })).not.toBeInTheDocument();
    const src = within(tree).getByRole('button', { name: 'src/' });
    expect(src).toHaveAttribute('aria-expanded', 'false');
    expect(within(tree).getByText('4 of 4 files included · ≈ 13,500 tokens')).toBeVisible();
    expect(within(tree).getByRole('checkbox', { name: 'Exclude package-lock.json' })).toBeDisabled();
    expect(within(tree).getByText(/excluded: left out by default/)).toBeVisible();

    await u.click(src);
    expect(src).toHaveAttribute('aria-expanded', 'true');
    const generated = within(tree).getByRole('checkbox', { name: 'Exclude src/generated' });
    expect(generated).not.toBeChecked();
    await u.click(generated);

    expect(generated).toBeChecked();
    expect(screen.getByText('≈ 4,000 tokens with these choices')).toBeVisible();
    expect(within(tree).getByText('2 of 4 files included · ≈ 1,500 tokens · 2 excluded')).toBeVisible();
    // The toggle is an exclude glob, which the options panel shows.
    await u.click(screen.getByRole('button', { name: /^Options/ }));
    expect(screen.getByRole('textbox', { name: 'Exclude' })).toHaveValue('src/generated/**');
    // The suggestion with the same glob shows as taken.
    expect(screen.getByRole('checkbox', { name: /^Exclude src\/generated\/\*\*/ })).toBeChecked();

    await u.click(screen.getByRole('button', { name: 'Extract with these choices' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?extraction=${otherExtractionId}`));
    expect(requests(`POST ${extractionApi}/rerun`).map((request) => request.body)).toEqual([
      { mode: 'document', options: { ...defaults, exclude: ['src/generated/**'] } },
    ]);
  });

  it('takes and drops an exclude suggestion, with the estimate following', async () => {
    signIn();
    stubApi(routes({ [`GET ${extractionApi}`]: extractionFixture({ preview: previewFixture() }) }));
    const u = userEvent.setup();
    renderApp(openPage);
    const suggestion = await screen.findByRole('checkbox', { name: /^Exclude test\/\*\*/ });
    expect(suggestion).toHaveAccessibleName(/tests · 1 file · saves ≈ 2,000 tokens/);
    await u.click(suggestion);
    expect(suggestion).toBeChecked();
    expect(screen.getByText('≈ 14,000 tokens with these choices')).toBeVisible();
    const tree = screen.getByRole('list', { name: 'Files of the repository' });
    expect(within(tree).getByRole('checkbox', { name: 'Exclude test' })).toBeChecked();
    await u.click(suggestion);
    expect(suggestion).not.toBeChecked();
    expect(screen.getByText('≈ 16,000 tokens with these choices')).toBeVisible();
    expect(within(tree).getByRole('checkbox', { name: 'Exclude test' })).not.toBeChecked();
  });

  it('shows the document: summary, secrets and parts to copy or download', async () => {
    signIn();
    const { requests } = stubApi(
      routes({
        [`GET ${extractionApi}`]: extractionFixture({
          mode: 'document',
          document: documentFixture({ cached: true }),
        }),
        [`GET ${extractionApi}/parts/1`]: () =>
          new Response('# ada/engine\n\nPart one.', {
            status: 200,
            headers: { 'Content-Type': 'text/plain' },
          }),
      }),
    );
    const u = userEvent.setup();
    renderApp(openPage);

    const parts = await screen.findByRole('list', { name: 'Parts' });
    expect(within(parts).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(parts).getByText('9,000 tokens · 3 files · README.md – src/generated/types.ts'),
    ).toBeVisible();
    expect(screen.getByText(/15,912 \(exact, GPT-4o/)).toBeVisible();
    expect(screen.getByText(/From the cache/)).toBeVisible();
    expect(screen.getByText('src/util.ts, line 12')).toBeVisible();
    expect(screen.getByText(/Each is replaced with a marker/)).toBeVisible();

    await u.click(within(parts).getByRole('button', { name: 'Copy part 1 of 2' }));
    expect(await within(parts).findByText('Copied part 1 of 2: 9,000 tokens.')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe('# ada/engine\n\nPart one.');
    expect(requests(`GET ${extractionApi}/parts/1`)).toHaveLength(1);

    const download = within(parts).getByRole('link', { name: 'Download part 2 of 2' });
    expect(download).toHaveAttribute('href', `${extractionApi}/parts/2?download=1`);
    expect(download).toHaveAttribute('download', 'ada-engine.part-2-of-2.md');
    expect(screen.getByRole('link', { name: 'Download all (.zip)' })).toHaveAttribute(
      'href',
      `${extractionApi}/download`,
    );
  });

  it('sends the ref to compare with', async () => {
    signIn();
    const started = queued({
      source: { ...extractionFixture().source, compareTo: 'v1' } as Extraction['source'],
    });
    const { requests } = stubApi(
      routes({
        [`POST ${extractions}`]: () => jsonResponse(202, started),
        [`GET ${extractionApi}`]: started,
        [`GET /api/jobs/${jobId}`]: jobFixture({ status: 'queued' }),
      }),
    );
    const u = userEvent.setup();
    renderApp(page);
    await u.type(
      await screen.findByRole('textbox', { name: /Repository address/ }),
      'https://github.com/ada/engine',
    );
    await u.type(screen.getByRole('textbox', { name: 'Compare with' }), 'v1');
    await u.click(screen.getByRole('button', { name: 'Extract now' }));
    await waitFor(() => expect(requests(`POST ${extractions}`)).toHaveLength(1));
    expect(requests(`POST ${extractions}`)[0]?.body).toMatchObject({
      source: { kind: 'git', url: 'https://github.com/ada/engine', compareTo: 'v1' },
      mode: 'document',
    });
  });

  it('shows a comparison’s two commits and what changed, instead of module cards', async () => {
    signIn();
    const base = 'fedcba9876543210fedcba9876543210fedcba98';
    stubApi(routes({ [`GET ${extractionApi}`]: compared(base) }));
    renderApp(openPage);
    const changed = await screen.findByRole('list', { name: 'Changed files' });
    expect(
      within(changed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['docs/old.mddeleted, +0 −3', 'logo.pngmodified, not text', 'src/new.tsadded, +12 −0']);
    expect(
      screen.getByText(/Since v1 \(fedcba9\): 1 added, 1 modified, 1 deleted; 12 lines added, 3 removed/),
    ).toBeVisible();
    expect(screen.getByText('v1 @ fedcba9 → main @ 0123456')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Module cards' })).not.toBeInTheDocument();
  });

  it('makes the module cards once, with the visibility chosen, then links each card and its module', async () => {
    signIn();
    const cards = [
      { id: '11111111-1111-4111-8111-111111111111', title: 'ada/engine', module: null },
      { id: '22222222-2222-4222-8222-222222222222', title: 'ada/engine · core', module: 'packages/core' },
    ];
    const { requests } = stubApi(
      routes({
        [`GET ${extractionApi}`]: extractionFixture({ mode: 'document', document: documentFixture() }),
        [`POST ${extractionApi}/cards`]: () => jsonResponse(201, { cards }),
      }),
    );
    const u = userEvent.setup();
    renderApp(openPage);

    const section = await screen.findByRole('region', { name: 'Module cards' });
    await u.click(within(section).getByRole('combobox', { name: 'Who sees them' }));
    await u.click(await screen.findByRole('option', { name: 'Unlisted: anyone with the link' }));
    await u.click(within(section).getByRole('button', { name: 'Make cards' }));

    const made = await within(section).findByRole('list', { name: 'Cards made' });
    expect(within(made).getByRole('link', { name: 'ada/engine · core' })).toHaveAttribute(
      'href',
      `/cards/${cards[1]!.id}`,
    );
    expect(within(made).getAllByRole('link', { name: 'Open in the visualiser' })[0]).toHaveAttribute(
      'href',
      `/code_visualizer?extraction=${extractionId}&path=packages%2Fcore`,
    );
    expect(within(made).getByRole('link', { name: 'Open the repository in the visualiser' })).toHaveAttribute(
      'href',
      `/code_visualizer?extraction=${extractionId}`,
    );
    const sent = requests(`POST ${extractionApi}/cards`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ visibility: 'unlisted' });
  });

  it('says in words why a running job failed, and tries again with the token given', async () => {
    signIn();
    let stored = extractionFixture({ status: 'running', finishedAt: null });
    const rerun = queued({ id: otherExtractionId, jobId: otherJobId });
    const { requests } = stubApi(
      routes({
        [`GET ${extractionApi}`]: () => jsonResponse(200, stored),
        [`GET /api/jobs/${jobId}`]: () => {
          stored = extractionFixture({ status: 'failed', errorCode: 'extractor/needs-token', preview: null });
          return jsonResponse(
            200,
            jobFixture({
              status: 'failed',
              errorCode: 'extractor/needs-token',
              finishedAt: '2026-11-25T10:00:03.000Z',
            }),
          );
        },
        [`POST ${extractionApi}/rerun`]: () => jsonResponse(202, rerun),
        [`GET ${extractions}/${otherExtractionId}`]: rerun,
        [`GET /api/jobs/${otherJobId}`]: jobFixture({ id: otherJobId, status: 'queued' }),
      }),
    );
    const u = userEvent.setup();
    renderApp(openPage);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(errorCatalogue['extractor/needs-token'].message);
    await u.type(screen.getByLabelText('Access token'), 'ghp_again');
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(requests(`POST ${extractionApi}/rerun`).map((request) => request.body)).toEqual([
        { mode: 'preview', options: defaults, token: 'ghp_again' },
      ]),
    );
  });

  it('follows a running job’s progress and cancels it', async () => {
    signIn();
    let stored = extractionFixture({ status: 'running', finishedAt: null });
    const { requests } = stubApi(
      routes({
        [`GET ${extractionApi}`]: () => jsonResponse(200, stored),
        [`GET /api/jobs/${jobId}`]: jobFixture({
          stage: 'Reading files',
          done: 30,
          total: 120,
          message: 'src/index.ts',
        }),
        [`POST /api/jobs/${jobId}/cancel`]: () => {
          stored = extractionFixture({ status: 'cancelled' });
          return jsonResponse(
            200,
            jobFixture({
              status: 'cancelled',
              updatedAt: '2026-11-25T10:00:09.000Z',
              finishedAt: '2026-11-25T10:00:09.000Z',
            }),
          );
        },
      }),
    );
    const u = userEvent.setup();
    renderApp(openPage);

    const stage = await screen.findByText('Reading files');
    expect(stage).toHaveAttribute('role', 'status');
    expect(stage.parentElement).toHaveTextContent('Reading files · 30 of 120');
    expect(screen.getByText('src/index.ts')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Progress of the extraction' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('This run was cancelled.')).toBeVisible();
    expect(requests(`POST /api/jobs/${jobId}/cancel`)).toHaveLength(1);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('lists past extractions, opens one by the address, and deletes one after asking', async () => {
    signIn();
    let listed = [
      listItemFixture({ mode: 'document', tokens: 15_912, parts: 2 }),
      listItemFixture({
        id: otherExtractionId,
        jobId: otherJobId,
        source: { kind: 'upload', name: 'engine.zip', sha256, bytes: 4 },
        ref: null,
        commit: null,
        status: 'failed',
        errorCode: 'extractor/archive-refused',
      }),
    ];
    const { requests } = stubApi(
      routes({
        [`GET ${extractions}`]: () => jsonResponse(200, { items: listed }),
        [`GET ${extractionApi}`]: extractionFixture({ mode: 'document', document: documentFixture() }),
        [`DELETE ${extractionApi}`]: () => {
          listed = listed.slice(1);
          return new Response(null, { status: 204 });
        },
      }),
    );
    const u = userEvent.setup();
    const { router } = renderApp(page, { strict: true });

    const history = await screen.findByRole('list', { name: 'Your extractions' });
    const rows = within(history).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/main @ 0123456 · Document · Done · 15,912 tokens · 2 parts/);
    expect(rows[1]).not.toHaveTextContent(/part/);
    expect(rows[1]).toHaveTextContent(/engine\.zip.*Preview · Failed/);

    await u.click(within(history).getByRole('link', { name: 'ada/engine' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?extraction=${extractionId}`));
    expect(await screen.findByRole('heading', { level: 2, name: 'ada/engine' })).toBeVisible();
    expect(within(history).getByRole('link', { name: 'ada/engine' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('list', { name: 'Parts' })).toBeVisible();

    await u.click(within(history).getByRole('button', { name: /^Delete the extraction of ada\/engine/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the extraction of ada/engine?' });
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(1));
    expect(requests(`DELETE ${extractionApi}`)).toHaveLength(1);
    // Opening and reloading never starts a run.
    expect(requests(`POST ${extractions}`)).toHaveLength(0);
    expect(requests(`POST ${extractionApi}/rerun`)).toHaveLength(0);
  });
});
