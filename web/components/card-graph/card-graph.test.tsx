import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ELK from 'elkjs/lib/elk.bundled.js';
import type { CardGraph as CardGraphData } from '../../../contracts/cards.ts';
import { Providers } from '../../app/providers.tsx';
import { CardGraph } from './card-graph.tsx';
import { gridLayout, layoutWithElk, nodeSize, toElkGraph } from './layout.ts';

const ids = {
  softmax: '00000000-0000-4000-8000-000000000001',
  logits: '00000000-0000-4000-8000-000000000002',
  entropy: '00000000-0000-4000-8000-000000000003',
  far: '00000000-0000-4000-8000-000000000004',
};

const graph: CardGraphData = {
  nodes: [
    { id: ids.softmax, title: 'Softmax', type: 'note', likes: 3, depth: 0 },
    { id: ids.logits, title: 'Logits', type: 'flashcard', likes: 0, depth: 1 },
    { id: ids.entropy, title: 'Cross-entropy', type: 'note', likes: 1, depth: 1 },
    { id: ids.far, title: 'Information theory', type: 'paper', likes: 0, depth: 2 },
  ],
  edges: [
    { source: ids.softmax, target: ids.logits, kind: 'wiki' },
    { source: ids.entropy, target: ids.softmax, kind: 'prerequisite' },
    { source: ids.far, target: ids.entropy, kind: 'related' },
    // The same link reported twice is drawn once.
    { source: ids.softmax, target: ids.logits, kind: 'wiki' },
  ],
};

// jsdom measures nothing; React Flow only needs the observer to exist, since every size is given up front.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  // Edge labels measure their text to size the background behind it; jsdom has no layout to measure.
  Object.defineProperty(SVGElement.prototype, 'getBBox', {
    configurable: true,
    value: () => ({ x: 0, y: 0, width: 40, height: 12 }),
  });
});

afterEach(() => {
  Reflect.deleteProperty(SVGElement.prototype, 'getBBox');
});

/** The boxes React Flow drew (its credit link is a link too, so they are picked by class). */
const nodesIn = (drawing: HTMLElement) => [...drawing.querySelectorAll<HTMLElement>('.react-flow__node')];

function renderGraph(props: Partial<Parameters<typeof CardGraph>[0]> = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/cards/:id',
        element: (
          <CardGraph
            graph={graph}
            currentId={ids.softmax}
            label="Graph of the cards linked to Softmax"
            layout={gridLayout}
            {...props}
          />
        ),
      },
    ],
    { initialEntries: [`/cards/${ids.softmax}`] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('the card graph', () => {
  it('draws a node for each card and a labelled edge for each link, the current card highlighted', async () => {
    renderGraph();
    const drawing = await screen.findByRole('application', { name: 'Graph of the cards linked to Softmax' });
    const nodes = nodesIn(drawing);
    expect(nodes.every((node) => node.getAttribute('role') === 'link')).toBe(true);
    expect(nodes.map((node) => node.getAttribute('aria-label'))).toEqual([
      'Softmax, note (this card)',
      'Logits, flashcard',
      'Cross-entropy, note',
      'Information theory, paper',
    ]);
    expect(within(drawing).getByText('Note · this card')).toBeInTheDocument();
    const edges = drawing.querySelectorAll('.react-flow__edge');
    expect([...edges].map((edge) => edge.getAttribute('aria-label'))).toEqual([
      'Softmax links to Logits',
      'Cross-entropy prerequisite of Softmax',
      'Information theory related to Cross-entropy',
    ]);
    expect(within(drawing).getByText('prerequisite of')).toBeInTheDocument();
  });

  it('opens a card on click and on Enter, and lists the cards as links for screen readers', async () => {
    const onOpen = vi.fn();
    renderGraph({ onOpen });
    const drawing = await screen.findByRole('application');
    // A plain click: user-event's pointer sequence sends a mousedown that React Flow's pan handler (d3) reads
    // a window from, which jsdom's synthetic events do not carry.
    fireEvent.click(within(drawing).getByText('Logits'));
    expect(onOpen).toHaveBeenLastCalledWith(ids.logits);

    const node = within(drawing).getByRole('link', { name: 'Cross-entropy, note' });
    expect(node).toHaveAttribute('tabindex', '0');
    node.focus();
    fireEvent.keyDown(node, { key: 'Enter' });
    expect(onOpen).toHaveBeenLastCalledWith(ids.entropy);

    expect(screen.getByText(/3 linked cards/)).toBeInTheDocument();
    const list = screen.getByText('The cards in this graph, as a list').parentElement!;
    expect(within(list).getByRole('link', { name: 'Information theory' })).toHaveAttribute(
      'href',
      `/cards/${ids.far}`,
    );
    expect(list).toHaveTextContent('Logits (flashcard, one link away; Softmax links to it)');
    expect(list).toHaveTextContent(
      'Cross-entropy (note, one link away; prerequisite of Softmax; Information theory related to it)',
    );
    expect(list).toHaveTextContent('(paper, 2 links away; related to Cross-entropy)');
  });

  it('says no distance in a graph without a current card (the global graph)', async () => {
    renderGraph({ currentId: undefined, label: 'Graph of public cards' });
    await screen.findByRole('application');
    const list = screen.getByText('The cards in this graph, as a list').parentElement!;
    expect(list).toHaveTextContent('Logits (flashcard; Softmax links to it)');
    expect(list).not.toHaveTextContent('link away');
  });

  it('goes to the card page by default', async () => {
    const router = renderGraph();
    const drawing = await screen.findByRole('application');
    fireEvent.keyDown(within(drawing).getByRole('link', { name: 'Logits, flashcard' }), { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cards/${ids.logits}`));
  });

  it('says so when the layout fails, and still lists the cards', async () => {
    renderGraph({ layout: () => Promise.reject(new Error('no worker')) });
    expect(await screen.findByText(/The graph could not be drawn/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Logits' })).toBeVisible();
  });
});

describe('the ELK layout', () => {
  it('places every card without overlaps, linking cards left to right', async () => {
    const positions = await layoutWithElk(new ELK(), { nodes: graph.nodes, edges: graph.edges });
    expect(Object.keys(positions).sort()).toEqual(Object.values(ids).sort());
    const boxes = Object.values(positions);
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1))
        expect(Math.abs(a.x - b.x) >= nodeSize.width || Math.abs(a.y - b.y) >= nodeSize.height).toBe(true);
    // Cross-entropy links to Softmax, which links to Logits: three layers from left to right.
    expect(positions[ids.entropy]!.x).toBeLessThan(positions[ids.softmax]!.x);
    expect(positions[ids.softmax]!.x).toBeLessThan(positions[ids.logits]!.x);
  });

  it('leaves out self-links and links to cards outside the graph', () => {
    const elkGraph = toElkGraph({
      nodes: [{ id: 'a' }, { id: 'b' }],
      edges: [
        { source: 'a', target: 'a' },
        { source: 'a', target: 'missing' },
        { source: 'a', target: 'b' },
      ],
    });
    expect(elkGraph.edges).toEqual([{ id: 'e0', sources: ['a'], targets: ['b'] }]);
  });
});
