import { describe, expect, it } from 'vitest';
import type { QuizSource } from '../../../../contracts/classroom.ts';
import type { ProfileSummary } from '../../../../contracts/profiles.ts';
import { classViewOf, type ClassEnrolment } from './class-view.ts';

const now = new Date('2026-11-27T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

const question = (id: string): QuizSource[number] => ({
  id,
  variants: [{ kind: 'text', prompt: `Prompt ${id}`, explanation: 'Because.', accepted: ['x'] }],
});

const lessons = [
  { source: { slug: 'one', title: 'One', requires: [], cards: [], body: '.' }, quiz: [question('q1')] },
  {
    source: { slug: 'two', title: 'Two', requires: ['one'], cards: [], body: '.' },
    quiz: [question('q2'), question('q3')],
  },
];

const person = (key: string): ProfileSummary => ({
  key,
  handle: key,
  displayName: null,
  photoURL: null,
  rank: 'B',
  isSubscribed: false,
});

const enrolment = (key: string | null, spec: Partial<ClassEnrolment>): ClassEnrolment => ({
  person: key ? person(key) : null,
  enrolledAt: daysAgo(30),
  leftAt: null,
  lastActiveAt: daysAgo(1),
  completedAt: null,
  started: [],
  done: [],
  ...spec,
});

describe('the class view', () => {
  it('counts where learners are and stop, ranks questions by wrong first answers, lists the visible', () => {
    const view = classViewOf({
      course: { slug: 'c', title: 'C', version: 2 },
      lessons,
      enrolments: [
        // Finished lesson one (and one a new version removed), stopped at two 20 days ago.
        enrolment('ann', { done: ['one', 'gone'], started: ['one', 'two'], lastActiveAt: daysAgo(20) }),
        // At lesson one, active yesterday.
        enrolment('bob', { started: ['one'], lastActiveAt: daysAgo(2) }),
        // Left before starting: counted nowhere but in the list.
        enrolment('cat', { leftAt: daysAgo(3), lastActiveAt: daysAgo(3) }),
        // Finished everything; blocked either way with the instructor: counted, not listed.
        enrolment(null, { done: ['one', 'two'], completedAt: daysAgo(5), lastActiveAt: daysAgo(5) }),
      ],
      questions: [
        { lesson: 'one', question: 'q1', people: 4, attempts: 6, wrong: 2, wrongFirstTime: 2 },
        { lesson: 'two', question: 'q2', people: 2, attempts: 3, wrong: 1, wrongFirstTime: 1 },
        { lesson: 'two', question: 'q3', people: 2, attempts: 5, wrong: 3, wrongFirstTime: 1 },
        { lesson: 'gone', question: 'q9', people: 5, attempts: 5, wrong: 5, wrongFirstTime: 5 },
      ],
      now,
    });
    expect([view.enrolled, view.completed]).toEqual([3, 1]);
    expect(view.lessons).toEqual([
      { slug: 'one', title: 'One', position: 1, done: 2, atThisLesson: 1, stoppedHere: 0 },
      { slug: 'two', title: 'Two', position: 2, done: 1, atThisLesson: 1, stoppedHere: 1 },
    ]);
    // 1/2 = 2/4: more wrong answers first (q3, then q1), then q2 with the fewest.
    expect(view.questions.map((item) => [item.question, item.prompt])).toEqual([
      ['q3', 'Prompt q3'],
      ['q1', 'Prompt q1'],
      ['q2', 'Prompt q2'],
    ]);
    expect(view.learners.map((item) => [item.person.key, item.done, item.next?.slug ?? null])).toEqual([
      ['bob', 0, 'one'],
      ['cat', 0, 'one'],
      ['ann', 1, 'two'],
    ]);
    expect(view.learners[1]!.leftAt).toBe(daysAgo(3).toISOString());
  });
});
