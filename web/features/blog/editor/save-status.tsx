import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import SyncIcon from '@mui/icons-material/Sync';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { errorSentence } from '../../../lib/error-sentence.ts';
import type { PostSnapshot } from './post-session.ts';

/** The words for where the autosave stands. */
export function saveStatusText(snapshot: Pick<PostSnapshot, 'status' | 'saveError'>): string {
  switch (snapshot.status) {
    case 'saved':
      return 'Saved';
    case 'pending':
    case 'saving':
      return 'Saving…';
    case 'offline':
      return 'Offline — will retry';
    case 'retrying':
      return 'Not saved yet — will retry';
    case 'conflict':
      return 'Not saved — changed elsewhere';
    case 'error':
      return `Not saved — ${errorSentence(snapshot.saveError)}`;
  }
}

/**
 * The autosave line in a polite live region that is always in the page, so screen readers hear each change
 * without losing their place. The icon repeats the words for the eye.
 */
export function SaveStatus({ snapshot }: { snapshot: PostSnapshot }) {
  const { status } = snapshot;
  const icon =
    status === 'saved' ? (
      <CloudDoneOutlinedIcon fontSize="small" color="success" aria-hidden="true" />
    ) : status === 'pending' || status === 'saving' ? (
      <SyncIcon fontSize="small" color="action" aria-hidden="true" />
    ) : status === 'offline' ? (
      <CloudOffOutlinedIcon fontSize="small" color="warning" aria-hidden="true" />
    ) : (
      <WarningAmberIcon fontSize="small" color="warning" aria-hidden="true" />
    );
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
      {icon}
      <Typography role="status" aria-live="polite" variant="body2" component="span">
        {saveStatusText(snapshot)}
      </Typography>
    </Box>
  );
}
