import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { PostContent } from '../../../../contracts/blog.ts';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { postAsText } from './content.ts';
import type { PostSession } from './post-session.ts';

/**
 * The post was saved elsewhere (another tab or device) since this copy was opened: the person either reloads
 * the latest text, losing this copy, or copies this copy first. Nothing is dropped without them choosing it.
 */
export function ConflictDialog({
  session,
  content,
  open,
}: {
  session: PostSession;
  /** This copy's latest text (typing goes on while the dialog is open). */
  content: PostContent;
  open: boolean;
}) {
  const titleId = useId();
  const textId = useId();
  const [copied, setCopied] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const text = postAsText(content);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Your text is on the clipboard. Paste it somewhere safe, then reload.');
    } catch {
      // No clipboard (permission, old browser): the text is selected for the person to copy by hand.
      const field = document.getElementById(textId);
      if (field instanceof HTMLTextAreaElement) field.select();
      setCopied('Copying was refused. Your text is selected below: copy it with Ctrl+C (⌘C on a Mac).');
    }
  };

  const reload = async () => {
    setReloading(true);
    setProblem(null);
    try {
      await session.reload();
      setCopied(null);
    } catch (error) {
      setProblem(`The latest text could not be loaded. ${errorSentence(error)}`);
    } finally {
      setReloading(false);
    }
  };

  return (
    // Closing without a choice would leave the autosave stopped, so the dialog stays until one is made.
    <SheetDialog open={open} aria-labelledby={titleId} aria-describedby={`${titleId}-text`}>
      <DialogTitle id={titleId}>This post was changed elsewhere</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${titleId}-text`}>
          Someone saved this post in another tab or on another device since you opened it, so your latest
          changes were not saved. Reload to continue from the latest text; copy yours first to keep it.
        </DialogContentText>
        <TextField
          id={textId}
          label="Your text"
          value={text}
          multiline
          minRows={3}
          maxRows={8}
          fullWidth
          slotProps={{ input: { readOnly: true } }}
          sx={{ mt: 2 }}
        />
        {copied ? (
          <Alert severity="info" sx={{ mt: 2 }} role="status">
            {copied}
          </Alert>
        ) : null}
        {problem ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => void copy()}>Copy my text</Button>
        <Button color="error" variant="contained" onClick={() => void reload()} disabled={reloading}>
          Reload (lose this copy)
        </Button>
      </DialogActions>
    </SheetDialog>
  );
}
