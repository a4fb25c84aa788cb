import type { z } from 'zod';
import { profileDefaults, profileKey, ProfileKeyError, profileSchema } from '../../contracts/profiles.ts';
import { ApiError, apiFetch } from './api.ts';
import type { SessionUser } from './session.ts';

/**
 * Fetches the signed-in person's profile for the profile card. Only the popover's lazy chunk imports this
 * module: it brings zod and the contracts, which the first page must not wait for.
 */

/** What the profile card shows: always complete, whatever the API answered or failed to answer. */
export interface ProfileCardData {
  displayName: string;
  email: string | null;
  photoURL: string | null;
  /** Null means no rank badge. */
  rank: string | null;
  bio: string;
  phoneNumber: string | null;
  country: string | null;
  following: number;
  followers: number;
  cards: number;
  likes: number;
  isSubscribed: boolean;
}

// The contract always sends every field, but the seed gives the stored document per-field defaults (rank B,
// empty bio, counts 0, not subscribed). Reading tolerantly applies those defaults to an answer that leaves a
// field out, where the strict schema would turn the whole profile into a failure and show zeros instead.
const cardProfileSchema = profileSchema.partial();

const zeroCounts = { following: 0, followers: 0, cards: 0, likes: 0 } as const;

/** For when no profile can be asked for: the seed's fallback is named "User", unranked, with zero counts. */
function keylessFallback(user: SessionUser): ProfileCardData {
  return {
    displayName: 'User',
    email: user.email,
    photoURL: user.picture,
    rank: null,
    bio: '',
    phoneNumber: null,
    country: null,
    ...zeroCounts,
    isSubscribed: false,
  };
}

/** The signed-in identity with the given rank and zero counts, for a profile that is missing or unreadable. */
function identityProfile(user: SessionUser, rank: string | null): ProfileCardData {
  return {
    displayName: user.name ?? 'User',
    email: user.email,
    photoURL: user.picture,
    rank,
    bio: profileDefaults.bio,
    phoneNumber: null,
    country: null,
    ...zeroCounts,
    isSubscribed: profileDefaults.isSubscribed,
  };
}

/** The stored profile; its name, email and photo fall back to the identity's, which describe the same person. */
function fromStoredProfile(profile: z.output<typeof cardProfileSchema>, user: SessionUser): ProfileCardData {
  return {
    displayName: profile.displayName ?? user.name ?? 'User',
    email: profile.email ?? user.email,
    photoURL: profile.photoURL ?? user.picture,
    // Null is the server saying "no rank"; only a rank left out gets the seed's default.
    rank: profile.rank === undefined ? profileDefaults.rank : profile.rank,
    bio: profile.bio ?? profileDefaults.bio,
    phoneNumber: profile.phoneNumber ?? null,
    country: profile.country ?? null,
    following: profile.following ?? profileDefaults.following,
    followers: profile.followers ?? profileDefaults.followers,
    cards: profile.cards ?? profileDefaults.cards,
    likes: profile.likes ?? profileDefaults.likes,
    isSubscribed: profile.isSubscribed ?? profileDefaults.isSubscribed,
  };
}

/**
 * The profile card's data for `user`, from `GET /api/profiles/:key`. Never rejects except when `signal`
 * aborts: each failure has the seed's fallback. No key (or a key with a colon, which the API refuses) gives
 * the keyless fallback and a warning, without a request; no stored profile gives the defaults (rank B); any
 * other failure is logged as an error and gives the identity with zero counts and no rank.
 */
export async function loadProfileCard(user: SessionUser, signal?: AbortSignal): Promise<ProfileCardData> {
  let key: string | undefined;
  try {
    key = profileKey({ uid: user.uid, email: user.email });
  } catch (error) {
    if (!(error instanceof ProfileKeyError)) throw error;
    console.warn('Profile card: the user id contains a colon, so a fallback profile is shown.', error);
    return keylessFallback(user);
  }
  if (key === undefined) {
    console.warn('Profile card: no user id could be determined, so a fallback profile is shown.');
    return keylessFallback(user);
  }

  try {
    const profile = await apiFetch(`/api/profiles/${encodeURIComponent(key)}`, {
      schema: cardProfileSchema,
      ...(signal ? { signal } : {}),
    });
    return fromStoredProfile(profile, user);
  } catch (error) {
    // Closing the popover cancels the request; nothing failed.
    if (signal?.aborted) throw error;
    if (error instanceof ApiError && error.code === 'common/not-found') {
      return identityProfile(user, profileDefaults.rank);
    }
    console.error('Profile card: the profile could not be loaded, so a fallback profile is shown.', error);
    return identityProfile(user, null);
  }
}
