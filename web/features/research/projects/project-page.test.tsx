import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, stubApi } from '../../../test/api-stub.ts';
import { renderApp, signIn } from '../../../test/render.tsx';
import {
  askResultFixture,
  homePaperId,
  literatureMapFixture,
  paperSummaryFixture,
  projectFixture,
  projectId,
  researchHomeFixture,
} from '../../../test/research-home-fixtures.ts';

// The map is laid out on a grid here: the real layout runs elkjs in a Web Worker, which jsdom does not have.
// jsdom has no Web Worker: the map is laid out by the plain grid here (elkjs's own layout is tested in
// literature-layout.test.ts, and in the browser by e2e/research.spec.ts).
vi.mock('../../../components/card-graph/worker-layout.ts', async () => ({
  workerLiteratureLayout: (await import('../../../components/card-graph/layout.ts')).gridLayout,
}));

// React Flow (in the lazily loaded map) measures with ResizeObserver and SVG boxes, which jsdom lacks.
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

const base = `/api/research/projects/${projectId(1)}`;
const project = projectFixture(1, [
  {
    paper: paperSummaryFixture(1, { title: 'Collaborative filtering for implicit feedback' }),
    annotation: 'Defines confidence weights.',
    note: 'Read section 4 twice.',
  },
  { paper: paperSummaryFixture(2, { title: 'BPR' }), annotation: '', note: null },
]);
const map = literatureMapFixture({
  nodes: [
    { paper: project.papers[0]!.paper, inProject: true, citedByCount: 0 },
    { paper: project.papers[1]!.paper, inProject: true, citedByCount: 0 },
    {
      paper: paperSummaryFixture(3, { title: 'Matrix factorization techniques' }),
      inProject: false,
      citedByCount: 2,
    },
  ],
  edges: [
    { from: homePaperId(1), to: homePaperId(3) },
    { from: homePaperId(2), to: homePaperId(3) },
  ],
});

function stubProject(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/research/home': researchHomeFixture([], { citationStyle: 'ieee' }),
    [`GET ${base}`]: project,
    [`GET ${base}/map`]: map,
    [`GET /api/research/papers/${homePaperId(1)}/cite`]: {
      style: 'ieee',
      text: '[1] Y. Hu, “Collaborative filtering…”',
      bibtex: '',
    },
    [`GET /api/research/papers/${homePaperId(2)}/cite`]: {
      style: 'ieee',
      text: '[2] S. Rendle, “BPR…”',
      bibtex: '',
    },
    ...extra,
  });
}

