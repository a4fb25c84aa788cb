import type { ElkNode } from 'elkjs/lib/elk-api.js';

/**
 * Graph layout for the card graph, kept free of React and of the DOM so that the same code runs in the layout
 * worker (with elkjs) and in tests (with ELK called directly, or a stand-in).
 */

/** Every card is drawn as a box of this size; the layout needs it up front to space the boxes. */
export const nodeSize = { width: 200, height: 64 } as const;

/** What the layout needs: the ids of the boxes and of the arrows between them. */
export interface LayoutInput {
  nodes: readonly { id: string }[];
  edges: readonly { source: string; target: string }[];
}

/** The top-left corner of each box, by node id. */
export type NodePositions = Record<string, { x: number; y: number }>;

/**
 * Places the boxes. The card graph runs elkjs in a Web Worker by default (`workerLayout`); tests pass a
 * synchronous stand-in.
 */
export type GraphLayout = (input: LayoutInput) => Promise<NodePositions>;

/** The one thing of ELK the layout calls, so tests can hand in ELK itself and the worker its own instance. */
export interface ElkLike {
  layout(graph: ElkNode): Promise<ElkNode>;
}

// Layered (Sugiyama) from left to right: cards that link here sit left of the card, those it links to on
// its right, which reads like the sentence "A links to B". Edges between nodes that are not in the graph are
// dropped, since ELK refuses them.
const layoutOptions = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.spacing.nodeNode': '32',
  'elk.layered.spacing.nodeNodeBetweenLayers': '72',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.separateConnectedComponents': 'true',
};

/** The ELK graph for `input`: fixed-size boxes, one edge per link (self-links and dangling ends left out). */
export function toElkGraph(input: LayoutInput): ElkNode {
  const ids = new Set(input.nodes.map((node) => node.id));
  return {
    id: 'root',
    layoutOptions,
    children: input.nodes.map((node) => ({ id: node.id, ...nodeSize })),
    edges: input.edges
      .filter((edge) => edge.source !== edge.target && ids.has(edge.source) && ids.has(edge.target))
      .map((edge, index) => ({ id: `e${index}`, sources: [edge.source], targets: [edge.target] })),
  };
}

/** Lays `input` out with `elk`. */
export async function layoutWithElk(elk: ElkLike, input: LayoutInput): Promise<NodePositions> {
  if (input.nodes.length === 0) return {};
  const result = await elk.layout(toElkGraph(input));
  const positions: NodePositions = {};
  for (const child of result.children ?? []) positions[child.id] = { x: child.x ?? 0, y: child.y ?? 0 };
  return positions;
}

/** A plain layout with no library: the boxes in rows, in order. For tests and as a last resort. */
export const gridLayout: GraphLayout = async (input) => {
  const columns = Math.max(1, Math.ceil(Math.sqrt(input.nodes.length)));
  const positions: NodePositions = {};
  input.nodes.forEach((node, index) => {
    positions[node.id] = {
      x: (index % columns) * (nodeSize.width + 48),
      y: Math.floor(index / columns) * (nodeSize.height + 48),
    };
  });
  return positions;
};
