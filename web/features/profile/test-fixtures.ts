import type { Profile, ProfileSummary } from '../../../contracts/profiles.ts';

/** Profiles as the API answers them, for the profile pages' tests. */

export const ada: Profile = {
  key: 'u_ada',
  handle: 'ada',
  displayName: 'Ada Lovelace',
  email: 'ada@example.com',
  photoURL: 'https://images.example/ada.png',
  rank: 'A',
  bio: 'Counting machines.',
  phoneNumber: null,
  country: 'GB',
  following: 2,
  followers: 12,
  cards: 5,
  likes: 40,
  isSubscribed: true,
  reputation: 450,
  hideFollowCounts: false,
  followedByMe: false,
  blockedByMe: false,
};

/** Bob as someone else sees him: no email address or phone number. */
export const bob: Profile = {
  key: 'u_bob',
  handle: 'bob_b',
  displayName: 'Bob Babbage',
  email: null,
  photoURL: null,
  rank: 'B',
  bio: 'Difference engines.',
  phoneNumber: null,
  country: null,
  following: 1,
  followers: 4,
  cards: 0,
  likes: 0,
  isSubscribed: false,
  reputation: 0,
  hideFollowCounts: false,
  followedByMe: false,
  blockedByMe: false,
};

export function summary(index: number): ProfileSummary {
  return {
    key: `u_person_${index}`,
    handle: `person_${index}`,
    displayName: `Person ${index}`,
    photoURL: null,
    rank: 'C',
    isSubscribed: false,
  };
}

export const emptyList = { items: [], nextCursor: null };

/** Signs in as Ada, the way the identity flows store the user. */
export function signInAsAda() {
  window.localStorage.setItem(
    'user',
    JSON.stringify({ uid: ada.key, name: ada.displayName, email: ada.email }),
  );
}
