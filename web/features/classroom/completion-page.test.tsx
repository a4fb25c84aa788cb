import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { renderApp, signIn } from '../../test/render.tsx';
import { enrolmentFixture, recsysDetail, recsysLesson } from './test-fixtures.ts';

const slug = 'modern-recommendation-systems';
const page = `/classroom/classes/${slug}/completed`;
const api = `/api/classroom/courses/${slug}`;
const completed = enrolmentFixture({
  done: 9,
  next: null,
  completedAt: '2026-04-01T12:00:00.000Z',
  certificateId: 'Zx81-cert',
});

describe('/classroom/classes/:slug/completed', () => {
  it('congratulates, links the certificate and copies its link, and offers the deck and the catalogue', async () => {
    signIn();
    const user = userEvent.setup();
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    stubApi({ [`GET ${api}`]: recsysDetail({ enrolment: completed }) });
    renderApp(page, { strict: true });

    expect(await screen.findByRole('heading', { level: 2, name: 'Congratulations!' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Course completed' })).toBeVisible();
    expect(screen.getByText('You finished every lesson of “Modern recommendation systems”.')).toBeVisible();
    const certificate = screen.getByRole('region', { name: 'Your certificate' });
    expect(within(certificate).getByRole('link', { name: 'See your certificate' })).toHaveAttribute(
      'href',
      '/classroom/certificates/Zx81-cert',
    );
    await user.click(within(certificate).getByRole('button', { name: 'Copy the certificate’s link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/classroom/certificates/Zx81-cert`);
    expect(await within(certificate).findByRole('status')).toHaveTextContent('Link copied to the clipboard.');

    expect(screen.getByRole('link', { name: 'Keep it in memory: review the deck' })).toHaveAttribute(
      'href',
      '/play/decks/5b0d1c8e-2f3a-4b6c-9d7e-0a1b2c3d4e5f',
    );
    expect(screen.getByRole('link', { name: 'all courses' })).toHaveAttribute('href', '/classroom');
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    signIn();
    const user = userEvent.setup();
    const writeText = vi.fn<(text: string) => Promise<void>>().mockRejectedValue(new Error('Not allowed'));
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    stubApi({ [`GET ${api}`]: recsysDetail({ enrolment: completed }) });
    renderApp(page);
    await user.click(await screen.findByRole('button', { name: 'Copy the certificate’s link' }));
    expect(await screen.findByRole('textbox', { name: 'Link to your certificate' })).toHaveValue(
      `${window.location.origin}/classroom/certificates/Zx81-cert`,
    );
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('says a course not finished yet is not completed, with the way to continue', async () => {
    signIn();
    stubApi({ [`GET ${api}`]: recsysDetail({ enrolment: enrolmentFixture() }) });
    renderApp(page);
    expect(
      await screen.findByText(
        'You have not completed “Modern recommendation systems” yet: 3 of 9 lessons are done.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: `Continue: ${recsysLesson(3).title}` })).toHaveAttribute(
      'href',
      `/classroom/classes/${slug}/lessons/${recsysLesson(3).slug}`,
    );
    expect(screen.queryByText('Congratulations!')).toBeNull();
  });

  it('asks a visitor to sign in, without asking the server', async () => {
    const { fetchMock } = stubApi({});
    renderApp(page);
    const signInLink = await screen.findByRole('link', { name: 'Sign in' });
    await waitFor(() =>
      expect(signInLink).toHaveAttribute(
        'href',
        '/login?next=%2Fclassroom%2Fclasses%2Fmodern-recommendation-systems%2Fcompleted',
      ),
    );
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/classroom'))).toBe(false);
  });
});
