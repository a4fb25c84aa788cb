import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { conferLimits } from '../../../contracts/confer.ts';
import type { ProfileSummary } from '../../../contracts/profiles.ts';
import { ApiError } from '../../lib/api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { openDirect, storeConversation } from './api.ts';
import { useConferClient } from './confer-client.tsx';
import { conferLink } from './format.ts';
import { PeoplePicker } from './people-picker.tsx';

/** "New message": one person makes a direct message, several a group message (the same people, the same one). */
export function NewMessageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { owner } = useConferClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const titleId = useId();
  const [people, setPeople] = useState<ProfileSummary[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (keys: string[]) => openDirect(keys),
    onSuccess: (conversation) => {
      storeConversation(queryClient, owner, conversation);
      setPeople([]);
      onClose();
      void navigate(conferLink(conversation.id));
    },
  });
  const fieldError = start.error instanceof ApiError ? start.error.fieldMessage('keys') : undefined;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (people.length === 0) {
      setProblem('Choose someone to write to.');
      return;
    }
    if (people.length > conferLimits.groupOthers) {
      setProblem(`A group message has at most ${conferLimits.groupOthers} other people.`);
      return;
    }
    setProblem(null);
    start.mutate(people.map((person) => person.key));
  };

  return (
    <SheetDialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>New message</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Choose one person for a direct message, or up to {conferLimits.groupOthers} for a group message.
          </DialogContentText>
          <PeoplePicker
            label="To"
            value={people}
            onChange={(next) => {
              setPeople(next);
              setProblem(null);
            }}
            error={Boolean(problem ?? fieldError)}
            helperText={problem ?? fieldError ?? 'Type a name or handle'}
            autoFocus
          />
          {start.isError && !fieldError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorSentence(start.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={start.isPending}>
            {people.length > 1 ? 'Start group message' : 'Start conversation'}
          </Button>
        </DialogActions>
      </form>
    </SheetDialog>
  );
}
