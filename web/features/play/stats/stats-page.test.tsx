import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deckListSchema, studyStatsSchema, type StudyStats } from '../../../../contracts/play.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { renderApp, signIn } from '../../../test/render.tsx';
import { deck, deckId } from '../games/test-fixtures.ts';
import { addDays, formatFullDay } from './calendar.ts';

const today = '2026-03-10';

function stats(changes: Partial<StudyStats> = {}): StudyStats {
  return studyStatsSchema.parse({
    today: { day: today, reviews: 14, newItems: 3, timeMs: 9 * 60_000 },
    forecast: Array.from({ length: 30 }, (_, i) => ({ day: addDays(today, i), due: i === 0 ? 17 : i % 5 })),
    heatmap: [
      { day: '2025-12-25', reviews: 1 },
      { day: '2026-03-02', reviews: 12 },
      { day: '2026-03-09', reviews: 5 },
    ],
    streak: { current: 2, longest: 9 },
    trueRetention: {
      last30Days: { passed: 46, total: 50 },
      allTime: { passed: 0, total: 0 },
    },
    timeSpent: { last30DaysMs: 95 * 60_000, totalMs: 3 * 3_600_000 + 5 * 60_000 },
    totals: { reviews: 1_234, items: 310, mature: 87 },
    retentionCurves: null,
    ...changes,
  });
}

const premiumCurves: StudyStats['retentionCurves'] = {
  decks: [
    {
      id: deckId,
      name: 'Memory science',
      points: [
        { week: '2026-02-23', reviews: 20, retention: 0.9 },
        { week: '2026-03-02', reviews: 0, retention: null },
      ],
    },
  ],
  tags: [{ tag: 'memory', points: [{ week: '2026-02-23', reviews: 20, retention: 0.85 }] }],
};

function stubStats(answer: StudyStats = stats()) {
  return stubApi({
    'GET /api/play/stats': answer,
    'GET /api/play/decks': deckListSchema.parse({ items: [deck] }),
  });
}

describe('the statistics page', () => {
  it('asks visitors to sign in', async () => {
    stubApi({});
    renderApp('/play/stats');
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
    expect(screen.getByText(/You are not signed in/)).toBeVisible();
  });

  it('shows today, the streak, true retention, time and totals', async () => {
    signIn();
    stubStats();
    renderApp('/play/stats');
    const todayGroup = await screen.findByRole('region', { name: 'Today' });
    expect(todayGroup).toHaveTextContent('Reviews14');
    expect(todayGroup).toHaveTextContent('New items3');
    expect(todayGroup).toHaveTextContent('Time9 min');
    const streak = screen.getByRole('region', { name: 'Streak' });
    expect(streak).toHaveTextContent('Current2 days');
    expect(streak).toHaveTextContent('Longest9 days');
    const retention = screen.getByRole('region', { name: 'True retention' });
    expect(retention).toHaveTextContent('Last 30 days92%(46 of 50 reviews passed)');
    expect(retention).toHaveTextContent('All time—(no mature reviews yet)');
    const time = screen.getByRole('region', { name: 'Time spent' });
    expect(time).toHaveTextContent('Last 30 days1 h 35 min');
    expect(time).toHaveTextContent('All time3 h 5 min');
    expect(screen.getByRole('region', { name: 'Totals' })).toHaveTextContent('Reviews1,234');
  });

  it('draws the forecast as a named bar chart with a table of the same numbers', async () => {
    signIn();
    stubStats();
    renderApp('/play/stats');
    const forecast = await screen.findByRole('figure', { name: 'Reviews due in the next 30 days' });
    expect(forecast.querySelector('svg')).not.toBeNull();
    expect(within(forecast).getByText(/17 today, overdue included/)).toBeVisible();
    const table = within(forecast).getByRole('table', { name: 'Items due each day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[1]).toHaveTextContent(`${formatFullDay(today)}17`);
  });

  it('draws a year of reviews as a calendar with a label on each day and a table of the study days', async () => {
    signIn();
    stubStats();
    const { container } = renderApp('/play/stats');
    const calendar = await screen.findByRole('img', { name: 'Reviews in the past year' });
    expect(calendar).toHaveAccessibleDescription('18 reviews on 3 days.');
    const cells = container.querySelectorAll('rect[data-day]');
    expect(cells).toHaveLength(365);
    const day = container.querySelector('rect[data-day="2026-03-09"]');
    expect(day?.querySelector('title')).toHaveTextContent(`5 reviews on ${formatFullDay('2026-03-09')}`);
    expect(day).toHaveAttribute('data-level', '2');
    expect(container.querySelector('rect[data-day="2026-03-02"]')).toHaveAttribute('data-level', '4');
    expect(container.querySelector('rect[data-day="2026-03-03"]')).toHaveAttribute('data-level', '0');
    expect(container.querySelector(`rect[data-day="${today}"]`)).not.toBeNull();
    expect(container.querySelector(`rect[data-day="${addDays(today, -365)}"]`)).toBeNull();

    const table = screen.getByRole('table', { name: 'Days with reviews in the past year' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      `${formatFullDay('2025-12-25')}1`,
      `${formatFullDay('2026-03-02')}12`,
      `${formatFullDay('2026-03-09')}5`,
    ]);
    expect(screen.getByRole('list', { name: 'Legend' })).toHaveTextContent('No reviews');
  });

  it('notes that retention curves come with Premium when the server sends none', async () => {
    signIn();
    stubStats();
    renderApp('/play/stats');
    const note = await screen.findByText(/Retention curves per deck and per tag come with Premium/);
    expect(within(note).getByRole('link', { name: 'See Premium in your settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(screen.queryByRole('figure', { name: 'Weekly retention by deck' })).not.toBeInTheDocument();
  });

  it('draws weekly retention per deck and per tag for premium members', async () => {
    signIn();
    stubStats(stats({ retentionCurves: premiumCurves }));
    renderApp('/play/stats');
    const decks = await screen.findByRole('figure', { name: 'Weekly retention by deck' });
    expect(decks.querySelector('svg')).not.toBeNull();
    const rows = within(within(decks).getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(`${formatFullDay('2026-02-23')}90% (20 reviews)`);
    expect(rows[2]).toHaveTextContent(`${formatFullDay('2026-03-02')}— (0 reviews)`);
    const tags = screen.getByRole('figure', { name: 'Weekly retention by tag' });
    expect(within(tags).getByRole('columnheader', { name: '#memory' })).toBeInTheDocument();
    expect(screen.queryByText(/come with Premium/)).not.toBeInTheDocument();
  });

  it('shows one deck from the address and switches decks with the selector', async () => {
    signIn();
    const { fetchMock } = stubStats();
    const user = userEvent.setup();
    const { router } = renderApp(`/play/stats?deck=${deckId}`);
    expect(await screen.findByText('Showing the deck Memory science')).toBeVisible();
    const statsUrls = () =>
      fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/play/stats'));
    expect(statsUrls()).toContain(`/api/play/stats?deckId=${deckId}`);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Deck' }), 'All decks');
    expect(await screen.findByText('Showing all your decks')).toBeVisible();
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(statsUrls()).toContain('/api/play/stats'));
  });
});
