import type {
  ClassLearner,
  ClassLesson,
  ClassQuestion,
  ClassView,
} from '../../../../contracts/classroom-authoring.ts';
import type { LessonSource, QuizSource } from '../../../../contracts/classroom.ts';
import type { ProfileSummary } from '../../../../contracts/profiles.ts';
import { lessonStates, nextLesson } from '../quiz.ts';

/** How long a learner's next lesson must be untouched for the class view to say they stopped there. */
export const STOPPED_AFTER_MS = 14 * 24 * 60 * 60 * 1000;

/** How many learners the class view lists (the counts cover everyone). */
export const LEARNERS_SHOWN = 500;

/** One enrolment (current or ended) with the person's progress: the lessons they started and finished. */
export type ClassEnrolment = {
  /** Null when the instructor may not see them listed (a block either way); they still count. */
  person: ProfileSummary | null;
  enrolledAt: Date;
  leftAt: Date | null;
  lastActiveAt: Date;
  completedAt: Date | null;
  started: readonly string[];
  done: readonly string[];
};

/** How one question was answered: by how many people, how often, how often wrong (first answers included). */
export type QuestionStats = {
  lesson: string;
  question: string;
  people: number;
  attempts: number;
  wrong: number;
  wrongFirstTime: number;
};

/** What the class view is made of: the course's lessons in course order, its enrolments and its answers. */
export type ClassFacts = {
  course: ClassView['course'];
  lessons: readonly { source: LessonSource; quiz: QuizSource }[];
  enrolments: readonly ClassEnrolment[];
  questions: readonly QuestionStats[];
  now: Date;
};

/**
 * The class view: counts over every enrolment (`enrolled` only the current ones), where the current learners
 * are (`atThisLesson`, `stoppedHere`), the questions most often wrong at the first answer (worst first, by the
 * share of people, then by wrong answers), and the learners most recently active first. Lessons a new version
 * removed drop out: progress is by lesson slug.
 */
export function classViewOf(facts: ClassFacts): ClassView {
  const prerequisites = facts.lessons.map((lesson) => ({
    slug: lesson.source.slug,
    requires: lesson.source.requires,
  }));
  const titleOf = new Map(facts.lessons.map((lesson) => [lesson.source.slug, lesson.source.title]));
  const lessons: ClassLesson[] = facts.lessons.map((lesson, index) => ({
    slug: lesson.source.slug,
    title: lesson.source.title,
    position: index + 1,
    done: 0,
    atThisLesson: 0,
    stoppedHere: 0,
  }));
  const bySlug = new Map(lessons.map((lesson) => [lesson.slug, lesson]));
  const stoppedBefore = facts.now.getTime() - STOPPED_AFTER_MS;

  const learners: (ClassLearner & { active: number })[] = [];
  for (const enrolment of facts.enrolments) {
    const done = new Set(enrolment.done.filter((slug) => bySlug.has(slug)));
    for (const slug of done) bySlug.get(slug)!.done++;
    const next = nextLesson(lessonStates(prerequisites, done, new Set(enrolment.started)));
    if (next && !enrolment.leftAt) {
      const lesson = bySlug.get(next.slug)!;
      lesson.atThisLesson++;
      if (enrolment.lastActiveAt.getTime() < stoppedBefore) lesson.stoppedHere++;
    }
    if (enrolment.person)
      learners.push({
        person: enrolment.person,
        enrolledAt: enrolment.enrolledAt.toISOString(),
        leftAt: enrolment.leftAt?.toISOString() ?? null,
        done: done.size,
        total: lessons.length,
        next: next ? { slug: next.slug, title: titleOf.get(next.slug)! } : null,
        lastActiveAt: enrolment.lastActiveAt.toISOString(),
        completedAt: enrolment.completedAt?.toISOString() ?? null,
        active: enrolment.lastActiveAt.getTime(),
      });
  }
  learners.sort((a, b) => b.active - a.active);

  const stats = new Map(facts.questions.map((item) => [`${item.lesson}\n${item.question}`, item]));
  const questions: ClassQuestion[] = [];
  for (const lesson of facts.lessons) {
    for (const question of lesson.quiz) {
      const found = stats.get(`${lesson.source.slug}\n${question.id}`);
      if (!found || found.people === 0) continue;
      questions.push({
        lesson: { slug: lesson.source.slug, title: lesson.source.title },
        question: question.id,
        prompt: question.variants[0]!.prompt,
        people: found.people,
        attempts: found.attempts,
        wrong: found.wrong,
        wrongFirstTime: found.wrongFirstTime,
      });
    }
  }
  // By the share of people wrong at first (cross-multiplied: no rounding), then by wrong answers; ties keep
  // the course's order (the sort is stable).
  questions.sort((a, b) => b.wrongFirstTime * a.people - a.wrongFirstTime * b.people || b.wrong - a.wrong);

  return {
    course: facts.course,
    enrolled: facts.enrolments.filter((enrolment) => !enrolment.leftAt).length,
    completed: facts.enrolments.filter((enrolment) => enrolment.completedAt).length,
    lessons,
    questions,
    learners: learners.slice(0, LEARNERS_SHOWN).map(({ active: _active, ...learner }) => learner),
  };
}
