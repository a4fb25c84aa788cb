import { useId } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { handleSchema } from '../../../contracts/profiles.ts';
import { ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { loginPathFor } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';
import { QueryError } from '../../components/query-error.tsx';
import { displayNameOf, ownProfileKey, profileByHandleQuery } from './api.ts';
import { ConnectionsTabs } from './connections.tsx';
import { FollowButton } from './follow-button.tsx';
import { ProfileActionsMenu } from './profile-actions-menu.tsx';
import { ProfileHeader, ProfileName } from './profile-header.tsx';

/** Someone's public profile: `/u/:handle`. */
export function PublicProfilePage() {
  const { handle = '' } = useParams();
  // A handle that breaks the rules cannot belong to anyone: no need to ask the server.
  if (!handleSchema.safeParse(handle).success) return <ProfileNotFound handle={handle} />;
  // A new handle is a new page: nothing of the previous profile's state (an error, a list tab) carries over.
  return <PublicProfile key={handle.toLowerCase()} handle={handle} />;
}

/** An unknown handle is an ordinary answer, not a failure of the page: it gets a page of its own. */
function ProfileNotFound({ handle }: { handle: string }) {
  useDocumentTitle('Profile not found');
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ maxWidth: 760 }}>
      <Typography id={headingId} variant="h1" component="h1" gutterBottom sx={{ fontWeight: 600 }}>
        Profile not found
      </Typography>
      <Typography sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        Nobody on CARD WEB has the handle @{handle}. The link may be mistyped, or the account may have been
        deleted.
      </Typography>
      <Button variant="contained" component={RouterLink} to="/">
        Go to the home page
      </Button>
    </Box>
  );
}

function isNotFound(error: unknown): boolean {
  // 404 for a handle nobody has; 400 for one the server finds malformed despite passing the client's check.
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

function PublicProfile({ handle }: { handle: string }) {
  const headingId = useId();
  const { user } = useSession();
  const ownKey = ownProfileKey(user);
  const options = profileByHandleQuery(handle, ownKey);
  const query = useQuery(options);
  const profile = query.data;

  useDocumentTitle(
    profile
      ? `${displayNameOf(profile)} (@${profile.handle})`
      : query.isError && isNotFound(query.error)
        ? 'Profile not found'
        : `@${handle}`,
  );

  if (query.isError && isNotFound(query.error)) return <ProfileNotFound handle={handle} />;

  if (!profile) {
    return (
      <Box component="section" aria-labelledby={headingId} sx={{ maxWidth: 760 }}>
        <ProfileName id={headingId} gutterBottom>
          @{handle}
        </ProfileName>
        {query.isError ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Box sx={{ py: 4 }}>
            <CircularProgress aria-label="Loading the profile" />
          </Box>
        )}
      </Box>
    );
  }

  const name = displayNameOf(profile);
  const isOwn = ownKey !== undefined && ownKey === profile.key;
  const hideConnections = profile.hideFollowCounts && !isOwn;
  let actions;
  if (!user) {
    actions = (
      <Button variant="contained" component={RouterLink} to={loginPathFor(`/u/${profile.handle}`)}>
        Sign in to follow {name}
      </Button>
    );
  } else if (isOwn) {
    actions = (
      <Button variant="outlined" component={RouterLink} to="/profile">
        Edit your profile
      </Button>
    );
  } else {
    actions = (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }} useFlexGap>
        {profile.blockedByMe ? (
          <Typography sx={{ alignSelf: 'center' }}>You block {name}.</Typography>
        ) : (
          <FollowButton profile={profile} queryKey={options.queryKey} ownKey={ownKey} />
        )}
        <ProfileActionsMenu profile={profile} queryKey={options.queryKey} />
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ maxWidth: 760 }}>
      <ProfileHeader profile={profile} headingId={headingId} actions={actions} />
      {hideConnections ? (
        <Typography sx={{ mt: 4 }} color="text.secondary">
          {name} keeps their followers and the people they follow private.
        </Typography>
      ) : null}
      <ConnectionsTabs
        profileKey={profile.key}
        showConnections={!hideConnections}
        // Only the person themselves may see what they liked.
        showLiked={isOwn}
        empty={
          isOwn
            ? {
                followers: 'Nobody follows you yet.',
                following: 'You do not follow anyone yet.',
                cards: 'You have not published a card yet.',
                liked: 'You have not liked a card yet.',
              }
            : {
                followers: `Nobody follows ${name} yet.`,
                following: `${name} does not follow anyone yet.`,
                cards: `${name} has not published a card yet.`,
                liked: '',
              }
        }
      />
    </Box>
  );
}
