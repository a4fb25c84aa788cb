import { z } from 'zod';

/** The seed's defaults for a profile that has none stored. */
export const profileDefaults = {
  rank: 'B',
  bio: '',
  following: 0,
  followers: 0,
  cards: 0,
  likes: 0,
  isSubscribed: false,
} as const;

/** Thrown by `profileKey` for an identity it cannot key; the API answers it with `auth/argument-error`. */
export class ProfileKeyError extends Error {
  override name = 'ProfileKeyError';
}

/**
 * The seed's document-key rule: the identity's `uid`, else `sub`, else `id`, else its email with every `.` and
 * `@` replaced by `_`. A key with a colon is refused; no identifier at all gives `undefined`.
 */
export function profileKey(identity: {
  uid?: string | null;
  sub?: string | null;
  id?: string | null;
  email?: string | null;
}): string | undefined {
  const key =
    identity.uid || identity.sub || identity.id || identity.email?.replace(/[.@]/g, '_') || undefined;
  if (key?.includes(':')) throw new ProfileKeyError('The identity key must not contain a colon');
  return key;
}

/** `GET /api/profiles/:key`: one profile. Email and phone number are included for their owner only. */
export const profileSchema = z.object({
  key: z.string(),
  handle: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  photoURL: z.string().nullable(),
  rank: z.string().nullable(),
  bio: z.string(),
  phoneNumber: z.string().nullable(),
  country: z.string().nullable(),
  /** Null when the owner hides their follow counts from others. */
  following: z.number().int().nullable(),
  /** Null when the owner hides their follow counts from others. */
  followers: z.number().int().nullable(),
  cards: z.number().int(),
  likes: z.number().int(),
  isSubscribed: z.boolean(),
  /** Points in the reputation ledger; `rank` is derived from them. */
  reputation: z.number().int(),
  /** The owner's setting: follower and following counts and lists are shown to nobody else. */
  hideFollowCounts: z.boolean(),
  /** Whether the signed-in reader follows this profile (false when signed out or reading one's own). */
  followedByMe: z.boolean(),
  /** Whether the signed-in reader has blocked this profile. */
  blockedByMe: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** `PUT`/`DELETE /api/profiles/:key/follow`: the counters after the change (null when hidden from you). */
export const followResponseSchema = z.object({
  following: z.boolean(),
  followers: z.number().int().nullable(),
});
export type FollowResponse = z.infer<typeof followResponseSchema>;

/** `GET /api/profiles/by-handle/:handle`: a handle is letters, digits and `_`, 3 to 30 characters. */
export const handleSchema = z
  .string()
  .regex(/^[A-Za-z0-9_]{3,30}$/, 'Letters, digits and _, 3 to 30 characters');

/**
 * `PATCH /api/profiles/me`: the editable fields. The phone number must be a valid international number (it is
 * stored as E.164); the country is an ISO 3166-1 alpha-2 code; `null` clears a field.
 */
export const profileUpdateSchema = z
  .object({
    displayName: z.string().trim().min(1, 'Please enter a name').max(50, 'At most 50 characters'),
    bio: z.string().trim().max(280, 'At most 280 characters'),
    phoneNumber: z.string().trim().max(40).nullable(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'Choose a country from the list')
      .nullable(),
    hideFollowCounts: z.boolean(),
  })
  .partial()
  .refine((update) => Object.keys(update).length > 0, 'Nothing to change');
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** A profile in a list (followers, following). */
export const profileSummarySchema = z.object({
  key: z.string(),
  handle: z.string(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  rank: z.string().nullable(),
  isSubscribed: z.boolean(),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

/** `GET /api/profiles/:key/followers` and `/following`: newest first, a page at a time. */
export const profileListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const profileListSchema = z.object({
  items: z.array(profileSummarySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ProfileList = z.infer<typeof profileListSchema>;

/** `PUT`/`DELETE /api/profiles/:key/block`: whether the reader now blocks the profile. */
export const blockResponseSchema = z.object({ blocked: z.boolean() });
export type BlockResponse = z.infer<typeof blockResponseSchema>;

/** Why a person is reported; the reasons administrators sort reports by. */
export const reportReasons = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or hate',
  impersonation: 'Pretending to be someone else',
  inappropriate: 'Inappropriate content',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof reportReasons;

/** `POST /api/profiles/:key/reports`: a report of a person, kept for administrators. */
export const userReportRequestSchema = z.object({
  reason: z.enum(Object.keys(reportReasons) as [ReportReason, ...ReportReason[]]),
  details: z.string().trim().max(2000, 'At most 2,000 characters').default(''),
});
export type UserReportRequest = z.input<typeof userReportRequestSchema>;

export const userReportResponseSchema = z.object({ id: z.string(), status: z.literal('open') });

/** `GET /api/profiles/me/blocks`: the people the reader blocks, newest first, a page at a time. */
export const blockListSchema = z.object({
  items: z.array(profileSummarySchema),
  nextCursor: z.string().nullable(),
});

/** What an administrator decides about a report. */
export const reportStatuses = ['open', 'resolved', 'dismissed'] as const;

/** One report as administrators see it, with both people. */
export const adminReportSchema = z.object({
  id: z.string(),
  reason: z.enum(Object.keys(reportReasons) as [ReportReason, ...ReportReason[]]),
  details: z.string(),
  status: z.enum(reportStatuses),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  reporter: profileSummarySchema,
  reported: profileSummarySchema,
  /** The chat message reported from Confer, when the report is about one. */
  message: z
    .object({
      id: z.string(),
      conversationId: z.string(),
      /** Its text as it is now (empty once deleted or removed). */
      body: z.string(),
      removed: z.boolean(),
    })
    .nullable(),
  /** The blog comment reported from a post, when the report is about one. */
  blogComment: z
    .object({
      id: z.string(),
      /** Its text as it is now (empty once deleted or removed). */
      body: z.string(),
      removed: z.boolean(),
      /** Where it is read: `/blog/<slug>#comment-<id>`, or null while its post is not published. */
      url: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** `GET /api/admin/reports`: open reports first by default, newest first, a page at a time. */
export const adminReportQuerySchema = z.object({
  status: z.enum(reportStatuses).default('open'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminReportListSchema = z.object({
  items: z.array(adminReportSchema),
  nextCursor: z.string().nullable(),
});
export type AdminReportList = z.infer<typeof adminReportListSchema>;

/** `PATCH /api/admin/reports/:id`: close a report as resolved or dismissed, or open it again. */
export const adminReportUpdateSchema = z.object({ status: z.enum(reportStatuses) });
