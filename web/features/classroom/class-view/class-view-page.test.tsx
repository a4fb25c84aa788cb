import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, stubApi } from '../../../test/api-stub.ts';
import { classViewFixture } from '../../../test/authoring-fixtures.ts';
import { renderApp, signIn } from '../../../test/render.tsx';

const day = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

describe('the class view', () => {
  it('shows the totals, the lessons, the hardest questions and the learners', async () => {
    stubApi({ 'GET /api/classroom/courses/memory-basics/class': classViewFixture });
    signIn();
    renderApp('/classroom/classes/memory-basics/class');
    expect(await screen.findByRole('heading', { level: 1, name: 'Class: Memory basics' })).toBeVisible();

    const totals = screen.getByLabelText('Totals');
    // 2 of 8 enrolled completed: 25 %.
    expect(totals).toHaveTextContent('Enrolled8Completed2Completion rate25%');

    const lessons = screen.getByRole('table', { name: 'Lessons' });
    const lessonRows = within(lessons).getAllByRole('row');
    expect(lessonRows.map((row) => row.textContent)).toEqual([
      'LessonDoneAt this lessonStopped here (14+ days)',
      '1. Introduction711',
      '2. The forgetting curve432',
      '3. Scheduling reviews220',
    ]);
    expect(screen.getByRole('group', { name: 'Lessons, scrolls sideways' })).toHaveAttribute('tabindex', '0');

    const questions = screen.getByRole('table', { name: 'Questions most people get wrong' });
    const [, question] = within(questions).getAllByRole('row');
    // 2 of the 5 people who answered got it wrong first: 40 %.
    expect(question).toHaveTextContent('What makes a memory last longer?The forgetting curve40% (2 of 5)');
    expect(within(question as HTMLElement).getByText('last').tagName).toBe('STRONG');

    const learners = screen.getByRole('table', { name: 'Learners' });
    const [, lina, omar] = within(learners).getAllByRole('row');
    expect(within(lina as HTMLElement).getByRole('link', { name: 'Lina Park' })).toHaveAttribute(
      'href',
      '/u/lina',
    );
    expect(lina).toHaveTextContent(
      `Lina Park1 of 3 lessonsThe forgetting curve${day('2026-05-20T09:00:00.000Z')}Not yet`,
    );
    expect(omar).toHaveTextContent(
      `omar3 of 3 lessons—${day('2026-05-18T09:00:00.000Z')}${day('2026-05-18T09:00:00.000Z')}`,
    );
  });

  it('says when the person does not teach the course', async () => {
    stubApi({
      'GET /api/classroom/courses/memory-basics/class': () =>
        errorResponse(403, 'classroom/not-teaching', 'Only the course’s instructors can do that.'),
    });
    signIn();
    renderApp('/classroom/classes/memory-basics/class');
    expect(await screen.findByText(/Only the course’s instructors can do that\./)).toBeVisible();
  });
});
