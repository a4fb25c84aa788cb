import { useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A course's cover, or nothing when it has none (or it fails to load). Its box keeps the aspect ratio while
 * the picture loads, so nothing below it moves.
 */
export function CourseCover({
  url,
  aspectRatio = '16 / 9',
  sx,
}: {
  url: string | null;
  aspectRatio?: string;
  sx?: SxProps<Theme>;
}) {
  // The address that failed, so that a new cover (after a new version) is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) return null;
  return (
    <Box
      component="img"
      src={url}
      // The course's title beside it says what the course is; the cover is decoration.
      alt=""
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(url)}
      sx={[
        { display: 'block', width: '100%', aspectRatio, objectFit: 'cover' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
