import type { CourseContent, CourseSource, LessonSource, QuizSource } from '../../../contracts/classroom.ts';
import type { Orm } from '../../db/client.ts';
import { cardIdOf, cardIdsByTitle } from './card-titles.ts';
import { createClassroomRepository } from './repository.ts';

/** A course as files hold it: the course, and its lessons in course order with their quizzes. */
export type CourseFiles = { source: CourseSource; lessons: { source: LessonSource; quiz: QuizSource }[] };

/**
 * Installs a course written as files (the demo courses), published as its version 1, taught by the people its
 * `instructors` name. Each lesson's cards are found by title among the public cards. Does nothing
 * when a course has the slug already (an installed course is never overwritten); answers whether it installed.
 */
export async function installCourse(orm: Orm, course: CourseFiles): Promise<boolean> {
  const repository = createClassroomRepository(orm);
  if (await repository.courseBySlug(course.source.slug)) return false;
  const keys = await repository.profileKeysByHandle(course.source.instructors);
  const instructorKeys = course.source.instructors.map((handle) => {
    const key = keys.get(handle.toLowerCase());
    if (!key) throw new Error(`Course ${course.source.slug}: no profile has the handle @${handle}`);
    return key;
  });
  const cards = await cardIdsByTitle(
    repository,
    course.lessons.flatMap((lesson) => lesson.source.cards),
  );
  const content: CourseContent = {
    course: course.source,
    lessons: course.lessons.map((lesson) => ({
      source: lesson.source,
      quiz: lesson.quiz,
      cardIds: lesson.source.cards.map((title) => {
        const id = cardIdOf(cards, title);
        if (!id)
          throw new Error(`Course ${course.source.slug}: no public card “${title}” by its instructors`);
        return id;
      }),
    })),
  };
  return repository.installCourse({ ownerKey: instructorKeys[0]!, content, instructorKeys });
}
