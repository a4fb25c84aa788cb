import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, stubApi } from '../../test/api-stub.ts';
import { renderApp } from '../../test/render.tsx';
import { certificateFixture } from './test-fixtures.ts';

describe('/classroom/certificates/:id', () => {
  it('shows anyone the certificate: holder, course, version, day, id and that CARD WEB verifies it', async () => {
    stubApi({ 'GET /api/classroom/certificates/Zx81-cert': certificateFixture() });
    renderApp('/classroom/certificates/Zx81-cert', { strict: true });
    const sheet = await screen.findByRole('article', { name: 'Certificate of completion' });
    expect(screen.getByRole('heading', { level: 1, name: 'Certificate' })).toBeInTheDocument();
    expect(within(sheet).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/u/ada');
    expect(within(sheet).getByRole('link', { name: 'Modern recommendation systems' })).toHaveAttribute(
      'href',
      '/classroom/classes/modern-recommendation-systems',
    );
    expect(sheet).toHaveTextContent('Course version2');
    expect(sheet).toHaveTextContent('Issued on1 April 2026');
    expect(sheet).toHaveTextContent('Certificate idZx81-cert');
    expect(sheet).toHaveTextContent('Verified by CARD WEB');
    expect(within(sheet).getByText('1 April 2026')).toHaveAttribute('datetime', '2026-04-01T12:00:00.000Z');
    expect(screen.getByRole('button', { name: 'Print' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Certificate · CARD WEB'));
  });

  it('says plainly when no certificate has the id', async () => {
    stubApi({
      'GET /api/classroom/certificates/nope': () =>
        errorResponse(404, 'common/not-found', 'There is no certificate with this number.'),
    });
    renderApp('/classroom/certificates/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate not found' })).toBeVisible();
    expect(screen.getByText(/^No certificate has this id\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'See all courses' })).toHaveAttribute('href', '/classroom');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('does not ask about an id longer than any certificate’s', async () => {
    const { fetchMock } = stubApi({});
    renderApp(`/classroom/certificates/${'x'.repeat(41)}`);
    expect(await screen.findByText(/^No certificate has this id\./)).toBeVisible();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/classroom'))).toBe(false);
  });
});
