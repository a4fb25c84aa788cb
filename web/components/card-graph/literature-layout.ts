import type { ElkNode } from 'elkjs/lib/elk-api.js';
import { nodeSize, type ElkLike, type LayoutInput, type NodePositions } from './layout.ts';

/**
 * The literature map's layout: a project's papers and the citations between them, laid out by elkjs with
 * options chosen for speed on maps of a few hundred papers. The card graph's options (layered with the
 * default thoroughness and orthogonal edges) took 2–5 s for 300 papers and 1,062 citations on the benchmark
 * machine; these keep the layered drawing (older papers to the right of the ones citing them) and take a
 * third to a half of that — see bench/README.md, "Research". Longest-path layering, network-simplex node
 * placement, `force` and `stress` were all slower on such maps.
 */
export const literatureLayoutOptions = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.spacing.nodeNode': '32',
  'elk.layered.spacing.nodeNodeBetweenLayers': '72',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.separateConnectedComponents': 'true',
  // One pass of crossing minimisation instead of seven: most of the time of a dense map goes there.
  'elk.layered.thoroughness': '1',
  // Straight segments between layers: orthogonal routing of a thousand long edges is the other large cost.
  'elk.edgeRouting': 'POLYLINE',
  // The map draws its own straight arrows between boxes and keeps only their places, so what ELK spends on
  // edges is spent for nothing: a paper's citations share one port (a much-cited paper has dozens), and the
  // greedy pass that swaps neighbours to save a few more crossings is left out (0.93 s to 0.69 s, medians of
  // six alternating runs, bench/README.md).
  'elk.layered.mergeEdges': 'true',
  'elk.layered.crossingMinimization.greedySwitch.type': 'OFF',
} as const;

/** The ELK graph of a literature map: one box per paper, one edge per citation between papers on the map. */
export function literatureElkGraph(input: LayoutInput): ElkNode {
  const ids = new Set(input.nodes.map((node) => node.id));
  return {
    id: 'root',
    layoutOptions: literatureLayoutOptions,
    children: input.nodes.map((node) => ({ id: node.id, ...nodeSize })),
    edges: input.edges
      .filter((edge) => edge.source !== edge.target && ids.has(edge.source) && ids.has(edge.target))
      .map((edge, index) => ({ id: `e${index}`, sources: [edge.source], targets: [edge.target] })),
  };
}

/**
 * Lays a literature map out: the top-left corner of each paper's box, by id. `elk` defaults to elkjs run in
 * this thread (loaded on first use); the web passes the layout worker's instance.
 */
export async function layoutLiteratureMap(
  nodes: LayoutInput['nodes'],
  edges: LayoutInput['edges'],
  elk?: ElkLike,
): Promise<NodePositions> {
  if (nodes.length === 0) return {};
  const engine = elk ?? new (await import('elkjs/lib/elk.bundled.js')).default();
  const result = await engine.layout(literatureElkGraph({ nodes, edges }));
  const positions: NodePositions = {};
  for (const child of result.children ?? []) positions[child.id] = { x: child.x ?? 0, y: child.y ?? 0 };
  return positions;
}
