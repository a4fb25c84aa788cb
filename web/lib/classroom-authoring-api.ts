import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  classViewSchema,
  courseDraftSchema,
  publishedVersionSchema,
  teachingSchema,
  type CourseDraft,
  type NewCourseInput,
  type SaveDraftInput,
} from '../../contracts/classroom-authoring.ts';
import { titleSuggestionsSchema } from '../../contracts/cards.ts';
import { apiFetch } from './api.ts';
import { classroomQueryRoot, useClassroomViewer } from './classroom-api.ts';

// The instructor's calls: the teaching list, a course's draft and its publishing, and the class view. Keys
// start like the rest of the classroom's and name the viewer, so another person never sees these answers.

/** The address of a course in the API. */
const coursePath = (slug: string) => `/api/classroom/courses/${encodeURIComponent(slug)}`;

/** The key of the teaching list of `viewer`. */
export const teachingQueryKey = (viewer: string | null) =>
  [...classroomQueryRoot, viewer, 'teaching'] as const;

/** The key of one course's draft, as `viewer` edits it. */
export const draftQueryKey = (viewer: string | null, slug: string) =>
  [...classroomQueryRoot, viewer, 'draft', slug] as const;

/** The key of one course's class view. */
export const classViewQueryKey = (viewer: string | null, slug: string) =>
  [...classroomQueryRoot, viewer, 'class', slug] as const;

/** `GET /api/classroom/teaching`: the courses the person teaches, and whether they may start new ones. */
export const teachingQuery = (viewer: string | null) =>
  queryOptions({
    queryKey: teachingQueryKey(viewer),
    queryFn: ({ signal }) => apiFetch('/api/classroom/teaching', { schema: teachingSchema, signal }),
  });

/** `GET /api/classroom/courses/:slug/draft`: the course as it is being written. */
export const draftQuery = (viewer: string | null, slug: string) =>
  queryOptions({
    queryKey: draftQueryKey(viewer, slug),
    queryFn: ({ signal }) => apiFetch(`${coursePath(slug)}/draft`, { schema: courseDraftSchema, signal }),
    // The editor holds its own copy; asking again behind its back would only confuse a conflict.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** `GET /api/classroom/courses/:slug/class`: who takes the course and how they do. */
export const classViewQuery = (viewer: string | null, slug: string) =>
  queryOptions({
    queryKey: classViewQueryKey(viewer, slug),
    queryFn: ({ signal }) => apiFetch(`${coursePath(slug)}/class`, { schema: classViewSchema, signal }),
  });

/** `POST /api/classroom/courses`: starts a course, a draft with one lesson. */
export function createCourse(input: NewCourseInput) {
  return apiFetch('/api/classroom/courses', { method: 'POST', body: input, schema: courseDraftSchema });
}

/** `PUT /api/classroom/courses/:slug/draft`: saves the whole draft over the version it was edited from. */
export function saveDraft(slug: string, input: SaveDraftInput) {
  return apiFetch(`${coursePath(slug)}/draft`, { method: 'PUT', body: input, schema: courseDraftSchema });
}

/** `POST /api/classroom/courses/:slug/versions`: publishes the saved draft as the next version. */
export function publishCourse(slug: string) {
  return apiFetch(`${coursePath(slug)}/versions`, { method: 'POST', schema: publishedVersionSchema });
}

/** `GET /api/cards/titles?q=`: card titles for a lesson's `[[` autocomplete. */
export async function suggestCardTitles(query: string, signal?: AbortSignal) {
  const result = await apiFetch(`/api/cards/titles?q=${encodeURIComponent(query)}`, {
    schema: titleSuggestionsSchema,
    ...(signal ? { signal } : {}),
  });
  return result.items;
}

/** The signed-in person's teaching list. */
export function useTeaching(enabled = true) {
  return useQuery({ ...teachingQuery(useClassroomViewer()), enabled });
}

/** One course's draft. */
export function useDraft(slug: string) {
  return useQuery(draftQuery(useClassroomViewer(), slug));
}

/** One course's class view. */
export function useClassView(slug: string) {
  return useQuery(classViewQuery(useClassroomViewer(), slug));
}

/** Starts a course; the teaching list is asked again. */
export function useCreateCourse() {
  const queryClient = useQueryClient();
  const viewer = useClassroomViewer();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: async (draft) => {
      queryClient.setQueryData(draftQueryKey(viewer, draft.slug), draft);
      await queryClient.invalidateQueries({ queryKey: teachingQueryKey(viewer) });
    },
  });
}

/**
 * The editor's writes: a save keeps the answer as the cached draft; a publish asks the teaching list, the
 * catalogue and the course page again, since all of them show the published version.
 */
export function useDraftWrites(slug: string) {
  const queryClient = useQueryClient();
  const viewer = useClassroomViewer();
  const save = useMutation({
    mutationFn: (input: SaveDraftInput) => saveDraft(slug, input),
    onSuccess: (draft: CourseDraft) => queryClient.setQueryData(draftQueryKey(viewer, slug), draft),
  });
  const publish = useMutation({
    mutationFn: () => publishCourse(slug),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...classroomQueryRoot, viewer] }),
  });
  return { save, publish };
}
