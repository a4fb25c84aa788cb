import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import type { StubRoute } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ProfilePage } from './profile-page.tsx';
import { ada, emptyList, signInAsAda } from './test-fixtures.ts';

const newPhoto = `/api/files/${'a'.repeat(64)}`;

const ownRoutes: Record<string, StubRoute | object | null> = {
  'GET /api/profiles/u_ada': ada,
  'GET /api/profiles/u_ada/followers': emptyList,
  'GET /api/profiles/u_ada/following': emptyList,
};

function renderOwnProfile() {
  signInAsAda();
  return renderWithProviders(<ProfilePage />, { path: '/profile' });
}

const photoSection = () => screen.getByRole('region', { name: 'Photo' });
const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('profile photo', () => {
  it('uploads the chosen file, shows that it is working, then the new photo on the page', async () => {
    const u = userEvent.setup();
    const answer = deferred<Response>();
    const { fetchMock, requests } = stubApi({
      ...ownRoutes,
      'PUT /api/profiles/me/photo': () => answer.promise,
    });
    renderOwnProfile();
    const change = await within(await screen.findByRole('region', { name: 'Photo' })).findByRole('button', {
      name: 'Change photo',
    });
    expect(change).toHaveAccessibleDescription(/PNG, JPEG or WebP, up to 5 MB/);
    expect(within(photoSection()).getByRole('img', { name: 'Your current photo' })).toHaveAttribute(
      'src',
      ada.photoURL,
    );
    const input = screen.getByLabelText<HTMLInputElement>('Photo file');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');

    const file = new File([pngBytes], 'me.png', { type: 'image/png' });
    await u.upload(input, file);
    const status = within(photoSection()).getByRole('status');
    expect(status).toHaveTextContent('Uploading your photo…');
    expect(photoSection()).toHaveAttribute('aria-busy', 'true');
    expect(requests('PUT /api/profiles/me/photo')).toHaveLength(1);
    const init = fetchMock.mock.calls.find(([url]) => url === '/api/profiles/me/photo')?.[1];
    expect(init?.body).toBe(file);
    expect(init?.headers).toMatchObject({ 'Content-Type': 'image/png' });

    answer.resolve(jsonResponse(200, { ...ada, photoURL: newPhoto }));
    await waitFor(() => expect(status).toHaveTextContent('Your new photo is saved.'));
    expect(screen.getByRole('img', { name: 'Photo of Ada Lovelace' })).toHaveAttribute('src', newPhoto);
    expect(within(photoSection()).getByRole('img', { name: 'Your current photo' })).toHaveAttribute(
      'src',
      newPhoto,
    );
    await waitFor(() => expect(photoSection()).toHaveAttribute('aria-busy', 'false'));
    // The top bar's avatar reads the stored identity, which now carries the new photo.
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ picture: newPhoto });
  });

  it('refuses a file of another type or over 5 MB before uploading, and says why', async () => {
    const u = userEvent.setup({ applyAccept: false });
    const { requests } = stubApi({ ...ownRoutes, 'PUT /api/profiles/me/photo': ada });
    renderOwnProfile();
    await screen.findByRole('region', { name: 'Photo' });
    const input = screen.getByLabelText<HTMLInputElement>('Photo file');

    await u.upload(input, new File(['GIF89a'], 'party.gif', { type: 'image/gif' }));
    expect(within(photoSection()).getByRole('alert')).toHaveTextContent(
      '“party.gif” is not a PNG, JPEG or WebP image. Choose a photo in one of those formats.',
    );

    const large = new File([new Uint8Array(5 * 1024 * 1024 + 200_000)], 'huge.jpg', { type: 'image/jpeg' });
    await u.upload(input, large);
    expect(within(photoSection()).getByRole('alert')).toHaveTextContent(
      '“huge.jpg” is 5.2 MB: photos can be at most 5 MB.',
    );
    expect(requests('PUT /api/profiles/me/photo')).toHaveLength(0);
  });

  it('shows the server’s refusal beside the control and keeps the photo (a text file named .png)', async () => {
    const u = userEvent.setup();
    stubApi({
      ...ownRoutes,
      'PUT /api/profiles/me/photo': () =>
        errorResponse(
          415,
          'files/unsupported-type',
          'That file is not a PNG, JPEG or WebP image. Choose a photo in one of those formats.',
        ),
    });
    renderOwnProfile();
    await screen.findByRole('region', { name: 'Photo' });
    await u.upload(
      screen.getByLabelText('Photo file'),
      new File(['just some notes'], 'notes.png', { type: 'image/png' }),
    );
    expect(await within(photoSection()).findByRole('alert')).toHaveTextContent(
      'That file is not a PNG, JPEG or WebP image. Choose a photo in one of those formats.',
    );
    expect(within(photoSection()).getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('img', { name: 'Photo of Ada Lovelace' })).toHaveAttribute('src', ada.photoURL);
  });

  it('removes the photo, shows the initials and keeps the keyboard on "Change photo"', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      ...ownRoutes,
      'DELETE /api/profiles/me/photo': () => jsonResponse(200, { ...ada, photoURL: null }),
    });
    renderOwnProfile();
    const section = await screen.findByRole('region', { name: 'Photo' });
    await u.click(within(section).getByRole('button', { name: 'Remove photo' }));
    expect(await within(section).findByText('Your photo has been removed.')).toBeVisible();
    expect(requests('DELETE /api/profiles/me/photo')).toHaveLength(1);
    expect(within(section).queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Photo of Ada Lovelace' })).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Change photo' })).toHaveFocus();
  });

  it('opens the file picker from the keyboard through "Change photo", the only control in the tab order', async () => {
    const u = userEvent.setup();
    stubApi({ ...ownRoutes, 'GET /api/profiles/u_ada': { ...ada, photoURL: null } });
    renderOwnProfile();
    const section = await screen.findByRole('region', { name: 'Photo' });
    expect(within(section).queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
    const input = screen.getByLabelText('Photo file');
    expect(input).toHaveAttribute('tabindex', '-1');
    let opened = 0;
    input.addEventListener('click', () => opened++);
    within(section).getByRole('button', { name: 'Change photo' }).focus();
    await u.keyboard('{Enter}');
    expect(opened).toBe(1);
    await u.keyboard(' ');
    expect(opened).toBe(2);
  });
});
