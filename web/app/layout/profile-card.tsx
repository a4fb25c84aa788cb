import StarIcon from '@mui/icons-material/Star';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ProfileCardData } from '../../lib/profile-api.ts';
import type { SessionUser } from '../../lib/session.ts';
import { initialsOf, UserAvatar } from './user-avatar.tsx';
import { ProfileCounters } from '../../components/profile-counters.tsx';

/** The loaded profile: photo, name, email, rank and premium badges, bio, phone, country and the counters. */
function LoadedProfile({ profile, titleId }: { profile: ProfileCardData; titleId: string }) {
  const details = (
    [
      ['Phone', profile.phoneNumber],
      ['Country', profile.country],
    ] as const
  ).filter(([, value]) => value);

  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          src={profile.photoURL ?? undefined}
          alt={profile.displayName}
          // Third-party avatar hosts (e.g. Google) refuse hot-linked images that send a referrer.
          slotProps={{ img: { referrerPolicy: 'no-referrer' } }}
          // The top bar avatar's purple: white initials on it reach 7:1 in both themes, MUI's grey does not.
          sx={{ width: 64, height: 64, fontSize: 64 * 0.45, bgcolor: '#5e35b1', color: '#ffffff' }}
        >
          {initialsOf({ uid: null, name: profile.displayName, email: profile.email, picture: null })}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="p" noWrap sx={{ lineHeight: 1.3 }}>
            {profile.displayName}
          </Typography>
          {profile.email ? (
            <Typography variant="body2" color="text.secondary" noWrap>
              {profile.email}
            </Typography>
          ) : null}
          {profile.rank || profile.isSubscribed ? (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
              {profile.rank ? <Chip size="small" label={`Rank: ${profile.rank}`} /> : null}
              {profile.isSubscribed ? (
                <Chip
                  size="small"
                  color="primary"
                  variant="outlined"
                  icon={<StarIcon />}
                  label="Premium Subscriber"
                />
              ) : null}
            </Stack>
          ) : null}
        </Box>
      </Stack>

      {profile.bio ? (
        <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {profile.bio}
        </Typography>
      ) : null}

      {details.length > 0 ? (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 2,
            rowGap: 0.5,
            mt: 2,
            mb: 0,
            typography: 'body2',
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          {details.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Box>
          ))}
        </Box>
      ) : null}

      <ProfileCounters counts={profile} compact />
    </>
  );
}

/** No profile yet: the identity's own picture (40 px), name and email; a spinner while the profile loads. */
function IdentityOnly({ user, titleId, loading }: { user: SessionUser; titleId: string; loading: boolean }) {
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <UserAvatar user={user} size={40} />
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} variant="subtitle1" component="p" noWrap sx={{ fontWeight: 600 }}>
            {user.name ?? 'User'}
          </Typography>
          {user.email ? (
            <Typography variant="body2" color="text.secondary" noWrap>
              {user.email}
            </Typography>
          ) : null}
        </Box>
      </Stack>
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
          <CircularProgress size={32} aria-label="Loading profile" />
        </Box>
      ) : null}
    </>
  );
}

interface ProfileCardProps {
  user: SessionUser;
  /** Undefined until the profile (or its fallback) has arrived. */
  profile: ProfileCardData | undefined;
  loading: boolean;
  /** The id the popover's `aria-labelledby` points at: the name shown. */
  titleId: string;
  /** Closes the popover; the links call it so the popover does not stay open over the page they open. */
  onClose: () => void;
  onSignOut: () => void;
  /** True while the server is ending the session. */
  signingOut: boolean;
}

/**
 * The seed's profile card. With a profile: everything in it, View Profile and Sign Out. Without one (e.g.
 * before the first answer): the identity's picture, name and email and a full-width Sign Out. Colours come
 * from the theme, so light and dark both work.
 */
export function ProfileCard({
  user,
  profile,
  loading,
  titleId,
  onClose,
  onSignOut,
  signingOut,
}: ProfileCardProps) {
  return (
    <>
      {profile ? (
        <LoadedProfile profile={profile} titleId={titleId} />
      ) : (
        <IdentityOnly user={user} titleId={titleId} loading={loading} />
      )}
      {/* One row in both states, so Sign Out stays the same button (focus, a click on its way) when the
          profile arrives; alone in the row it is full width. */}
      <Stack direction="row" spacing={1}>
        {profile ? (
          <Button component={RouterLink} to="/profile" variant="contained" onClick={onClose} sx={{ flex: 1 }}>
            View Profile
          </Button>
        ) : null}
        <Button
          variant="outlined"
          onClick={onSignOut}
          disabled={signingOut}
          aria-busy={signingOut}
          sx={{ flex: 1 }}
        >
          Sign Out
        </Button>
      </Stack>
      <Button
        component={RouterLink}
        to="/settings"
        size="small"
        fullWidth
        startIcon={<SettingsOutlinedIcon />}
        onClick={onClose}
        sx={{ mt: 1 }}
      >
        Settings
      </Button>
    </>
  );
}
