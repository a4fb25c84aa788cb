import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Snackbar from '@mui/material/Snackbar';
import { undoDeleteSeconds } from '../../../contracts/cards.ts';

/** What the builder is waiting for, if anything: every action is off while one runs. */
export type BuilderBusy = 'publish' | 'unpublish' | 'delete' | 'conflict' | null;

/** The last action that went well, said in the status region under the buttons. */
export interface BuilderNotice {
  kind: 'published' | 'unpublished' | 'restored';
  version?: number;
}

interface BuilderActionsProps {
  cardId: string;
  published: boolean;
  busy: BuilderBusy;
  /** Deleted, with the few seconds to undo it still running. */
  deleted: boolean;
  notice: BuilderNotice | null;
  problem: string | null;
  onPublish: () => void;
  onUnpublish: () => void;
  onDelete: () => void;
  onUndo: () => void;
  /** The time to undo a deletion ran out (or the snackbar was closed). */
  onDeleteFinal: () => void;
}

/** The builder's footer: Publish, Unpublish and Delete, what came of them, and Undo after a deletion. */
export function BuilderActions({
  cardId,
  published,
  busy,
  deleted,
  notice,
  problem,
  onPublish,
  onUnpublish,
  onDelete,
  onUndo,
  onDeleteFinal,
}: BuilderActionsProps) {
  return (
    <>
      <Box sx={{ mt: 4, pt: 2, borderTop: 1, borderColor: 'divider' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button variant="contained" disabled={busy !== null || deleted} onClick={onPublish}>
            {busy === 'publish' ? 'Publishing…' : published ? 'Publish changes' : 'Publish'}
          </Button>
          {published ? (
            <Button variant="outlined" disabled={busy !== null || deleted} onClick={onUnpublish}>
              Unpublish
            </Button>
          ) : null}
          <Button color="error" disabled={busy !== null || deleted} onClick={onDelete}>
            Delete
          </Button>
        </Box>
        <Box role="status" sx={{ mt: notice ? 2 : 0 }}>
          {notice?.kind === 'published' ? (
            <Alert severity="success" role="none">
              Published as version {notice.version}.{' '}
              <Link component={RouterLink} to={`/cards/${cardId}`} color="inherit" underline="always">
                Open the card
              </Link>
            </Alert>
          ) : null}
          {notice?.kind === 'unpublished' ? (
            <Alert severity="success" role="none">
              Unpublished: only you can open the card now. Publish it again whenever you like.
            </Alert>
          ) : null}
          {notice?.kind === 'restored' ? (
            <Alert severity="success" role="none">
              The card is back.
            </Alert>
          ) : null}
        </Box>
        {problem ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        ) : null}
      </Box>

      <Snackbar
        open={deleted}
        autoHideDuration={undoDeleteSeconds * 1000}
        onClose={(_event, reason) => {
          if (reason === 'clickaway') return;
          onDeleteFinal();
        }}
        message="Card deleted"
        action={
          <Button color="inherit" size="small" onClick={onUndo}>
            Undo
          </Button>
        }
      />
    </>
  );
}
