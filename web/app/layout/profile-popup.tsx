import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { SessionUser } from '../../lib/session.ts';
import { UserAvatar } from './user-avatar.tsx';

interface ProfilePopupProps {
  id: string;
  anchor: HTMLElement | null;
  user: SessionUser;
  onClose: () => void;
  onSignOut: () => void;
  /** True while the server is ending the session. */
  signingOut?: boolean;
}

/**
 * The profile popover (width 390). The full profile card (rank, counters, premium badge) needs the profile
 * API; until then it shows the identity's own picture, name and email. Its own chunk, loaded on first open.
 */
export function ProfilePopup({
  id,
  anchor,
  user,
  onClose,
  onSignOut,
  signingOut = false,
}: ProfilePopupProps) {
  const titleId = useId();
  return (
    <Popover
      id={id}
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: 390, maxWidth: 'calc(100vw - 32px)', p: 2.5 },
        },
      }}
    >
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
      <Button component={RouterLink} to="/settings" variant="text" fullWidth onClick={onClose} sx={{ mb: 1 }}>
        Settings
      </Button>
      <Button variant="outlined" fullWidth onClick={onSignOut} disabled={signingOut} aria-busy={signingOut}>
        Sign Out
      </Button>
    </Popover>
  );
}
