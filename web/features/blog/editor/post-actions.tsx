import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { SheetDialog } from '../../../components/sheet-dialog.tsx';
import { errorSentence } from '../../../lib/error-sentence.ts';
import { blogWriteRoot, deletePost, loadEditablePost, unpublishPost } from './api.ts';
import type { PostSession } from './post-session.ts';

/** Unpublish (or cancel a schedule), and delete after confirming; each says why when it fails. */
export function usePostActions(session: PostSession) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const postId = session.getSnapshot().meta.id;

  const unpublish = async (what: 'unpublish' | 'cancel') => {
    setBusy(true);
    setProblem(null);
    try {
      await unpublishPost(postId);
      void queryClient.invalidateQueries({ queryKey: blogWriteRoot });
      session.updated(await loadEditablePost(postId));
    } catch (error) {
      setProblem(
        `${what === 'cancel' ? 'The schedule was not cancelled.' : 'The post was not unpublished.'} ${errorSentence(error)}`,
      );
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await deletePost(postId);
    } catch (error) {
      setProblem(`The post was not deleted. ${errorSentence(error)}`);
      setBusy(false);
      return;
    }
    session.forget();
    void queryClient.invalidateQueries({ queryKey: blogWriteRoot });
    await navigate('/blog/write', { replace: true });
  };

  return { unpublish, remove, problem, busy, clearProblem: () => setProblem(null) };
}

/** Asks before deleting a post for good. */
export function DeleteDialog({
  open,
  title,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <SheetDialog open={open} onClose={onCancel} aria-labelledby="delete-post-title">
      <DialogTitle id="delete-post-title">Delete “{title || 'Untitled post'}”?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The post, its revisions, likes and comments are deleted for good, and its address stops working.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Keep the post
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          Delete
        </Button>
      </DialogActions>
    </SheetDialog>
  );
}

/** A failure of one of the post's actions. */
export function ActionProblem({ problem, onClose }: { problem: string | null; onClose: () => void }) {
  if (!problem) return null;
  return (
    <Alert severity="error" onClose={onClose}>
      {problem}
    </Alert>
  );
}
