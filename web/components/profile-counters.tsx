import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const countFormat = new Intl.NumberFormat('en');

/** The seed's four profile counters, as a description list: Following, Followers, Cards and Likes. */
export function ProfileCounters({
  counts,
  compact = false,
}: {
  /** Null follow counts are ones their owner hides from others. */
  counts: { following: number | null; followers: number | null; cards: number; likes: number };
  /** The popover's smaller type and spacing. */
  compact?: boolean;
}) {
  const counters = [
    ['Following', counts.following],
    ['Followers', counts.followers],
    ['Cards', counts.cards],
    ['Likes', counts.likes],
  ] as const;
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
        columnGap: 1,
        textAlign: 'center',
        mt: compact ? 2 : 3,
        mb: compact ? 2 : 0,
        py: 1.5,
        borderBlock: 1,
        borderColor: 'divider',
      }}
    >
      {counters.map(([label, value]) => (
        // Label first for screen readers ("Followers 12"), number first on screen, as counters usually read.
        <Box key={label} sx={{ display: 'flex', flexDirection: 'column-reverse', minWidth: 0 }}>
          <Typography component="dt" variant={compact ? 'caption' : 'body2'} color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant={compact ? 'h6' : 'h5'}
            sx={compact ? { m: 0, lineHeight: 1.3 } : { m: 0, fontWeight: 600 }}
          >
            {value === null ? (
              <Typography component="span" variant="body2" color="text.secondary">
                Hidden
              </Typography>
            ) : (
              countFormat.format(value)
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
