import { queryOptions } from '@tanstack/react-query';
import {
  backlinksSchema,
  cardSchema,
  draftSchema,
  graphSchema,
  versionListSchema,
  versionSchema,
  viewResponseSchema,
} from '../../../contracts/cards.ts';
import {
  profileKey,
  ProfileKeyError,
  profileSchema,
  userReportResponseSchema,
} from '../../../contracts/profiles.ts';
import type { UserReportRequest } from '../../../contracts/profiles.ts';
import { ApiError, apiFetch } from '../../lib/api.ts';
import { setCardLike } from '../../lib/card-like-api.ts';
import type { SessionUser } from '../../lib/session.ts';

/** Every query of the card page starts with 'cards', so a change can refresh them all. */
export const cardsQueryRoot = ['cards'] as const;

const cardPath = (id: string) => `/api/cards/${encodeURIComponent(id)}`;

/** Whether a failed read means "there is no such card for you" (missing, private, a draft, deleted). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** The name to show for a profile: its display name, else its handle. */
export function displayNameOf(profile: { displayName: string | null; handle: string }): string {
  return profile.displayName ?? profile.handle;
}

/** The signed-in reader's profile key (the identity's id), or undefined for a visitor or an unusable id. */
export function readerKeyOf(user: SessionUser | null): string | undefined {
  if (!user) return undefined;
  try {
    return profileKey({ uid: user.uid, email: user.email });
  } catch (error) {
    if (error instanceof ProfileKeyError) return undefined;
    throw error;
  }
}

// What a card says depends on who reads it (likedByMe, isOwner, private cards), so the reader is in the key.
export const cardQueryKey = (id: string, readerKey: string | undefined) =>
  [...cardsQueryRoot, 'card', id, readerKey ?? null] as const;

/** `GET /api/cards/:id`: the card as this reader may see it; 404 for a private or unpublished card of others. */
export const cardQuery = (id: string, readerKey: string | undefined) =>
  queryOptions({
    queryKey: cardQueryKey(id, readerKey),
    queryFn: ({ signal }) => apiFetch(cardPath(id), { schema: cardSchema, signal }),
  });

/** `GET /api/profiles/:key`: the author, read for `followedByMe`. */
export const authorQuery = (key: string, readerKey: string | undefined) =>
  queryOptions({
    queryKey: [...cardsQueryRoot, 'author', key, readerKey ?? null] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/profiles/${encodeURIComponent(key)}`, { schema: profileSchema, signal }),
  });

/** `GET /api/cards/:id/backlinks`: cards that link here, and cards that name this title without a link. */
export const backlinksQuery = (id: string, readerKey: string | undefined) =>
  queryOptions({
    queryKey: [...cardsQueryRoot, 'backlinks', id, readerKey ?? null] as const,
    queryFn: ({ signal }) => apiFetch(`${cardPath(id)}/backlinks`, { schema: backlinksSchema, signal }),
  });

/** `GET /api/cards/:id/graph?depth=`: the card's neighbourhood, one or two links away. */
export const graphQuery = (id: string, depth: 1 | 2, readerKey: string | undefined) =>
  queryOptions({
    queryKey: [...cardsQueryRoot, 'graph', id, depth, readerKey ?? null] as const,
    queryFn: ({ signal }) =>
      apiFetch(`${cardPath(id)}/graph?depth=${depth}`, { schema: graphSchema, signal }),
  });

export const versionsQueryKey = (id: string) => [...cardsQueryRoot, 'versions', id] as const;

// Which versions may be read depends on who reads (decision 014: others never see those written while the
// card was private), so the reader is in the keys below.

/** `GET /api/cards/:id/versions`: the versions this reader may see, newest first. */
export const versionsQuery = (id: string, readerKey: string | undefined) =>
  queryOptions({
    queryKey: [...versionsQueryKey(id), readerKey ?? null] as const,
    queryFn: ({ signal }) => apiFetch(`${cardPath(id)}/versions`, { schema: versionListSchema, signal }),
  });

/** `GET /api/cards/:id/versions/:n`: one published version in full. Versions never change once written. */
export const versionQuery = (id: string, version: number, readerKey: string | undefined) =>
  queryOptions({
    queryKey: [...versionsQueryKey(id), readerKey ?? null, version] as const,
    queryFn: ({ signal }) =>
      apiFetch(`${cardPath(id)}/versions/${version}`, { schema: versionSchema, signal }),
    staleTime: Infinity,
  });

/** `PUT` (like) or `DELETE` (take back) `/api/cards/:id/like`: idempotent; answers the real count. */
export const setLike = setCardLike;

/** `POST /api/cards/:id/remix`: a new draft of the reader's, copied from the card and crediting it. */
export function remixCard(id: string) {
  return apiFetch(`${cardPath(id)}/remix`, { method: 'POST', schema: draftSchema });
}

/** `POST /api/cards/:id/versions/:n/restore`: the author publishes an old version again, as the newest. */
export function restoreVersion(id: string, version: number) {
  return apiFetch(`${cardPath(id)}/versions/${version}/restore`, { method: 'POST', schema: cardSchema });
}

/** `POST /api/cards/:id/reports`: the report is kept for the administrators. */
export function reportCard(id: string, report: UserReportRequest) {
  return apiFetch(`${cardPath(id)}/reports`, {
    method: 'POST',
    body: report,
    schema: userReportResponseSchema,
  });
}

/** `POST /api/cards/:id/views`: counts the view (once per viewer per day) and answers the total. */
export function recordView(id: string) {
  return apiFetch(`${cardPath(id)}/views`, { method: 'POST', schema: viewResponseSchema });
}
