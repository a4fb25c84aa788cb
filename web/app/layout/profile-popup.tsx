import Popover from '@mui/material/Popover';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { loadProfileCard } from '../../lib/profile-api.ts';
import type { SessionUser } from '../../lib/session.ts';
import { ProfileCard } from './profile-card.tsx';

interface ProfilePopupProps {
  id: string;
  anchor: HTMLElement | null;
  user: SessionUser;
  onClose: () => void;
  onSignOut: () => void;
  /** True while the server is ending the session. */
  signingOut?: boolean;
}

/** Every profile-card query starts with this; closing the popover removes them all. */
const profileCardQueryRoot = ['profile-card'] as const;

/**
 * The profile popover (width 390) with the profile card. Its own chunk, loaded on first open, together with
 * the card, the profile fetch, zod and the contracts.
 *
 * The seed's lifecycle: opening fetches the profile when none is loaded, closing clears it, so every opening
 * shows fresh counts. The query is removed on close rather than cached, and never refetches while open.
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
  const open = anchor !== null;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...profileCardQueryRoot, user.uid, user.email, user.name, user.picture],
    queryFn: ({ signal }) => loadProfileCard(user, signal),
    enabled: open,
    staleTime: Infinity,
    // Once nothing shows it (signed out, so the popover unmounted) the profile is dropped at once.
    gcTime: 0,
    // loadProfileCard turns every failure into a fallback profile; it rejects only when cancelled.
    retry: false,
  });

  useEffect(() => {
    if (!open) queryClient.removeQueries({ queryKey: profileCardQueryRoot });
  }, [open, queryClient]);

  // While the popover animates closed, it keeps what it showed when it was open, instead of flashing the
  // spinner for the profile that closing just cleared.
  const [shownWhileOpen, setShownWhileOpen] = useState(query.data);
  if (open && shownWhileOpen !== query.data) setShownWhileOpen(query.data);
  const profile = open ? query.data : shownWhileOpen;

  return (
    <Popover
      id={id}
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          'aria-busy': profile === undefined && query.isFetching,
          sx: { width: 390, maxWidth: 'calc(100vw - 32px)', p: 2.5 },
        },
      }}
    >
      <ProfileCard
        user={user}
        profile={profile}
        loading={open && query.isFetching}
        titleId={titleId}
        onClose={onClose}
        onSignOut={onSignOut}
        signingOut={signingOut}
      />
    </Popover>
  );
}
