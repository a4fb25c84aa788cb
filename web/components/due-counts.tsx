import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import type { StudyQueue } from '../../contracts/play.ts';

/** The words of each queue; the colour only repeats them. */
export const queueWords: Record<StudyQueue, string> = {
  new: 'new',
  learning: 'learning',
  review: 'to review',
};

// The darker shade on light paper and the lighter one on dark paper keep each colour above 4.5:1 contrast.
const queueColour: Record<StudyQueue, (theme: Theme) => string> = {
  new: (theme) => (theme.palette.mode === 'dark' ? theme.palette.info.light : theme.palette.info.dark),
  learning: (theme) => (theme.palette.mode === 'dark' ? theme.palette.error.light : theme.palette.error.dark),
  review: (theme) =>
    theme.palette.mode === 'dark' ? theme.palette.success.light : theme.palette.success.dark,
};

/** One queue's count in its colour, e.g. "3 new". */
export function QueueCount({ queue, count }: { queue: StudyQueue; count: number }) {
  return (
    <Box component="span" sx={{ color: queueColour[queue], fontWeight: count > 0 ? 700 : 400 }}>
      {count.toLocaleString('en')} {queueWords[queue]}
    </Box>
  );
}

/** Today's new, learning and review counts of a deck or session, coloured as Play colours them. */
export function DueCounts({
  counts,
  label,
}: {
  counts: Record<StudyQueue, number>;
  /** Read out before the counts, e.g. "Due today in Memory". */
  label?: string;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
    >
      <li>
        <QueueCount queue="new" count={counts.new} />
      </li>
      <li>
        <QueueCount queue="learning" count={counts.learning} />
      </li>
      <li>
        <QueueCount queue="review" count={counts.review} />
      </li>
    </Box>
  );
}
