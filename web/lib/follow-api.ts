import { followResponseSchema } from '../../contracts/profiles.ts';
import { apiFetch } from './api.ts';

/**
 * `PUT` (follow) or `DELETE` (unfollow) `/api/profiles/:key/follow`: the new state and follower count. Shared by
 * the profile pages and the author line of a card.
 */
export function setFollowing(key: string, follow: boolean) {
  return apiFetch(`/api/profiles/${encodeURIComponent(key)}/follow`, {
    method: follow ? 'PUT' : 'DELETE',
    schema: followResponseSchema,
  });
}
