import type { CourseDraftContent, NewCourseInput } from '../../../../contracts/classroom-authoring.ts';
import type { CourseContent } from '../../../../contracts/classroom.ts';
import type { FieldError } from '../../../../contracts/errors.ts';

// What a draft is and when it may be published: pure rules, so they are tested by hand-computed cases.

/** The slug of the one lesson a new course starts with. */
export const STARTER_LESSON = 'introduction';

/**
 * A new course's draft: one module with one short lesson and no quiz, taught by its maker, with catalogue
 * fields the instructor is expected to change before publishing.
 */
export function starterDraft(input: NewCourseInput, makerHandle: string): CourseDraftContent {
  return {
    course: {
      slug: input.slug,
      title: input.title,
      summary: `What “${input.title}” teaches, in a sentence or two.`.slice(0, 600),
      level: 'beginner',
      estimatedHours: 1,
      topics: ['general'],
      instructors: [makerHandle],
      modules: [{ title: 'Getting started', lessons: [STARTER_LESSON] }],
    },
    lessons: [
      {
        source: {
          slug: STARTER_LESSON,
          title: 'Introduction',
          requires: [],
          cards: [],
          body: 'What this course is about, and what a learner will be able to do at the end.',
        },
        quiz: [],
      },
    ],
  };
}

/**
 * A published version as a draft: its lessons' sources and quizzes as stored, each lesson's card titles
 * replaced by the current titles of its cards when `titleOf` knows them (a card may have been renamed).
 */
export function draftOf(content: CourseContent, titleOf?: (cardId: string) => string | undefined) {
  return {
    course: content.course,
    lessons: content.lessons.map((lesson) => ({
      source: titleOf
        ? {
            ...lesson.source,
            cards: lesson.source.cards.map((title, index) => {
              const id = lesson.cardIds[index];
              return (id && titleOf(id)) ?? title;
            }),
          }
        : lesson.source,
      quiz: lesson.quiz,
    })),
  } satisfies CourseDraftContent;
}

/** JSON with every object's keys sorted: equal for equal documents whatever order jsonb gave their keys. */
export function canonicalJSON(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/** Whether a draft differs from the published version (always, when nothing is published). */
export function hasUnpublishedChanges(draft: CourseDraftContent, published: CourseContent | undefined) {
  return !published || canonicalJSON(draft) !== canonicalJSON(draftOf(published));
}

/** The lessons that require each other in a loop, each loop once, in the order it is walked. */
export function requirementCycles(lessons: readonly { slug: string; requires: readonly string[] }[]) {
  const requires = new Map(lessons.map((lesson) => [lesson.slug, lesson.requires]));
  const state = new Map<string, 'walking' | 'done'>();
  const cycles: string[][] = [];
  const path: string[] = [];
  const walk = (slug: string) => {
    state.set(slug, 'walking');
    path.push(slug);
    for (const next of requires.get(slug) ?? []) {
      if (!requires.has(next)) continue;
      if (state.get(next) === 'walking') cycles.push(path.slice(path.indexOf(next)));
      else if (!state.has(next)) walk(next);
    }
    path.pop();
    state.set(slug, 'done');
  };
  for (const lesson of lessons) if (!state.has(lesson.slug)) walk(lesson.slug);
  return cycles;
}

/** What publishing checks beyond the draft's shape, given what exists in the database. */
export type PublishFacts = {
  /** Whether a public card has this title. */
  cardExists: (title: string) => boolean;
  /** Whether someone has this handle. */
  handleExists: (handle: string) => boolean;
  /** Whether a published course has this slug. */
  courseExists: (slug: string) => boolean;
};

/**
 * Every reason the draft cannot be published, as field errors (paths into the draft, `content.` first):
 * modules naming lessons that do not exist, lessons in no module or in several, `requires` naming lessons
 * not in the course or making a loop, card titles no public card has, handles nobody has, recommended courses
 * that are not published (or are this one).
 */
export function publishProblems(draft: CourseDraftContent, facts: PublishFacts): FieldError[] {
  const problems: FieldError[] = [];
  const slugs = new Set(draft.lessons.map((lesson) => lesson.source.slug));
  const inModules = new Map<string, number>();

  draft.course.modules.forEach((module, m) =>
    module.lessons.forEach((slug, l) => {
      inModules.set(slug, (inModules.get(slug) ?? 0) + 1);
      if (!slugs.has(slug))
        problems.push({
          path: `content.course.modules.${m}.lessons.${l}`,
          message: `There is no lesson “${slug}” in the course`,
        });
    }),
  );

  const seen = new Set<string>();
  draft.lessons.forEach((lesson, i) => {
    const { slug } = lesson.source;
    const at = `content.lessons.${i}.source`;
    if (seen.has(slug)) problems.push({ path: `${at}.slug`, message: `Two lessons have the slug “${slug}”` });
    seen.add(slug);
    const modules = inModules.get(slug) ?? 0;
    if (modules !== 1)
      problems.push({
        path: `${at}.slug`,
        message:
          modules === 0
            ? `The lesson “${slug}” is in no module`
            : `The lesson “${slug}” is in ${modules} modules`,
      });
    lesson.source.requires.forEach((required, r) => {
      if (!slugs.has(required))
        problems.push({
          path: `${at}.requires.${r}`,
          message: `There is no lesson “${required}” in the course`,
        });
    });
    lesson.source.cards.forEach((title, c) => {
      if (!facts.cardExists(title))
        problems.push({ path: `${at}.cards.${c}`, message: `No public card is titled “${title}”` });
    });
  });

  const indexOf = new Map(draft.lessons.map((lesson, i) => [lesson.source.slug, i]));
  for (const cycle of requirementCycles(draft.lessons.map((lesson) => lesson.source))) {
    const loop = [...cycle, cycle[0]!].map((slug) => `“${slug}”`).join(' → ');
    for (const slug of cycle)
      problems.push({
        path: `content.lessons.${indexOf.get(slug)!}.source.requires`,
        message: `These lessons require each other in a loop: ${loop}`,
      });
  }

  draft.course.instructors.forEach((handle, i) => {
    if (!facts.handleExists(handle))
      problems.push({ path: `content.course.instructors.${i}`, message: `Nobody has the handle @${handle}` });
  });
  draft.course.recommendedBefore?.forEach((slug, i) => {
    if (slug === draft.course.slug || !facts.courseExists(slug))
      problems.push({
        path: `content.course.recommendedBefore.${i}`,
        message:
          slug === draft.course.slug
            ? 'A course cannot be recommended before itself'
            : `No published course has the address “${slug}”`,
      });
  });
  return problems;
}
