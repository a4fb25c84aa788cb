import { useId } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Profile } from '../../../contracts/profiles.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { loginPathFor } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';
import type { SessionUser } from '../../lib/session.ts';
import { QueryError } from '../../components/query-error.tsx';
import { ownProfileKey, profileByKeyQuery } from './api.ts';
import { ConnectionsTabs, type EmptyActions } from './connections.tsx';
import { EditProfileForm } from './edit-profile-form.tsx';
import { ProfilePhotoControl } from './profile-photo-control.tsx';
import { PrivacySection } from './privacy-section.tsx';
import { ProfileHeader, ProfileName } from './profile-header.tsx';
import { ReputationPanel } from './reputation-panel.tsx';

/** The signed-in person's own profile: `/profile`. */
export function ProfilePage() {
  const { user } = useSession();
  return user ? <OwnProfile user={user} /> : <SignedOut />;
}

function SignedOut() {
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader title="Profile" guideAnchor="profiles" />
      <Typography>
        You are not signed in. <TextLink to={loginPathFor('/profile')}>Sign in</TextLink> to see your profile:
        your name, photo and bio, your rank, your cards and the people you follow.
      </Typography>
    </Box>
  );
}

const ownEmptySentences = {
  followers: 'Nobody follows you yet.',
  following: 'You do not follow anyone yet.',
  cards: 'You have not published a card yet.',
  liked: 'You have not liked a card yet. Cards you like are kept here.',
};

const ownEmptyActions: EmptyActions = {
  following: { label: 'Find people in Explore', to: '/exploration?tab=trending' },
  cards: { label: 'Build a card', to: '/build' },
  liked: { label: 'Explore cards', to: '/exploration' },
};

function OwnProfile({ user }: { user: SessionUser }) {
  useDocumentTitle('Profile');
  const headingId = useId();
  const queryClient = useQueryClient();
  const key = ownProfileKey(user);
  const options = profileByKeyQuery(key ?? '', key);
  const query = useQuery({ ...options, enabled: key !== undefined });

  // Until the profile arrives, the heading uses the name the browser remembers from signing in.
  const heading = (
    <ProfileName id={headingId} gutterBottom>
      {user.name ?? 'Profile'}
    </ProfileName>
  );

  let content;
  if (key === undefined) {
    content = (
      <>
        {heading}
        <Alert severity="error">
          Your profile cannot be found because this sign-in has no account id. Sign out, then sign in again.
        </Alert>
      </>
    );
  } else if (query.isPending) {
    content = (
      <>
        {heading}
        <Box sx={{ py: 4 }}>
          <CircularProgress aria-label="Loading your profile" />
        </Box>
      </>
    );
  } else if (query.isError) {
    content = (
      <>
        {heading}
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  } else {
    const profile = query.data;
    content = (
      <>
        <ProfileHeader profile={profile} headingId={headingId} />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { md: '240px minmax(0, 1fr)' },
            columnGap: 3,
            alignItems: 'start',
          }}
        >
          <ProfilePhotoControl
            profile={profile}
            onSaved={(saved: Profile) => queryClient.setQueryData(options.queryKey, saved)}
          />
          <EditProfileForm
            // A different account (signed in elsewhere) starts a fresh form.
            key={profile.key}
            profile={profile}
            onSaved={(saved: Profile) => queryClient.setQueryData(options.queryKey, saved)}
          />
        </Box>
        <ReputationPanel />
        <PrivacySection
          profile={profile}
          onSaved={(saved: Profile) => queryClient.setQueryData(options.queryKey, saved)}
        />
        <ConnectionsTabs
          profileKey={profile.key}
          empty={ownEmptySentences}
          emptyActions={ownEmptyActions}
          showLiked
        />
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ maxWidth: 760 }}>
      {content}
      <Typography sx={{ mt: 4 }}>
        Change your password, email address and how you sign in under{' '}
        <TextLink to="/settings">Settings</TextLink>.
      </Typography>
    </Box>
  );
}
