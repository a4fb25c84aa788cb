import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { quizSourceSchema, type QuestionVariant, type QuizSource } from '../contracts/classroom.ts';
import { expect, ownProfile, signInAsAdmin, signUpThroughApi, test } from './fixtures.ts';

const slug = 'modern-recommendation-systems';
const coursePath = `/classroom/classes/${slug}`;
const lessonSlug = 'what-recommenders-do';
const lessonTitle = 'What recommenders do and how they are judged';

/** The first lesson's quiz as the demo content writes it: the test answers from the course's own source. */
const quiz: QuizSource = quizSourceSchema.parse(
  JSON.parse(
    readFileSync(
      new URL(`../server/seed/courses/${slug}/01-${lessonSlug}.quiz.json`, import.meta.url),
      'utf8',
    ),
  ),
);

/** The words a variant's prompt starts with, before any math: enough to tell a question's variants apart. */
const openingOf = (variant: QuestionVariant) => variant.prompt.split('$')[0]!.slice(0, 40).trim();

/** The variant of question `index` the page shows in its region `group`, found by its opening words. */
async function shownVariant(group: Locator, index: number): Promise<QuestionVariant> {
  const text = (await group.textContent()) ?? '';
  const shown = quiz[index]!.variants.filter((variant) => text.includes(openingOf(variant)));
  expect(shown, `question ${index + 1} shows one known variant`).toHaveLength(1);
  return shown[0]!;
}

/** Fills in `variant`'s right answer (or a wrong one) in its form. */
async function answer(group: Locator, variant: QuestionVariant, right: boolean) {
  switch (variant.kind) {
    case 'numeric':
      await group
        .getByRole('spinbutton', { name: 'Your answer' })
        .fill(String(right ? variant.answer : variant.answer + 7));
      break;
    case 'text':
      await group
        .getByRole('textbox', { name: 'Your answer' })
        .fill(right ? variant.accepted[0]! : 'no idea');
      break;
    case 'single': {
      const index = variant.options.findIndex((option) => (option.id === variant.correct) === right);
      await group.getByRole('radio').nth(index).check();
      break;
    }
    case 'multiple':
      for (const [index, option] of variant.options.entries()) {
        if (variant.correct.includes(option.id) === right)
          await group.getByRole('checkbox').nth(index).check();
      }
      break;
  }
  await group.getByRole('button', { name: 'Check answer' }).click();
}

