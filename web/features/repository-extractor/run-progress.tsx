import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { errorSentence } from '../../lib/error-sentence.ts';
import { useJob } from '../../lib/jobs.ts';
import { space } from '../../lib/spacing.ts';

/** Once the job has ended, how often the extraction is read again until it says so too. */
const settleEveryMs = 1_000;

/**
 * A running extraction's job, followed live: its stage, message and progress (a status region says the stage
 * to screen readers), and Cancel. When the job ends, `onEnded` reads the extraction again (and again each second,
 * in case the extraction had not caught up yet); this component is unmounted once it has.
 */
export function RunProgress({ jobId, onEnded }: { jobId: string; onEnded: () => void }) {
  const { job, error, finished, cancel, cancelling, cancelError } = useJob(jobId);

  useEffect(() => {
    if (!finished) return undefined;
    onEnded();
    const timer = setInterval(onEnded, settleEveryMs);
    return () => clearInterval(timer);
  }, [finished, onEnded]);

  const known = job && job.total !== null && job.total > 0 && job.done !== null;
  const percent = known ? Math.min(100, Math.round(((job.done ?? 0) / (job.total ?? 1)) * 100)) : null;
  const stage =
    job?.status === 'queued' || !job ? 'Waiting to start' : finished ? 'Finishing' : (job.stage ?? 'Working');
  const amount =
    known && job.done !== null && job.total !== null
      ? `${job.done.toLocaleString('en')} of ${job.total.toLocaleString('en')}`
      : null;

  return (
    <Box sx={{ display: 'grid', gap: space.inline }}>
      <Box>
        <Typography sx={{ fontWeight: 600 }}>
          {/* The stage is said as it changes; the counts and the file at hand would be said too often. */}
          <span role="status">{stage}</span>
          {amount ? ` · ${amount}` : ''}
        </Typography>
        {job?.message ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {job.message}
          </Typography>
        ) : null}
        {job && job.attempts > 1 && job.status === 'queued' && job.errorCode ? (
          <Typography variant="body2" color="text.secondary">
            The last attempt failed; it is tried again shortly.
          </Typography>
        ) : null}
      </Box>
      <LinearProgress
        aria-label="Progress of the extraction"
        {...(percent === null
          ? { variant: 'indeterminate' as const }
          : { variant: 'determinate' as const, value: percent })}
      />
      {error ? (
        <Alert severity="warning">The progress could not be read. {errorSentence(error)}</Alert>
      ) : null}
      {cancelError ? (
        <Alert severity="error">It was not cancelled. {errorSentence(cancelError)}</Alert>
      ) : null}
      <Box>
        <Button variant="outlined" color="inherit" onClick={cancel} disabled={cancelling || finished}>
          {cancelling ? 'Cancelling…' : 'Cancel'}
        </Button>
      </Box>
    </Box>
  );
}
