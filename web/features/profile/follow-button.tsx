import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Profile } from '../../../contracts/profiles.ts';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import { connectionsQueryKey, displayNameOf, profileByKeyPrefix, setFollowing } from './api.ts';

/**
 * Follow / Unfollow for a signed-in reader on someone else's profile. The button says what it will do, and its
 * accessible name starts with those same words ("Unfollow Ada Lovelace"), so voice control users can say what
 * they see. It changes at once with the follower count; the server's answer then sets the real count, and a
 * failure puts both back.
 */
export function FollowButton({
  profile,
  queryKey,
  ownKey,
}: {
  profile: Profile;
  /** The query that holds `profile`, updated in place. */
  queryKey: QueryKey;
  /** The reader's own profile key, whose following list and counter change too. */
  ownKey: string | undefined;
}) {
  const queryClient = useQueryClient();
  const name = displayNameOf(profile);

  const mutation = useMutation({
    mutationFn: (follow: boolean) => setFollowing(profile.key, follow),
    onMutate: async (follow) => {
      // A refetch landing now would overwrite the optimistic state with the old one.
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Profile>(queryKey);
      if (previous) {
        queryClient.setQueryData<Profile>(queryKey, {
          ...previous,
          followedByMe: follow,
          followers: previous.followers === null ? null : Math.max(0, previous.followers + (follow ? 1 : -1)),
        });
      }
      return { previous };
    },
    onError: (_error, _follow, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<Profile>(queryKey, (current) =>
        current ? { ...current, followedByMe: answer.following, followers: answer.followers } : current,
      );
    },
    onSettled: () => {
      // Both sides' lists changed, and the reader's own following counter.
      void queryClient.invalidateQueries({ queryKey: connectionsQueryKey(profile.key, 'followers') });
      void queryClient.invalidateQueries({ queryKey: profileByKeyPrefix(profile.key) });
      if (ownKey) {
        void queryClient.invalidateQueries({ queryKey: connectionsQueryKey(ownKey, 'following') });
        void queryClient.invalidateQueries({ queryKey: profileByKeyPrefix(ownKey) });
      }
    },
  });

  const following = profile.followedByMe;
  const toggle = () => {
    // One change at a time: a second press before the answer would race the first.
    if (mutation.isPending) return;
    mutation.mutate(!following);
  };

  return (
    <Box>
      <Button variant={following ? 'outlined' : 'contained'} onClick={toggle}>
        {following ? 'Unfollow' : 'Follow'} <VisuallyHidden>{name}</VisuallyHidden>
      </Button>
      {mutation.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {mutation.variables ? `${name} was not followed.` : `${name} was not unfollowed.`}{' '}
          {errorSentence(mutation.error)}
        </Alert>
      ) : null}
    </Box>
  );
}
