import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { MakeCardMode } from '../../../../contracts/pdfs.ts';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { errorSentence } from '../../../lib/error-sentence.ts';

interface MakeCardDialogProps {
  open: boolean;
  /** Whether a card is waiting for the answer (else the person is only changing the choice). */
  forCard: boolean;
  current: MakeCardMode | null;
  busy: boolean;
  error: unknown;
  onAnswer: (as: MakeCardMode) => void;
  onClose: () => void;
}

/** The one question Make card asks: are cards made from highlights drafts, or published at once? */
export function MakeCardDialog({
  open,
  forCard,
  current,
  busy,
  error,
  onAnswer,
  onClose,
}: MakeCardDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <SheetDialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>Make cards as drafts, or publish them?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          A card made from a highlight holds the quote, your note, the paper’s citation and a link back to
          this page. A draft is yours alone until you publish it from the builder; a published card is on CARD
          WEB at once.{' '}
          {forCard ? 'Your answer is remembered: later cards are made the same way without asking.' : null}
        </DialogContentText>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorSentence(error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant={current === 'draft' ? 'contained' : 'outlined'}
          onClick={() => onAnswer('draft')}
          disabled={busy}
        >
          Keep as drafts
        </Button>
        <Button
          variant={current === 'published' ? 'contained' : 'outlined'}
          onClick={() => onAnswer('published')}
          disabled={busy}
        >
          Publish
        </Button>
      </DialogActions>
    </SheetDialog>
  );
}
