import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { OutboxPage } from './outbox-page.tsx';

const older = {
  id: 'm-1',
  to: 'ada@example.com',
  subject: 'Verify your email for CARD WEB',
  text: 'Hello Ada,\n\nOpen this link to verify your address:\nhttp://localhost:3000/auth/action?mode=verifyEmail&oobCode=a',
  links: ['http://localhost:3000/auth/action?mode=verifyEmail&oobCode=a'],
  createdAt: '2026-11-21T10:00:00.000Z',
};
const newer = {
  id: 'm-2',
  to: 'grace@example.com',
  subject: 'Reset your CARD WEB password',
  text: 'Open this link to choose a new password.',
  links: ['http://localhost:3000/auth/action?mode=resetPassword&oobCode=b'],
  createdAt: '2026-11-21T11:00:00.000Z',
};

describe('development outbox', () => {
  it('lists the kept mail newest first, with its text and clickable links', async () => {
    stubApi({ 'GET /api/dev/outbox': { messages: [newer, older] } });
    renderWithProviders(<OutboxPage />, { path: '/dev/outbox' });
    expect(screen.getByRole('heading', { level: 1, name: 'Development outbox' })).toBeVisible();
    expect(await screen.findByText('2 messages')).toBeVisible();

    const messages = screen.getAllByRole('article');
    expect(messages.map((message) => within(message).getByRole('heading', { level: 2 }).textContent)).toEqual(
      ['Reset your CARD WEB password', 'Verify your email for CARD WEB'],
    );
    const first = within(messages[1] as HTMLElement);
    expect(first.getByText('ada@example.com')).toBeVisible();
    expect(first.getByText(/Hello Ada,/).tagName).toBe('PRE');
    expect(first.getByRole('link', { name: older.links[0] })).toHaveAttribute('href', older.links[0]);
    expect(messages[1]?.querySelector('time')).toHaveAttribute('datetime', older.createdAt);
    await waitFor(() => expect(document.title).toBe('Development outbox · CARD WEB'));
  });

  it('says when there is no mail yet', async () => {
    stubApi({ 'GET /api/dev/outbox': { messages: [] } });
    renderWithProviders(<OutboxPage />, { path: '/dev/outbox' });
    expect(await screen.findByText('No messages yet.')).toBeVisible();
  });

  it('explains that production has no outbox when the API answers 404', async () => {
    stubApi({
      'GET /api/dev/outbox': () =>
        errorResponse(404, 'common/route-not-found', 'There is no such API endpoint.'),
    });
    renderWithProviders(<OutboxPage />, { path: '/dev/outbox' });
    expect(
      await screen.findByText(/The development outbox is only available outside production/),
    ).toBeVisible();
  });
});
