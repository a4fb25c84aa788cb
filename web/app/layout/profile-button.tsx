import { lazy, Suspense, useId, useState } from 'react';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import IconButton from '@mui/material/IconButton';
import type { SessionUser } from '../../lib/session.ts';
import { signOut as endSession } from '../../lib/session-sync.ts';
import { loadQueryClient } from '../providers.tsx';
import { UserAvatar } from './user-avatar.tsx';

// Popover, Modal, focus trap and the profile card (with its fetch, zod, the contracts and the query client)
// stay out of the first page's JavaScript until someone opens the profile.
const ProfilePopup = lazy(async () => {
  const [{ ProfilePopup: popup }] = await Promise.all([import('./profile-popup.tsx'), loadQueryClient()]);
  return { default: popup };
});

/** The signed-in person's avatar in the top bar; it opens the profile popover. */
export function ProfileButton({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Stays mounted after the first open, so closing can animate.
  const [opened, setOpened] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const navigate = useNavigate();
  const popupId = useId();
  const open = anchor !== null;

  // The popover stays open, its button disabled, until the server has ended the session: closing first
  // would suggest the person is signed out while the cookie still works.
  // Once the stored user is gone the top bar unmounts this button, so nothing here runs after that.
  const signOut = async () => {
    setSigningOut(true);
    await endSession();
    await navigate('/');
  };

  return (
    <>
      <IconButton
        aria-label="Open profile"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
        sx={{ p: 0.5 }}
      >
        <UserAvatar user={user} size={32} />
      </IconButton>
      {opened ? (
        <Suspense fallback={null}>
          <ProfilePopup
            id={popupId}
            anchor={anchor}
            user={user}
            onClose={() => setAnchor(null)}
            onSignOut={() => void signOut()}
            signingOut={signingOut}
          />
        </Suspense>
      ) : null}
    </>
  );
}
