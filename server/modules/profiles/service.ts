import { randomInt } from 'node:crypto';
import {
  ProfileKeyError,
  profileKey,
  type FollowResponse,
  type Profile,
} from '../../../contracts/profiles.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ProfileRow, ProfilesRepository } from './repository.ts';

/** A handle from a display name: letters, digits and `_`, 3 to 30 characters. */
export function handleFrom(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 24);
  return base.length >= 3 ? base : `${base}${base ? '_' : ''}user`.slice(0, 24);
}

function checkedKey(key: string): string {
  try {
    const checked = profileKey({ uid: key });
    if (!checked) throw new AppError('auth/argument-error');
    return checked;
  } catch (error) {
    if (error instanceof ProfileKeyError) {
      throw new AppError('auth/argument-error', { message: 'A profile key must not contain a colon.' });
    }
    throw error;
  }
}

/** Profiles: created with each account, read by the seed's key, and the follow graph with exact counters. */
export function createProfilesService(repository: ProfilesRepository) {
  function present(row: ProfileRow, readerKey: string | undefined, followedByMe: boolean): Profile {
    const own = readerKey === row.key;
    return {
      key: row.key,
      handle: row.handle,
      displayName: row.displayName,
      // Contact details are the owner's to see.
      email: own ? row.email : null,
      photoURL: row.photoURL,
      rank: row.rank,
      bio: row.bio,
      phoneNumber: own ? row.phoneNumber : null,
      country: row.country,
      following: row.following,
      followers: row.followers,
      cards: row.cards,
      likes: row.likes,
      isSubscribed: row.isSubscribed,
      followedByMe,
    };
  }

  return {
    /** Creates the profile of a new account, with a free handle derived from its name. */
    async createForUser(user: {
      id: string;
      name: string;
      email: string;
      image?: string | null;
    }): Promise<void> {
      const key = checkedKey(user.id);
      const base = handleFrom(user.name || user.email.split('@')[0] || 'user');
      for (let attempt = 0; attempt < 20; attempt++) {
        const handle = attempt === 0 ? base : `${base.slice(0, 24)}_${randomInt(10, 99999)}`;
        const created = await repository.insert({
          key,
          userId: user.id,
          handle,
          displayName: user.name || null,
          email: user.email,
          photoURL: user.image ?? null,
        });
        if (created) return;
        if (await repository.findByKey(key)) return;
      }
      throw new AppError('common/internal-error', { message: 'Could not find a free handle.' });
    },

    /** One profile by the seed's key, as `readerKey` (the signed-in reader, if any) may see it. */
    async get(key: string, readerKey: string | undefined): Promise<Profile> {
      const row = await repository.findByKey(checkedKey(key));
      if (!row) throw new AppError('common/not-found', { message: 'There is no profile with this key.' });
      const followedByMe =
        readerKey && readerKey !== row.key ? await repository.isFollowing(readerKey, row.key) : false;
      return present(row, readerKey, followedByMe);
    },

    /** Follows or unfollows; idempotent. Nobody follows themselves. */
    async setFollowing(readerKey: string, key: string, follow: boolean): Promise<FollowResponse> {
      const target = await repository.findByKey(checkedKey(key));
      if (!target) throw new AppError('common/not-found', { message: 'There is no profile with this key.' });
      if (target.key === readerKey)
        throw new AppError('common/bad-request', { message: 'You cannot follow yourself.' });
      const followers = await repository.setFollowing(readerKey, target.key, follow);
      return { following: follow, followers };
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
