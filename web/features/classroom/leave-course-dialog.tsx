import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import { progressText } from './format.ts';

/**
 * Asks before the person leaves a course, saying what stays: the lessons they did, which count again if they
 * enrol later, and a certificate.
 */
export function LeaveCourseDialog({
  open,
  title,
  done,
  total,
  certificate,
  onClose,
  onLeave,
}: {
  open: boolean;
  /** The course's title. */
  title: string;
  done: number;
  total: number;
  /** Whether the person holds the course's certificate. */
  certificate: boolean;
  onClose: () => void;
  /** Leaves; the dialog closes when this resolves. */
  onLeave: () => Promise<unknown>;
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
    setBusy(true);
    setFailure(null);
    try {
      await onLeave();
      close();
    } catch (error) {
      setFailure(`You are still enrolled. ${errorSentence(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SheetDialog
      open={open}
      onClose={close}
      maxWidth="xs"
      fullWidth
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        Leave “{title}”?
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          The course leaves your list. Your progress is kept: enrol again later and you pick up where you left
          off{done > 0 ? `, with ${progressText(done, total)} done` : ''}.
          {certificate ? ' Your certificate stays yours.' : ''}
        </DialogContentText>
        {failure ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} autoFocus>
          Stay enrolled
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void confirm()}>
          Leave course
        </Button>
      </DialogActions>
    </SheetDialog>
  );
}
