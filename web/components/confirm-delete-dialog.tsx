import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { errorSentence } from '../lib/error-sentence.ts';
import { SheetDialog } from './sheet-dialog.tsx';

/**
 * Asks before something is deleted: a title naming it, a sentence on what goes with it, Cancel (focused) and
 * Delete. A refused deletion says why and leaves the dialog open; a done one closes it.
 */
export function ConfirmDeleteDialog<T>({
  item,
  title,
  text,
  onClose,
  onDelete,
}: {
  /** What to delete; null keeps the dialog closed. */
  item: T | null;
  title: (item: T) => ReactNode;
  text: (item: T) => ReactNode;
  onClose: () => void;
  /** Deletes it; the dialog closes when this resolves. */
  onDelete: (item: T) => Promise<unknown>;
}) {
  const titleId = useId();
  const textId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const confirm = async () => {
    if (item === null) return;
    setBusy(true);
    setFailure(null);
    try {
      await onDelete(item);
      close();
    } catch (error) {
      setFailure(`It was not deleted. ${errorSentence(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SheetDialog
      open={item !== null}
      onClose={close}
      maxWidth="xs"
      fullWidth
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {item !== null ? title(item) : null}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{item !== null ? text(item) : null}</DialogContentText>
        {failure ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => void confirm()}>
          Delete
        </Button>
      </DialogActions>
    </SheetDialog>
  );
}
