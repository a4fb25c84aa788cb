import type { SxProps, Theme } from '@mui/material/styles';

/** The bar at the top of a conversation and of a thread: one height, so the two line up side by side. */
export const paneHeaderSx: SxProps<Theme> = {
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  px: { xs: 1, sm: 2 },
  py: 1,
  borderBottom: 1,
  borderColor: 'divider',
  minHeight: 56,
};
