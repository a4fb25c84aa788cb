import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import SyncIcon from '@mui/icons-material/Sync';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SessionSnapshot } from './draft-session.ts';

/** The words for where the autosave stands; the live region reads them out when they change. */
export function saveStatusText(snapshot: SessionSnapshot): string {
  const device = snapshot.storedLocally ? 'saved on this device' : 'not saved on this device';
  switch (snapshot.status) {
    case 'saved':
      return 'Saved';
    case 'pending':
    case 'saving':
      return 'Saving…';
    case 'offline':
      return snapshot.storedLocally ? 'Offline — saved on this device' : 'Offline — not saved yet';
    case 'retrying':
      return `Not saved to the server yet — ${device}; trying again`;
    case 'conflict':
      return `Changed elsewhere — ${device}`;
    case 'error':
      return `Not saved — ${device}`;
    case 'stopped':
      return 'Deleted';
  }
}

/**
 * The autosave line: "Saved", "Saving…", "Offline — saved on this device" and the rest, in a polite live
 * region that is always in the page, so screen readers hear each change without losing their place.
 */
export function SaveStatus({ snapshot }: { snapshot: SessionSnapshot }) {
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
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {icon}
      <Typography role="status" variant="body2" component="span">
        {saveStatusText(snapshot)}
      </Typography>
    </Box>
  );
}
