import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { StudyStats } from '../../../contracts/play.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { playOwnerOf, studyStatsQuery } from '../../lib/play-api.ts';
import { useSession } from '../../lib/session.ts';
import { countOf } from './format.ts';

/**
 * True retention in words: the share of mature reviews passed, or null before any review is mature (a share of
 * a handful of young reviews would say more about luck than memory).
 */
export function retentionOf({ passed, total }: { passed: number; total: number }): string | null {
  if (total === 0) return null;
  return `${Math.round((passed / total) * 100)}%`;
}

/**
 * How much of a course the person still remembers, from their course deck in Play: true retention over the last
 * 30 days (all time when they have not reviewed lately), what is due today, and the way to review it.
 */
export function CourseMemory({ deckId }: { deckId: string }) {
  const headingId = useId();
  const { user } = useSession();
  const stats = useQuery(studyStatsQuery(deckId, playOwnerOf(user)));
  const deckPath = `/play/decks/${encodeURIComponent(deckId)}`;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1 }}>
        What you remember
      </Typography>
      {stats.isPending ? (
        <CircularProgress size={24} aria-label="Loading your course deck’s statistics" />
      ) : null}
      {stats.isError ? <Alert severity="error">{errorSentence(stats.error)}</Alert> : null}
      {stats.data ? <MemoryFigures stats={stats.data} /> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button variant="outlined" component={RouterLink} to={`${deckPath}/study`}>
          Review the course deck
        </Button>
        <Button component={RouterLink} to={`/play/stats?deck=${encodeURIComponent(deckId)}`}>
          Deck statistics
        </Button>
      </Box>
    </Paper>
  );
}

function MemoryFigures({ stats }: { stats: StudyStats }) {
  const recent = stats.trueRetention.last30Days;
  const usesRecent = recent.total > 0;
  const figures = usesRecent ? recent : stats.trueRetention.allTime;
  // The forecast counts reviews due (new items are not in it); `totals.items` counts items studied at least once.
  const retention = retentionOf(figures);
  const due = stats.forecast[0]?.due ?? 0;
  return (
    <>
      {retention ? (
        <Typography>
          <Box component="strong" sx={{ typography: 'h4', display: 'block' }}>
            {retention}
          </Box>
          of the course’s mature reviews passed {usesRecent ? 'in the last 30 days' : 'so far'} (
          {figures.passed.toLocaleString('en')} of {countOf(figures.total, 'review', 'reviews')}).
        </Typography>
      ) : (
        <Typography>
          You have studied {countOf(stats.totals.items, 'item', 'items')} of your course deck so far. How much
          of it you remember shows here once your reviews of it are mature, three weeks apart.
        </Typography>
      )}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {due > 0 ? `${countOf(due, 'review', 'reviews')} due today.` : 'No reviews due today.'}{' '}
        {countOf(stats.totals.mature, 'item', 'items')} mature.
      </Typography>
    </>
  );
}
