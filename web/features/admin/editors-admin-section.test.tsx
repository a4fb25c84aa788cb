import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InstructorGrant } from '../../../contracts/classroom-authoring.ts';
import { authDefaults, authFixtures, errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import { instructorListFixture } from '../../test/authoring-fixtures.ts';
import { nadia } from '../../test/course-fixtures.ts';
import { renderApp, signIn } from '../../test/render.tsx';

function renderEditors(routes: Parameters<typeof stubApi>[0]) {
  const stub = stubApi({
    ...authDefaults,
    'GET /api/auth/get-session': {
      user: { ...authFixtures.user, emailVerified: true, role: 'admin' },
      session: { id: 's_1', expiresAt: '2027-06-01T09:00:00.000Z' },
    },
    'GET /api/admin/subscriptions': { items: [] },
    'GET /api/admin/reports': { items: [], nextCursor: null },
    'GET /api/admin/instructors': { items: [] },
    ...routes,
  });
  signIn({ uid: authFixtures.user.id, name: authFixtures.user.name, email: authFixtures.user.email });
  renderApp('/admin');
  return stub;
}

describe('the editors section of the administration page', () => {
  it('lists the research centre’s editors', async () => {
    renderEditors({ 'GET /api/admin/research-editors': instructorListFixture });
    const section = await screen.findByRole('region', { name: 'Editors' });
    const table = await within(section).findByRole('table', { name: 'Current editors' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Nadia Rahman');
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: '@omar' })).toHaveAttribute(
      'href',
      '/u/omar',
    );
  });

  it('gives the role by handle', async () => {
    const u = userEvent.setup();
    let items: InstructorGrant[] = [];
    const { requests } = renderEditors({
      'GET /api/admin/research-editors': () => jsonResponse(200, { items }),
      'PUT /api/admin/research-editors/nadia_r': () => {
        items = [{ person: nadia, grantedAt: '2026-11-27T09:00:00.000Z' }];
        return jsonResponse(200, items[0]);
      },
    });
    const section = await screen.findByRole('region', { name: 'Editors' });
    expect(await within(section).findByText('Nobody is an editor yet.')).toBeVisible();
    await u.type(within(section).getByLabelText('Handle'), '@nadia_r');
    await u.click(within(section).getByRole('button', { name: 'Make editor' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Nadia Rahman is now an editor.');
    expect(requests('PUT /api/admin/research-editors/nadia_r')).toHaveLength(1);
    expect(requests('PUT /api/admin/instructors/nadia_r')).toHaveLength(0);
    expect(await within(section).findByRole('table', { name: 'Current editors' })).toHaveTextContent(
      'Nadia Rahman',
    );
  });

  it('shows the server’s sentence when the handle is unknown', async () => {
    const u = userEvent.setup();
    renderEditors({
      'GET /api/admin/research-editors': { items: [] },
      'PUT /api/admin/research-editors/nobody': () =>
        errorResponse(404, 'profile/not-found', 'Nobody has the handle @nobody.'),
    });
    const section = await screen.findByRole('region', { name: 'Editors' });
    await u.type(within(section).getByLabelText('Handle'), 'nobody');
    await u.click(within(section).getByRole('button', { name: 'Make editor' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Nobody has the handle @nobody.');
  });

  it('takes the role away after confirming', async () => {
    const u = userEvent.setup();
    let items = instructorListFixture.items;
    const { requests } = renderEditors({
      'GET /api/admin/research-editors': () => jsonResponse(200, { items }),
      'DELETE /api/admin/research-editors/nadia_r': () => {
        items = items.filter((grant) => grant.person.handle !== 'nadia_r');
        return new Response(null, { status: 204 });
      },
    });
    const section = await screen.findByRole('region', { name: 'Editors' });
    const table = await within(section).findByRole('table', { name: 'Current editors' });
    await u.click(within(table).getByRole('button', { name: 'Take the editor role from Nadia Rahman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take the editor role from Nadia Rahman?' });
    expect(dialog).toHaveTextContent('They will no longer be able to change the research centre’s topics');
    await u.click(within(dialog).getByRole('button', { name: 'Take away' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Nadia Rahman is no longer an editor.',
    );
    expect(requests('DELETE /api/admin/research-editors/nadia_r')).toHaveLength(1);
    await waitFor(() => expect(within(section).queryByText('Nadia Rahman')).not.toBeInTheDocument());
  });
});
