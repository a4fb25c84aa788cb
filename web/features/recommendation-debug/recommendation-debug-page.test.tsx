import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EvaluationList, RecommendationDebug } from '../../../contracts/recommendations.ts';
import { authFixtures, errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import type { StubRoute } from '../../test/api-stub.ts';
import { cardId } from '../../test/card-fixtures.ts';
import { renderApp, signIn } from '../../test/render.tsx';
import {
  debugItem,
  evaluationList,
  evaluationRun,
  recommendationDebug,
  sessionWithRole,
  whyNot,
} from './test-fixtures.ts';

function renderDebug({
  role = 'user',
  path = '/recommendation_debug',
  debug = recommendationDebug(),
  evaluations = evaluationList([]),
  routes = {},
}: {
  role?: string | null;
  path?: string;
  debug?: RecommendationDebug;
  evaluations?: EvaluationList;
  routes?: Record<string, StubRoute | object | null>;
} = {}) {
  const stub = stubApi({
    'GET /api/auth/get-session': sessionWithRole(role),
    'GET /api/recommendations/debug': debug,
    'GET /api/recommendations/evaluations': evaluations,
    ...routes,
  });
  signIn({ uid: authFixtures.user.id, name: authFixtures.user.name, email: authFixtures.user.email });
  const view = renderApp(path);
  return { ...stub, ...view };
}

/** The text of each cell of a table's body rows, header cells included. */
function rowsOf(table: HTMLElement): string[][] {
  return [...table.querySelectorAll('tbody > tr')].map((row) =>
    [...row.querySelectorAll(':scope > th, :scope > td')].map((cell) => cell.textContent ?? ''),
  );
}

describe('the recommendation debug page', () => {
  it('asks visitors to sign in and asks the API nothing about the feed', async () => {
    const { requests } = stubApi({});
    renderApp('/recommendation_debug');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recommendation debug' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Frecommendation_debug',
    );
    expect(requests('GET /api/recommendations/debug')).toHaveLength(0);
  });

  it('opens on whose feed it is, its mode, weights and tilt', async () => {
    renderDebug({
      debug: recommendationDebug({
        mode: 'cold-start',
        signals: { likes: 1, studied: 0, authored: 0, follows: 0, total: 1, needed: 3 },
        tilt: -0.5,
      }),
    });
    await screen.findByRole('table', { name: 'Feed, in order' });
    const header = screen.getByRole('heading', { level: 1 }).closest('div')!.parentElement!;
    expect(header).toHaveTextContent(
      'Feed of Ada Lovelace (@ada) · Cold start (1 of 3 signals) · Weights w-2026-11-30 · Tilt -0.5 (towards people followed)',
    );
    expect(screen.getByRole('link', { name: 'Ada Lovelace (@ada)' })).toHaveAttribute('href', '/u/ada');
  });

  it('lists the feed in order with ranks before and after filters, and opens a card’s features', async () => {
    const u = userEvent.setup();
    renderDebug({
      debug: recommendationDebug({
        items: [debugItem(1, { rankBefore: 4 }), debugItem(2, { rankBefore: 1 })],
      }),
    });
    const feed = await screen.findByRole('table', { name: 'Feed, in order' });
    const rows = rowsOf(feed);
    expect(rows).toHaveLength(2);
    // Disclosure, rank, rank before, card, reason, sources, score.
    expect(rows[0]!.slice(1)).toEqual([
      '1',
      '4',
      'Feed card 1@ada',
      'Because you liked “Card 11”',
      'Neighbours 0.82Tags 0.4',
      '1.01',
    ]);
    expect(rows[1]!.slice(1, 4)).toEqual(['2', '1', 'Feed card 2@ada']);
    expect(within(feed).getByRole('link', { name: 'Feed card 1' })).toHaveAttribute(
      'href',
      `/cards/${cardId(1)}`,
    );

    const disclosure = within(feed).getByRole('button', { name: 'Features of Feed card 1' });
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: 'Features of Feed card 1' })).not.toBeInTheDocument();
    await u.click(disclosure);
    expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const features = screen.getByRole('table', { name: 'Features of Feed card 1' });
    expect(disclosure).toHaveAttribute('aria-controls', features.closest('tr')!.id);
    // Largest contribution first, whatever its sign; 3 significant digits.
    expect(rowsOf(features).map((row) => row.slice(0, 4))).toEqual([
      ['Neighbours (source score)', '0.82', '1.5', '1.23'],
      ['Seen before', '1', '-0.6', '-0.6'],
      ['Tags (source score)', '0.4', '0.8', '0.32'],
      ['Quality', '0.123', '0.5', '0.0617'],
      ['Score', '1.01', ''],
    ]);
    expect(screen.queryByRole('table', { name: 'Features of Feed card 2' })).not.toBeInTheDocument();

    await u.click(disclosure);
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: 'Features of Feed card 1' })).not.toBeInTheDocument();
  });

  it('names the filter that removed each candidate, and counts them per filter', async () => {
    renderDebug();
    const removed = await screen.findByRole('table', { name: 'Removed candidates' });
    expect(rowsOf(removed)).toEqual([
      ['My own card@ada', 'Your own card', '1', '2.5'],
      ['A muted author’s card@bob_b', 'You muted its author', '3', '1.75'],
      ['Another muted card@bob_b', 'You muted its author', '7', '0.5'],
    ]);
    const counts = screen.getByRole('list', { name: 'Candidates removed per filter' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Your own card: 1', 'You muted its author: 2']);
  });

  it('shows candidates and kept cards per source, and the neighbour table', async () => {
    renderDebug();
    const sources = await screen.findByRole('table', { name: 'Candidates and kept cards per source' });
    expect(rowsOf(sources)).toEqual([
      ['Following', 'People you follow', '12', '3'],
      ['Neighbours', 'Liked or studied by the same people', '40', '9'],
      ['Trending', 'Trending', '50', '5'],
    ]);
    const region = screen.getByRole('region', { name: 'Sources' });
    expect(
      within(region).getByRole('figure', { name: 'Candidates and kept cards per source' }),
    ).toBeVisible();
    expect(region).toHaveTextContent('Took1,234 ms (and the tag statistics, 321 ms)');
    expect(region).toHaveTextContent('Pairs56,789');
    expect(region.querySelector('time')).toHaveAttribute('dateTime', '2026-11-30T08:00:00.000Z');
  });

  it('says when the neighbour table was never built', async () => {
    renderDebug({ debug: recommendationDebug({ neighbours: null }) });
    const region = await screen.findByRole('region', { name: 'Sources' });
    expect(within(region).getByText(/^Not built yet/)).toBeVisible();
  });

  it('asks why a pasted card is not in the feed and shows the stage where it dropped out', async () => {
    const u = userEvent.setup();
    const link = `http://localhost/cards/${cardId(41)}`;
    const { requests } = renderDebug({
      routes: { 'GET /api/recommendations/debug/why': whyNot() },
    });
    const region = await screen.findByRole('region', { name: 'Why not this card?' });
    await u.type(within(region).getByLabelText('Card link or id'), link);
    await u.click(within(region).getByRole('button', { name: 'Explain' }));

    expect(await within(region).findByRole('link', { name: 'A muted author’s card' })).toBeVisible();
    expect(requests('GET /api/recommendations/debug/why')[0]?.query.get('card')).toBe(link);
    expect(requests('GET /api/recommendations/debug/why')[0]?.query.has('as')).toBe(false);
    const stages = within(region).getByRole('list', { name: 'Stages of the feed' });
    expect(
      within(stages)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Found: passed',
      'Listed: passed',
      'A candidate: passed',
      'Passed the filters: dropped out here',
      'Ranked in the feed: not reached',
    ]);
    expect(within(stages).getByText('Passed the filters').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(region).toHaveTextContent('Dropped out at “Passed the filters”.');
    expect(region).toHaveTextContent('The neighbours source found it, but you muted its author.');
    expect(region).toHaveTextContent('FilterYou muted its author');
    expect(region).toHaveTextContent('Rank3');
    expect(region).toHaveTextContent('Score1.75');
  });

  it('marks every stage passed for a card in the feed', async () => {
    const u = userEvent.setup();
    renderDebug({
      routes: {
        'GET /api/recommendations/debug/why': whyNot({
          stage: 'in-feed',
          filter: null,
          explanation: 'Rank 2.',
        }),
      },
    });
    const region = await screen.findByRole('region', { name: 'Why not this card?' });
    await u.type(within(region).getByLabelText('Card link or id'), cardId(41));
    await u.click(within(region).getByRole('button', { name: 'Explain' }));
    const stages = await within(region).findByRole('list', { name: 'Stages of the feed' });
    expect(within(stages).getAllByText(/: passed$/)).toHaveLength(5);
    expect(region).toHaveTextContent('It is in the feed. Rank 2.');
  });

  it('shows the server’s field error under the card field', async () => {
    const u = userEvent.setup();
    renderDebug({
      routes: {
        'GET /api/recommendations/debug/why': () =>
          errorResponse(400, 'common/validation-failed', 'Some fields need attention.', {
            fields: [{ path: 'card', message: 'Not a card link or id' }],
          }),
      },
    });
    const region = await screen.findByRole('region', { name: 'Why not this card?' });
    const field = within(region).getByLabelText('Card link or id');
    await u.type(field, 'https://example.com/nothing');
    await u.click(within(region).getByRole('button', { name: 'Explain' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Not a card link or id'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('compares the methods of the latest run, bolds the best, and words the blend against popularity', async () => {
    renderDebug({
      evaluations: evaluationList([
        evaluationRun(
          { k: 10 },
          {
            blend: { ndcg: 0.05, coverage: 0.41, recall: 0.2 },
            popularity: { ndcg: 0.07, coverage: 0.02 },
          },
        ),
      ]),
    });
    const table = await screen.findByRole('table', { name: 'Latest evaluation, per method' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Method',
      'Recall@10',
      'NDCG@10',
      'MAP@10',
      'Coverage',
      'Novelty (bits)',
      'Diversity',
    ]);
    const rows = rowsOf(table);
    expect(rows.map((row) => row[0])).toEqual([
      'Following',
      'Tags',
      'Neighbours',
      'Trending',
      'Fresh',
      'Blend',
      'Popularity',
      'Random',
    ]);
    // The best value of a column is bold and says so to screen readers; other values do not.
    const blend = rows[5]!;
    const popularity = rows[6]!;
    expect(blend[1]).toBe('0.2 (best)');
    expect(blend[4]).toBe('0.41 (best)');
    expect(blend[2]).toBe('0.05');
    expect(popularity[2]).toBe('0.07 (best)');
    expect(popularity[4]).toBe('0.02');
    const bestCell = within(table).getByText('0.41');
    expect(getComputedStyle(bestCell).fontWeight).toBe('700');
    expect(getComputedStyle(within(table).getAllByText('0.05')[0]!).fontWeight).not.toBe('700');
    expect(
      screen.getByText(
        'The blend beats popularity on coverage (0.41 vs 0.02) and loses on NDCG@10 (0.05 vs 0.07).',
      ),
    ).toBeVisible();
    // One run: nothing to draw over time yet.
    expect(
      screen.queryByRole('figure', { name: 'The blend and popularity over runs' }),
    ).not.toBeInTheDocument();
  });

  it('draws the blend and popularity over runs, oldest first, with the numbers in a table', async () => {
    renderDebug({
      evaluations: evaluationList([
        evaluationRun(
          { id: '00000000-0000-4000-8000-0000000e0002', createdAt: '2026-11-30T06:00:00.000Z' },
          { blend: { ndcg: 0.05 } },
        ),
        evaluationRun(
          { id: '00000000-0000-4000-8000-0000000e0001', createdAt: '2026-11-29T06:00:00.000Z' },
          { blend: { ndcg: 0.04 } },
        ),
      ]),
    });
    const figure = await screen.findByRole('figure', { name: 'The blend and popularity over runs' });
    const table = within(figure).getByRole('table', { hidden: true });
    expect(rowsOf(table).map((row) => row[1])).toEqual(['0.04', '0.05']);
  });

  it('offers a first run when there is none', async () => {
    renderDebug();
    const region = await screen.findByRole('region', { name: 'Offline evaluation' });
    expect(await within(region).findByText(/No evaluation has run yet/)).toBeVisible();
    expect(within(region).getByRole('button', { name: 'Run evaluation now' })).toBeEnabled();
  });

  it('asks for a run, shows it pending with the button disabled, and shows the run once it is done', async () => {
    const u = userEvent.setup();
    let state: EvaluationList = evaluationList([]);
    const { requests } = renderDebug({
      routes: {
        'GET /api/recommendations/evaluations': () => jsonResponse(200, state),
        'POST /api/recommendations/evaluations': () => {
          state = evaluationList([], true);
          return jsonResponse(202, { queued: true });
        },
      },
    });
    const region = await screen.findByRole('region', { name: 'Offline evaluation' });
    await u.click(await within(region).findByRole('button', { name: 'Run evaluation now' }));
    expect(requests('POST /api/recommendations/evaluations')).toHaveLength(1);
    expect(await within(region).findByRole('status')).toHaveTextContent('An evaluation is running.');
    expect(within(region).getByRole('button', { name: 'Run evaluation now' })).toBeDisabled();

    // The list is asked again while the run is pending, and the finished run replaces the note.
    const asked = requests('GET /api/recommendations/evaluations').length;
    state = evaluationList([evaluationRun({}, { blend: { ndcg: 0.05 } })]);
    expect(
      await within(region).findByRole('table', { name: 'Latest evaluation, per method' }, { timeout: 8000 }),
    ).toBeVisible();
    expect(requests('GET /api/recommendations/evaluations').length).toBeGreaterThan(asked);
    expect(within(region).getByRole('status')).toHaveTextContent('');
    expect(within(region).getByRole('button', { name: 'Run evaluation now' })).toBeEnabled();
  }, 15_000);

  it('shows click and like rates per source and per position', async () => {
    renderDebug();
    const region = await screen.findByRole('region', { name: 'Online' });
    expect(region).toHaveTextContent('The last 30 days: 300 impressions.');
    expect(rowsOf(within(region).getByRole('table', { name: 'Click and like rates per source' }))).toEqual([
      ['Neighbours', '200', '30', '15%', '6', '3%'],
      ['Trending', '100', '5', '5%', '0', '0%'],
    ]);
    expect(
      rowsOf(within(region).getByRole('table', { name: 'Click and like rates per position in the feed' })),
    ).toEqual([
      ['1', '60', '12', '20%', '3', '5%'],
      ['2', '60', '6', '10%', '1', '1.7%'],
    ]);
  });

  it('says so when nobody has been shown the feed', async () => {
    const debug = recommendationDebug();
    renderDebug({ debug: { ...debug, online: { days: 30, bySource: [], byPosition: [] } } });
    const region = await screen.findByRole('region', { name: 'Online' });
    expect(region).toHaveTextContent('No impressions in the last 30 days');
    expect(within(region).queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers administrators to view someone else’s feed, through ?as= in the address', async () => {
    const u = userEvent.setup();
    const { requests, router } = renderDebug({
      role: 'admin',
      routes: {
        'GET /api/recommendations/debug': (request) =>
          jsonResponse(
            200,
            request.query.get('as') === 'bob_b'
              ? recommendationDebug({
                  viewingAs: true,
                  person: {
                    ...recommendationDebug().person,
                    key: 'u_bob',
                    handle: 'bob_b',
                    displayName: null,
                  },
                })
              : recommendationDebug(),
          ),
      },
    });
    const field = await screen.findByLabelText('View as (handle)');
    expect(field).toHaveAccessibleDescription(/written to the audit log/);
    await u.type(field, '@bob_b');
    await u.click(screen.getByRole('button', { name: 'View' }));

    await waitFor(() => expect(router.state.location.search).toBe('?as=bob_b'));
    expect(await screen.findByText(/You are viewing the feed of @bob_b/)).toHaveTextContent(
      'This view was written to the audit log.',
    );
    expect(requests('GET /api/recommendations/debug').at(-1)?.query.get('as')).toBe('bob_b');
    expect(screen.getByRole('link', { name: '@bob_b' })).toHaveAttribute('href', '/u/bob_b');

    await u.click(screen.getByRole('button', { name: 'Back to your own feed' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('sends ?as= with the why-not question of an administrator viewing someone', async () => {
    const u = userEvent.setup();
    const { requests } = renderDebug({
      role: 'admin',
      path: '/recommendation_debug?as=bob_b',
      routes: { 'GET /api/recommendations/debug/why': whyNot() },
    });
    const region = await screen.findByRole('region', { name: 'Why not this card?' });
    await u.type(within(region).getByLabelText('Card link or id'), cardId(41));
    await u.click(within(region).getByRole('button', { name: 'Explain' }));
    await within(region).findByRole('list', { name: 'Stages of the feed' });
    expect(requests('GET /api/recommendations/debug/why')[0]?.query.get('as')).toBe('bob_b');
  });

  it('shows no View as field to someone who is not an administrator', async () => {
    renderDebug({ role: 'user' });
    // The content waits for the session too, so once the feed shows, the field has had its chance.
    await screen.findByRole('table', { name: 'Feed, in order' });
    expect(screen.queryByLabelText('View as (handle)')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal when the feed cannot be read', async () => {
    renderDebug({
      path: '/recommendation_debug?as=bob_b',
      routes: {
        'GET /api/recommendations/debug': () =>
          errorResponse(404, 'common/not-found', 'We could not find what you were looking for.'),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The feed explanation could not be loaded. We could not find what you were looking for.',
    );
    expect(screen.queryByRole('table', { name: 'Feed, in order' })).not.toBeInTheDocument();
  });
});
