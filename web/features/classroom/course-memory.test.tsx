import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { studyStatsFixture } from '../../test/deck-fixtures.ts';
import { renderApp, signIn } from '../../test/render.tsx';
import { retentionOf } from './course-memory.tsx';
import { enrolmentFixture, recsysDetail } from './test-fixtures.ts';

const slug = 'modern-recommendation-systems';
const api = `/api/classroom/courses/${slug}`;
const deckId = enrolmentFixture().deckId!;

describe('what a learner still remembers of a course', () => {
  it('is the share of mature reviews passed, and nothing before a review is mature', () => {
    expect(retentionOf({ passed: 46, total: 50 })).toBe('92%');
    expect(retentionOf({ passed: 2, total: 3 })).toBe('67%');
    expect(retentionOf({ passed: 0, total: 0 })).toBeNull();
  });

  it('shows the course deck’s true retention of the last 30 days on the course page', async () => {
    signIn();
    const server = stubApi({
      [`GET ${api}`]: recsysDetail({ enrolment: enrolmentFixture() }),
      'GET /api/play/stats': studyStatsFixture({
        trueRetention: { last30Days: { passed: 46, total: 50 }, allTime: { passed: 80, total: 100 } },
        forecast: [{ day: '2026-03-10', due: 5 }],
        totals: { reviews: 140, items: 27, mature: 20 },
      }),
    });
    renderApp(`/classroom/classes/${slug}`);
    const panel = await screen.findByRole('region', { name: 'What you remember' });
    expect(await within(panel).findByText('92%')).toBeVisible();
    expect(panel).toHaveTextContent(
      '92%of the course’s mature reviews passed in the last 30 days (46 of 50 reviews).',
    );
    expect(panel).toHaveTextContent('5 reviews due today. 20 items mature.');
    expect(within(panel).getByRole('link', { name: 'Review the course deck' })).toHaveAttribute(
      'href',
      `/play/decks/${deckId}/study`,
    );
    expect(server.requests('GET /api/play/stats').map((request) => request.query.get('deckId'))).toEqual([
      deckId,
    ]);
  });

  it('says when it will know, while no review of the deck is mature', async () => {
    signIn();
    stubApi({
      [`GET ${api}`]: recsysDetail({ enrolment: enrolmentFixture() }),
      'GET /api/play/stats': studyStatsFixture(),
    });
    renderApp(`/classroom/classes/${slug}`);
    const panel = await screen.findByRole('region', { name: 'What you remember' });
    expect(
      await within(panel).findByText(
        'You have studied 12 items of your course deck so far. How much of it you remember shows here once your reviews of it are mature, three weeks apart.',
      ),
    ).toBeVisible();
    expect(panel).toHaveTextContent('No reviews due today. 0 items mature.');
  });

  it('is not shown to a person who is not enrolled', async () => {
    signIn();
    stubApi({ [`GET ${api}`]: recsysDetail() });
    renderApp(`/classroom/classes/${slug}`);
    await screen.findByRole('button', { name: 'Enrol' });
    expect(screen.queryByRole('region', { name: 'What you remember' })).toBeNull();
  });
});
