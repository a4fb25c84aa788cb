import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  blogFacetsSchema,
  editablePostSchema,
  myPostListSchema,
  revisionListSchema,
  revisionSchema,
  savedPostSchema,
} from '../../../../contracts/blog.ts';
import type {
  EditablePost,
  NewPostInput,
  PublishPostInput,
  SavePostInput,
  SavedPost,
} from '../../../../contracts/blog.ts';
import { titleSuggestionsSchema } from '../../../../contracts/cards.ts';
import { ApiError, apiFetch } from '../../../lib/api.ts';

/** Every query of the blog editor starts with this, so a change can refresh them all. */
export const blogWriteRoot = ['blog', 'write'] as const;

const postPath = (id: string) => `/api/blog/posts/${encodeURIComponent(id)}`;

// Publishing, unpublishing and deleting answer with the post's new state or nothing; the editor reads the
// post again afterwards either way, so it takes any answer.
const anyAnswer = z.unknown();

/** `GET /api/blog/mine`: the signed-in person's posts, every status, last edited first. */
export const myPostsQuery = () =>
  queryOptions({
    queryKey: [...blogWriteRoot, 'mine'],
    queryFn: ({ signal }) => apiFetch('/api/blog/mine', { schema: myPostListSchema, signal }),
  });

/** The key of one post's editable state. */
export const editablePostKey = (id: string) => [...blogWriteRoot, 'post', id] as const;

/** `GET /api/blog/posts/:id/edit`: what the editor opens (the author only). */
export const editablePostQuery = (id: string) =>
  queryOptions({
    queryKey: editablePostKey(id),
    queryFn: ({ signal }) => loadEditablePost(id, signal),
    // The editor owns the text once open: reading it again must never replace what is being typed.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** `GET /api/blog/posts/:id/edit`. */
export function loadEditablePost(id: string, signal?: AbortSignal): Promise<EditablePost> {
  return apiFetch(`${postPath(id)}/edit`, { schema: editablePostSchema, ...(signal ? { signal } : {}) });
}

/** `GET /api/blog/facets`: the series in use, offered while typing a series. */
export const blogFacetsQuery = () =>
  queryOptions({
    queryKey: ['blog', 'facets'],
    queryFn: ({ signal }) => apiFetch('/api/blog/facets', { schema: blogFacetsSchema, signal }),
    staleTime: 60_000,
  });

/** `GET /api/blog/posts/:id/revisions`: newest first. */
export const revisionsQuery = (id: string) =>
  queryOptions({
    queryKey: [...blogWriteRoot, 'revisions', id],
    queryFn: ({ signal }) => apiFetch(`${postPath(id)}/revisions`, { schema: revisionListSchema, signal }),
  });

/** `GET /api/blog/posts/:id/revisions/:number`: one revision's whole text. */
export const revisionQuery = (id: string, number: number) =>
  queryOptions({
    queryKey: [...blogWriteRoot, 'revisions', id, number],
    queryFn: ({ signal }) =>
      apiFetch(`${postPath(id)}/revisions/${number}`, { schema: revisionSchema, signal }),
    // A revision never changes once kept.
    staleTime: Infinity,
  });

/** `POST /api/blog/posts`: a new draft; only its id is needed, to open the editor on it. */
export function createPost(input: NewPostInput = {}) {
  return apiFetch('/api/blog/posts', {
    method: 'POST',
    body: input,
    schema: editablePostSchema.pick({ id: true }),
  });
}

/** `PUT /api/blog/posts/:id/draft`: refused with `blog/draft-conflict` when `baseRevision` is not the latest. */
export function savePostDraft(
  id: string,
  input: SavePostInput,
  options: { keepalive?: boolean } = {},
): Promise<SavedPost> {
  return apiFetch(`${postPath(id)}/draft`, {
    method: 'PUT',
    body: input,
    schema: savedPostSchema,
    ...(options.keepalive ? { keepalive: true } : {}),
  });
}

/** `POST /api/blog/posts/:id/publish`: now, or at `at`; a 422 names each field that keeps it from going live. */
export function publishPost(id: string, input: PublishPostInput) {
  return apiFetch(`${postPath(id)}/publish`, { method: 'POST', body: input, schema: anyAnswer });
}

/** `POST /api/blog/posts/:id/unpublish`: takes a live post down, or cancels a scheduled one. */
export function unpublishPost(id: string) {
  return apiFetch(`${postPath(id)}/unpublish`, { method: 'POST', schema: anyAnswer });
}

/** `DELETE /api/blog/posts/:id`. */
export function deletePost(id: string) {
  return apiFetch(postPath(id), { method: 'DELETE', schema: anyAnswer });
}

/** `GET /api/cards/titles?q=`: card titles for `[[` in a post's text; none when the server cannot say. */
export async function suggestCardTitles(query: string, signal: AbortSignal) {
  try {
    const result = await apiFetch(`/api/cards/titles?q=${encodeURIComponent(query)}`, {
      schema: titleSuggestionsSchema,
      signal,
    });
    return result.items.map((item) => ({ title: item.title, mine: item.mine }));
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0) return [];
    throw error;
  }
}

/** Whether a failed call never reached the server (offline, connection dropped). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.code === 'common/network-error');
}
