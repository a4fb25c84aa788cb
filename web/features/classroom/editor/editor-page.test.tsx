import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CourseDraftContent, SaveDraftInput } from '../../../../contracts/classroom-authoring.ts';
import { errorResponse, jsonResponse, stubApi } from '../../../test/api-stub.ts';
import { draftFixture } from '../../../test/authoring-fixtures.ts';
import { renderApp, signIn } from '../../../test/render.tsx';

const draftPath = '/api/classroom/courses/memory-basics/draft';

function renderEditor(routes: Parameters<typeof stubApi>[0] = {}) {
  const stub = stubApi({
    [`GET ${draftPath}`]: draftFixture(),
    [`PUT ${draftPath}`]: (request) => {
      const input = request.body as SaveDraftInput;
      return jsonResponse(
        200,
        draftFixture({ content: input.content, updatedAt: '2026-06-01T11:00:00.000Z' }),
      );
    },
    'GET /api/cards/titles': { items: [] },
    ...routes,
  });
  signIn();
  const view = renderApp('/classroom/classes/memory-basics/edit');
  return { ...stub, ...view };
}

const savedContent = (requests: ReturnType<typeof stubApi>['requests'], index = 0) =>
  (requests(`PUT ${draftPath}`)[index]?.body as SaveDraftInput | undefined)?.content as CourseDraftContent;

/** Types into a field at once (pasting), so a long form is quick to fill. */
async function fill(u: ReturnType<typeof userEvent.setup>, label: string, text: string, clear = false) {
  const field = screen.getByLabelText(label);
  if (clear) await u.clear(field);
  await u.click(field);
  await u.paste(text);
}

