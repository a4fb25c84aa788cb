import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { sessionUserSchema } from '../../../contracts/auth.ts';
import {
  adminProfileListSchema,
  adminProfileSchema,
  adminSubscriptionListSchema,
} from '../../../contracts/premium.ts';
import { messageSchema, muteSchema } from '../../../contracts/confer.ts';
import { adminReportListSchema, reportStatuses } from '../../../contracts/profiles.ts';
import { instructorGrantSchema, instructorListSchema } from '../../../contracts/classroom-authoring.ts';
import { reputationSummarySchema } from '../../../contracts/reputation.ts';
import type { Penalty } from '../../../contracts/reputation.ts';
import { apiFetch } from '../../lib/api.ts';

// Every query of this page starts with 'admin', so one invalidation refreshes the lists after a change.
export const adminQueryRoot = ['admin'] as const;

const adminSessionSchema = z.object({ user: sessionUserSchema.loose() }).loose().nullable();

/** `GET /api/auth/get-session`: who is signed in, and whether they are an administrator. */
export const adminSessionQuery = queryOptions({
  queryKey: [...adminQueryRoot, 'session'],
  queryFn: ({ signal }) => apiFetch('/api/auth/get-session', { schema: adminSessionSchema, signal }),
  staleTime: 0,
});

/** `GET /api/admin/subscriptions`: everyone whose premium applies now. */
export const subscribersQuery = queryOptions({
  queryKey: [...adminQueryRoot, 'subscribers'],
  queryFn: ({ signal }) =>
    apiFetch('/api/admin/subscriptions', { schema: adminSubscriptionListSchema, signal }),
  staleTime: 0,
});

/** `GET /api/admin/profiles?q=`: people whose handle or email starts with `query`. */
export function peopleSearchQuery(query: string) {
  return queryOptions({
    queryKey: [...adminQueryRoot, 'people', query],
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/profiles?${new URLSearchParams({ q: query }).toString()}`, {
        schema: adminProfileListSchema,
        signal,
      }),
    staleTime: 0,
  });
}

/** `PUT /api/admin/profiles/:key/premium`: grants premium, with no end when `until` is null. */
export function grantPremium(key: string, until: Date | null) {
  return apiFetch(`/api/admin/profiles/${encodeURIComponent(key)}/premium`, {
    method: 'PUT',
    body: { until: until ? until.toISOString() : null },
    schema: adminProfileSchema,
  });
}

/** `DELETE /api/admin/profiles/:key/premium`: ends premium now. */
export function revokePremium(key: string) {
  return apiFetch(`/api/admin/profiles/${encodeURIComponent(key)}/premium`, {
    method: 'DELETE',
    schema: adminProfileSchema,
  });
}

export type ReportStatus = (typeof reportStatuses)[number];

/** `GET /api/admin/reports?status=`: reports with one status, newest first, a page at a time. */
export function reportsQuery(status: ReportStatus) {
  return infiniteQueryOptions({
    queryKey: [...adminQueryRoot, 'reports', status],
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams({ status, limit: '20' });
      if (pageParam !== null) query.set('cursor', pageParam);
      return apiFetch(`/api/admin/reports?${query.toString()}`, { schema: adminReportListSchema, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: 0,
  });
}

/** `PATCH /api/admin/reports/:id`: resolve, dismiss or reopen. */
export function setReportStatus(id: string, status: ReportStatus) {
  return apiFetch(`/api/admin/reports/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { status },
    schema: z.object({ id: z.string(), status: z.enum(reportStatuses) }),
  });
}

/** `POST /api/admin/profiles/:key/penalties`: takes reputation away, with the reason the person will read. */
export function penalize(key: string, penalty: Penalty) {
  return apiFetch(`/api/admin/profiles/${encodeURIComponent(key)}/penalties`, {
    method: 'POST',
    body: penalty,
    schema: reputationSummarySchema,
  });
}

/** `DELETE /api/admin/confer/messages/:id`: removes a chat message; a marker stays in its place. */
export function removeMessage(id: string) {
  return apiFetch(`/api/admin/confer/messages/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: messageSchema,
  });
}

/** `DELETE /api/blog/comments/:id` as an administrator: removes a blog comment; a marker stays in its place. */
export function removeBlogComment(id: string) {
  return apiFetch(`/api/blog/comments/${encodeURIComponent(id)}`, { method: 'DELETE', schema: noContent });
}

/** `PUT /api/admin/confer/mutes/:key`: pauses someone's chat messages until a time, with a reason they read. */
export function pauseMessages(key: string, until: Date, reason: string) {
  return apiFetch(`/api/admin/confer/mutes/${encodeURIComponent(key)}`, {
    method: 'PUT',
    body: { until: until.toISOString(), reason },
    schema: muteSchema,
  });
}

/** `GET /api/admin/instructors`: everyone with the instructor role, most recently given first. */
export const instructorsQuery = queryOptions({
  queryKey: [...adminQueryRoot, 'instructors'],
  queryFn: ({ signal }) => apiFetch('/api/admin/instructors', { schema: instructorListSchema, signal }),
  staleTime: 0,
});

/** `PUT /api/admin/instructors/:handle`: gives the instructor role (again: nothing changes). */
export function grantInstructor(handle: string) {
  return apiFetch(`/api/admin/instructors/${encodeURIComponent(handle)}`, {
    method: 'PUT',
    schema: instructorGrantSchema,
  });
}

// Taking the role away answers an empty 204; whatever else a success holds is not read.
const noContent = z.unknown().transform(() => null);

/** `DELETE /api/admin/instructors/:handle`: takes the instructor role away; their courses stay. */
export function revokeInstructor(handle: string) {
  return apiFetch(`/api/admin/instructors/${encodeURIComponent(handle)}`, {
    method: 'DELETE',
    schema: noContent,
  });
}
