import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InstructorGrant } from '../../../contracts/classroom-authoring.ts';
import { authDefaults, authFixtures, errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import { instructorListFixture } from '../../test/authoring-fixtures.ts';
import { nadia } from '../../test/course-fixtures.ts';
import { renderApp, signIn } from '../../test/render.tsx';

function renderInstructors(routes: Parameters<typeof stubApi>[0]) {
  const stub = stubApi({
    ...authDefaults,
    'GET /api/auth/get-session': {
      user: { ...authFixtures.user, emailVerified: true, role: 'admin' },
      session: { id: 's_1', expiresAt: '2027-06-01T09:00:00.000Z' },
    },
    'GET /api/admin/subscriptions': { items: [] },
    'GET /api/admin/reports': { items: [], nextCursor: null },
    ...routes,
  });
  signIn({ uid: authFixtures.user.id, name: authFixtures.user.name, email: authFixtures.user.email });
  renderApp('/admin');
  return stub;
}

describe('the instructors section of the administration page', () => {
  it('lists everyone with the role and since when', async () => {
    renderInstructors({ 'GET /api/admin/instructors': instructorListFixture });
    const section = await screen.findByRole('region', { name: 'Instructors' });
    const table = await within(section).findByRole('table', { name: 'Current instructors' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Nadia Rahman');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: '@nadia_r' })).toHaveAttribute(
      'href',
      '/u/nadia_r',
    );
    expect(rows[1]).toHaveTextContent(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(
        new Date('2026-05-02T09:00:00.000Z'),
      ),
    );
    expect(rows[2]).toHaveTextContent('@omar');
  });

  it('gives the role by handle and lists the new instructor', async () => {
    const u = userEvent.setup();
    let items: InstructorGrant[] = [];
    const { requests } = renderInstructors({
      'GET /api/admin/instructors': () => jsonResponse(200, { items }),
      'PUT /api/admin/instructors/nadia_r': () => {
        items = [{ person: nadia, grantedAt: '2026-06-01T09:00:00.000Z' }];
        return jsonResponse(200, items[0]);
      },
    });
    const section = await screen.findByRole('region', { name: 'Instructors' });
    expect(await within(section).findByText('Nobody is an instructor yet.')).toBeVisible();
    await u.type(within(section).getByLabelText('Handle'), '@nadia_r');
    await u.click(within(section).getByRole('button', { name: 'Make instructor' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Nadia Rahman is now an instructor.',
    );
    expect(requests('PUT /api/admin/instructors/nadia_r')).toHaveLength(1);
    const table = await within(section).findByRole('table', { name: 'Current instructors' });
    expect(within(table).getByText('Nadia Rahman')).toBeVisible();
    expect(within(section).getByLabelText('Handle')).toHaveValue('');
  });

  it('shows the server’s sentence for a handle nobody has', async () => {
    const u = userEvent.setup();
    renderInstructors({
      'GET /api/admin/instructors': { items: [] },
      'PUT /api/admin/instructors/nobody': () =>
        errorResponse(404, 'profile/not-found', 'Nobody has the handle @nobody.'),
    });
    const section = await screen.findByRole('region', { name: 'Instructors' });
    await u.type(within(section).getByLabelText('Handle'), 'nobody');
    await u.click(within(section).getByRole('button', { name: 'Make instructor' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Nobody has the handle @nobody.');
    expect(within(section).getByLabelText('Handle')).toHaveValue('nobody');
  });

  it('takes the role away only once the administrator confirms', async () => {
    const u = userEvent.setup();
    let items = instructorListFixture.items;
    const { requests } = renderInstructors({
      'GET /api/admin/instructors': () => jsonResponse(200, { items }),
      'DELETE /api/admin/instructors/nadia_r': () => {
        items = items.filter((grant) => grant.person.handle !== 'nadia_r');
        return new Response(null, { status: 204 });
      },
    });
    const section = await screen.findByRole('region', { name: 'Instructors' });
    const table = await within(section).findByRole('table', { name: 'Current instructors' });
    await u.click(within(table).getByRole('button', { name: 'Take the instructor role from Nadia Rahman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take the instructor role from Nadia Rahman?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests('DELETE /api/admin/instructors/nadia_r')).toHaveLength(0);

    await u.click(within(table).getByRole('button', { name: 'Take the instructor role from Nadia Rahman' }));
    const again = await screen.findByRole('dialog', { name: 'Take the instructor role from Nadia Rahman?' });
    await u.click(within(again).getByRole('button', { name: 'Take away' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Nadia Rahman is no longer an instructor.',
    );
    expect(requests('DELETE /api/admin/instructors/nadia_r')).toHaveLength(1);
    await waitFor(() => expect(within(section).queryByText('Nadia Rahman')).not.toBeInTheDocument());
    expect(within(section).getByRole('link', { name: '@omar' })).toBeVisible();
  });
});