describe('/research/projects/:id', () => {
  it('shows the question, the papers with annotation and note, and saves an edited annotation', async () => {
    signIn();
    const { requests } = stubProject({ [`PUT ${base}/papers/${homePaperId(2)}`]: project });
    const u = userEvent.setup();
    renderApp(`/research/projects/${projectId(1)}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Project 1' })).toBeVisible();
    expect(screen.getByText('Does implicit feedback beat explicit ratings?')).toBeVisible();
    const papers = within(screen.getByRole('list', { name: 'Papers of the project' })).getAllByRole(
      'listitem',
    );
    expect(papers).toHaveLength(2);
    expect(
      within(papers[0]!).getByRole('textbox', {
        name: 'Annotation of Collaborative filtering for implicit feedback',
      }),
    ).toHaveValue('Defines confidence weights.');
    expect(papers[0]).toHaveTextContent('Your note: Read section 4 twice.');
    expect(within(papers[1]!).getByRole('link', { name: 'Write a note' })).toHaveAttribute(
      'href',
      `/research?paper=${homePaperId(2)}`,
    );

    const annotation = within(papers[1]!).getByRole('textbox', { name: 'Annotation of BPR' });
    await u.click(annotation);
    await u.paste('Pairwise ranking from implicit data.');
    expect(requests(`PUT ${base}/papers/${homePaperId(2)}`)).toHaveLength(0);
    await u.tab();
    await waitFor(() =>
      expect(requests(`PUT ${base}/papers/${homePaperId(2)}`).map((r) => r.body)).toEqual([
        { annotation: 'Pairwise ranking from implicit data.' },
      ]),
    );
    expect(await within(papers[1]!).findByText('Saved')).toBeVisible();
  });

  it('deletes the project after asking, and goes back to the research home', async () => {
    signIn();
    const { requests } = stubProject({ [`DELETE ${base}`]: () => new Response(null, { status: 204 }) });
    const u = userEvent.setup();
    const { router } = renderApp(`/research/projects/${projectId(1)}`);
    await u.click(await screen.findByRole('button', { name: 'Delete project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Project 1”?' });
    expect(requests(`DELETE ${base}`)).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/research'));
    expect(requests(`DELETE ${base}`)).toHaveLength(1);
    expect(await screen.findByText('Project “Project 1” deleted.')).toBeVisible();
  });

  it('links every export and prints the annotated bibliography in the person’s style', async () => {
    signIn();
    stubProject();
    renderApp(`/research/projects/${projectId(1)}`);
    const exports = await screen.findByRole('group', { name: 'Export the project' });
    expect(
      within(exports)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['BibTeX', `/api/research/export?format=bibtex&projectId=${projectId(1)}`],
      ['RIS', `/api/research/export?format=ris&projectId=${projectId(1)}`],
      ['CSL-JSON', `/api/research/export?format=csl-json&projectId=${projectId(1)}`],
      ['APA list', `/api/research/export?format=apa&projectId=${projectId(1)}`],
      ['IEEE list', `/api/research/export?format=ieee&projectId=${projectId(1)}`],
      ['Chicago list', `/api/research/export?format=chicago&projectId=${projectId(1)}`],
      ['Harvard list', `/api/research/export?format=harvard&projectId=${projectId(1)}`],
    ]);
    const bibliography = await screen.findByRole('list', { name: 'Annotated bibliography, IEEE' });
    await waitFor(() =>
      expect(
        within(bibliography)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        '[1] Y. Hu, “Collaborative filtering…”Defines confidence weights.',
        '[2] S. Rendle, “BPR…”',
      ]),
    );
  });

  it('draws the literature map, lists the papers cited by several, and adds a suggestion', async () => {
    signIn();
    const { requests } = stubProject({ [`PUT ${base}/papers/${homePaperId(3)}`]: project });
    const u = userEvent.setup();
    renderApp(`/research/projects/${projectId(1)}`);

    const drawing = await screen.findByTestId('literature-map');
    await waitFor(() => expect(drawing).toHaveAttribute('data-layout', 'ready'));
    expect(
      within(drawing).getByRole('application', { name: 'Literature map of Project 1' }),
    ).toBeInTheDocument();
    const several = screen.getByRole('list', { name: 'Papers cited by several of yours' });
    expect(
      within(several)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Matrix factorization techniques (cited by 2 of yours) Add to project']);
    const whole = within(screen.getByRole('list', { name: 'Papers of the map' })).getAllByRole('listitem');
    expect(whole[0]).toHaveTextContent('(in the project; cites Matrix factorization techniques)');

    await u.click(
      within(several).getByRole('button', { name: 'Add Matrix factorization techniques to the project' }),
    );
    await waitFor(() =>
      expect(requests(`PUT ${base}/papers/${homePaperId(3)}`).map((r) => r.body)).toEqual([
        { annotation: '' },
      ]),
    );
    await waitFor(() => expect(requests(`GET ${base}/map`)).toHaveLength(2));
  });

  it('asks the library: a model’s sentences with their sources, and unsupported ones marked', async () => {
    signIn();
    const { requests } = stubProject({
      [`POST ${base}/ask`]: askResultFixture({
        mode: 'model',
        sentences: [
          { text: 'Implicit feedback needs confidence weights.', sources: [1, 2], supported: true },
          { text: 'Ratings are obsolete.', sources: [], supported: false },
        ],
        sources: [
          {
            n: 1,
            paperId: homePaperId(1),
            paperTitle: 'Collaborative filtering for implicit feedback',
            kind: 'pdf',
            page: 4,
            text: 'We weight…',
          },
          { n: 2, paperId: homePaperId(2), paperTitle: 'BPR', kind: 'note', page: null, text: 'Pairwise…' },
        ],
        notice: null,
      }),
    });
    const u = userEvent.setup();
    renderApp(`/research/projects/${projectId(1)}`);
    await u.click(await screen.findByRole('textbox', { name: 'Your question' }));
    await u.paste('Why weight implicit feedback?');
    await u.click(screen.getByRole('button', { name: 'Ask' }));

    const answer = await screen.findByRole('region', { name: 'Answer' });
    expect(requests(`POST ${base}/ask`).map((r) => r.body)).toEqual([
      { question: 'Why weight implicit feedback?' },
    ]);
    expect(answer).toHaveTextContent(
      'Implicit feedback needs confidence weights. [1] [2] Ratings are obsolete.(not supported by the sources)',
    );
    const first = within(answer).getByRole('link', { name: 'Source 1' });
    const sourceItem = answer.querySelector(first.getAttribute('href') ?? '');
    expect(sourceItem).toHaveTextContent(
      'Collaborative filtering for implicit feedback, p. 4 (PDF)We weight…',
    );
    expect(within(answer).getByRole('link', { name: 'Source 2' })).toHaveAttribute(
      'href',
      expect.stringMatching(/-source-2$/),
    );
    expect(answer).toHaveTextContent('BPR (your note)Pairwise…');
  });

  it('asks the library without a model: the notice and the passages; a spent quota in words', async () => {
    signIn();
    let calls = 0;
    stubProject({
      [`POST ${base}/ask`]: () => {
        calls += 1;
        if (calls === 2)
          return errorResponse(
            429,
            'research/ask-limit',
            'You have asked as many questions today as your plan allows. You can ask again after midnight UTC.',
          );
        return new Response(
          JSON.stringify(
            askResultFixture({
              mode: 'passages',
              sentences: [],
              sources: [
                {
                  n: 1,
                  paperId: homePaperId(1),
                  paperTitle: 'Collaborative filtering for implicit feedback',
                  kind: 'summary',
                  page: null,
                  text: 'Confidence…',
                },
              ],
              notice: 'No language model is configured: here are the passages that match.',
            }),
          ),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        );
      },
    });
    const u = userEvent.setup();
    renderApp(`/research/projects/${projectId(1)}`);
    await u.click(await screen.findByRole('textbox', { name: 'Your question' }));
    await u.paste('What is confidence?');
    await u.click(screen.getByRole('button', { name: 'Ask' }));

    const answer = await screen.findByRole('region', { name: 'Answer' });
    expect(
      within(answer).getByText('No language model is configured: here are the passages that match.'),
    ).toBeVisible();
    expect(within(answer).getByRole('heading', { name: 'Passages' })).toBeVisible();
    expect(answer).toHaveTextContent('Collaborative filtering for implicit feedback (summary)Confidence…');

    await u.click(screen.getByRole('button', { name: 'Ask' }));
    expect(
      await screen.findByText(
        'You have asked as many questions today as your plan allows. You can ask again after midnight UTC.',
      ),
    ).toBeVisible();
  });
});