/** A browser context of its own, with someone signed up in it when `name` is given. */
async function person(browser: Browser, name: string | null): Promise<{ page: Page; handle: string }> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL!,
    viewport: { width: 1280, height: 860 },
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${(test.info().workerIndex % 50) + 150}` },
  });
  const page = await context.newPage();
  if (!name) return { page, handle: '' };
  await signUpThroughApi(page, name);
  return { page, handle: (await ownProfile(page)).handle };
}

test('a new person enrols in the recommendation systems course, passes lesson 1 with a retry, studies its deck, and an instructor sees their progress', async ({
  page,
  browser,
  seriousA11yViolations,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpThroughApi(page, 'Lena Learner');
  const learner = await ownProfile(page);

  // The catalogue leads to the course; enrolling opens the first lesson.
  await page.goto('/classroom');
  await page
    .getByRole('link', { name: /Modern recommendation systems/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modern recommendation systems' })).toBeVisible();
  await page.getByRole('button', { name: 'Enrol', exact: true }).click();
  await page.getByRole('link', { name: `Continue: ${lessonTitle}` }).click();
  await expect(page).toHaveURL(new RegExp(`${coursePath}/lessons/${lessonSlug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(lessonTitle);

  // Question 1, answered wrong: why, and the right answer; the retry asks the other version.
  const first = page.getByRole('region', { name: 'Question 1' });
  const asked = await shownVariant(first, 0);
  await expect(first).not.toContainText('The right answer');
  await answer(first, asked, false);
  const result = first.getByRole('status');
  await expect(result).toContainText('The right answer');
  await expect(result).toContainText(asked.explanation.split('$')[0]!.slice(0, 30));
  expect(await seriousA11yViolations(page)).toEqual([]);
  await first.getByRole('button', { name: 'Try another version' }).click();
  const retry = await shownVariant(first, 0);
  expect(retry.prompt).not.toBe(asked.prompt);
  await answer(first, retry, true);
  await expect(first.getByRole('status')).toContainText('Right.');

  // The rest, right at the first try; the lesson is done and the next one opens.
  for (let index = 1; index < quiz.length; index++) {
    const group = page.getByRole('region', { name: `Question ${index + 1}` });
    await answer(group, await shownVariant(group, index), true);
    await expect(group.getByRole('status')).toContainText('The right answer');
  }
  await expect(page.getByRole('link', { name: 'Next lesson' }).first()).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousA11yViolations(page), `${scheme} theme`).toEqual([]);
  }

  // The course page counts the lesson, and the course's cards are a deck in Play.
  await page.goto(coursePath);
  await expect(page.getByRole('main')).toContainText('1 of 9 lessons');
  await expect(page.getByRole('region', { name: 'What you remember' })).toBeVisible();
  // Its discussion channel in Confer, which enrolling joined.
  await page.getByRole('link', { name: 'Discuss this course' }).first().click();
  await expect(
    page.getByRole('region', { name: /^Messages in .*modern-recommendation-systems/ }),
  ).toBeVisible();
  await page.goto('/play');
  await page.getByRole('link', { name: 'Modern recommendation systems', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modern recommendation systems' })).toBeVisible();

  // An administrator makes a new person an instructor of the course (a version naming them), who then sees
  // the learner in the class view.
  const teacher = await person(browser, 'Theo Teacher');
  const admin = await person(browser, null);
  await signInAsAdmin(admin.page);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const granted = await admin.page.request.put(`/api/admin/instructors/${teacher.handle}`, {
    headers: { origin },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  const draft = (await (await admin.page.request.get(`/api/classroom/courses/${slug}/draft`)).json()) as {
    content: { course: { instructors: string[] } };
    updatedAt: string;
  };
  draft.content.course.instructors.push(teacher.handle);
  const saved = await admin.page.request.put(`/api/classroom/courses/${slug}/draft`, {
    headers: { origin },
    data: { content: draft.content, baseUpdatedAt: draft.updatedAt },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const published = await admin.page.request.post(`/api/classroom/courses/${slug}/versions`, {
    headers: { origin },
  });
  expect(published.status(), await published.text()).toBe(201);

  await teacher.page.goto(`${coursePath}/class`);
  const learners = teacher.page.getByRole('table', { name: /Learners/ });
  const row = learners.getByRole('row').filter({ hasText: 'Lena Learner' });
  await expect(row).toContainText('1 of 9');
  await expect(row.getByRole('link', { name: 'Lena Learner' })).toHaveAttribute(
    'href',
    `/u/${learner.handle}`,
  );
});

test('an administrator makes someone an instructor, who writes a course with a quiz in the editor and publishes it for learners', async ({
  page,
  browser,
  seriousA11yViolations,
}) => {
  test.setTimeout(120_000);
  const teacher = await person(browser, 'Ines Instructor');
  await signInAsAdmin(page);
  await page.goto('/admin');
  const instructors = page.getByRole('region', { name: 'Instructors' });
  await instructors.getByRole('textbox', { name: 'Handle' }).fill(teacher.handle);
  await instructors.getByRole('button', { name: 'Make instructor' }).click();
  await expect(instructors.getByRole('table', { name: 'Current instructors' })).toContainText(
    'Ines Instructor',
  );

  // Teaching: a new course from its title; the editor opens on its draft.
  const title = `Spacing in practice ${Date.now().toString(36)}`;
  const editor = teacher.page;
  await editor.goto('/classroom/teaching');
  await editor.getByRole('textbox', { name: 'Title' }).fill(title);
  await editor.getByRole('button', { name: 'Start the course' }).click();
  await expect(editor).toHaveURL(/\/classroom\/classes\/spacing-in-practice-[a-z0-9-]+\/edit$/);
  const slug = new URL(editor.url()).pathname.split('/')[3]!;

  // A question for the first lesson, then Publish (which saves first).
  await editor.getByRole('button', { name: 'Add a single-choice question' }).click();
  await editor.getByRole('textbox', { name: 'Question 1: prompt' }).fill('Which review comes back later?');
  await editor.getByRole('textbox', { name: 'Question 1: option a' }).fill('One graded Easy');
  await editor.getByRole('textbox', { name: 'Question 1: option b' }).fill('One graded Again');
  await editor
    .getByRole('textbox', { name: 'Question 1: explanation' })
    .fill('Easy lengthens the interval most.');
  await expect(editor.getByText('Unsaved changes')).toBeVisible();
  expect(await seriousA11yViolations(editor)).toEqual([]);
  await editor.getByRole('button', { name: 'Publish' }).first().click();
  await expect(editor.getByText('Version 1 is published.')).toBeVisible();

  // A learner finds it in the catalogue, enrols and answers the question.
  await page.goto(`/classroom?q=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: title }).first().click();
  await page.getByRole('button', { name: 'Enrol', exact: true }).click();
  await page.getByRole('link', { name: /^Continue: / }).click();
  const question = page.getByRole('region', { name: 'Question 1' });
  await expect(question).toContainText('Which review comes back later?');
  await question.getByRole('radio').first().check();
  await question.getByRole('button', { name: 'Check answer' }).click();
  // That was the course's only question: the course is complete, and its certificate is for anyone to see.
  await expect(page.getByRole('heading', { level: 1, name: 'Course completed' })).toBeVisible();
  const certificate = await page.getByRole('link', { name: 'See your certificate' }).getAttribute('href');
  expect(certificate).toMatch(/^\/classroom\/certificates\/[\w-]{16}$/);
  await editor.goto(certificate!);
  await expect(editor.getByRole('main')).toContainText('Erin Admin');
  await expect(editor.getByRole('main')).toContainText(title);

  // The instructor's class view counts them.
  await editor.goto(`/classroom/classes/${slug}/class`);
  await expect(editor.getByRole('table', { name: 'Learners' }).getByRole('row')).toHaveCount(2);
  await expect(editor.getByRole('main')).toContainText('1 of 1 lesson');
  await expect(editor.getByRole('main')).toContainText('100%');

  // The class view and the editor on a phone, in both themes: nothing serious for axe, no sideways scrolling.
  await editor.setViewportSize({ width: 375, height: 812 });
  for (const path of [`/classroom/classes/${slug}/class`, `/classroom/classes/${slug}/edit`]) {
    await editor.goto(path);
    await expect(editor.getByRole('heading', { level: 1 })).toContainText(title);
    for (const scheme of ['light', 'dark'] as const) {
      await editor.emulateMedia({ colorScheme: scheme });
      expect(await seriousA11yViolations(editor), `${path}, ${scheme} theme`).toEqual([]);
      expect(
        await editor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `${path} scrolls sideways`,
      ).toBe(true);
    }
  }
});
