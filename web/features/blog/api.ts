import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  blogAuthorSchema,
  blogFacetsSchema,
  commentListSchema,
  commentSchema,
  postListSchema,
  postLikeSchema,
  postSchema,
} from '../../../contracts/blog.ts';
import type { PostListQuery } from '../../../contracts/blog.ts';
import { titleSuggestionsSchema } from '../../../contracts/cards.ts';
import { profileKey, ProfileKeyError } from '../../../contracts/profiles.ts';
import type { UserReportRequest } from '../../../contracts/profiles.ts';
import { ApiError, apiFetch, noContent } from '../../lib/api.ts';
import type { SessionUser } from '../../lib/session.ts';

/** Every query of the blog starts with 'blog', so a change (a like, an unpublish) can refresh them all. */
export const blogQueryRoot = ['blog'] as const;

// Answers the contract leaves open (moderation, reports, deleting a comment): whatever the server sends is
// accepted, since the page reads nothing from it.
const anyAnswer = z.unknown();

/** Whether a failed read means "there is no such post or author". */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The name to show for a profile: its display name, else its handle. */
export function displayNameOf(profile: { displayName: string | null; handle: string }): string {
  return profile.displayName ?? profile.handle;
}

/** The signed-in reader's profile key, or undefined for a visitor or an unusable identity. */
export function readerKeyOf(user: SessionUser | null): string | undefined {
  if (!user) return undefined;
  try {
    return profileKey({ uid: user.uid, email: user.email });
  } catch (error) {
    if (error instanceof ProfileKeyError) return undefined;
    throw error;
  }
}

/** The filters of a list of posts as the address holds them; empty strings mean "no filter". */
export interface PostFilters {
  q: string;
  tag: string;
  author: string;
  series: string;
  page: number;
}

/** The list's query string: only the filters that are set, so equal filters give equal addresses. */
export function postListSearch(filters: Partial<PostFilters> & { featured?: boolean }): string {
  const params = new URLSearchParams();
  const query: PostListQuery = {
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.tag ? { tag: filters.tag } : {}),
    ...(filters.author ? { author: filters.author } : {}),
    ...(filters.series ? { series: filters.series } : {}),
    ...(filters.featured ? { featured: 'true' as const } : {}),
    ...(filters.page && filters.page > 1 ? { page: filters.page } : {}),
  };
  for (const [name, value] of Object.entries(query)) params.set(name, String(value));
  return params.toString();
}

/**
 * `GET /api/blog/posts`: one page of published posts. The previous page stays on screen while the next one
 * loads, so the list never collapses to a spinner and the pager does not jump.
 */
export const postListQuery = (filters: Partial<PostFilters> & { featured?: boolean }) => {
  const search = postListSearch(filters);
  return queryOptions({
    queryKey: [...blogQueryRoot, 'posts', search] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/blog/posts${search ? `?${search}` : ''}`, { schema: postListSchema, signal }),
    placeholderData: keepPreviousData,
  });
};

/** `GET /api/blog/facets`: the tags, authors and series to filter by. */
export const facetsQuery = () =>
  queryOptions({
    queryKey: [...blogQueryRoot, 'facets'] as const,
    queryFn: ({ signal }) => apiFetch('/api/blog/facets', { schema: blogFacetsSchema, signal }),
    staleTime: 60_000,
  });

// A post says different things to different readers (likedByViewer, canEdit), so the reader is in the key.
export const postQueryKey = (slug: string, readerKey: string | undefined) =>
  [...blogQueryRoot, 'post', slug, readerKey ?? null] as const;

/** `GET /api/blog/posts/by-slug/:slug`: the post; an earlier slug answers it too, with its current slug. */
export const postQuery = (slug: string, readerKey: string | undefined) =>
  queryOptions({
    queryKey: postQueryKey(slug, readerKey),
    queryFn: ({ signal }) =>
      apiFetch(`/api/blog/posts/by-slug/${encodeURIComponent(slug)}`, { schema: postSchema, signal }),
  });

export const authorQueryKey = (handle: string, readerKey: string | undefined) =>
  [...blogQueryRoot, 'author', handle, readerKey ?? null] as const;

/** `GET /api/blog/authors/:handle`: an author's header. */
export const authorQuery = (handle: string, readerKey: string | undefined) =>
  queryOptions({
    queryKey: authorQueryKey(handle, readerKey),
    queryFn: ({ signal }) =>
      apiFetch(`/api/blog/authors/${encodeURIComponent(handle)}`, { schema: blogAuthorSchema, signal }),
  });

export const commentsQueryKey = (postId: string, readerKey: string | undefined) =>
  [...blogQueryRoot, 'comments', postId, readerKey ?? null] as const;

/** `GET /api/blog/posts/:id/comments`: every comment, oldest first. */
export const commentsQuery = (postId: string, readerKey: string | undefined) =>
  queryOptions({
    queryKey: commentsQueryKey(postId, readerKey),
    queryFn: ({ signal }) =>
      apiFetch(`/api/blog/posts/${encodeURIComponent(postId)}/comments`, {
        schema: commentListSchema,
        signal,
      }),
  });

/** `PUT` (like) or `DELETE` (take back) `/api/blog/posts/:id/like`: the real state and count. */
export function setPostLike(id: string, like: boolean) {
  return apiFetch(`/api/blog/posts/${encodeURIComponent(id)}/like`, {
    method: like ? 'PUT' : 'DELETE',
    schema: postLikeSchema,
  });
}

/** `PUT /api/blog/posts/:id/featured` (administrators). */
export function setPostFeatured(id: string, featured: boolean) {
  return apiFetch(`/api/blog/posts/${encodeURIComponent(id)}/featured`, {
    method: 'PUT',
    body: { featured },
    schema: anyAnswer,
  });
}

/** `POST /api/blog/posts/:id/unpublish` (administrators): the post leaves the blog. */
export function unpublishPost(id: string) {
  return apiFetch(`/api/blog/posts/${encodeURIComponent(id)}/unpublish`, {
    method: 'POST',
    schema: anyAnswer,
  });
}

/** `POST /api/blog/posts/:id/comments`: a comment, or a reply to `parentId`. */
export function postComment(postId: string, body: string, parentId: string | null) {
  return apiFetch(`/api/blog/posts/${encodeURIComponent(postId)}/comments`, {
    method: 'POST',
    body: { body, parentId },
    schema: commentSchema,
  });
}

/** `DELETE /api/blog/comments/:id`: the comment keeps its place as "Comment deleted". */
export function deleteComment(id: string) {
  return apiFetch(`/api/blog/comments/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: z.union([noContent, anyAnswer]),
  });
}

/** `POST /api/blog/comments/:id/reports`: a report kept for administrators. */
export function reportComment(id: string, report: UserReportRequest) {
  return apiFetch(`/api/blog/comments/${encodeURIComponent(id)}/reports`, {
    method: 'POST',
    body: report,
    schema: anyAnswer,
  });
}

/**
 * `GET /api/cards/titles?q=`: the cards whose titles match, to resolve a post's `[[Title]]` links (the post
 * contract carries no resolved links of its own).
 */
export const cardTitleQuery = (title: string) =>
  queryOptions({
    queryKey: [...blogQueryRoot, 'card-title', title] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/cards/titles?q=${encodeURIComponent(title)}`, {
        schema: titleSuggestionsSchema,
        signal,
      }),
    staleTime: 5 * 60_000,
    retry: false,
  });
