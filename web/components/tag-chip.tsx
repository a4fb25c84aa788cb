import Chip from '@mui/material/Chip';
import { Link as RouterLink } from 'react-router';

/** A finger-sized target on a phone (44 px, as every control there), the usual small chip elsewhere. */
export const touchChipSx = { height: { xs: 44, sm: 24 }, borderRadius: { xs: 22, sm: 12 } } as const;

/** Stand-alone links (a table of contents, feed links) as tall as a finger on a phone. */
export const touchLinkSx = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: { xs: 44, sm: 'auto' },
} as const;

/** A `#tag` chip that links to `to` (the page listing what has the tag). */
export function TagChip({ tag, to }: { tag: string; to: string }) {
  return <Chip size="small" label={`#${tag}`} clickable component={RouterLink} to={to} sx={touchChipSx} />;
}
