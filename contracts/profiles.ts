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
  following: z.number().int(),
  followers: z.number().int(),
  cards: z.number().int(),
  likes: z.number().int(),
  isSubscribed: z.boolean(),
  /** Whether the signed-in reader follows this profile (false when signed out or reading one's own). */
  followedByMe: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** `PUT`/`DELETE /api/profiles/:key/follow`: the counters after the change. */
export const followResponseSchema = z.object({
  following: z.boolean(),
  followers: z.number().int(),
});
export type FollowResponse = z.infer<typeof followResponseSchema>;
