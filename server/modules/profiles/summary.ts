import type { ProfileSummary } from '../../../contracts/profiles.ts';
import type { profiles } from '../../db/schema.ts';

type ProfileRow = typeof profiles.$inferSelect;

/** The badge shows while premium lasts: an end date that has passed hides it even before the expiry sweep. */
export function subscribedNow(row: Pick<ProfileRow, 'isSubscribed' | 'subscribedUntil'>): boolean {
  return row.isSubscribed && (row.subscribedUntil === null || row.subscribedUntil > new Date());
}

/** A profile as lists show it (followers, reports, card authors), from its stored row. */
export function profileSummaryOf(
  row: Pick<
    ProfileRow,
    'key' | 'handle' | 'displayName' | 'photoURL' | 'rank' | 'isSubscribed' | 'subscribedUntil'
  >,
): ProfileSummary {
  return {
    key: row.key,
    handle: row.handle,
    displayName: row.displayName,
    photoURL: row.photoURL,
    rank: row.rank,
    isSubscribed: subscribedNow(row),
  };
}
