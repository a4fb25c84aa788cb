import { useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { flashState } from '../../../lib/flash.ts';
import { deleteProject } from '../../../lib/research-api.ts';
import { useRefreshResearch } from '../home/use-refresh-research.ts';

/** Deletes the project after a confirmation; its papers, notes and queue stay as they are. */
export function DeleteProjectButton({ projectId, title }: { projectId: string; title: string }) {
  const navigate = useNavigate();
  const refresh = useRefreshResearch();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await deleteProject(projectId);
      // Away first, so the refresh does not fetch the deleted project again (it is no longer on screen).
      await navigate('/research', { state: flashState(`Project “${title}” deleted.`) });
      void refresh();
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };
  return (
    <>
      <Button color="error" onClick={() => setOpen(true)}>
        Delete project
      </Button>
      <SheetDialog open={open} onClose={() => setOpen(false)} aria-labelledby="delete-project-title">
        <DialogTitle id="delete-project-title">Delete “{title}”?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The project, its annotations and its map go. The papers, your notes on them and your reading queue
            stay.
          </DialogContentText>
          {failure ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorSentence(failure)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void confirm()}>
            Delete
          </Button>
        </DialogActions>
      </SheetDialog>
    </>
  );
}
