import { randomInt } from 'node:crypto';
import countries from 'i18n-iso-countries';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  ProfileKeyError,
  profileKey,
  type FollowResponse,
  type Profile,
  type ProfileList,
  type ProfileUpdate,
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

const countryCodes = new Set(Object.keys(countries.getAlpha2Codes()));

function encodeCursor(at: Date, key: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), key])).toString('base64url');
}

function decodeCursor(cursor: string): { at: Date; key: string } {
  try {
    const [at, key] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(at);
    if (typeof key !== 'string' || Number.isNaN(date.getTime())) throw new Error('bad cursor');
    return { at: date, key };
  } catch {
    throw new AppError('common/validation-failed', {
      details: { fields: [{ path: 'cursor', message: 'Not a cursor from this list' }] },
    });
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

    /** One profile by its handle. */
    async getByHandle(handle: string, readerKey: string | undefined): Promise<Profile> {
      const row = await repository.findByHandle(handle);
      if (!row) throw new AppError('common/not-found', { message: 'There is no profile with this handle.' });
      const followedByMe =
        readerKey && readerKey !== row.key ? await repository.isFollowing(readerKey, row.key) : false;
      return present(row, readerKey, followedByMe);
    },

    /** Edits the owner's profile: every field is checked first, and nothing is saved unless all pass. */
    async update(ownerKey: string, update: ProfileUpdate): Promise<Profile> {
      const fields: Parameters<ProfilesRepository['update']>[1] = {};
      const problems: { path: string; message: string }[] = [];
      if (update.displayName !== undefined) fields.displayName = update.displayName;
      if (update.bio !== undefined) fields.bio = update.bio;
      if (update.phoneNumber !== undefined) {
        if (update.phoneNumber === null || update.phoneNumber === '') fields.phoneNumber = null;
        else {
          const phone = parsePhoneNumberFromString(update.phoneNumber);
          if (phone?.isValid()) fields.phoneNumber = phone.number;
          else
            problems.push({
              path: 'phoneNumber',
              message: 'Enter the number with its country code, like +44 20 7946 0958',
            });
        }
      }
      if (update.country !== undefined) {
        if (update.country === null) fields.country = null;
        else if (countryCodes.has(update.country)) fields.country = update.country;
        else problems.push({ path: 'country', message: 'Choose a country from the list' });
      }
      if (problems.length > 0)
        throw new AppError('common/validation-failed', { details: { fields: problems } });
      const row = await repository.update(ownerKey, fields);
      if (!row) throw new AppError('common/not-found', { message: 'You have no profile yet.' });
      return present(row, ownerKey, false);
    },

    /** A page of followers or of followed profiles. */
    async list(
      key: string,
      direction: 'followers' | 'following',
      limit: number,
      cursor?: string,
    ): Promise<ProfileList> {
      const row = await repository.findByKey(checkedKey(key));
      if (!row) throw new AppError('common/not-found', { message: 'There is no profile with this key.' });
      const edges = await repository.listEdges(
        row.key,
        direction,
        limit + 1,
        cursor ? decodeCursor(cursor) : undefined,
      );
      const page = edges.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(({ profile }) => ({
          key: profile.key,
          handle: profile.handle,
          displayName: profile.displayName,
          photoURL: profile.photoURL,
          rank: profile.rank,
          isSubscribed: profile.isSubscribed,
        })),
        nextCursor: edges.length > limit && last ? encodeCursor(last.at, last.profile.key) : null,
      };
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
