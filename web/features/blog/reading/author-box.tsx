import { Link as RouterLink } from 'react-router';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProfileSummary } from '../../../../contracts/profiles.ts';
import { ProfileAvatar } from '../../../components/profile-avatar.tsx';
import { TextLink } from '../../../components/text-link.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { setFollowing } from '../../../lib/follow-api.ts';
import { loginPathFor } from '../../../lib/navigation.ts';
import { displayNameOf } from '../api.ts';
import { authorPath, formatDate, readingTime } from './paths.ts';

/** What a follow button reads and writes in the query that holds it (a post, or an author's header). */
interface Followable {
  followsAuthor: boolean;
}

/**
 * Follow / Unfollow an author, through the profiles' follow API. It changes at once; the server's answer sets
 * the real count (`setFollowers`), and a failure puts it back and says so. The visible word begins the
 * accessible name ("Unfollow Ada Lovelace"), so voice control users can say what they see.
 */
export function FollowAuthorButton<Data extends Followable>({
  author,
  following,
  queryKey,
  setFollowers,
}: {
  author: ProfileSummary;
  following: boolean;
  /** The query holding `followsAuthor`, updated in place. */
  queryKey: QueryKey;
  /** The data with a new follower count (null when the author hides it). */
  setFollowers: (data: Data, followers: number | null, following: boolean) => Data;
}) {
  const queryClient = useQueryClient();
  const name = displayNameOf(author);
  const mutation = useMutation({
    mutationFn: (follow: boolean) => setFollowing(author.key, follow),
    onMutate: async (follow) => {
      // A refetch landing now would overwrite the optimistic state with the old one.
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Data>(queryKey);
      if (previous) queryClient.setQueryData<Data>(queryKey, { ...previous, followsAuthor: follow });
      return { previous };
    },
    onError: (_error, _follow, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<Data>(queryKey, (current) =>
        current ? setFollowers(current, answer.followers, answer.following) : current,
      );
    },
  });
  return (
    <Box>
      <Button
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

/** "Sign in to follow", back to this page afterwards. */
export function SignInToFollow({ back }: { back: string }) {
  return (
    <Button variant="outlined" component={RouterLink} to={loginPathFor(back)}>
      Sign in to follow
    </Button>
  );
}

/** The byline under a post's title: photo, name (to their blog page), date and reading time. */
export function Byline({
  author,
  publishedAt,
  readingMinutes,
}: {
  author: ProfileSummary;
  publishedAt: string;
  readingMinutes: number;
}) {
  const name = displayNameOf(author);
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      {/* The name is written beside the photo, so the photo says nothing more. */}
      <ProfileAvatar name={name} photoURL={author.photoURL} size={40} alt="" />
      <Box>
        <Typography sx={{ fontWeight: 600 }}>
          <TextLink to={authorPath(author.handle)}>{name}</TextLink>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={publishedAt}>{formatDate(publishedAt)}</time> · {readingTime(readingMinutes)}
        </Typography>
      </Box>
    </Stack>
  );
}

/** The fuller author box at the end of a post: who wrote it, their followers, and Follow. */
export function AuthorCard({
  author,
  followers,
  follow,
}: {
  author: ProfileSummary;
  followers: number;
  /** The follow button, or the sign-in prompt; nothing for the author themself. */
  follow: React.ReactNode;
}) {
  const name = displayNameOf(author);
  return (
    <Paper component="aside" variant="outlined" aria-label={`About the author, ${name}`} sx={{ p: 2, mt: 4 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ProfileAvatar name={name} photoURL={author.photoURL} size={64} alt="" />
        <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
          <Typography variant="overline" component="p" color="text.secondary">
            Written by
          </Typography>
          <Typography variant="h6" component="p">
            <TextLink to={authorPath(author.handle)}>{name}</TextLink>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            @{author.handle} · {followers.toLocaleString('en')} {followers === 1 ? 'follower' : 'followers'} ·{' '}
            <TextLink to={`/u/${encodeURIComponent(author.handle)}`}>Profile</TextLink>
          </Typography>
        </Box>
        {follow}
      </Stack>
    </Paper>
  );
}
