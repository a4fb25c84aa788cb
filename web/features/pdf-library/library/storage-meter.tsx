import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PdfUsage } from '../../../../contracts/pdfs.ts';
import { formatBytes } from './format.ts';

/** From this share of the allowance on, the bar turns to a warning colour. */
const nearlyFull = 0.9;

/**
 * How much of the person's PDF storage is used: a meter (role "meter", named "Storage") with the amounts in
 * words beside it, "12.4 MB of 250 MB", so the figure is there without reading the bar.
 */
export function StorageMeter({ usage }: { usage: PdfUsage }) {
  const labelId = useId();
  const share = usage.allowedBytes > 0 ? Math.min(1, usage.usedBytes / usage.allowedBytes) : 1;
  const text = `${formatBytes(usage.usedBytes)} of ${formatBytes(usage.allowedBytes)}`;
  const colour = share >= nearlyFull ? 'warning.main' : 'primary.main';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
      <Typography id={labelId} variant="body2" sx={{ fontWeight: 600 }}>
        Storage
      </Typography>
      <Box
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={usage.allowedBytes}
        aria-valuenow={Math.min(usage.usedBytes, usage.allowedBytes)}
        aria-valuetext={text}
        sx={{
          flex: '0 1 180px',
          minWidth: 100,
          height: 8,
          borderRadius: 4,
          bgcolor: 'action.hover',
          overflow: 'hidden',
          // The track's edge, for the high-contrast modes that drop background colours.
          outline: 1,
          outlineColor: 'divider',
        }}
      >
        <Box sx={{ width: `${share * 100}%`, height: '100%', bgcolor: colour }} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}
