import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Card } from '../../../contracts/cards.ts';
import type { Profile } from '../../../contracts/profiles.ts';
import { ProfileAvatar } from '../../components/profile-avatar.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { setFollowing } from '../../lib/follow-api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { authorQuery, displayNameOf } from './api.ts';

/**
 * Follow / Unfollow the author. The visible word begins the accessible name ("Unfollow Ada Lovelace"), so
 * voice control users can say what they see. It changes at once; a failure puts it back and says so.
 */
function FollowAuthor({ authorKey, readerKey }: { authorKey: string; readerKey: string }) {
  const queryClient = useQueryClient();
  const options = authorQuery(authorKey, readerKey);
  const author = useQuery(options);

  const mutation = useMutation({
    mutationFn: (follow: boolean) => setFollowing(authorKey, follow),
    onMutate: async (follow) => {
      // A refetch landing now would overwrite the optimistic state with the old one.
      await queryClient.cancelQueries({ queryKey: options.queryKey });
      const previous = queryClient.getQueryData<Profile>(options.queryKey);
      if (previous)
        queryClient.setQueryData<Profile>(options.queryKey, { ...previous, followedByMe: follow });
      return { previous };
    },
    onError: (_error, _follow, context) => {
      if (context?.previous) queryClient.setQueryData(options.queryKey, context.previous);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<Profile>(options.queryKey, (current) =>
        current ? { ...current, followedByMe: answer.following, followers: answer.followers } : current,
      );
    },
  });

  // Without the author's profile there is nothing to follow (a deleted account, a failed read): no button.
  if (!author.data) return null;
  const name = displayNameOf(author.data);
  const following = author.data.followedByMe;
  return (
    <Box>
      <Button
        size="small"
        variant={following ? 'outlined' : 'contained'}
        onClick={() => {
          // One change at a time: a second press before the answer would race the first.
          if (!mutation.isPending) mutation.mutate(!following);
        }}
      >
        {following ? 'Unfollow' : 'Follow'} <VisuallyHidden>{name}</VisuallyHidden>
      </Button>
      {mutation.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {mutation.variables ? `${name} was not followed.` : `${name} was not unfollowed.`}{' '}
          {errorSentence(mutation.error)}
        </Alert>
      ) : null}
    </Box>
  );
}

/** The author of a card: photo, name (to their profile), rank, and Follow for a signed-in reader. */
export function CardAuthor({ card, readerKey }: { card: Card; readerKey: string | undefined }) {
  const author = card.author;
  const name = displayNameOf(author);
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {/* The name is written beside the photo, so the photo itself says nothing more. */}
      <ProfileAvatar name={name} photoURL={author.photoURL} size={40} alt="" />
      <Box>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          <TextLink to={`/u/${author.handle}`}>{name}</TextLink>
        </Typography>{' '}
        <Typography component="span" color="text.secondary">
          @{author.handle}
        </Typography>
      </Box>
      {author.rank ? <Chip size="small" label={`Rank: ${author.rank}`} /> : null}
      {readerKey && !card.isOwner ? <FollowAuthor authorKey={author.key} readerKey={readerKey} /> : null}
    </Stack>
  );
}
