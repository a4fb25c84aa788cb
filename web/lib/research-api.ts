import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import {
  addPaperResultSchema,
  askResultSchema,
  citeResultSchema,
  importPreviewSchema,
  importResultSchema,
  literatureMapSchema,
  lookupResultSchema,
  noteSchema,
  paperDetailSchema,
  paperPageSchema,
  preferencesInputSchema,
  projectSchema,
  publishedNoteSchema,
  queueItemSchema,
  researchCentreSchema,
  researchHomeSchema,
  resolvedCitationsSchema,
  topicSchema,
  type AddPaperInput,
  type BibliographyFormat,
  type CitationStyle,
  type ImportRequest,
  type PaperSearchQuery,
  type ReadingListInput,
  type TopicInput,
} from '../../contracts/research.ts';
import { instructorGrantSchema, instructorListSchema } from '../../contracts/classroom-authoring.ts';
import { apiFetch, noContent } from './api.ts';
import { useSession, type SessionUser } from './session.ts';

/**
 * Research's calls (docs/research.md): papers, the research centre and the research home. Every query starts
 * with 'research' and names the signed-in person, whose queue, notes and projects the answers hold, so the
 * next person in the same browser never sees the last one's.
 */
export const researchQueryRoot = ['research'] as const;

/** Whose research the queries hold: the signed-in person's id, else their email; null when signed out. */
export function researchViewerOf(user: SessionUser | null): string | null {
  return user?.uid ?? user?.email ?? null;
}

export function useResearchViewer(): string | null {
  return researchViewerOf(useSession().user);
}

/** Everything of `viewer`'s research: what a change to their queue, notes or projects makes stale. */
export const researchViewerKey = (viewer: string | null) => [...researchQueryRoot, viewer] as const;

/** The search's parameters with empty values left out, so equal searches share one cache entry and address. */
export function tidyPaperQuery(query: PaperSearchQuery): Record<string, string> {
  const tidy: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'sort' && value === 'relevance') continue;
    if (key === 'cursor' && Number(value) === 0) continue;
    tidy[key] = String(value);
  }
  return tidy;
}

/** `GET /api/research/papers?…`: papers the reader may see, searched and filtered. */
export const papersQuery = (viewer: string | null, query: PaperSearchQuery) => {
  const tidy = tidyPaperQuery(query);
  const text = new URLSearchParams(tidy).toString();
  return queryOptions({
    queryKey: [...researchViewerKey(viewer), 'papers', tidy] as const,
    queryFn: ({ signal }) =>
      apiFetch(text ? `/api/research/papers?${text}` : '/api/research/papers', {
        schema: paperPageSchema,
        signal,
      }),
  });
};

/**
 * The same search paged with "Show more": each page asks from the last one's `nextCursor`. The key leaves the
 * cursor out, so a new search starts again from the first page.
 */
