import type { CourseDraftContent, DraftLesson } from '../../../../contracts/classroom-authoring.ts';
import type { QuestionKind, QuestionSource, QuestionVariant } from '../../../../contracts/classroom.ts';

// Pure edits of a course draft. The lessons are kept in course order: the order of the modules' lists.

type Content = CourseDraftContent;

/** The first of `base-1`, `base-2`, … not in `taken`. */
function freshName(base: string, taken: readonly string[]): string {
  for (let n = 1; ; n += 1) if (!taken.includes(`${base}-${n}`)) return `${base}-${n}`;
}

/** The lessons sorted in the modules' order; a lesson no module names goes last. */
export function inCourseOrder(content: Content): Content {
  const order = content.course.modules.flatMap((module) => module.lessons);
  const rank = (lesson: DraftLesson) => {
    const at = order.indexOf(lesson.source.slug);
    return at < 0 ? order.length : at;
  };
  return { ...content, lessons: [...content.lessons].sort((a, b) => rank(a) - rank(b)) };
}

function withModules(content: Content, modules: Content['course']['modules']): Content {
  return inCourseOrder({ ...content, course: { ...content.course, modules } });
}

/** Adds an empty module at the end (it needs a lesson before the course can be saved). */
export function addModule(content: Content): Content {
  return withModules(content, [...content.course.modules, { title: 'New module', lessons: [] }]);
}

/** Renames module `index`. */
export function renameModule(content: Content, index: number, title: string): Content {
  return withModules(
    content,
    content.course.modules.map((module, at) => (at === index ? { ...module, title } : module)),
  );
}

/** Removes module `index`; its lessons join the module before it (the next one for the first). */
export function removeModule(content: Content, index: number): Content {
  const modules = content.course.modules;
  if (modules.length < 2) return content;
  const removed = modules[index];
  if (!removed) return content;
  const target = index === 0 ? 1 : index - 1;
  return withModules(
    content,
    modules.flatMap((module, at) => {
      if (at === index) return [];
      if (at !== target) return [module];
      const lessons =
        index === 0 ? [...removed.lessons, ...module.lessons] : [...module.lessons, ...removed.lessons];
      return [{ ...module, lessons }];
    }),
  );
}

/** Adds a new lesson at the end of module `index`. */
export function addLesson(content: Content, index: number): Content {
  const slug = freshName(
    'lesson',
    content.lessons.map((lesson) => lesson.source.slug),
  );
  const lesson: DraftLesson = {
    source: { slug, title: 'New lesson', requires: [], cards: [], body: 'Write the lesson here.' },
    quiz: [],
  };
  return withModules(
    { ...content, lessons: [...content.lessons, lesson] },
    content.course.modules.map((module, at) =>
      at === index ? { ...module, lessons: [...module.lessons, slug] } : module,
    ),
  );
}

/** Removes a lesson, from its module and from what other lessons require. */
export function removeLesson(content: Content, slug: string): Content {
  if (content.lessons.length < 2) return content;
  return withModules(
    {
      ...content,
      lessons: content.lessons
        .filter((lesson) => lesson.source.slug !== slug)
        .map((lesson) => ({
          ...lesson,
          source: { ...lesson.source, requires: lesson.source.requires.filter((need) => need !== slug) },
        })),
    },
    content.course.modules.map((module) => ({
      ...module,
      lessons: module.lessons.filter((lesson) => lesson !== slug),
    })),
  );
}

/**
 * Moves a lesson one place earlier (-1) or later (+1). At the edge of its module it crosses into the module
 * before or after, at that module's end or start.
 */
export function moveLesson(content: Content, slug: string, step: -1 | 1): Content {
  const modules = content.course.modules.map((module) => ({ ...module, lessons: [...module.lessons] }));
  const from = modules.findIndex((module) => module.lessons.includes(slug));
  const module = modules[from];
  if (!module) return content;
  const at = module.lessons.indexOf(slug);
  const to = at + step;
  if (to >= 0 && to < module.lessons.length) {
    module.lessons.splice(at, 1);
    module.lessons.splice(to, 0, slug);
  } else {
    const neighbour = modules[from + step];
    if (!neighbour) return content;
    module.lessons.splice(at, 1);
    if (step < 0) neighbour.lessons.push(slug);
    else neighbour.lessons.unshift(slug);
  }
  return withModules(content, modules);
}

/**
 * Replaces lesson `index`. A new slug is carried to the module that lists the lesson and to the lessons that
 * require it, so renaming never breaks a reference.
 */
export function updateLesson(content: Content, index: number, lesson: DraftLesson): Content {
  const old = content.lessons[index]?.source.slug;
  const slug = lesson.source.slug;
  const renamed = old !== undefined && old !== slug;
  const lessons = content.lessons.map((current, at) => {
    if (at === index) return lesson;
    if (!renamed) return current;
    return {
      ...current,
      source: {
        ...current.source,
        requires: current.source.requires.map((need) => (need === old ? slug : need)),
      },
    };
  });
  if (!renamed) return { ...content, lessons };
  // Only the first reference: another lesson may hold the same slug for a moment while it is typed.
  let done = false;
  const modules = content.course.modules.map((module) => ({
    ...module,
    lessons: module.lessons.map((ref) => {
      if (done || ref !== old) return ref;
      done = true;
      return slug;
    }),
  }));
  return { ...content, lessons, course: { ...content.course, modules } };
}

/** A variant of `kind` that keeps the prompt and explanation of `from`. */
export function variantOfKind(kind: QuestionKind, from?: QuestionVariant): QuestionVariant {
  const common = { prompt: from?.prompt ?? '', explanation: from?.explanation ?? '' };
  const options =
    from && (from.kind === 'single' || from.kind === 'multiple')
      ? from.options
      : [
          { id: 'a', text: '' },
          { id: 'b', text: '' },
        ];
  switch (kind) {
    case 'single':
      return { kind, ...common, options, correct: 'a' };
    case 'multiple':
      return { kind, ...common, options, correct: ['a'] };
    case 'text':
      return { kind, ...common, accepted: [] };
    case 'numeric':
      return { kind, ...common, answer: 0, tolerance: 0 };
  }
}

/** A new question of `kind` with an id no other question of the quiz has. */
export function newQuestion(quiz: readonly QuestionSource[], kind: QuestionKind): QuestionSource {
  return {
    id: freshName(
      'question',
      quiz.map((question) => question.id),
    ),
    variants: [variantOfKind(kind)],
  };
}

/** Option ids are letters in order: a, b, c… */
export function optionLetter(index: number): string {
  return String.fromCharCode(97 + index);
}

/** Moves item `index` of a list one place (-1 earlier, +1 later); out of range leaves it as it is. */
export function moveItem<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  const item = items[index];
  if (item === undefined || to < 0 || to >= items.length) return [...items];
  const moved = items.filter((_, at) => at !== index);
  moved.splice(to, 0, item);
  return moved;
}