describe('the course editor', () => {
  it('saves the edited title with the time the draft was loaded at', async () => {
    const u = userEvent.setup();
    const { requests } = renderEditor();
    const title = await screen.findByLabelText(/^Title/);
    await u.clear(title);
    await u.type(title, 'Memory, basically');
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    await u.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
    expect(await screen.findByText('Saved.')).toBeVisible();
    const [put] = requests(`PUT ${draftPath}`);
    expect((put?.body as SaveDraftInput).baseUpdatedAt).toBe('2026-06-01T10:00:00.000Z');
    expect(savedContent(requests).course.title).toBe('Memory, basically');
    expect(screen.getByText('All changes saved')).toBeVisible();

    // The next save names the time of the last one.
    await u.type(title, '!');
    await u.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
    await waitFor(() => expect(requests(`PUT ${draftPath}`)).toHaveLength(2));
    expect((requests(`PUT ${draftPath}`)[1]?.body as SaveDraftInput).baseUpdatedAt).toBe(
      '2026-06-01T11:00:00.000Z',
    );
  });

  it('says when someone else saved first, and reloads their draft', async () => {
    const u = userEvent.setup();
    let theirs = false;
    const { requests } = renderEditor({
      [`GET ${draftPath}`]: () =>
        jsonResponse(
          200,
          theirs
            ? draftFixture({
                content: {
                  ...draftFixture().content,
                  course: { ...draftFixture().content.course, title: 'Theirs' },
                },
                updatedAt: '2026-06-01T10:30:00.000Z',
              })
            : draftFixture(),
        ),
      [`PUT ${draftPath}`]: () => {
        theirs = true;
        return errorResponse(
          409,
          'classroom/draft-conflict',
          'Someone saved this course since you opened it. Reload to see their changes, then edit again.',
        );
      },
    });
    const title = await screen.findByLabelText(/^Title/);
    await u.type(title, ' 2');
    await u.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
    expect(await screen.findByText(/Someone saved this course since you opened it\./)).toBeVisible();
    expect(requests(`PUT ${draftPath}`)).toHaveLength(1);
    await u.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue('Theirs'));
    expect(screen.getByText('All changes saved')).toBeVisible();
  });

  it('refuses a draft the contract refuses, saying where, without sending it', async () => {
    const u = userEvent.setup();
    const { requests } = renderEditor();
    await u.clear(await screen.findByLabelText(/^Estimated hours/));
    await u.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
    const list = await screen.findByRole('list', { name: 'Problems to fix' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Course details · estimated hours: Invalid input: expected number, received NaN']);
    expect(requests(`PUT ${draftPath}`)).toHaveLength(0);
  });

  it('saves a cover and the courses recommended first, and refuses a cover that is not https', async () => {
    const u = userEvent.setup();
    const { requests } = renderEditor();
    await screen.findByLabelText(/^Title/);
    await fill(u, 'Cover image URL (optional)', 'http://example.org/cover.png');
    await fill(u, 'Recommended first (optional)', 'linear-algebra, memory-basics');
    await u.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
    const list = await screen.findByRole('list', { name: 'Problems to fix' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Course details · cover image: Upload an image, or use an https:// address',
      'Course details · recommended first: A course cannot be recommended before itself',
    ]);
    expect(requests(`PUT ${draftPath}`)).toHaveLength(0);

    await fill(u, 'Cover image URL (optional)', 'https://example.org/cover.png', true);
    await fill(u, 'Recommended first (optional)', 'linear-algebra', true);
    await u.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
    expect(await screen.findByText('Saved.')).toBeVisible();
    expect(savedContent(requests).course).toMatchObject({
      cover: 'https://example.org/cover.png',
      recommendedBefore: ['linear-algebra'],
    });
  });

  it('publishes after saving, and lists the server’s problems by lesson', async () => {
    const u = userEvent.setup();
    const { requests } = renderEditor({
      'POST /api/classroom/courses/memory-basics/versions': () =>
        errorResponse(
          422,
          'classroom/invalid-course',
          'The course cannot be published as it is. The details say what to fix.',
          {
            fields: [
              { path: 'lessons.2.source.cards', message: 'No public card is called “Review interval”' },
              { path: 'lessons.1.quiz.0.variants.0.prompt', message: 'Too short' },
            ],
          },
        ),
    });
    await u.type(await screen.findByLabelText(/^Title/), '!');
    await u.click(screen.getAllByRole('button', { name: 'Publish' })[0] as HTMLElement);
    const list = await screen.findByRole('list', { name: 'Problems to fix' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Lesson 3 (Scheduling reviews) · cards: No public card is called “Review interval”',
      'Lesson 2 (The forgetting curve) · question 1 · variant 1 · prompt: Too short',
    ]);
    expect(requests(`PUT ${draftPath}`)).toHaveLength(1);
    expect(requests('POST /api/classroom/courses/memory-basics/versions')).toHaveLength(1);
  });

  it('publishes a saved draft without saving it again', async () => {
    const u = userEvent.setup();
    const { requests } = renderEditor({
      'POST /api/classroom/courses/memory-basics/versions': () =>
        jsonResponse(201, { version: 2, publishedAt: '2026-06-01T12:00:00.000Z' }),
    });
    await u.click((await screen.findAllByRole('button', { name: 'Publish' }))[0] as HTMLElement);
    expect(await screen.findByText('Version 2 is published.')).toBeVisible();
    expect(requests(`PUT ${draftPath}`)).toHaveLength(0);
  });

  it(
    'builds a numeric and a single-choice question into the lesson’s quiz',
    { timeout: 60_000 },
    async () => {
      const u = userEvent.setup();
      const { requests } = renderEditor();
      await screen.findByLabelText(/^Title/);
      // The first lesson is open; it has no questions yet.
      await u.click(screen.getByRole('button', { name: 'Add a numeric question' }));
      await fill(u, 'Question 1: prompt', 'How many days until the next review?');
      await fill(u, 'Question 1: explanation', 'Double the last interval.');
      await fill(u, 'Question 1: answer', '6', true);
      await fill(u, 'Question 1: tolerance', '0.5', true);
      await fill(u, 'Question 1: unit (optional)', 'days');

      await u.click(screen.getByRole('button', { name: 'Add a single-choice question' }));
      await fill(u, 'Question 2: prompt', 'Which is spaced?');
      await fill(u, 'Question 2: explanation', 'Gaps grow.');
      await fill(u, 'Question 2: option a', 'Every day');
      await fill(u, 'Question 2: option b', 'Growing gaps');
      await fill(u, 'Question 2: feedback for b (optional)', 'Right.');
      await u.click(screen.getByRole('button', { name: 'Add an option' }));
      await fill(u, 'Question 2: option c', 'Never');
      await u.click(screen.getByRole('radio', { name: 'b is right' }));
      await u.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
      expect(await screen.findByText('Saved.')).toBeVisible();

      expect(savedContent(requests).lessons[0]?.quiz).toEqual([
        {
          id: 'question-1',
          variants: [
            {
              kind: 'numeric',
              prompt: 'How many days until the next review?',
              explanation: 'Double the last interval.',
              answer: 6,
              tolerance: 0.5,
              unit: 'days',
            },
          ],
        },
        {
          id: 'question-2',
          variants: [
            {
              kind: 'single',
              prompt: 'Which is spaced?',
              explanation: 'Gaps grow.',
              options: [
                { id: 'a', text: 'Every day' },
                { id: 'b', text: 'Growing gaps', feedback: 'Right.' },
                { id: 'c', text: 'Never' },
              ],
              correct: 'b',
            },
          ],
        },
      ]);
    },
  );

  it('asks before leaving with unsaved changes', async () => {
    const u = userEvent.setup();
    const { router } = renderEditor();
    await u.type(await screen.findByLabelText(/^Title/), '!');
    await u.click(screen.getByRole('link', { name: 'All your courses' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await u.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/classroom/classes/memory-basics/edit');
  });
});
