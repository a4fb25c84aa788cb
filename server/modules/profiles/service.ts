import { randomInt } from 'node:crypto';
import countries from 'i18n-iso-countries';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  ProfileKeyError,
  profileKey,
  type BlockResponse,
  type FollowResponse,
  type Profile,
  type ProfileList,
  type ProfileUpdate,
  type UserReportRequest,
} from '../../../contracts/profiles.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeTimeKey, encodeTimeKey } from '../../lib/cursor.ts';
import type { ProfileRow, ProfilesRepository } from './repository.ts';
import { profileSummaryOf, subscribedNow } from './summary.ts';

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

/** Profiles: created with each account, read by the seed's key, and the follow graph with exact counters. */
export function createProfilesService(repository: ProfilesRepository) {
  function present(
    row: ProfileRow,
    readerKey: string | undefined,
    relation: { followedByMe: boolean; blockedByMe: boolean } = { followedByMe: false, blockedByMe: false },
  ): Profile {
    const own = readerKey === row.key;
    const countsHidden = row.hideFollowCounts && !own;
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
      following: countsHidden ? null : row.following,
      followers: countsHidden ? null : row.followers,
      cards: row.cards,
      likes: row.likes,
      isSubscribed: subscribedNow(row),
      reputation: row.reputation,
      hideFollowCounts: row.hideFollowCounts,
      ...relation,
    };
  }

  /** How the reader stands to `row`: following it, blocking it. Nothing for visitors or the owner. */
  async function relationOf(row: ProfileRow, readerKey: string | undefined) {
    if (!readerKey || readerKey === row.key) return { followedByMe: false, blockedByMe: false };
    const [followedByMe, blockedByMe] = await Promise.all([
      repository.isFollowing(readerKey, row.key),
      repository.isBlocking(readerKey, row.key),
    ]);
    return { followedByMe, blockedByMe };
  }

  async function existing(key: string): Promise<ProfileRow> {
    const row = await repository.findByKey(checkedKey(key));
    if (!row) throw new AppError('common/not-found', { message: 'There is no profile with this key.' });
    return row;
  }

  /** The other person of a follow, block or report: it must exist and must not be the reader. */
  async function other(readerKey: string, key: string, doing: string): Promise<ProfileRow> {
    const target = await existing(key);
    if (target.key === readerKey)
      throw new AppError('common/bad-request', { message: `You cannot ${doing} yourself.` });
    return target;
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
      const row = await existing(key);
      return present(row, readerKey, await relationOf(row, readerKey));
    },

    /** One profile by its handle. */
    async getByHandle(handle: string, readerKey: string | undefined): Promise<Profile> {
      const row = await repository.findByHandle(handle);
      if (!row) throw new AppError('common/not-found', { message: 'There is no profile with this handle.' });
      return present(row, readerKey, await relationOf(row, readerKey));
    },

    /** Edits the owner's profile: every field is checked first, and nothing is saved unless all pass. */
    async update(ownerKey: string, update: ProfileUpdate): Promise<Profile> {
      const fields: Parameters<ProfilesRepository['update']>[1] = {};
      const problems: { path: string; message: string }[] = [];
      if (update.displayName !== undefined) fields.displayName = update.displayName;
      if (update.bio !== undefined) fields.bio = update.bio;
      if (update.hideFollowCounts !== undefined) fields.hideFollowCounts = update.hideFollowCounts;
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
      return present(row, ownerKey);
    },

    /** Sets or clears (`null`) the owner's photo URL; the photo itself is checked and stored elsewhere. */
    async setPhoto(ownerKey: string, photoURL: string | null): Promise<Profile> {
      const row = await repository.setPhoto(ownerKey, photoURL);
      if (!row) throw new AppError('common/not-found', { message: 'You have no profile yet.' });
      return present(row, ownerKey);
    },

    /** A page of followers or of followed profiles; an owner who hides them shows them to nobody else. */
    async list(
      key: string,
      direction: 'followers' | 'following',
      readerKey: string | undefined,
      limit: number,
      cursor?: string,
    ): Promise<ProfileList> {
      const row = await existing(key);
      if (row.hideFollowCounts && readerKey !== row.key) throw new AppError('profiles/connections-hidden');
      const edges = await repository.listEdges(
        row.key,
        direction,
        readerKey,
        limit + 1,
        cursor ? decodeTimeKey(cursor) : undefined,
      );
      const page = edges.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(({ profile }) => profileSummaryOf(profile)),
        nextCursor: edges.length > limit && last ? encodeTimeKey(last.at, last.profile.key) : null,
      };
    },

    /** Follows or unfollows; idempotent. Nobody follows themselves, and a block either way refuses a follow. */
    async setFollowing(readerKey: string, key: string, follow: boolean): Promise<FollowResponse> {
      const target = await other(readerKey, key, 'follow');
      const followers = await repository.setFollowing(readerKey, target.key, follow);
      if (followers === undefined) throw new AppError('profiles/blocked');
      return { following: follow, followers: target.hideFollowCounts ? null : followers };
    },

    /** Blocks or unblocks; idempotent. Blocking ends the follows between the two people. */
    async setBlocking(readerKey: string, key: string, block: boolean): Promise<BlockResponse> {
      const target = await other(readerKey, key, 'block');
      await repository.setBlocking(readerKey, target.key, block);
      return { blocked: block };
    },

    /** A page of the people the reader blocks. */
    async listBlocked(readerKey: string, limit: number, cursor?: string): Promise<ProfileList> {
      const rows = await repository.listBlocked(
        readerKey,
        limit + 1,
        cursor ? decodeTimeKey(cursor) : undefined,
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(({ profile }) => profileSummaryOf(profile)),
        nextCursor: rows.length > limit && last ? encodeTimeKey(last.at, last.profile.key) : null,
      };
    },

    /** Files a report of another person for the administrators; at most 20 a day per reporter. */
    async report(readerKey: string, key: string, request: Required<UserReportRequest>) {
      const target = await other(readerKey, key, 'report');
      const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
      if ((await repository.countReportsSince(readerKey, dayAgo)) >= 20)
        throw new AppError('common/too-many-requests', {
          message: 'You have sent many reports today. Please write to customer support instead.',
        });
      const id = await repository.insertReport({
        reporterKey: readerKey,
        reportedKey: target.key,
        reason: request.reason,
        details: request.details,
      });
      return { id, status: 'open' as const };
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
