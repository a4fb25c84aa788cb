import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { PdfDocument } from '../../../../contracts/pdfs.ts';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { countOf } from './format.ts';

/** What deleting `document` takes with it and what it leaves, in words. */
export function deletionSentence(document: Pick<PdfDocument, 'highlightCount' | 'cardCount'>): string {
  const highlights =
    document.highlightCount > 0
      ? `its ${countOf(document.highlightCount, 'highlight', 'highlights')} and notes`
      : 'its highlights and notes';
  const cards =
    document.cardCount > 0
      ? ` The ${countOf(document.cardCount, 'card', 'cards')} made from it ${document.cardCount === 1 ? 'keeps its' : 'keep their'} text and citation.`
      : ' Cards made from it keep their text and citation.';
  return `The file, its text and ${highlights} are deleted.${cards}`;
}

/**
 * Asks before a PDF is deleted, saying what goes (the file, its text, its highlights) and what stays (the
 * cards made from it keep their text and citation).
 */
export function DeletePdfDialog({
  document,
  onClose,
  onDelete,
}: {
  /** The PDF to delete; null keeps the dialog closed. */
  document: PdfDocument | null;
  onClose: () => void;
  /** Deletes it; the dialog closes when this resolves. */
  onDelete: (document: PdfDocument) => Promise<unknown>;
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
    if (!document) return;
    setBusy(true);
    setFailure(null);
    try {
      await onDelete(document);
      close();
    } catch (error) {
      setFailure(`It was not deleted. ${errorSentence(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SheetDialog
      open={document !== null}
      onClose={close}
      maxWidth="xs"
      fullWidth
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        Delete “{document?.title}”?
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{document ? deletionSentence(document) : null}</DialogContentText>
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
