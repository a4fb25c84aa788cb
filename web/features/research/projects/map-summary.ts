import type { LiteratureMap } from '../../../../contracts/research.ts';

type MapNode = LiteratureMap['nodes'][number];

/**
 * The map in words: the project's papers, and the suggested ones (cited by the project's papers but not in
 * it) with the most-cited first, then by title. "Several" is two or more of the project's papers.
 */
export function summariseMap(map: LiteratureMap): {
  inProject: MapNode[];
  citedBySeveral: MapNode[];
  otherSuggestions: MapNode[];
} {
  const byCitations = (a: MapNode, b: MapNode) =>
    b.citedByCount - a.citedByCount || a.paper.title.localeCompare(b.paper.title);
  const suggested = map.nodes.filter((node) => !node.inProject).sort(byCitations);
  return {
    inProject: map.nodes.filter((node) => node.inProject),
    citedBySeveral: suggested.filter((node) => node.citedByCount >= 2),
    otherSuggestions: suggested.filter((node) => node.citedByCount < 2),
  };
}

/** "Cites B; cited by C": how one paper of the map is joined to the others, by title. */
export function relationsOf(id: string, map: LiteratureMap): string {
  const titles = new Map(map.nodes.map((node) => [node.paper.id, node.paper.title]));
  const cites = map.edges.filter((edge) => edge.from === id).map((edge) => titles.get(edge.to) ?? 'a paper');
  const citedBy = map.edges
    .filter((edge) => edge.to === id)
    .map((edge) => titles.get(edge.from) ?? 'a paper');
  return [
    cites.length > 0 ? `cites ${cites.join(', ')}` : '',
    citedBy.length > 0 ? `cited by ${citedBy.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
