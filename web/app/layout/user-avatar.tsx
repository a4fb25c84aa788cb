import Avatar from '@mui/material/Avatar';
import type { SessionUser } from '../../lib/session.ts';

/** Up to two letters for the avatar when there is no picture, or none (MUI then shows a person icon). */
export function initialsOf(user: SessionUser): string | undefined {
  const source = user.name ?? user.email?.split('@')[0] ?? '';
  const letters = source
    .split(/[\s._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
  return letters === '' ? undefined : letters;
}

/** The signed-in person's picture, or their initials when there is none or it fails to load. */
export function UserAvatar({ user, size }: { user: SessionUser; size: number }) {
  return (
    <Avatar
      src={user.picture ?? undefined}
      alt=""
      // Third-party avatar hosts (e.g. Google) refuse hot-linked images that send a referrer.
      slotProps={{ img: { referrerPolicy: 'no-referrer' } }}
      // MUI's default grey behind white initials is below AA contrast; this purple gives 7:1 in both themes.
      sx={{ width: size, height: size, fontSize: size * 0.45, bgcolor: '#5e35b1', color: '#ffffff' }}
    >
      {initialsOf(user)}
    </Avatar>
  );
}
