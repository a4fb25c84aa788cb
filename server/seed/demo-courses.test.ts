import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import katex from 'katex';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { normalizeTitle } from '../../contracts/card-text.ts';
import { questionKinds, type QuestionVariant } from '../../contracts/classroom.ts';
import { extractLinks, readDemoCards, readDemoUsers, stripCode } from './demo-content.ts';
import { CourseSourceError, loadDemoCourses, type DemoCourse, type DemoLesson } from './demo-courses.ts';

// The demo course as written: its structure, its quizzes, its links into the demo cards, and its math, which
// must typeset as the card renderer typesets it (remark-math finds it, KaTeX renders it).

const COURSE = 'modern-recommendation-systems';
const MIN_LESSONS = 8;
const MIN_QUESTIONS = 4;
const MIN_VARIANTS = 2;
/** Words of prose per lesson (code blocks and spans left out), the length of a good lecture's notes. */
const LESSON_WORDS = { min: 800, max: 1_500 } as const;

type MathSpan = { tex: string; display: boolean };

/**
 * The math of a Markdown text as remark-math reads it, closely enough for a test: code (fenced and inline) is
 * skipped, `\$` is a literal dollar, a run of dollars opens math that the next run of the same length closes,
 * and inline math stays within its paragraph. Returns the spans and the problems found (an unclosed `$`, a
 * `|` inside math on a table row, where GFM would split the cell).
 */
function mathOf(markdown: string): { spans: MathSpan[]; problems: string[] } {
  const prose = stripCode(markdown);
  const spans: MathSpan[] = [];
  const problems: string[] = [];
  let i = 0;
  while (i < prose.length) {
    const char = prose[i]!;
    if (char === '\\') {
      i += 2;
      continue;
    }
    if (char !== '$') {
      i++;
      continue;
    }
    let run = 0;
    while (prose[i + run] === '$') run++;
    const start = i + run;
    let close = -1;
    for (let j = start; j < prose.length; j++) {
      if (prose[j] === '\\') {
        j++;
        continue;
      }
      if (prose[j] !== '$') continue;
      let length = 0;
      while (prose[j + length] === '$') length++;
      if (length === run) {
        close = j;
        break;
      }
      j += length - 1;
    }
    const tex = close === -1 ? '' : prose.slice(start, close);
    if (close === -1 || (run === 1 && /\n[ \t]*\n/.test(tex))) {
      problems.push(`an unclosed "${'$'.repeat(run)}" near "${prose.slice(i, i + 40)}"`);
      i = start;
      continue;
    }
    const lineStart = prose.lastIndexOf('\n', i) + 1;
    if (prose.slice(lineStart, i).trimStart().startsWith('|') && tex.includes('|')) {
      problems.push(`"|" inside math on a table row splits the cell: ${tex}`);
    }
    spans.push({ tex: tex.trim(), display: run >= 2 });
    i = close + run;
  }
  return { spans, problems };
}

/** Every Markdown text a lesson shows: its body, and each variant's prompt, explanation, options and feedback. */
function textsOf(lesson: DemoLesson): { where: string; markdown: string }[] {
  const texts = [{ where: lesson.file, markdown: lesson.body }];
  for (const question of lesson.quiz) {
    question.variants.forEach((variant, index) => {
      const where = `${lesson.quizFile} ${question.id} variant ${index + 1}`;
      texts.push({ where, markdown: variant.prompt }, { where, markdown: variant.explanation });
      if (variant.kind === 'single' || variant.kind === 'multiple') {
        for (const option of variant.options) {
          texts.push({ where: `${where} option ${option.id}`, markdown: option.text });
          if (option.feedback)
            texts.push({ where: `${where} option ${option.id}`, markdown: option.feedback });
        }
      }
    });
  }
  return texts;
}

const proseWords = (markdown: string) => stripCode(markdown).split(/\s+/).filter(Boolean).length;
const numberWords: Record<string, number> = { one: 1, two: 2, three: 3, four: 4 };
const variantsOf = (course: DemoCourse) =>
  course.lessons.flatMap((lesson) =>
    lesson.quiz.flatMap((question) =>
      question.variants.map((variant, index) => ({
        where: `${lesson.quizFile} ${question.id} variant ${index + 1}`,
        variant,
      })),
    ),
  );

let course: DemoCourse;
let cardTitles: Set<string>;
let handles: Set<string>;

