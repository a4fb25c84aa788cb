import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  builderSessionListSchema,
  builderSessionSchema,
  builderVersionSchema,
  openedPostSchema,
  sourceResultSchema,
  type BuilderOutline,
  type SourcePicker,
} from '../../../contracts/blog-builder.ts';
import { apiFetch } from '../../lib/api.ts';
import type { SessionUser } from '../../lib/session.ts';

/**
 * The blog builder's calls (contracts/blog-builder.ts). Every key starts with 'blog-builder' and names the
 * signed-in person, so the next person in the same browser never sees the last one's sessions.
 */
export const builderQueryRoot = ['blog-builder'] as const;

/** Whose sessions the queries hold: the signed-in person's id, else their email. */
export function builderViewerOf(user: SessionUser | null): string {
  return user?.uid ?? user?.email ?? 'signed-out';
}

/** The address of a session in the API. */
export const sessionPath = (id: string) => `/api/blog-builder/sessions/${encodeURIComponent(id)}`;

/** `GET /api/blog-builder/sessions`: the person's sessions, last worked on first. */
export const sessionListQuery = (viewer: string) =>
  queryOptions({
    queryKey: [...builderQueryRoot, viewer, 'sessions'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/blog-builder/sessions', { schema: builderSessionListSchema, signal }),
  });

/** `GET /api/blog-builder/sessions/:id`: one whole session. */
export const sessionQuery = (viewer: string, id: string) =>
  queryOptions({
    queryKey: [...builderQueryRoot, viewer, 'session', id] as const,
    queryFn: ({ signal }) => apiFetch(sessionPath(id), { schema: builderSessionSchema, signal }),
  });

/** `GET /api/blog-builder/sessions/:id/versions/:number`: one version in full. A version never changes. */
export const versionQuery = (viewer: string, id: string, number: number) =>
  queryOptions({
    queryKey: [...builderQueryRoot, viewer, 'session', id, 'version', number] as const,
    queryFn: ({ signal }) =>
      apiFetch(`${sessionPath(id)}/versions/${number}`, { schema: builderVersionSchema, signal }),
    staleTime: Infinity,
  });

/** `GET /api/blog-builder/sources?by=&value=`: the cards a picker finds, and what it may not read. */
export function findSources(by: SourcePicker, value: string) {
  return apiFetch(`/api/blog-builder/sources?${new URLSearchParams({ by, value }).toString()}`, {
    schema: sourceResultSchema,
  });
}

// The contract names no answer for the writes below but the session's id (creating) or nothing at all; the
// page reads the session again after each, so only the id is required of the answer.
const createdSchema = builderSessionSchema.pick({ id: true });
const anyAnswer = z.unknown();

/** `POST /api/blog-builder/sessions`: a new session with these source cards. */
export function createSession(cardIds: string[]) {
  return apiFetch('/api/blog-builder/sessions', {
    method: 'POST',
    body: { cardIds },
    schema: createdSchema,
  });
}

/** `PUT …/:id/sources`: the session's new source set. */
export function saveSources(id: string, cardIds: string[]) {
  return apiFetch(`${sessionPath(id)}/sources`, { method: 'PUT', body: { cardIds }, schema: anyAnswer });
}

/** `PUT …/:id/outline`: the outline as edited by hand. */
export function saveOutline(id: string, outline: BuilderOutline) {
  return apiFetch(`${sessionPath(id)}/outline`, { method: 'PUT', body: { outline }, schema: anyAnswer });
}

/** `POST …/:id/open`: a blog draft made from the newest version, for the editor. */
export function openInEditor(id: string) {
  return apiFetch(`${sessionPath(id)}/open`, { method: 'POST', schema: openedPostSchema });
}

/** The streamed steps and the address each is posted to. */
export type BuilderStep = 'outline' | 'draft' | 'revise';

/** The address of a streamed step of a session. */
export const stepPath = (id: string, step: BuilderStep) => `${sessionPath(id)}/${step}`;
