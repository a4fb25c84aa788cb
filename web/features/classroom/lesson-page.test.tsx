import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import { renderApp, signIn } from '../../test/render.tsx';
import {
  answerOutcomeFixture,
  answerResultFixture,
  enrolmentFixture,
  lessonQuestionFixture,
  lessonViewFixture,
  quizQuestions,
  recsysDetail,
  recsysLesson,
} from './test-fixtures.ts';

const slug = 'modern-recommendation-systems';
const lessonSlug = recsysLesson(3).slug;
const page = `/classroom/classes/${slug}/lessons/${lessonSlug}`;
const api = `/api/classroom/courses/${slug}/lessons/${lessonSlug}`;
const answers = (question: string) => `POST ${api}/questions/${question}/answers`;

/** The fieldset of question `n` (from 1). */
const question = (n: number) => screen.getByRole('group', { name: `Question ${n}` });
/** The form of question `n`: its fieldset and its button. */
const formOf = (n: number) => question(n).closest('form') as HTMLElement;

describe('/classroom/classes/:slug/lessons/:lesson', () => {
  it('shows the way back, the heading, progress, the text with its card links, and the cards in the deck', async () => {
    signIn();
    stubApi({ [`GET ${api}`]: lessonViewFixture() });
    renderApp(page);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lesson 4: Matrix factorisation' }),
    ).toBeVisible();
    await waitFor(() =>
      expect(document.title).toBe('Matrix factorisation · Modern recommendation systems · CARD WEB'),
    );
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Modern recommendation systems' })).toHaveAttribute(
      'href',
      `/classroom/classes/${slug}`,
    );
    expect(
      screen.getByRole('progressbar', { name: 'Progress in Modern recommendation systems' }),
    ).toHaveAttribute('aria-valuetext', '3 of 9 lessons');

    const text = screen.getByRole('article', { name: 'Lesson text' });
    expect(within(text).getByRole('link', { name: 'Card number 7' })).toHaveAttribute(
      'href',
      '/cards/00000000-0000-4000-8000-000000000007',
    );
    // Math is typeset by KaTeX, code is a code block: the card renderer's work.
    expect(text.querySelector('.katex')).not.toBeNull();
    expect(text).toHaveTextContent('score = p @ q');

    const cards = screen.getByRole('region', { name: 'Cards in this lesson' });
    expect(within(cards).getByRole('link', { name: 'Alternating least squares' })).toHaveAttribute(
      'href',
      '/cards/00000000-0000-4000-8000-000000000008',
    );
    expect(within(cards).getByRole('link', { name: 'review the deck' })).toHaveAttribute(
      'href',
      '/play/decks/5b0d1c8e-2f3a-4b6c-9d7e-0a1b2c3d4e5f',
    );

    const foot = screen.getByRole('navigation', { name: 'Other lessons' });
    expect(within(foot).getByRole('link', { name: recsysLesson(2).title })).toHaveAttribute(
      'href',
      `/classroom/classes/${slug}/lessons/${recsysLesson(2).slug}`,
    );
    expect(within(foot).getByRole('link', { name: recsysLesson(4).title })).toHaveAttribute(
      'href',
      `/classroom/classes/${slug}/lessons/${recsysLesson(4).slug}`,
    );
    // Nothing is explained before it is answered.
    expect(screen.queryByText(/Worked answer/)).toBeNull();
    expect(screen.queryByText(/approximates/)).toBeNull();
    expect(screen.getByText('Answer every question right to finish the lesson.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Discuss this course' })).toHaveAttribute(
      'href',
      '/confer?c=7c1e2d9f-3a4b-4c5d-8e6f-1a2b3c4d5e6f',
    );
  });

  it('has no discussion link while the course has no channel', async () => {
    signIn();
    stubApi({
      [`GET ${api}`]: lessonViewFixture({ enrolment: enrolmentFixture({ channelId: null }) }),
    });
    renderApp(page);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lesson 4: Matrix factorisation' }),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Discuss this course' })).toBeNull();
  });

  it('posts the answer of each kind as the contract wants it', async () => {
    signIn();
    const user = userEvent.setup();
    const { requests } = stubApi({
      [`GET ${api}`]: lessonViewFixture(),
      ...Object.fromEntries(
        Object.values(quizQuestions).map((asked) => [
          answers(asked.id),
          answerOutcomeFixture(
            lessonQuestionFixture(asked, { status: 'right', attempts: 1, result: answerResultFixture() }),
          ),
        ]),
      ),
    });
    renderApp(page);

    await user.click(await screen.findByRole('radio', { name: 'A vector of latent factors' }));
    await user.click(within(formOf(1)).getByRole('button', { name: 'Check answer' }));
    await waitFor(() => expect(requests(answers(quizQuestions.single.id))).toHaveLength(1));
    expect(requests(answers(quizQuestions.single.id))[0]?.body).toEqual({
      variant: 0,
      answer: { kind: 'single', option: 'a' },
    });

    const multiple = formOf(2);
    // By label text: jsdom cannot compute the accessible name of the option whose label holds MathML.
    await user.click(within(multiple).getByLabelText('Confidence grows with the count'));
    await user.click(within(multiple).getByLabelText('Empty cells count as weak negatives'));
    await user.click(within(multiple).getByRole('button', { name: 'Check answer' }));
    await waitFor(() => expect(requests(answers(quizQuestions.multiple.id))).toHaveLength(1));
    expect(requests(answers(quizQuestions.multiple.id))[0]?.body).toEqual({
      variant: 0,
      answer: { kind: 'multiple', options: ['a', 'c'] },
    });

    const text = formOf(3);
    await user.type(within(text).getByRole('textbox', { name: 'Your answer' }), 'ALS{Enter}');
    await waitFor(() => expect(requests(answers(quizQuestions.text.id))).toHaveLength(1));
    expect(requests(answers(quizQuestions.text.id))[0]?.body).toEqual({
      variant: 0,
      answer: { kind: 'text', text: 'ALS' },
    });

    const numeric = formOf(4);
    // The unit is shown beside the box.
    expect(numeric).toHaveTextContent('points');
    await user.type(within(numeric).getByRole('spinbutton', { name: 'Your answer' }), '4');
    await user.click(within(numeric).getByRole('button', { name: 'Check answer' }));
    await waitFor(() => expect(requests(answers(quizQuestions.numeric.id))).toHaveLength(1));
    expect(requests(answers(quizQuestions.numeric.id))[0]?.body).toEqual({
      variant: 0,
      answer: { kind: 'numeric', value: 4 },
    });
  });

  it('says what is missing instead of sending an empty form', async () => {
    signIn();
    const user = userEvent.setup();
    const { requests } = stubApi({ [`GET ${api}`]: lessonViewFixture() });
    renderApp(page);
    await screen.findByRole('group', { name: 'Question 2' });
    const form = formOf(2);
    await user.click(within(form).getByRole('button', { name: 'Check answer' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Tick at least one answer first.');
    expect(requests(answers(quizQuestions.multiple.id))).toHaveLength(0);
  });

  it('after a wrong answer shows the feedback, the right answer and why, then another version of the question', async () => {
    signIn();
    const user = userEvent.setup();
    const retryForm = {
      ...quizQuestions.single,
      variant: 1,
      prompt: 'What does the item vector of a factorisation hold?',
    };
    stubApi({
      [`GET ${api}`]: lessonViewFixture(),
      [answers(quizQuestions.single.id)]: answerOutcomeFixture(
        lessonQuestionFixture(retryForm, { status: 'wrong', attempts: 1 }),
        {
          result: answerResultFixture({
            correct: false,
            feedback: ['Neighbours are what neighbourhood methods keep.'],
          }),
        },
      ),
    });
    renderApp(page);
    const form = (await screen.findByRole('group', { name: 'Question 1' })).closest('form')!;
    await user.click(within(form).getByRole('radio', { name: 'A list of neighbours' }));
    await user.click(within(form).getByRole('button', { name: 'Check answer' }));

    const status = await screen.findByText('Not right.');
    const result = status.closest('[role="status"]') as HTMLElement;
    expect(result).toHaveAttribute('aria-live', 'polite');
    expect(result).toHaveTextContent('Neighbours are what neighbourhood methods keep.');
    expect(result).toHaveTextContent('The right answerA vector of latent factors');
    expect(result).toHaveTextContent('Worked answer');
    expect(result.querySelector('.katex')).not.toBeNull();
    // The answered form stays as it was, no longer to be changed.
    expect(within(form).getByRole('radio', { name: 'A list of neighbours' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'A list of neighbours' })).toBeDisabled();
    expect(screen.queryByText('What does the item vector of a factorisation hold?')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Try another version' }));
    expect(await screen.findByText('What does the item vector of a factorisation hold?')).toBeVisible();
    expect(screen.queryByText('Not right.')).toBeNull();
    const fresh = question(1);
    await waitFor(() => expect(within(fresh).getByText('Question 1')).toHaveFocus());
    expect(within(fresh).getByRole('radio', { name: 'A list of neighbours' })).not.toBeChecked();
    expect(within(fresh).getByRole('radio', { name: 'A list of neighbours' })).toBeEnabled();
  });

  it('shows a question answered right before with its result when the lesson is opened again', async () => {
    signIn();
    const view = lessonViewFixture();
    view.questions[0] = lessonQuestionFixture(quizQuestions.single, {
      status: 'right',
      attempts: 2,
      result: answerResultFixture(),
    });
    stubApi({ [`GET ${api}`]: view });
    renderApp(page);
    const right = await screen.findByText('Right.');
    expect(right.closest('[role="status"]')).toHaveTextContent('approximates');
    expect(within(question(1)).getByRole('radio', { name: 'A vector of latent factors' })).toBeDisabled();
    // Only that question shows an explanation.
    expect(screen.getAllByText('Worked answer')).toHaveLength(1);
  });

  it('offers the next lesson once the last question is answered right', async () => {
    signIn();
    const user = userEvent.setup();
    const view = lessonViewFixture({ questions: [lessonQuestionFixture(quizQuestions.text)] });
    stubApi({
      [`GET ${api}`]: view,
      [answers(quizQuestions.text.id)]: answerOutcomeFixture(
        lessonQuestionFixture(quizQuestions.text, {
          status: 'right',
          attempts: 1,
          result: answerResultFixture(),
        }),
        {
          result: answerResultFixture({ feedback: [], correctAnswer: { kind: 'text', text: 'ALS' } }),
          lessonDone: true,
          enrolment: enrolmentFixture({ done: 4, next: recsysLesson(4) }),
        },
      ),
    });
    renderApp(page, { strict: true });
    await user.type(await screen.findByRole('textbox', { name: 'Your answer' }), 'als');
    await user.click(screen.getByRole('button', { name: 'Check answer' }));

    expect(await screen.findByText('You finished this lesson.')).toBeVisible();
    const next = screen.getByRole('link', { name: 'Next lesson' });
    expect(next).toHaveAttribute('href', `/classroom/classes/${slug}/lessons/${recsysLesson(4).slug}`);
    await waitFor(() => expect(next).toHaveFocus());
    expect(screen.getByText('Right.').closest('[role="status"]')).toHaveTextContent('The right answerALS');
    expect(screen.getByRole('progressbar', { name: /^Progress/ })).toHaveAttribute(
      'aria-valuetext',
      '4 of 9 lessons',
    );
  });

  it('marks a lesson without questions done, and goes to the completion page when that finished the course', async () => {
    signIn();
    const user = userEvent.setup();
    const last = lessonViewFixture({ questions: [], next: null });
    const completed = enrolmentFixture({
      done: 9,
      next: null,
      completedAt: '2026-04-01T12:00:00.000Z',
      certificateId: 'Zx81-cert',
    });
    const { requests } = stubApi({
      [`GET ${api}`]: last,
      [`POST ${api}/completion`]: completed,
      [`GET /api/classroom/courses/${slug}`]: recsysDetail({ enrolment: completed }),
    });
    const { router } = renderApp(page, { strict: true });
    await user.click(await screen.findByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classroom/classes/${slug}/completed`));
    expect(requests(`POST ${api}/completion`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Course completed' })).toBeVisible();
  });

  it('goes to the completion page when an answer finishes the course', async () => {
    signIn();
    const user = userEvent.setup();
    const completed = enrolmentFixture({
      done: 9,
      next: null,
      completedAt: '2026-04-01T12:00:00.000Z',
      certificateId: 'Zx81-cert',
    });
    stubApi({
      [`GET ${api}`]: lessonViewFixture({ questions: [lessonQuestionFixture(quizQuestions.numeric)] }),
      [answers(quizQuestions.numeric.id)]: answerOutcomeFixture(
        lessonQuestionFixture(quizQuestions.numeric, {
          status: 'right',
          attempts: 1,
          result: answerResultFixture(),
        }),
        { lessonDone: true, enrolment: completed },
      ),
      [`GET /api/classroom/courses/${slug}`]: recsysDetail({ enrolment: completed }),
    });
    const { router } = renderApp(page);
    await user.type(await screen.findByRole('spinbutton', { name: 'Your answer' }), '4');
    await user.click(screen.getByRole('button', { name: 'Check answer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classroom/classes/${slug}/completed`));
  });

  it('says why an answer was refused, in an alert', async () => {
    signIn();
    const user = userEvent.setup();
    stubApi({
      [`GET ${api}`]: lessonViewFixture(),
      [answers(quizQuestions.text.id)]: () =>
        errorResponse(
          400,
          'common/validation-failed',
          'This question was asked in another form since: open the lesson again.',
        ),
    });
    renderApp(page);
    await user.type(await screen.findByRole('textbox', { name: 'Your answer' }), 'ALS{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your answer was not checked. This question was asked in another form since: open the lesson again.',
    );
    expect(screen.queryByText('Worked answer')).toBeNull();
  });

  it('sends a person who is not enrolled to enrol on the course page', async () => {
    signIn();
    stubApi({
      [`GET ${api}`]: () =>
        errorResponse(403, 'classroom/not-enrolled', 'Enrol in the course to open its lessons.'),
    });
    renderApp(page);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Enrol in the course to open its lessons.');
    expect(within(alert).getByRole('link', { name: 'Enrol on the course page' })).toHaveAttribute(
      'href',
      `/classroom/classes/${slug}`,
    );
  });

  it('names the lesson a locked lesson needs, from the course’s outline', async () => {
    signIn();
    stubApi({
      [`GET ${api}`]: () =>
        errorResponse(
          403,
          'classroom/lesson-locked',
          'This lesson is locked: finish the lessons it builds on first.',
        ),
      [`GET /api/classroom/courses/${slug}`]: recsysDetail({ enrolment: enrolmentFixture({ done: 2 }) }),
    });
    renderApp(page);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson locked' })).toBeVisible();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This lesson is locked: finish the lessons it builds on first.');
    expect(
      await within(alert).findByRole('link', { name: `Open “${recsysLesson(2).title}”` }),
    ).toHaveAttribute('href', `/classroom/classes/${slug}/lessons/${recsysLesson(2).slug}`);
  });

  it('has a page of its own for a lesson that does not exist', async () => {
    signIn();
    stubApi({ [`GET ${api}`]: () => errorResponse(404, 'common/not-found', 'There is no such lesson.') });
    renderApp(page);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the course' })).toHaveAttribute(
      'href',
      `/classroom/classes/${slug}`,
    );
  });

  it('renders under StrictMode without asking twice for a change', async () => {
    signIn();
    const user = userEvent.setup();
    const { requests } = stubApi({
      [`GET ${api}`]: lessonViewFixture(),
      [answers(quizQuestions.single.id)]: () =>
        jsonResponse(
          200,
          answerOutcomeFixture(
            lessonQuestionFixture(quizQuestions.single, {
              status: 'right',
              attempts: 1,
              result: answerResultFixture(),
            }),
          ),
        ),
    });
    renderApp(page, { strict: true });
    const form = (await screen.findByRole('group', { name: 'Question 1' })).closest('form')!;
    await user.click(within(form).getByRole('radio', { name: 'A vector of latent factors' }));
    await user.click(within(form).getByRole('button', { name: 'Check answer' }));
    expect(await screen.findByText('Right.')).toBeVisible();
    expect(requests(answers(quizQuestions.single.id))).toHaveLength(1);
    // The answer's feedback and no other question's explanation.
    expect(screen.getAllByText('Worked answer')).toHaveLength(1);
  });
});
