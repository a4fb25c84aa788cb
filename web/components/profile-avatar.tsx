import Avatar from '@mui/material/Avatar';

/** Up to two letters for a profile without a photo. */
export function initialsOf(name: string): string | undefined {
  const letters = name
    .split(/[\s._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
  return letters === '' ? undefined : letters;
}

/**
 * A profile's photo, or its initials when there is none or it fails to load. `alt` names the photo; the
 * initials are hidden from screen readers, because the name is always written next to them.
 */
export function ProfileAvatar({
  name,
  photoURL,
  size,
  alt,
}: {
  name: string;
  photoURL: string | null;
  size: number;
  alt: string;
}) {
  return (
    <Avatar
      src={photoURL ?? undefined}
      alt={alt}
      aria-hidden={photoURL ? undefined : true}
      // Third-party avatar hosts (e.g. Google) refuse hot-linked images that send a referrer.
      slotProps={{ img: { referrerPolicy: 'no-referrer' } }}
      // The top bar avatar's purple: white initials on it reach 7:1 in both themes, MUI's grey does not.
      sx={{ width: size, height: size, fontSize: size * 0.45, bgcolor: '#5e35b1', color: '#ffffff' }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
