import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activitySchema, deckListSchema, studyStatsSchema } from '../../../contracts/play.ts';
import { stubApi } from '../../test/api-stub.ts';
import { cardId } from '../../test/card-fixtures.ts';
import { deckFixture, deckIdOf } from '../../test/deck-fixtures.ts';
import { renderApp, signIn } from '../../test/render.tsx';

const deckId = deckIdOf(1);

const decks = deckListSchema.parse({
  items: [
    deckFixture(1, {
      name: 'Memory science',
      counts: { new: 4, learning: 1, review: 7, cards: 30, items: 30, suspended: 0 },
    }),
  ],
});

const stats = studyStatsSchema.parse({
  today: { day: '2026-03-10', reviews: 12, newItems: 3, timeMs: 4 * 60_000 + 12_000 },
  forecast: [],
  heatmap: [],
  streak: { current: 5, longest: 9 },
  trueRetention: { last30Days: { passed: 0, total: 0 }, allTime: { passed: 0, total: 0 } },
  timeSpent: { last30DaysMs: 0, totalMs: 0 },
  totals: { reviews: 100, items: 30, mature: 4 },
  retentionCurves: null,
});

const activity = activitySchema.parse({
  recent: [
    {
      reviewId: '00000000-0000-4000-8000-00000000e001',
      cardId: cardId(4),
      cardTitle: 'Spacing effect',
      itemKey: 'main',
      rating: 3,
      reviewedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    },
  ],
});

describe('/learn', () => {
  it('tells visitors what Learn is and where to sign in, and keeps the PDF library link', async () => {
    stubApi({});
    renderApp('/learn');
    expect(await screen.findByRole('heading', { level: 1, name: 'Learn' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Flearn');
    expect(screen.getByRole('link', { name: 'PDF library' })).toHaveAttribute('href', '/learn/pdf-library');
  });

  it('shows what is due per deck, today’s numbers and the latest grades', async () => {
    signIn();
    stubApi({
      'GET /api/play/decks': decks,
      'GET /api/play/stats': stats,
      'GET /api/play/activity': activity,
    });
    renderApp('/learn');

    const due = await screen.findByRole('list', { name: 'Due today in Memory science' });
    expect(due).toHaveTextContent('4 new');
    expect(due).toHaveTextContent('7 to review');
    expect(screen.getByRole('link', { name: 'Study now: Memory science' })).toHaveAttribute(
      'href',
      `/play/decks/${deckId}/study`,
    );

    const today = screen.getByRole('region', { name: 'Today' });
    expect(await within(today).findByText('12 items')).toBeVisible();
    expect(within(today).getByText('4 min 12 s')).toBeVisible();
    expect(within(today).getByText('5 days')).toBeVisible();

    const recent = screen.getByRole('region', { name: 'Recent activity' });
    expect(await within(recent).findByRole('link', { name: 'Spacing effect' })).toHaveAttribute(
      'href',
      `/cards/${cardId(4)}`,
    );
    expect(recent).toHaveTextContent('Good, 5 minutes ago');
  });
});
