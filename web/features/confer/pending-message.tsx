import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useConferClient } from './confer-client.tsx';
import type { OutboxEntry } from './outbox-storage.ts';

/**
 * A message of this device's that the server has not confirmed: "Sending…", pending until the connection is
 * back, or refused with the server's sentence and Retry (same key, so it is never sent twice) or Discard.
 */
export function PendingMessage({ entry }: { entry: OutboxEntry }) {
  const { outbox } = useConferClient();
  const status =
    entry.state === 'sending'
      ? 'Sending…'
      : entry.state === 'pending'
        ? 'Not sent yet: it will be sent when the connection is back.'
        : `Not sent. ${entry.error ?? ''}`;
  return (
    <Box
      component="article"
      aria-label={`Your message, ${entry.state === 'failed' ? 'not sent' : entry.state === 'sending' ? 'sending' : 'pending'}`}
      data-pending-message={entry.state}
      sx={{
        display: 'flex',
        gap: 1.5,
        px: { xs: 1, sm: 2 },
        py: 0.5,
        borderLeft: '3px solid',
        borderLeftColor: entry.state === 'failed' ? 'error.main' : 'transparent',
      }}
    >
      <Box sx={{ width: 36, flexShrink: 0, display: 'flex', justifyContent: 'center', pt: 0.5 }}>
        {entry.state === 'sending' ? (
          <CircularProgress size={16} aria-hidden />
        ) : entry.state === 'pending' ? (
          <ScheduleIcon fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
        ) : (
          <ErrorOutlineIcon fontSize="small" color="error" aria-hidden />
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          sx={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            opacity: entry.state === 'failed' ? 1 : 0.75,
          }}
        >
          {entry.body}
        </Typography>
        <Typography
          variant="caption"
          component="p"
          sx={{ color: entry.state === 'failed' ? 'error.main' : 'text.secondary' }}
        >
          {status}
        </Typography>
        {entry.state === 'failed' ? (
          <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
            <Button size="small" variant="outlined" onClick={() => outbox.retry(entry.clientId)}>
              Retry
            </Button>
            <Button size="small" onClick={() => outbox.discard(entry.clientId)}>
              Discard
            </Button>
          </Stack>
        ) : entry.state === 'pending' ? (
          <Button size="small" onClick={() => outbox.flush()} sx={{ mt: 0.5 }}>
            Retry now
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
