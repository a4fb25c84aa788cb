import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { cardPageSchema } from '../../../contracts/cards.ts';
import {
  blockResponseSchema,
  profileKey,
  ProfileKeyError,
  profileListSchema,
  profileSchema,
  userReportResponseSchema,
} from '../../../contracts/profiles.ts';
import type { Profile, ProfileUpdate, UserReportRequest } from '../../../contracts/profiles.ts';
import { reputationSummarySchema } from '../../../contracts/reputation.ts';
import { apiFetch } from '../../lib/api.ts';
import type { SessionUser } from '../../lib/session.ts';

/** Every query of these pages starts with 'profiles', so a change can refresh them all. */
export const profilesQueryRoot = ['profiles'] as const;

/** How many people one page of followers or following holds. */
export const connectionsPageSize = 20;

export type ConnectionDirection = 'followers' | 'following';

/**
 * The profile key of the signed-in person, by the seed's rule; undefined when the browser's identity has no
 * usable id (none at all, or one with a colon, which the API refuses).
 */
export function ownProfileKey(user: SessionUser | null): string | undefined {
  if (!user) return undefined;
  try {
    return profileKey({ uid: user.uid, email: user.email });
  } catch (error) {
    if (error instanceof ProfileKeyError) return undefined;
    throw error;
  }
}

// What a profile says depends on who reads it (email and phone for the owner, `followedByMe`), and nothing
// clears the cache when someone signs in or out in another tab: the reader is part of each key.
export const profileByKeyQueryKey = (key: string, readerKey: string | undefined) =>
  [...profilesQueryRoot, 'key', key, readerKey ?? null] as const;

/** Every cached copy of one profile read by its key, whoever read it. */
export const profileByKeyPrefix = (key: string) => [...profilesQueryRoot, 'key', key] as const;

// Handles are matched whatever their letter case, so /u/Ada and /u/ada share one cache entry.
export const profileByHandleQueryKey = (handle: string, readerKey: string | undefined) =>
  [...profilesQueryRoot, 'handle', handle.toLowerCase(), readerKey ?? null] as const;

export const connectionsQueryKey = (key: string, direction: ConnectionDirection) =>
  [...profilesQueryRoot, 'connections', key, direction] as const;

/** `GET /api/profiles/:key`: the owner's own profile includes the email address and phone number. */
export const profileByKeyQuery = (key: string, readerKey: string | undefined) =>
  queryOptions({
    queryKey: profileByKeyQueryKey(key, readerKey),
    queryFn: ({ signal }) =>
      apiFetch(`/api/profiles/${encodeURIComponent(key)}`, { schema: profileSchema, signal }),
  });

/** `GET /api/profiles/by-handle/:handle`. */
export const profileByHandleQuery = (handle: string, readerKey: string | undefined) =>
  queryOptions({
    queryKey: profileByHandleQueryKey(handle, readerKey),
    queryFn: ({ signal }) =>
      apiFetch(`/api/profiles/by-handle/${encodeURIComponent(handle)}`, { schema: profileSchema, signal }),
  });

/** `GET /api/profiles/:key/followers` or `/following`, a page at a time, newest first. */
export const connectionsQuery = (key: string, direction: ConnectionDirection) =>
  infiniteQueryOptions({
    queryKey: connectionsQueryKey(key, direction),
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams({ limit: String(connectionsPageSize) });
      if (pageParam !== null) query.set('cursor', pageParam);
      return apiFetch(`/api/profiles/${encodeURIComponent(key)}/${direction}?${query.toString()}`, {
        schema: profileListSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

/** A profile's own cards, or the cards it liked (the latter only its owner may see). */
export type ProfileCardList = 'cards' | 'liked';

/** How many cards one page of a profile's lists holds: whole rows of the two-column grid. */
export const profileCardsPageSize = 12;

/**
 * `GET /api/profiles/:key/cards` or `/liked`, a page at a time, newest first. The owner also sees their
 * unlisted and private cards, so the reader is part of the key.
 */
export const profileCardsQuery = (key: string, list: ProfileCardList, readerKey: string | undefined) =>
  infiniteQueryOptions({
    queryKey: [...profilesQueryRoot, 'cards', key, list, readerKey ?? null],
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams({ limit: String(profileCardsPageSize) });
      if (pageParam !== null) query.set('cursor', pageParam);
      return apiFetch(`/api/profiles/${encodeURIComponent(key)}/${list}?${query.toString()}`, {
        schema: cardPageSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

/** `PATCH /api/profiles/me`: all or nothing; a 400 names the fields that were wrong and saves none. */
export function updateOwnProfile(update: ProfileUpdate): Promise<Profile> {
  return apiFetch('/api/profiles/me', { method: 'PATCH', body: update, schema: profileSchema });
}

export { setFollowing } from '../../lib/follow-api.ts';

/** The name to show for a profile: its display name, else its handle (a handle always exists). */
export function displayNameOf(profile: { displayName: string | null; handle: string }): string {
  return profile.displayName ?? profile.handle;
}

/** `PUT` (block) or `DELETE` (unblock) `/api/profiles/:key/block`. */
export function setBlocking(key: string, block: boolean) {
  return apiFetch(`/api/profiles/${encodeURIComponent(key)}/block`, {
    method: block ? 'PUT' : 'DELETE',
    schema: blockResponseSchema,
  });
}

/** `POST /api/profiles/:key/reports`: the report is kept for the administrators. */
export function reportProfile(key: string, report: UserReportRequest) {
  return apiFetch(`/api/profiles/${encodeURIComponent(key)}/reports`, {
    method: 'POST',
    body: report,
    schema: userReportResponseSchema,
  });
}

export const reputationQueryKey = [...profilesQueryRoot, 'reputation'] as const;

/** `GET /api/profiles/me/reputation`: the signed-in person's reputation, rank and latest events. */
export const reputationQuery = () =>
  queryOptions({
    queryKey: reputationQueryKey,
    queryFn: ({ signal }) =>
      apiFetch('/api/profiles/me/reputation', { schema: reputationSummarySchema, signal }),
  });
