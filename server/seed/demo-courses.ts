import fs from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import {
  courseSourceSchema,
  lessonSourceSchema,
  quizSourceSchema,
  type CourseSource,
  type LessonSource,
  type QuizSource,
} from '../../contracts/classroom.ts';
import { parseFrontMatter } from '../lib/front-matter.ts';

/**
 * The demo courses that the demo-content step installs: one folder per course under `courses/`, named by the
 * course's slug, holding
 *
 *   course.json                the course (contracts/classroom.ts `courseSourceSchema`), its modules naming
 *                              the lessons in order (optionally a `cover` and `recommendedBefore`);
 *   NN-<slug>.md               a lesson: flat front matter (slug, title, requires, cards) and a Markdown body;
 *   NN-<slug>.quiz.json        that lesson's quiz: a list of questions, each with variants.
 *
 * NN numbers the lessons 01, 02, … in the order the modules list them, so a folder listing reads as the
 * course does. Every problem is reported with the file it is in.
 */

export const DEMO_COURSES_DIR = path.join(import.meta.dirname, 'courses');
const COURSE_FILE = 'course.json';
const LESSON_FILE = /^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;
const QUIZ_FILE = /^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.quiz\.json$/;

/** A course file that cannot be used; the message starts with the file, relative to the courses folder. */
export class CourseSourceError extends Error {
  override name = 'CourseSourceError';
}

/** A lesson with where it sits: its module (0-based), its place in the course (1-based) and its quiz. */
export type DemoLesson = LessonSource & {
  file: string;
  quizFile: string;
  module: number;
  position: number;
  quiz: QuizSource;
};

/** A course with its lessons in course order; `dir` is its folder's name. */
export type DemoCourse = CourseSource & { dir: string; lessons: DemoLesson[] };

/** Every course folder under `dir`, sorted by name; throws a CourseSourceError naming the first bad file. */
export async function loadDemoCourses(dir: string = DEMO_COURSES_DIR): Promise<DemoCourse[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const courses: DemoCourse[] = [];
  for (const folder of folders) courses.push(await loadCourse(path.join(dir, folder)));
  const slugs = courses.map((course) => course.slug);
  const twice = slugs.find((slug, index) => slugs.indexOf(slug) !== index);
  if (twice) throw new CourseSourceError(`Two course folders have the slug "${twice}"`);
  return courses;
}

/** One course folder: course.json, then every lesson and quiz, checked against each other. */
export async function loadCourse(courseDir: string): Promise<DemoCourse> {
  const dir = path.basename(courseDir);
  const fail = (file: string, message: string): never => {
    throw new CourseSourceError(`${dir}/${file}: ${message}`);
  };

  const course = parse(courseSourceSchema, await readJson(courseDir, COURSE_FILE, fail), (message) =>
    fail(COURSE_FILE, message),
  );
  if (course.slug !== dir) fail(COURSE_FILE, `the slug "${course.slug}" must be the folder's name`);
  const order = course.modules.flatMap((module, index) =>
    module.lessons.map((slug) => ({ slug, module: index })),
  );

  const files = (await fs.readdir(courseDir)).sort();
  const lessonFiles = new Map<string, { file: string; number: number }>();
  const quizFiles = new Map<string, { file: string; number: number }>();
  for (const file of files) {
    if (file === COURSE_FILE) continue;
    const lesson = LESSON_FILE.exec(file);
    const quiz = QUIZ_FILE.exec(file);
    const [, number = '', slug = ''] =
      lesson ?? quiz ?? fail(file, 'is neither a lesson (NN-slug.md) nor a quiz (NN-slug.quiz.json)');
    const found = lesson ? lessonFiles : quizFiles;
    if (found.has(slug)) fail(file, `a second file for the lesson "${slug}"`);
    found.set(slug, { file, number: Number(number) });
  }

  const lessons: DemoLesson[] = [];
  for (const [index, { slug, module }] of order.entries()) {
    const { file, number } =
      lessonFiles.get(slug) ??
      fail(COURSE_FILE, `lists the lesson "${slug}", which has no file NN-${slug}.md`);
    const expected = String(index + 1).padStart(2, '0');
    if (number !== index + 1)
      fail(file, `is lesson ${index + 1} in course.json: name it ${expected}-${slug}.md`);
    const quizFile = quizFiles.get(slug) ?? fail(file, `has no quiz: add ${expected}-${slug}.quiz.json`);
    if (quizFile.number !== number) fail(quizFile.file, `must be numbered as its lesson, ${file}`);

    const lesson = await readLesson(courseDir, file, (message) => fail(file, message));
    if (lesson.slug !== slug) fail(file, `its front matter's slug "${lesson.slug}" must match the file name`);
    for (const required of lesson.requires) {
      const at = order.findIndex((entry) => entry.slug === required);
      if (at === -1) fail(file, `requires "${required}", which is not a lesson of this course`);
      if (at >= index)
        fail(file, `requires "${required}", which comes after it: a lesson needs earlier ones`);
    }
    const quiz = parse(quizSourceSchema, await readJson(courseDir, quizFile.file, fail), (message) =>
      fail(quizFile.file, message),
    );
    lessons.push({ ...lesson, file, quizFile: quizFile.file, module, position: index + 1, quiz });
  }

  const listed = new Set(order.map((entry) => entry.slug));
  for (const [slug, { file }] of [...lessonFiles, ...quizFiles]) {
    if (!listed.has(slug)) fail(file, `no module of course.json lists the lesson "${slug}"`);
  }
  return { ...course, dir, lessons };
}

/** A lesson file: its front matter and body, as the lesson schema takes them. */
async function readLesson(
  courseDir: string,
  file: string,
  fail: (message: string) => never,
): Promise<LessonSource> {
  const text = await fs.readFile(path.join(courseDir, file), 'utf8');
  let parsed: ReturnType<typeof parseFrontMatter>;
  try {
    parsed = parseFrontMatter(text);
  } catch (error) {
    return fail((error as Error).message);
  }
  if ('body' in parsed.data) fail('"body" is the text after the front matter, not a key of it');
  return parse(lessonSourceSchema, { ...parsed.data, body: parsed.body }, fail);
}

async function readJson(
  courseDir: string,
  file: string,
  fail: (file: string, message: string) => never,
): Promise<unknown> {
  let text: string;
  try {
    text = await fs.readFile(path.join(courseDir, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return fail(file, code === 'ENOENT' ? 'is missing' : (error as Error).message);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return fail(file, `is not valid JSON (${(error as Error).message})`);
  }
}

/** Parses with a schema; the problems are listed with where they are, e.g. `3.variants.1.answer: …`. */
function parse<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  fail: (message: string) => never,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const where = issue.path.map(String).join('.');
    return where === '' ? issue.message : `${where}: ${issue.message}`;
  });
  return fail(problems.join('; '));
}