export const papersInfiniteQuery = (viewer: string | null, query: PaperSearchQuery) => {
  const { cursor: _cursor, ...rest } = tidyPaperQuery(query);
  return infiniteQueryOptions({
    queryKey: [...researchViewerKey(viewer), 'papers', 'paged', rest] as const,
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams(rest);
      if (pageParam > 0) params.set('cursor', String(pageParam));
      const text = params.toString();
      return apiFetch(text ? `/api/research/papers?${text}` : '/api/research/papers', {
        schema: paperPageSchema,
        signal,
      });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
};

/** The address of a paper in the API. */
const paperPath = (id: string) => `/api/research/papers/${encodeURIComponent(id)}`;

/** `GET /api/research/papers/:id`: the paper page. */
export const paperQuery = (viewer: string | null, id: string) =>
  queryOptions({
    queryKey: [...researchViewerKey(viewer), 'paper', id] as const,
    queryFn: ({ signal }) => apiFetch(paperPath(id), { schema: paperDetailSchema, signal }),
  });

export function usePaper(id: string) {
  return useQuery(paperQuery(useResearchViewer(), id));
}

/** `GET /api/research/papers/:id/cite?style=`: the reference in a style, and the BibTeX entry. */
export function citePaper(id: string, style: CitationStyle) {
  return apiFetch(`${paperPath(id)}/cite?style=${style}`, { schema: citeResultSchema });
}

/** `GET /api/research/centre`: the topics. */
export const centreQuery = (viewer: string | null) =>
  queryOptions({
    queryKey: [...researchViewerKey(viewer), 'centre'] as const,
    queryFn: ({ signal }) => apiFetch('/api/research/centre', { schema: researchCentreSchema, signal }),
  });

/** `GET /api/research/topics/:slug`: a topic with its lists. */
export const topicQuery = (viewer: string | null, slug: string) =>
  queryOptions({
    queryKey: [...researchViewerKey(viewer), 'topic', slug] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/research/topics/${encodeURIComponent(slug)}`, { schema: topicSchema, signal }),
  });

/** `POST /api/research/topics` (editors). */
export function createTopic(input: TopicInput) {
  return apiFetch('/api/research/topics', { method: 'POST', body: input, schema: topicSchema });
}

/** `PUT /api/research/topics/:slug` (editors). */
export function updateTopic(slug: string, input: TopicInput) {
  return apiFetch(`/api/research/topics/${encodeURIComponent(slug)}`, {
    method: 'PUT',
    body: input,
    schema: topicSchema,
  });
}

/** `PUT /api/research/topics/:slug/lists`: creates or replaces a reading list (editors). */
export function saveReadingList(slug: string, input: ReadingListInput) {
  return apiFetch(`/api/research/topics/${encodeURIComponent(slug)}/lists`, {
    method: 'PUT',
    body: input,
    schema: topicSchema,
  });
}

/** `DELETE /api/research/topics/:slug/lists/:list` (editors). */
export function deleteReadingList(slug: string, list: string) {
  return apiFetch(`/api/research/topics/${encodeURIComponent(slug)}/lists/${encodeURIComponent(list)}`, {
    method: 'DELETE',
    schema: noContent,
  });
}

/** `GET /api/research/home`: the person's queue, projects and citation style. */
export const homeQuery = (viewer: string | null) =>
  queryOptions({
    queryKey: [...researchViewerKey(viewer), 'home'] as const,
    queryFn: ({ signal }) => apiFetch('/api/research/home', { schema: researchHomeSchema, signal }),
  });

/** `PUT /api/research/preferences`: the person's citation style. */
export function setCitationStyle(citationStyle: CitationStyle) {
  return apiFetch('/api/research/preferences', {
    method: 'PUT',
    body: { citationStyle },
    schema: preferencesInputSchema,
  });
}

/** `POST /api/research/papers`: adds a paper, or answers with the one it duplicates. */
export function addPaper(input: AddPaperInput) {
  return apiFetch('/api/research/papers', { method: 'POST', body: input, schema: addPaperResultSchema });
}

/** `POST /api/research/lookup`: a DOI or arXiv id looked up. */
export function lookupPaper(identifier: string) {
  return apiFetch('/api/research/lookup', {
    method: 'POST',
    body: { identifier },
    schema: lookupResultSchema,
  });
}

/** `POST /api/research/import/preview`: what importing the file would do. */
export function previewImport(input: ImportRequest) {
  return apiFetch('/api/research/import/preview', {
    method: 'POST',
    body: input,
    schema: importPreviewSchema,
  });
}

/** `POST /api/research/import`: imports the file. */
export function importPapers(input: ImportRequest) {
  return apiFetch('/api/research/import', { method: 'POST', body: input, schema: importResultSchema });
}

/** `PUT /api/research/queue/:paperId`: puts a paper in the queue or moves it along. */
export function updateQueue(
  paperId: string,
  change: { status?: 'to-read' | 'reading' | 'read'; priority?: number },
) {
  return apiFetch(`/api/research/queue/${encodeURIComponent(paperId)}`, {
    method: 'PUT',
    body: change,
    schema: queueItemSchema,
  });
}

/** `DELETE /api/research/queue/:paperId`. */
export function removeFromQueue(paperId: string) {
  return apiFetch(`/api/research/queue/${encodeURIComponent(paperId)}`, {
    method: 'DELETE',
    schema: noContent,
  });
}

/** `PUT /api/research/notes/:paperId`: saves the person's private note. */
export function saveNote(paperId: string, body: string) {
  return apiFetch(`/api/research/notes/${encodeURIComponent(paperId)}`, {
    method: 'PUT',
    body: { body },
    schema: noteSchema,
  });
}

/** `POST /api/research/notes/:paperId/publish`: publishes the note as a card. */
export function publishNote(paperId: string) {
  return apiFetch(`/api/research/notes/${encodeURIComponent(paperId)}/publish`, {
    method: 'POST',
    schema: publishedNoteSchema,
  });
}

/** The address of a project in the API. */
const projectPath = (id: string) => `/api/research/projects/${encodeURIComponent(id)}`;

/** `GET /api/research/projects/:id`. */
export const projectQuery = (viewer: string | null, id: string) =>
  queryOptions({
    queryKey: [...researchViewerKey(viewer), 'project', id] as const,
    queryFn: ({ signal }) => apiFetch(projectPath(id), { schema: projectSchema, signal }),
  });

/** `GET /api/research/projects/:id/map`: the literature map. */
export const literatureMapQuery = (viewer: string | null, id: string) =>
  queryOptions({
    queryKey: [...researchViewerKey(viewer), 'project', id, 'map'] as const,
    queryFn: ({ signal }) => apiFetch(`${projectPath(id)}/map`, { schema: literatureMapSchema, signal }),
  });

/** `POST /api/research/projects`. */
export function createProject(input: { title: string; question?: string }) {
  return apiFetch('/api/research/projects', { method: 'POST', body: input, schema: projectSchema });
}

/** `PATCH /api/research/projects/:id`. */
export function updateProject(id: string, input: { title: string; question?: string }) {
  return apiFetch(projectPath(id), { method: 'PATCH', body: input, schema: projectSchema });
}

/** `DELETE /api/research/projects/:id`. */
export function deleteProject(id: string) {
  return apiFetch(projectPath(id), { method: 'DELETE', schema: noContent });
}

/** `PUT /api/research/projects/:id/papers/:paperId`: adds a paper, or changes its annotation. */
export function putProjectPaper(id: string, paperId: string, annotation = '') {
  return apiFetch(`${projectPath(id)}/papers/${encodeURIComponent(paperId)}`, {
    method: 'PUT',
    body: { annotation },
    schema: projectSchema,
  });
}

/** `DELETE /api/research/projects/:id/papers/:paperId`. */
export function removeProjectPaper(id: string, paperId: string) {
  return apiFetch(`${projectPath(id)}/papers/${encodeURIComponent(paperId)}`, {
    method: 'DELETE',
    schema: noContent,
  });
}

/** `POST /api/research/projects/:id/ask`: Ask the library. */
export function askLibrary(id: string, question: string) {
  return apiFetch(`${projectPath(id)}/ask`, { method: 'POST', body: { question }, schema: askResultSchema });
}

/** `POST /api/research/citations`: `[@key]` citations resolved as the reader sees them, in their style. */
export const citationsQuery = (viewer: string | null, keys: string[]) =>
  queryOptions({
    queryKey: [...researchViewerKey(viewer), 'citations', keys] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/research/citations', {
        method: 'POST',
        body: { keys },
        schema: resolvedCitationsSchema,
        signal,
      }),
  });

/** Where an export downloads from: papers by id, a project or a reading list, in a format or a style. */
export function exportHref(
  source: { ids: string[] } | { projectId: string } | { listId: string },
  format: BibliographyFormat | CitationStyle,
): string {
  const params = new URLSearchParams({ format });
  if ('ids' in source) params.set('ids', source.ids.join(','));
  else if ('projectId' in source) params.set('projectId', source.projectId);
  else params.set('listId', source.listId);
  return `/api/research/export?${params.toString()}`;
}

/** `GET /api/admin/research-editors`: the editor role's holders (administrators). */
export const editorsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'research-editors'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/admin/research-editors', { schema: instructorListSchema, signal }),
  });

/** `PUT /api/admin/research-editors/:handle`. */
export function grantEditor(handle: string) {
  return apiFetch(`/api/admin/research-editors/${encodeURIComponent(handle)}`, {
    method: 'PUT',
    schema: instructorGrantSchema,
  });
}

/** `DELETE /api/admin/research-editors/:handle`. */
export function revokeEditor(handle: string) {
  return apiFetch(`/api/admin/research-editors/${encodeURIComponent(handle)}`, {
    method: 'DELETE',
    schema: noContent,
  });
}
