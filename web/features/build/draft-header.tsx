import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { TextLink } from '../../components/text-link.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import type { SessionSnapshot } from './draft-session.ts';
import { SaveStatus } from './save-status.tsx';

interface DraftHeaderProps {
  snapshot: SessionSnapshot;
  /** Whether the card is published now. */
  published: boolean;
  /** The card's latest published version, 0 when unknown or never published. */
  version: number;
  /** A choice about a conflict is being carried out. */
  resolving: boolean;
  onResolve: (choice: 'latest' | 'mine') => void;
}

/**
 * The top of the builder: the way back, how the draft is saved and published, what it is a remix of, and the
 * draft's own alerts (a change made elsewhere to settle, changes restored from this device, a refused save).
 */
export function DraftHeader({ snapshot, published, version, resolving, onResolve }: DraftHeaderProps) {
  const meta = snapshot.meta;
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <TextLink to="/build">All drafts</TextLink>
        <SaveStatus snapshot={snapshot} />
        {published ? (
          <Chip
            size="small"
            color="success"
            variant="outlined"
            label={`Published · version ${version || '…'}`}
          />
        ) : (
          <Chip
            size="small"
            variant="outlined"
            label={version > 0 ? `Unpublished · last version ${version}` : 'Not published yet'}
          />
        )}
        {published && meta?.hasUnpublishedChanges ? (
          <Chip size="small" color="warning" variant="outlined" label="Unpublished changes" />
        ) : null}
        {meta?.forkOf ? (
          <Typography variant="body2">
            Remix of{' '}
            <Link component={RouterLink} to={`/cards/${meta.forkOf.id}`}>
              {meta.forkOf.title}
            </Link>
          </Typography>
        ) : null}
      </Box>

      {snapshot.status === 'conflict' ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button color="inherit" size="small" disabled={resolving} onClick={() => onResolve('latest')}>
                Load the latest
              </Button>
              <Button color="inherit" size="small" disabled={resolving} onClick={() => onResolve('mine')}>
                Keep mine
              </Button>
            </Box>
          }
        >
          This draft was changed elsewhere (another tab or device). Your text here is kept on this device
          until you choose: load the latest version instead of yours, or keep yours and save it over the
          latest.
        </Alert>
      ) : null}
      {snapshot.restored && snapshot.status !== 'conflict' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Changes you had not saved to the server were restored from this device.
        </Alert>
      ) : null}
      {snapshot.status === 'error' ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          The server did not take the last change: {errorSentence(snapshot.saveError)} Your text is kept on
          this device; fix the field and it will save again.
        </Alert>
      ) : null}
    </>
  );
}
