import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders, signIn } from '../../test/render.tsx';
import { BuildPage } from './build-page.tsx';

function renderDrafts() {
  signIn();
  return renderWithProviders(<BuildPage />, { path: '/build' });
}

const markdown = (name: string, text: string) => new File([text], name, { type: 'text/markdown' });

describe('import and export on /build', () => {
  it('imports Markdown files as drafts, sending each file’s name and text', async () => {
    const u = userEvent.setup();
    const { requests } = stubApi({
      'GET /api/cards/drafts': { items: [], nextCursor: null },
      'POST /api/cards/import': () => {
        return jsonResponse(201, {
          items: [
            { id: '0d6f1c1e-0000-4000-8000-000000000001', title: 'Heaps', file: 'heaps.md' },
            { id: '0d6f1c1e-0000-4000-8000-000000000002', title: 'Queues', file: 'queues.md' },
          ],
        });
      },
    });
    renderDrafts();
    const section = await screen.findByRole('region', { name: 'Import and export' });
    expect(within(section).getByRole('link', { name: 'Export all cards (zip)' })).toHaveAttribute(
      'href',
      '/api/cards/export',
    );
    await u.upload(screen.getByLabelText('Markdown files to import'), [
      markdown('heaps.md', '---\ntitle: Heaps\n---\nA tree.'),
      markdown('queues.md', '# Queues\n\nFIFO.'),
    ]);
    expect(await within(section).findByText('2 files are now drafts: Heaps, Queues.')).toBeVisible();
    expect(requests('POST /api/cards/import')[0]?.body).toEqual({
      files: [
        { name: 'heaps.md', text: '---\ntitle: Heaps\n---\nA tree.' },
        { name: 'queues.md', text: '# Queues\n\nFIFO.' },
      ],
    });
  });

  it('shows each file’s problem when the server refuses the import', async () => {
    const u = userEvent.setup();
    stubApi({
      'GET /api/cards/drafts': { items: [], nextCursor: null },
      'POST /api/cards/import': () =>
        errorResponse(400, 'common/validation-failed', 'Some fields need attention.', {
          fields: [{ path: 'files.0', message: 'broken.md: Front matter opened on line 1 is never closed' }],
        }),
    });
    renderDrafts();
    const section = await screen.findByRole('region', { name: 'Import and export' });
    await u.upload(screen.getByLabelText('Markdown files to import'), [
      markdown('broken.md', '---\ntitle: x\n'),
    ]);
    expect(await within(section).findByText(/Nothing was imported/)).toBeVisible();
    expect(
      within(section).getByText('broken.md: Front matter opened on line 1 is never closed'),
    ).toBeVisible();
  });
});
