import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../test/api-stub.ts';
import { signIn } from '../../test/render.tsx';
import {
  adaSummary,
  graph,
  ids,
  renderCardPage,
  sideRoutes,
  softmax,
  version1,
  version2,
  versions,
} from './test-fixtures.tsx';

const routes = {
  ...sideRoutes(ids.softmax),
  [`GET /api/cards/${ids.softmax}`]: softmax,
  'GET /api/profiles/u_bob': null,
  [`GET /api/cards/${ids.softmax}/versions`]: versions,
  [`GET /api/cards/${ids.softmax}/versions/1`]: version1,
  [`GET /api/cards/${ids.softmax}/versions/2`]: version2,
};

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  Object.defineProperty(SVGElement.prototype, 'getBBox', {
    configurable: true,
    value: () => ({ x: 0, y: 0, width: 40, height: 12 }),
  });
});

describe('version history', () => {
  it('lists the versions and shows what changed between two, in words and in lines', async () => {
    const u = userEvent.setup();
    stubApi(routes);
    renderCardPage(ids.softmax);
    const history = await screen.findByRole('region', { name: 'Version history' });
    const items = await within(history).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Version 2, .*2026 \(current\)$/);
    expect(items[1]).toHaveTextContent(/^Version 1, .*2026 — “Softmax function”$/);
    // A reader who is not the author cannot restore.
    expect(within(history).queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();

    expect(within(history).getByRole('combobox', { name: 'Compare version' })).toHaveTextContent('Version 1');
    expect(within(history).getByRole('combobox', { name: 'with version' })).toHaveTextContent('Version 2');
    await u.click(within(history).getByRole('button', { name: 'Show changes' }));

    const diff = await within(history).findByRole('region', { name: 'Changes from version 1 to version 2' });
    const removed = [...diff.querySelectorAll('del')].map((node) => node.textContent);
    const added = [...diff.querySelectorAll('ins')].map((node) => node.textContent);
    expect(removed.some((text) => /^\[removed: +function\]$/.test(text ?? ''))).toBe(true);
    expect(added.join('|')).toContain('[added: , ml/probability');
    expect(added.join('|')).toContain('[added: [[logits]]]');
    expect(diff).toHaveTextContent('Title: Softmax');

    await u.click(within(history).getByRole('button', { name: 'Lines' }));
    const lines = [...diff.querySelectorAll('ins')].map((node) => node.textContent);
    expect(lines).toContain('[added: Title: Softmax\n]');
  });

  it('tells others how many versions were published while the card was private', async () => {
    stubApi({
      ...routes,
      [`GET /api/cards/${ids.softmax}`]: { ...softmax, version: 3 },
      [`GET /api/cards/${ids.softmax}/versions`]: { items: [versions.items[0]!] },
    });
    renderCardPage(ids.softmax);
    const history = await screen.findByRole('region', { name: 'Version history' });
    expect(await within(history).findAllByRole('listitem')).toHaveLength(1);
    expect(history).toHaveTextContent(
      '2 versions were published while the card was private: only its author sees them.',
    );
    expect(history).not.toHaveTextContent('There is only one version so far.');
    expect(within(history).queryByRole('button', { name: 'Show changes' })).not.toBeInTheDocument();
  });

  it('lets the author restore an old version after confirming', async () => {
    const u = userEvent.setup();
    signIn({ uid: 'u_ada', name: 'Ada Lovelace', email: 'ada@example.com' });
    const own = { ...softmax, author: adaSummary, isOwner: true };
    const restored = { ...own, title: 'Softmax function', body: version1.body, version: 3 };
    const { requests } = stubApi({
      ...routes,
      [`GET /api/cards/${ids.softmax}`]: own,
      [`POST /api/cards/${ids.softmax}/versions/1/restore`]: () => jsonResponse(200, restored),
    });
    renderCardPage(ids.softmax);
    const history = await screen.findByRole('region', { name: 'Version history' });
    await u.click(await within(history).findByRole('button', { name: 'Restore version 1' }));
    expect(within(history).queryByRole('button', { name: 'Restore version 2' })).not.toBeInTheDocument();

    const dialog = screen.getByRole('dialog', { name: 'Restore version 1?' });
    expect(requests(`POST /api/cards/${ids.softmax}/versions/1/restore`)).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'Restore' }));

    expect(await screen.findByText('Version 1 was published again as version 3.')).toBeVisible();
    // The dialog's closing transition keeps the page hidden from queries for a moment.
    expect(await screen.findByRole('heading', { level: 1, name: 'Softmax function' })).toBeVisible();
    expect(requests(`POST /api/cards/${ids.softmax}/versions/1/restore`)).toHaveLength(1);
    // The list is asked for again, to show the new version.
    await waitFor(() => expect(requests(`GET /api/cards/${ids.softmax}/versions`)).toHaveLength(2));
  });
});

describe('the local graph on the card page', () => {
  it('draws the linked cards and reaches two links away on request', async () => {
    const u = userEvent.setup();
    const { fetchMock } = stubApi({ ...routes, [`GET /api/cards/${ids.softmax}/graph`]: graph });
    renderCardPage(ids.softmax);
    const panel = await screen.findByRole('region', { name: 'Graph' });
    const drawing = await within(panel).findByRole('application', {
      name: 'Graph of the cards linked to Softmax',
    });
    expect(drawing.querySelectorAll('.react-flow__node')).toHaveLength(2);
    expect(within(drawing).getByText('links to')).toBeInTheDocument();

    await u.click(within(panel).getByRole('button', { name: '2 links' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
        `/api/cards/${ids.softmax}/graph?depth=2`,
      ),
    );
  });
});
