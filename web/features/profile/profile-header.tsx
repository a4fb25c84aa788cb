import type { ReactNode } from 'react';
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Profile } from '../../../contracts/profiles.ts';
import { TextLink } from '../../components/text-link.tsx';
import { displayNameOf } from './api.ts';
import { ProfileAvatar } from '../../components/profile-avatar.tsx';
import { ProfileCounters } from '../../components/profile-counters.tsx';

// The browser's own English region names: the public page needs a name for one code, not the whole list
// the edit form's picker carries.
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

function regionName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    // A code the browser cannot parse at all; show it as stored rather than fail the page.
    return code;
  }
}

/** Rank and premium badges; nothing when the profile has neither. */
export function ProfileBadges({ rank, isSubscribed }: { rank: string | null; isSubscribed: boolean }) {
  if (!rank && !isSubscribed) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {rank ? <Chip size="small" label={`Rank: ${rank}`} /> : null}
      {isSubscribed ? (
        <Chip
          size="small"
          color="primary"
          variant="outlined"
          icon={<StarIcon />}
          label="Premium Subscriber"
        />
      ) : null}
    </Stack>
  );
}

/**
 * A profile page's h1: the person's name (or, until the profile arrives, what is known of it). It is h4 of
 * the theme's type scale rather than the h3 of section pages, because a name sits beside a 96 px photo in a
 * 760 px column, 640 px wide: at h3 (48 px) an ordinary name like "Ada Lovelace-Byron" takes about 540 of
 * them and wraps with a slightly wider font; at h4 (34 px) it takes about 380. A long name without spaces
 * breaks anywhere instead of pushing the page sideways on a phone.
 */
export function ProfileName({
  id,
  gutterBottom = false,
  children,
}: {
  id: string;
  gutterBottom?: boolean;
  children: ReactNode;
}) {
  return (
    <Typography
      id={id}
      variant="h1"
      component="h1"
      gutterBottom={gutterBottom}
      sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
    >
      {children}
    </Typography>
  );
}

/**
 * The top of a profile page: photo, name (the page's h1), handle, badges, bio, the details the reader may
 * see, and the four counters. `actions` (follow, edit) sit under the badges.
 */
export function ProfileHeader({
  profile,
  headingId,
  actions,
}: {
  profile: Profile;
  headingId: string;
  actions?: ReactNode;
}) {
  const name = displayNameOf(profile);
  // The server sends the email address and phone number to their owner only; others get null.
  const details = [
    ['Email', profile.email],
    ['Phone', profile.phoneNumber],
    ['Country', profile.country ? regionName(profile.country) : null],
  ] as const;
  const shownDetails = details.filter(([, value]) => value);

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <ProfileAvatar name={name} photoURL={profile.photoURL} size={96} alt={`Photo of ${name}`} />
        <Box sx={{ minWidth: 0 }}>
          <ProfileName id={headingId}>{name}</ProfileName>
          <Typography sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            <TextLink to={`/u/${profile.handle}`}>@{profile.handle}</TextLink>
          </Typography>
          <Box sx={{ mt: 1.5 }}>
            <ProfileBadges rank={profile.rank} isSubscribed={profile.isSubscribed} />
          </Box>
          {actions ? <Box sx={{ mt: 2 }}>{actions}</Box> : null}
        </Box>
      </Stack>

      {profile.bio ? (
        <Typography sx={{ mt: 3, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {profile.bio}
        </Typography>
      ) : null}

      {shownDetails.length > 0 ? (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 2,
            rowGap: 0.5,
            mt: 3,
            mb: 0,
            '& dt': { fontWeight: 600 },
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          {shownDetails.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Box>
          ))}
        </Box>
      ) : null}

      <ProfileCounters counts={profile} />
    </>
  );
}
