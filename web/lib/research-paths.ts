/** The research centre's own pages. */
export const researchCentrePath = '/research_center';

/** A topic's page in the research centre. */
export function topicPagePath(slug: string): string {
  return `/research_center/topics/${encodeURIComponent(slug)}`;
}

/** A paper's page in the research centre. */
export function paperPagePath(id: string): string {
  return `/research_center/papers/${encodeURIComponent(id)}`;
}

/** The research home with a paper's note open (the home reads `?paper=`). */
export function paperNotePath(id: string): string {
  return `/research?paper=${encodeURIComponent(id)}`;
}