beforeAll(async () => {
  const courses = await loadDemoCourses();
  course = courses.find((found) => found.slug === COURSE)!;
  cardTitles = new Set((await readDemoCards()).map((card) => normalizeTitle(card.title)));
  handles = new Set((await readDemoUsers()).map((user) => user.handle));
});

describe(`the course "${COURSE}"`, () => {
  it('loads, with a demo instructor who exists', () => {
    expect(course).toBeDefined();
    expect(course.title).toBe('Modern recommendation systems');
    expect(course.instructors.length).toBeGreaterThan(0);
    for (const handle of course.instructors) expect(handles.has(handle), handle).toBe(true);
  });

  it(`has at least ${MIN_LESSONS} lessons, numbered in the order of its modules`, () => {
    expect(course.lessons.length).toBeGreaterThanOrEqual(MIN_LESSONS);
    expect(course.lessons.map((lesson) => lesson.slug)).toEqual(
      course.modules.flatMap((module) => module.lessons),
    );
    course.lessons.forEach((lesson, index) => {
      const number = String(index + 1).padStart(2, '0');
      expect(lesson.position).toBe(index + 1);
      expect(lesson.file).toBe(`${number}-${lesson.slug}.md`);
      expect(lesson.quizFile).toBe(`${number}-${lesson.slug}.quiz.json`);
      expect(course.modules[lesson.module]!.lessons).toContain(lesson.slug);
    });
    for (const module of course.modules) expect(module.lessons.length, module.title).toBeGreaterThan(0);
  });

  it('requires only earlier lessons, so every lesson can be unlocked and the first needs none', () => {
    const position = new Map(course.lessons.map((lesson) => [lesson.slug, lesson.position]));
    expect(course.lessons[0]!.requires).toEqual([]);
    for (const lesson of course.lessons) {
      for (const required of lesson.requires) {
        expect(position.has(required), `${lesson.file} requires ${required}`).toBe(true);
        expect(position.get(required)!, `${lesson.file} requires ${required}`).toBeLessThan(lesson.position);
      }
    }
    // And, independently of the numbering, the graph has no cycle: unlocking in rounds reaches every lesson.
    const done = new Set<string>();
    let progress = true;
    while (progress) {
      progress = false;
      for (const lesson of course.lessons) {
        if (!done.has(lesson.slug) && lesson.requires.every((slug) => done.has(slug))) {
          done.add(lesson.slug);
          progress = true;
        }
      }
    }
    expect(done.size).toBe(course.lessons.length);
  });

  it(`has lessons of ${LESSON_WORDS.min}–${LESSON_WORDS.max} words of prose`, () => {
    for (const lesson of course.lessons) {
      const words = proseWords(lesson.body);
      expect(words, lesson.file).toBeGreaterThanOrEqual(LESSON_WORDS.min);
      expect(words, lesson.file).toBeLessThanOrEqual(LESSON_WORDS.max);
    }
  });

  it('links only demo cards that exist, and lists among its cards only ones its body links', () => {
    const missing: string[] = [];
    for (const lesson of course.lessons) {
      const linked = new Set(extractLinks(lesson.body).map((link) => normalizeTitle(link.target)));
      expect(linked.size, `${lesson.file} links cards`).toBeGreaterThanOrEqual(3);
      expect(lesson.cards.length, `${lesson.file} lists cards`).toBeGreaterThanOrEqual(3);
      for (const title of lesson.cards) {
        if (!cardTitles.has(normalizeTitle(title))) missing.push(`${lesson.file} cards: ${title}`);
        expect(linked.has(normalizeTitle(title)), `${lesson.file} lists "${title}" without linking it`).toBe(
          true,
        );
      }
      for (const { where, markdown } of textsOf(lesson)) {
        for (const link of extractLinks(markdown)) {
          if (!cardTitles.has(normalizeTitle(link.target))) missing.push(`${where} → [[${link.target}]]`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('has math that KaTeX typesets, in bodies, prompts, explanations and options', () => {
    const problems: string[] = [];
    let count = 0;
    for (const lesson of course.lessons) {
      for (const { where, markdown } of textsOf(lesson)) {
        const math = mathOf(markdown);
        problems.push(...math.problems.map((problem) => `${where}: ${problem}`));
        for (const { tex, display } of math.spans) {
          count++;
          try {
            katex.renderToString(tex, { throwOnError: true, displayMode: display, strict: 'error' });
          } catch (error) {
            problems.push(`${where}: ${(error as Error).message}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(count, 'the course is written with formulas').toBeGreaterThan(200);
  });
});

describe(`the quizzes of "${COURSE}"`, () => {
  it(`have at least ${MIN_QUESTIONS} questions each, every one with at least ${MIN_VARIANTS} variants`, () => {
    for (const lesson of course.lessons) {
      expect(lesson.quiz.length, lesson.quizFile).toBeGreaterThanOrEqual(MIN_QUESTIONS);
      for (const question of lesson.quiz) {
        expect(question.variants.length, `${lesson.quizFile} ${question.id}`).toBeGreaterThanOrEqual(
          MIN_VARIANTS,
        );
      }
    }
  });

  it('mix every kind of question, and ask numeric ones in every lesson', () => {
    const kinds = new Set(variantsOf(course).map(({ variant }) => variant.kind));
    expect([...kinds].sort()).toEqual([...questionKinds].sort());
    for (const lesson of course.lessons) {
      const numeric = lesson.quiz.filter((question) => question.variants.some((v) => v.kind === 'numeric'));
      expect(numeric.length, lesson.quizFile).toBeGreaterThanOrEqual(1);
    }
  });

  it('vary between variants: no two variants of a question ask the same thing', () => {
    for (const lesson of course.lessons) {
      for (const question of lesson.quiz) {
        const prompts = question.variants.map((variant) => variant.prompt);
        expect(new Set(prompts).size, `${lesson.quizFile} ${question.id}`).toBe(prompts.length);
      }
    }
  });

  it('give numeric answers that are finite, with a tolerance that accepts the asked rounding and no more', () => {
    const problems: string[] = [];
    for (const { where, variant } of variantsOf(course)) {
      if (variant.kind !== 'numeric') continue;
      const { answer, tolerance, prompt, explanation } = variant;
      if (!Number.isFinite(answer)) problems.push(`${where}: answer ${answer}`);
      if (!(tolerance >= 0)) problems.push(`${where}: tolerance ${tolerance}`);
      // Tight enough that a plausible wrong answer is not taken as right.
      if (tolerance > Math.max(0.02 * Math.abs(answer), 0.0005))
        problems.push(`${where}: tolerance ${tolerance} is loose for ${answer}`);
      // An answer that is not short and exact says to how many places to round, and rounding so is accepted.
      const decimals = (String(answer).split('.')[1] ?? '').length;
      if (decimals > 3) {
        const asked = /to (one|two|three|four|\d) decimal places?/.exec(prompt)?.[1];
        if (!asked) problems.push(`${where}: ${answer} needs "to N decimal places" in the prompt`);
        else {
          const places = numberWords[asked] ?? Number(asked);
          const rounded = Number(answer.toFixed(places));
          if (Math.abs(rounded - answer) > tolerance)
            problems.push(`${where}: ${rounded} (rounded to ${places}) is outside the tolerance`);
        }
      }
      // The worked explanation arrives at the same number.
      const shown = explanation.replace(/\{,\}/g, '').replace(/(\d),(\d{3})/g, '$1$2');
      // From two places on (or the answer's own, when shorter), so that a bare "0" proves nothing.
      const forms = [0, 1, 2, 3, 4]
        .filter((places) => places >= Math.min(decimals, 2))
        .map((places) => String(Number(answer.toFixed(places))));
      if (!forms.some((form) => shown.includes(form)))
        problems.push(`${where}: the explanation never shows ${answer}`);
    }
    expect(problems).toEqual([]);
  });

  it('explain choices: every wrong option has feedback, and multiple choice has several right ones or says why', () => {
    const problems: string[] = [];
    const choices = variantsOf(course).filter(
      (
        entry,
      ): entry is { where: string; variant: Extract<QuestionVariant, { kind: 'single' | 'multiple' }> } =>
        entry.variant.kind === 'single' || entry.variant.kind === 'multiple',
    );
    for (const { where, variant } of choices) {
      const correct = new Set(variant.kind === 'single' ? [variant.correct] : variant.correct);
      for (const option of variant.options) {
        if (!correct.has(option.id) && !option.feedback) problems.push(`${where}: option ${option.id}`);
      }
      if (new Set(variant.options.map((option) => option.id)).size !== variant.options.length)
        problems.push(`${where}: option ids repeat`);
      if (variant.kind === 'multiple' && correct.size === variant.options.length)
        problems.push(`${where}: every option is right`);
    }
    expect(problems).toEqual([]);
  });

  it('accept text answers that are short and distinct', () => {
    for (const { where, variant } of variantsOf(course)) {
      if (variant.kind !== 'text') continue;
      const keys = variant.accepted.map((answer) => answer.toLowerCase().replace(/[^a-z0-9]/g, ''));
      expect(new Set(keys).size, where).toBe(keys.length);
      for (const answer of variant.accepted) expect(answer.split(/\s+/).length, where).toBeLessThanOrEqual(6);
    }
  });
});

describe('mathOf', () => {
  it('finds inline and display math outside code, and reports unclosed dollars', () => {
    const text = [
      'Inline $a + b$ and display',
      '',
      '$$',
      'x^2',
      '$$',
      '',
      'Code `$not math$` and an escaped \\$5, then $$y$$ inline.',
      '```python',
      'price = "$3"',
      '```',
      '| a | $\\lvert x \\rvert$ |',
    ].join('\n');
    expect(mathOf(text)).toEqual({
      spans: [
        { tex: 'a + b', display: false },
        { tex: 'x^2', display: true },
        { tex: 'y', display: true },
        { tex: '\\lvert x \\rvert', display: false },
      ],
      problems: [],
    });
    expect(mathOf('A lone $ sign').problems).toHaveLength(1);
    expect(mathOf('| a | $|x|$ |').problems[0]).toMatch(/splits the cell/);
    expect(mathOf('$a\n\nb$').problems).toHaveLength(2);
  });
});

describe('loadDemoCourses', () => {
  let dir: string;
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  const question = (id: string) => ({
    id,
    variants: [{ kind: 'numeric', prompt: 'What is $1 + 1$?', explanation: 'Two.', answer: 2, tolerance: 0 }],
  });
  const lesson = (slug: string, requires: string[] = []) =>
    [
      '---',
      `slug: ${slug}`,
      `title: Lesson ${slug}`,
      `requires: [${requires.join(', ')}]`,
      '---',
      'Body.',
    ].join('\n');

  /** A valid two-lesson course in a fresh folder; `files` replaces (or, when undefined, removes) some of it. */
  async function writeCourse(files: Record<string, string | undefined> = {}): Promise<string> {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-courses-'));
    const courseDir = path.join(dir, 'small-course');
    await fs.mkdir(courseDir);
    const defaults: Record<string, string> = {
      'course.json': JSON.stringify({
        slug: 'small-course',
        title: 'A small course',
        summary: 'Two lessons.',
        level: 'beginner',
        estimatedHours: 1,
        topics: ['recsys'],
        instructors: ['nadia_r'],
        modules: [
          { title: 'One', lessons: ['first'] },
          { title: 'Two', lessons: ['second'] },
        ],
      }),
      '01-first.md': lesson('first'),
      '01-first.quiz.json': JSON.stringify([question('q1')]),
      '02-second.md': lesson('second', ['first']),
      '02-second.quiz.json': JSON.stringify([question('q1'), question('q2')]),
    };
    for (const [name, text] of Object.entries({ ...defaults, ...files })) {
      if (text !== undefined) await fs.writeFile(path.join(courseDir, name), text);
    }
    return dir;
  }

  it('reads a course folder into lessons in module order, with their quizzes', async () => {
    const [loaded] = await loadDemoCourses(await writeCourse());
    expect(loaded!.dir).toBe('small-course');
    expect(
      loaded!.lessons.map(({ slug, module, position, requires, cards, body, quiz }) => ({
        slug,
        module,
        position,
        requires,
        cards,
        body,
        questions: quiz.map((q) => q.id),
      })),
    ).toEqual([
      { slug: 'first', module: 0, position: 1, requires: [], cards: [], body: 'Body.', questions: ['q1'] },
      {
        slug: 'second',
        module: 1,
        position: 2,
        requires: ['first'],
        cards: [],
        body: 'Body.',
        questions: ['q1', 'q2'],
      },
    ]);
  });

  it.each([
    [
      'a quiz that is not JSON',
      { '02-second.quiz.json': '[{"id": "q1",' },
      /^small-course\/02-second\.quiz\.json: is not valid JSON/,
    ],
    [
      'a quiz variant without its answer',
      {
        '02-second.quiz.json': JSON.stringify([
          { id: 'q1', variants: [{ kind: 'numeric', prompt: 'P', explanation: 'E', tolerance: 0 }] },
        ]),
      },
      /^small-course\/02-second\.quiz\.json: 0\.variants\.0\.answer: /,
    ],
    [
      'a single-choice variant whose answer is not an option',
      {
        '01-first.quiz.json': JSON.stringify([
          {
            id: 'q1',
            variants: [
              {
                kind: 'single',
                prompt: 'P',
                explanation: 'E',
                options: [
                  { id: 'a', text: 'A' },
                  { id: 'b', text: 'B' },
                ],
                correct: 'c',
              },
            ],
          },
        ]),
      },
      /^small-course\/01-first\.quiz\.json: 0\.variants\.0\.correct: The correct option must be one of the options/,
    ],
    [
      'two questions with one id',
      { '01-first.quiz.json': JSON.stringify([question('q1'), question('q1')]) },
      /^small-course\/01-first\.quiz\.json: Question ids must be unique/,
    ],
    [
      'a lesson without its quiz',
      { '02-second.quiz.json': undefined },
      /^small-course\/02-second\.md: has no quiz: add 02-second\.quiz\.json/,
    ],
    [
      'a lesson numbered out of module order',
      {
        '02-second.md': undefined,
        '03-second.md': lesson('second'),
        '02-second.quiz.json': undefined,
        '03-second.quiz.json': '[]',
      },
      /^small-course\/03-second\.md: is lesson 2 in course\.json: name it 02-second\.md/,
    ],
    [
      'a quiz numbered apart from its lesson',
      { '02-second.quiz.json': undefined, '03-second.quiz.json': '[]' },
      /^small-course\/03-second\.quiz\.json: must be numbered as its lesson, 02-second\.md/,
    ],
    [
      'two files for one lesson',
      { '03-second.md': lesson('second') },
      /^small-course\/03-second\.md: a second file for the lesson "second"/,
    ],
    [
      'a lesson that requires a later one',
      { '01-first.md': lesson('first', ['second']) },
      /^small-course\/01-first\.md: requires "second", which comes after it/,
    ],
    [
      'a lesson that requires one of another course',
      { '02-second.md': lesson('second', ['elsewhere']) },
      /^small-course\/02-second\.md: requires "elsewhere", which is not a lesson of this course/,
    ],
    [
      'front matter that does not parse',
      { '01-first.md': '---\nslug: first\ntitle: [unclosed\n---\nBody.' },
      /^small-course\/01-first\.md: Line \d+: /,
    ],
    [
      'a front matter key the schema does not know',
      { '01-first.md': lesson('first').replace('---\nBody.', 'minutes: 10\n---\nBody.') },
      /^small-course\/01-first\.md: Unrecognized key: "minutes"/,
    ],
    [
      'a lesson whose slug differs from its file name',
      { '01-first.md': lesson('other') },
      /^small-course\/01-first\.md: its front matter's slug "other" must match the file name/,
    ],
    [
      'a lesson file no module lists',
      { '03-extra.md': lesson('extra'), '03-extra.quiz.json': '[]' },
      /^small-course\/03-extra\.md: no module of course\.json lists the lesson "extra"/,
    ],
    ['a stray file', { 'notes.txt': 'draft' }, /^small-course\/notes\.txt: is neither a lesson/],
    [
      'a course.json without its fields',
      { 'course.json': JSON.stringify({ slug: 'small-course' }) },
      /^small-course\/course\.json: .*title: /,
    ],
    [
      'a course.json whose modules name a lesson twice',
      {
        'course.json': JSON.stringify({
          slug: 'small-course',
          title: 'T',
          summary: 'S',
          level: 'beginner',
          estimatedHours: 1,
          topics: ['recsys'],
          instructors: ['nadia_r'],
          modules: [{ title: 'One', lessons: ['first', 'second', 'first'] }],
        }),
      },
      /^small-course\/course\.json: modules: A lesson appears in one module, once/,
    ],
  ])('names the file for %s', async (_, files, message) => {
    const root = await writeCourse(files);
    const error = await loadDemoCourses(root).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CourseSourceError);
    expect((error as Error).message).toMatch(message);
  });

  it('names the course file when the slug is not the folder name', async () => {
    const root = await writeCourse();
    const file = path.join(root, 'small-course', 'course.json');
    const source = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>;
    await fs.writeFile(file, JSON.stringify({ ...source, slug: 'another-course' }));
    await expect(loadDemoCourses(root)).rejects.toThrow(
      /^small-course\/course\.json: the slug "another-course" must be the folder's name/,
    );
  });
});
