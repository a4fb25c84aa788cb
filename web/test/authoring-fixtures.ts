import {
  classViewSchema,
  courseDraftSchema,
  instructorListSchema,
  teachingSchema,
  type ClassView,
  type CourseDraft,
  type CourseDraftContent,
  type InstructorList,
  type Teaching,
} from '../../contracts/classroom-authoring.ts';
import { profileSummarySchema, type ProfileSummary } from '../../contracts/profiles.ts';
import { nadia, omar } from './course-fixtures.ts';

/**
 * The instructor's side of the classroom as the API gives it, parsed through the contracts so a change of a
 * contract shows in the tests that use them. The course is a small one: three lessons in two modules.
 */

/** A learner in the class view. */
export const lina: ProfileSummary = profileSummarySchema.parse({
  key: 'u_lina',
  handle: 'lina',
  displayName: 'Lina Park',
  photoURL: null,
  rank: null,
  isSubscribed: false,
});

/** Everyone with the instructor role: Nadia (given later) and Omar. */
export const instructorListFixture: InstructorList = instructorListSchema.parse({
  items: [
    { person: nadia, grantedAt: '2026-05-02T09:00:00.000Z' },
    { person: omar, grantedAt: '2026-01-15T09:00:00.000Z' },
  ],
});

/** The small course's content: "Spacing" (intro, forgetting curve) and "Practice" (scheduling). */
export function draftContentFixture(): CourseDraftContent {
  return courseDraftSchema.shape.content.parse({
    course: {
      slug: 'memory-basics',
      title: 'Memory basics',
      summary: 'How we forget, and how spacing helps.',
      level: 'beginner',
      estimatedHours: 2,
      topics: ['memory', 'learning'],
      instructors: ['nadia_r'],
      modules: [
        { title: 'Spacing', lessons: ['intro', 'forgetting-curve'] },
        { title: 'Practice', lessons: ['scheduling'] },
      ],
    },
    lessons: [
      {
        source: { slug: 'intro', title: 'Introduction', requires: [], cards: [], body: 'Why we forget.' },
        quiz: [],
      },
      {
        source: {
          slug: 'forgetting-curve',
          title: 'The forgetting curve',
          requires: ['intro'],
          cards: ['Forgetting curve'],
          body: 'Memory fades *fast*.',
        },
        quiz: [
          {
            id: 'half-life',
            variants: [
              {
                kind: 'single',
                prompt: 'What makes a memory last longer?',
                explanation: 'Reviews spaced out in time.',
                options: [
                  { id: 'a', text: 'Rereading at once' },
                  { id: 'b', text: 'Spaced reviews', feedback: 'Yes.' },
                ],
                correct: 'b',
              },
            ],
          },
        ],
      },
      {
        source: {
          slug: 'scheduling',
          title: 'Scheduling reviews',
          requires: ['forgetting-curve'],
          cards: [],
          body: 'Plan the next review.',
        },
        quiz: [],
      },
    ],
  });
}

/** The course's draft, last saved at 10:00, published once, with changes since. */
export function draftFixture(changes: Partial<CourseDraft> = {}): CourseDraft {
  return courseDraftSchema.parse({
    slug: 'memory-basics',
    content: draftContentFixture(),
    updatedAt: '2026-06-01T10:00:00.000Z',
    publishedVersion: 1,
    unpublishedChanges: true,
    ...changes,
  });
}

/** A teaching list: the published course with changes, and a draft never published. */
export function teachingFixture(changes: Partial<Teaching> = {}): Teaching {
  return teachingSchema.parse({
    instructor: true,
    items: [
      {
        slug: 'memory-basics',
        title: 'Memory basics',
        publishedVersion: 2,
        unpublishedChanges: true,
        enrolled: 12,
        completed: 3,
      },
      {
        slug: 'sleep-and-memory',
        title: 'Sleep and memory',
        publishedVersion: null,
        unpublishedChanges: true,
        enrolled: 0,
        completed: 0,
      },
    ],
    ...changes,
  });
}

/**
 * The class view of the small course: 8 enrolled, 2 completed (25 %); the forgetting-curve question was
 * answered by 5 people, 2 wrong the first time (40 %).
 */
export const classViewFixture: ClassView = classViewSchema.parse({
  course: { slug: 'memory-basics', title: 'Memory basics', version: 2 },
  enrolled: 8,
  completed: 2,
  lessons: [
    { slug: 'intro', title: 'Introduction', position: 1, done: 7, atThisLesson: 1, stoppedHere: 1 },
    {
      slug: 'forgetting-curve',
      title: 'The forgetting curve',
      position: 2,
      done: 4,
      atThisLesson: 3,
      stoppedHere: 2,
    },
    {
      slug: 'scheduling',
      title: 'Scheduling reviews',
      position: 3,
      done: 2,
      atThisLesson: 2,
      stoppedHere: 0,
    },
  ],
  questions: [
    {
      lesson: { slug: 'forgetting-curve', title: 'The forgetting curve' },
      question: 'half-life',
      prompt: 'What makes a memory **last** longer?',
      people: 5,
      attempts: 9,
      wrong: 4,
      wrongFirstTime: 2,
    },
  ],
  learners: [
    {
      person: lina,
      enrolledAt: '2026-05-10T09:00:00.000Z',
      leftAt: null,
      done: 1,
      total: 3,
      next: { slug: 'forgetting-curve', title: 'The forgetting curve' },
      lastActiveAt: '2026-05-20T09:00:00.000Z',
      completedAt: null,
    },
    {
      person: omar,
      enrolledAt: '2026-05-01T09:00:00.000Z',
      leftAt: null,
      done: 3,
      total: 3,
      next: null,
      lastActiveAt: '2026-05-18T09:00:00.000Z',
      completedAt: '2026-05-18T09:00:00.000Z',
    },
  ],
});
