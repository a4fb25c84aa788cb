import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { rankThresholds } from '../../../contracts/reputation.ts';
import type { ReputationSummary } from '../../../contracts/reputation.ts';
import { TextLink } from '../../components/text-link.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import { reputationQuery } from './api.ts';

const points = new Intl.NumberFormat('en', { signDisplay: 'exceptZero' });
const count = new Intl.NumberFormat('en');
const dayFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

const eventLabels: Record<ReputationSummary['events'][number]['kind'], string> = {
  'card-liked': 'A card of yours was liked',
  'like-removed': 'A like was taken back',
  'card-remixed': 'A card of yours was remixed',
  'new-follower': 'A new follower',
  penalty: 'Moderator penalty',
};

/** The owner's reputation: points, rank, how far the next rank is, and what changed lately. */
export function ReputationPanel() {
  const headingId = useId();
  const query = useQuery(reputationQuery());

  let body;
  if (query.isPending) body = <CircularProgress aria-label="Loading your reputation" size={28} />;
  else if (query.isError) body = <Alert severity="error">{errorSentence(query.error)}</Alert>;
  else {
    const { reputation, rank, next, events } = query.data;
    const floor = rankThresholds.find((threshold) => threshold.rank === rank)?.from ?? 0;
    const start = Number.isFinite(floor) ? floor : Math.min(reputation, 0);
    const progress = next
      ? Math.max(0, Math.min(100, ((reputation - start) / (next.from - start)) * 100))
      : 100;
    body = (
      <>
        <Typography>
          You have <strong>{count.format(reputation)}</strong> reputation: rank <strong>{rank}</strong>.
        </Typography>
        {next ? (
          <>
            <LinearProgress
              variant="determinate"
              value={progress}
              sx={{ my: 1.5, height: 8, borderRadius: 1 }}
              aria-label={`Progress to rank ${next.rank}`}
            />
            <Typography variant="body2" color="text.secondary">
              {count.format(next.from - reputation)} more to reach rank {next.rank}.{' '}
              <TextLink to="/document#ranks">How ranks work</TextLink>
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            This is the highest rank.
          </Typography>
        )}
        {events.length > 0 ? (
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, mt: 2, mb: 0 }}
            aria-label="Latest reputation events"
          >
            {events.map((event, index) => (
              <Box
                component="li"
                key={`${event.at}-${index}`}
                sx={{ display: 'flex', gap: 2, py: 0.5, borderTop: index ? 1 : 0, borderColor: 'divider' }}
              >
                <Typography
                  sx={{
                    minWidth: 48,
                    fontWeight: 600,
                    color: event.points < 0 ? 'error.main' : 'success.main',
                  }}
                >
                  {points.format(event.points)}
                </Typography>
                <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {eventLabels[event.kind]}
                  {event.note ? `: ${event.note}` : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {dayFormat.format(new Date(`${event.day}T00:00:00Z`))}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Nothing yet. Reputation comes from likes and remixes of your cards and from new followers.
          </Typography>
        )}
      </>
    );
  }

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ mt: 4, p: { xs: 2, sm: 3 }, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography id={headingId} variant="h5" component="h2" gutterBottom sx={{ fontWeight: 600 }}>
        Reputation
      </Typography>
      {body}
    </Box>
  );
}
