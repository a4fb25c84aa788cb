import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activitySchema, deckListSchema, studyStatsSchema } from '../../../contracts/play.ts';
import { stubApi } from '../../test/api-stub.ts';
import { cardId } from '../../test/card-fixtures.ts';
import {
  courseFixture,
  courseListFixture,
  enrolmentFixture,
  recsysLesson,
  recsysSummary,
} from '../../test/course-fixtures.ts';
import { deckFixture, deckIdOf } from '../../test/deck-fixtures.ts';
import { pdfFixture, pdfId, pdfLibraryFixture } from '../../test/pdf-fixtures.ts';
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
      'GET /api/pdfs': pdfLibraryFixture([]),
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

  it('lists the PDFs opened or added last beside the due reviews, with where to continue', async () => {
    signIn();
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const papers = [
      pdfFixture(1, { title: 'Opened long ago', openedAt: minutesAgo(60 * 24 * 30), lastPage: 4 }),
      pdfFixture(2, { title: 'Opened just now', openedAt: minutesAgo(2), lastPage: 12 }),
      pdfFixture(3, { title: 'Added an hour ago', createdAt: minutesAgo(60), openedAt: null }),
      ...[4, 5, 6, 7].map((n) => pdfFixture(n, { openedAt: minutesAgo(60 * 24 * 365 + n) })),
    ];
    const { requests } = stubApi({
      'GET /api/play/decks': decks,
      'GET /api/play/stats': stats,
      'GET /api/play/activity': activity,
      'GET /api/pdfs': pdfLibraryFixture(papers),
    });
    renderApp('/learn');

    const panel = await screen.findByRole('region', { name: 'Recent PDFs' });
    const list = await within(panel).findByRole('list', { name: 'Recent PDFs' });
    const titles = within(list)
      .getAllByRole('listitem')
      .map((item) => within(item).getAllByRole('link')[0]?.textContent);
    expect(titles).toEqual([
      'Opened just now',
      'Added an hour ago',
      'Opened long ago',
      'Paper number 4',
      'Paper number 5',
    ]);
    expect(within(list).getByRole('link', { name: 'Opened just now' })).toHaveAttribute(
      'href',
      `/learn/pdf-library/${pdfId(2)}`,
    );
    expect(within(list).getByRole('link', { name: 'Continue at p. 12: Opened just now' })).toHaveAttribute(
      'href',
      `/learn/pdf-library/${pdfId(2)}?page=12`,
    );
    expect(
      within(list).queryByRole('link', { name: /Continue at p\. \d+: Added an hour ago/ }),
    ).not.toBeInTheDocument();
    expect(list).toHaveTextContent('Opened 2 minutes ago');
    expect(list).toHaveTextContent('Added 1 hour ago');
    expect(within(panel).getByRole('link', { name: 'All your PDFs' })).toHaveAttribute(
      'href',
      '/learn/pdf-library',
    );
    // The plain list, the one the library page shares.
    expect(requests('GET /api/pdfs')[0]?.query.toString()).toBe('');
    expect(screen.getByRole('region', { name: 'Due in your decks' })).toBeVisible();
  });

  it('points to the library when there is no PDF yet', async () => {
    signIn();
    stubApi({
      'GET /api/play/decks': decks,
      'GET /api/play/stats': stats,
      'GET /api/play/activity': activity,
      'GET /api/pdfs': pdfLibraryFixture([]),
    });
    renderApp('/learn');
    const panel = await screen.findByRole('region', { name: 'Recent PDFs' });
    expect(
      await within(panel).findByText('No PDFs yet. Upload papers to read, highlight and turn into cards.'),
    ).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Open the PDF library' })).toHaveAttribute(
      'href',
      '/learn/pdf-library',
    );
  });

  it('lists the courses the person takes with their progress and the way on, and only those', async () => {
    signIn();
    stubApi({
      'GET /api/play/decks': decks,
      'GET /api/play/stats': stats,
      'GET /api/play/activity': activity,
      'GET /api/pdfs': pdfLibraryFixture([]),
      'GET /api/classroom/courses': courseListFixture([
        recsysSummary({ enrolment: enrolmentFixture() }),
        courseFixture(2, {
          enrolment: enrolmentFixture({
            done: 4,
            total: 4,
            next: null,
            completedAt: '2026-03-01T10:00:00.000Z',
            certificateId: 'c3rt1f1cate0000a',
          }),
        }),
        courseFixture(3),
      ]),
    });
    renderApp('/learn');
    const panel = await screen.findByRole('region', { name: 'Your courses' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Modern recommendation systems3 of 9 lessonsContinue',
      'Course number 2Completed · 4 of 4 lessonsCertificate',
    ]);
    expect(
      within(panel).getByRole('progressbar', { name: 'Progress in Modern recommendation systems' }),
    ).toHaveAttribute('aria-valuenow', '33');
    expect(
      within(panel).getByRole('link', {
        name: `Continue Modern recommendation systems: ${recsysLesson(3).title}`,
      }),
    ).toHaveAttribute(
      'href',
      `/classroom/classes/modern-recommendation-systems/lessons/${recsysLesson(3).slug}`,
    );
    expect(within(panel).getByRole('link', { name: 'Certificate of Course number 2' })).toHaveAttribute(
      'href',
      '/classroom/certificates/c3rt1f1cate0000a',
    );
  });

  it('points to the catalogue when the person takes no course', async () => {
    signIn();
    stubApi({
      'GET /api/play/decks': decks,
      'GET /api/play/stats': stats,
      'GET /api/play/activity': activity,
      'GET /api/pdfs': pdfLibraryFixture([]),
      'GET /api/classroom/courses': courseListFixture([courseFixture(3)]),
    });
    renderApp('/learn');
    const panel = await screen.findByRole('region', { name: 'Your courses' });
    expect(await within(panel).findByRole('link', { name: 'Find a course' })).toHaveAttribute(
      'href',
      '/classroom',
    );
  });
});
