import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminReport } from '../../../contracts/profiles.ts';
import { authDefaults, authFixtures, errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import { messageFixture } from '../../test/confer-fixtures.ts';
import { renderApp, signIn } from '../../test/render.tsx';

const person = (key: string, name: string, rank = 'B') => ({
  key,
  handle: key.slice(2),
  displayName: name,
  photoURL: null,
  rank,
  isSubscribed: false,
});

const report: AdminReport = {
  id: '5f0c2d4e-1111-4a4a-8888-000000000001',
  reason: 'spam',
  details: 'Posts the same link under every card.',
  status: 'open',
  createdAt: '2026-11-20T10:00:00.000Z',
  resolvedAt: null,
  reporter: person('u_ada', 'Ada Lovelace'),
  reported: person('u_spam', 'Spam Bot'),
  message: null,
};

function renderReports(routes: Parameters<typeof stubApi>[0]) {
  const stub = stubApi({
    ...authDefaults,
    'GET /api/auth/get-session': {
      user: { ...authFixtures.user, emailVerified: true, role: 'admin' },
      session: { id: 's_1', expiresAt: '2027-06-01T09:00:00.000Z' },
    },
    'GET /api/admin/subscriptions': { items: [] },
    'GET /api/admin/instructors': { items: [] },
    ...routes,
  });
  signIn({ uid: authFixtures.user.id, name: authFixtures.user.name, email: authFixtures.user.email });
  renderApp('/admin');
  return stub;
}

describe('reports on the administration page', () => {
  it('lists open reports and resolves one', async () => {
    const u = userEvent.setup();
    let open = [report];
    const { requests } = renderReports({
      'GET /api/admin/reports': () => jsonResponse(200, { items: open, nextCursor: null }),
      [`PATCH /api/admin/reports/${report.id}`]: () => {
        open = [];
        return jsonResponse(200, { id: report.id, status: 'resolved' });
      },
    });
    const section = await screen.findByRole('region', { name: 'Reports' });
    const list = await within(section).findByRole('list', { name: 'open reports' });
    expect(list).toHaveTextContent('Spam or advertising: Spam Bot (@spam, rank B)');
    expect(list).toHaveTextContent('Reported by Ada Lovelace');
    expect(list).toHaveTextContent('Posts the same link under every card.');
    expect(within(list).getByRole('link', { name: 'Spam Bot' })).toHaveAttribute('href', '/u/spam');

    await u.click(within(list).getByRole('button', { name: 'Resolve the report about Spam Bot' }));
    expect(await within(section).findByText('The report about Spam Bot was resolved.')).toBeVisible();
    expect(await within(section).findByText('No open reports.')).toBeVisible();
    expect(requests(`PATCH /api/admin/reports/${report.id}`)[0]?.body).toEqual({ status: 'resolved' });
  });

  it('penalises the reported person with a reason, checking both fields first', async () => {
    const u = userEvent.setup();
    const { requests } = renderReports({
      'GET /api/admin/reports': { items: [report], nextCursor: null },
      'POST /api/admin/profiles/u_spam/penalties': ({ body }) =>
        (body as { points: number }).points > 1000
          ? errorResponse(400, 'common/validation-failed', 'Some fields need attention.', {
              fields: [{ path: 'points', message: 'Too many for one penalty' }],
            })
          : jsonResponse(200, { reputation: -40, rank: 'C', next: { rank: 'B', from: 0 }, events: [] }),
    });
    const section = await screen.findByRole('region', { name: 'Reports' });
    await u.click(await within(section).findByRole('button', { name: 'Penalise Spam Bot…' }));
    const dialog = screen.getByRole('dialog', { name: 'Penalise Spam Bot' });
    const points = within(dialog).getByRole('spinbutton', { name: /Points to take away/ });
    await u.clear(points);
    await u.click(within(dialog).getByRole('button', { name: 'Take points away' }));
    expect(within(dialog).getByText('A whole number from 1 to 100,000')).toBeVisible();
    expect(within(dialog).getByText('Say why: the person will read this')).toBeVisible();
    expect(requests('POST /api/admin/profiles/u_spam/penalties')).toHaveLength(0);

    await u.type(points, '5000');
    await u.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Spam links');
    await u.click(within(dialog).getByRole('button', { name: 'Take points away' }));
    expect(await within(dialog).findByText('Too many for one penalty')).toBeVisible();

    await u.clear(points);
    await u.type(points, '40');
    await u.click(within(dialog).getByRole('button', { name: 'Take points away' }));
    expect(await screen.findByText('Spam Bot lost 40 reputation and is now rank C.')).toBeVisible();
    expect(requests('POST /api/admin/profiles/u_spam/penalties').at(-1)?.body).toEqual({
      points: 40,
      reason: 'Spam links',
    });
  });

  it('shows a reported chat message, removes it and pauses its author', async () => {
    const u = userEvent.setup();
    const messageId = '6a0c2d4e-2222-4a4a-8888-000000000002';
    const conversationId = '7b0c2d4e-3333-4a4a-8888-000000000003';
    let removed = false;
    const chat = () => ({
      ...report,
      message: { id: messageId, conversationId, body: removed ? '' : 'Cheap watches here', removed },
    });
    const { requests } = renderReports({
      'GET /api/admin/reports': () => jsonResponse(200, { items: [chat()], nextCursor: null }),
      [`DELETE /api/admin/confer/messages/${messageId}`]: () => {
        removed = true;
        return jsonResponse(
          200,
          messageFixture(3, {
            id: messageId,
            conversationId,
            changeSeq: 5,
            author: person('u_spam', 'Spam Bot'),
            body: '',
            deleted: true,
            removed: true,
          }),
        );
      },
      'PUT /api/admin/confer/mutes/u_spam': ({ body }) =>
        jsonResponse(200, {
          until: (body as { until: string }).until,
          reason: 'Reported for spam or advertising',
        }),
    });
    const section = await screen.findByRole('region', { name: 'Reports' });
    const quoted = await within(section).findByRole('figure', { name: 'The reported message by Spam Bot' });
    expect(quoted).toHaveTextContent('Cheap watches here');
    expect(within(quoted).getByRole('link', { name: 'Open in Confer' })).toHaveAttribute(
      'href',
      `/confer?c=${conversationId}&m=${messageId}`,
    );
    await u.click(within(section).getByRole('button', { name: 'Remove the message by Spam Bot' }));
    expect(await within(section).findByText('The message by Spam Bot was removed.')).toBeVisible();
    expect(await within(section).findByText('This message was deleted or removed.')).toBeVisible();

    await u.click(within(section).getByRole('button', { name: 'Pause Spam Bot’s messages for a week' }));
    expect(await within(section).findByText(/Spam Bot can’t send chat messages until/)).toBeVisible();
    const pause = requests('PUT /api/admin/confer/mutes/u_spam')[0]?.body as {
      until: string;
      reason: string;
    };
    expect(new Date(pause.until).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(pause.reason).toBe('Reported for spam or advertising');
  });

  it('shows a reported blog comment with a link to it, and removes it', async () => {
    const u = userEvent.setup();
    const commentId = '8c0c2d4e-4444-4a4a-8888-000000000004';
    let removed = false;
    const comment = () => ({
      ...report,
      blogComment: {
        id: commentId,
        body: removed ? '' : 'Buy followers at example.com',
        removed,
        url: `/blog/why-cards#comment-${commentId}`,
      },
    });
    const { requests } = renderReports({
      'GET /api/admin/reports': () => jsonResponse(200, { items: [comment()], nextCursor: null }),
      [`DELETE /api/blog/comments/${commentId}`]: () => {
        removed = true;
        return new Response(null, { status: 204 });
      },
    });
    const section = await screen.findByRole('region', { name: 'Reports' });
    const quoted = await within(section).findByRole('figure', { name: 'The reported comment by Spam Bot' });
    expect(quoted).toHaveTextContent('Buy followers at example.com');
    expect(within(quoted).getByRole('link', { name: 'Open the post at the comment' })).toHaveAttribute(
      'href',
      `/blog/why-cards#comment-${commentId}`,
    );
    // A comment is no chat message: no pause buttons.
    expect(within(section).queryByRole('button', { name: /Pause Spam Bot/ })).toBeNull();

    await u.click(within(section).getByRole('button', { name: 'Remove the comment by Spam Bot' }));
    expect(await within(section).findByText('The comment by Spam Bot was removed.')).toBeVisible();
    expect(await within(section).findByText('This comment was deleted or removed.')).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Remove the comment by Spam Bot' })).toBeNull();
    expect(requests(`DELETE /api/blog/comments/${commentId}`)).toHaveLength(1);
  });

  it('says so when the post of a reported comment is not published', async () => {
    renderReports({
      'GET /api/admin/reports': {
        items: [{ ...report, blogComment: { id: report.id, body: 'Hi', removed: false, url: null } }],
        nextCursor: null,
      },
    });
    const section = await screen.findByRole('region', { name: 'Reports' });
    const quoted = await within(section).findByRole('figure', { name: 'The reported comment by Spam Bot' });
    expect(quoted).toHaveTextContent('Its post is not published now.');
    expect(within(quoted).queryByRole('link')).toBeNull();
  });
});
