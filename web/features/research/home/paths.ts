/** The page of a research project. */
export const projectPath = (id: string) => `/research/projects/${id}`;

/** The research centre's page of a paper. */
export const paperPagePath = (id: string) => `/research_center/papers/${id}`;

/** The research home with a paper's note open. */
export const notePath = (paperId: string) => `/research?paper=${encodeURIComponent(paperId)}`;
