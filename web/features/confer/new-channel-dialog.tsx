import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { channelNameSchema, conferLimits } from '../../../contracts/confer.ts';
import { ApiError } from '../../lib/api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { createChannel, storeConversation } from './api.ts';
import { useConferClient } from './confer-client.tsx';
import { conferLink } from './format.ts';

/** "New channel": a name, a topic and whether only invited members see it; the server's errors by the fields. */
export function NewChannelDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { owner } = useConferClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const titleId = useId();
  const [name, setName] = useState('');
  const [topic, setTopic] = useState('');
  const [privateChannel, setPrivateChannel] = useState(false);
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createChannel,
    onSuccess: (conversation) => {
      storeConversation(queryClient, owner, conversation);
      setName('');
      setTopic('');
      setPrivateChannel(false);
      onClose();
      void navigate(conferLink(conversation.id));
    },
  });
  const failure = create.error instanceof ApiError ? create.error : null;
  const nameError =
    nameProblem ??
    failure?.fieldMessage('name') ??
    (failure?.code === 'confer/name-taken' ? failure.message : undefined);
  const topicError = failure?.fieldMessage('topic');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = channelNameSchema.safeParse(name);
    if (!checked.success) {
      setNameProblem(checked.error.issues[0]?.message ?? 'Not a channel name');
      return;
    }
    setNameProblem(null);
    create.mutate({ name: checked.data, topic, private: privateChannel });
  };

  return (
    <SheetDialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>New channel</DialogTitle>
        <DialogContent>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setNameProblem(null);
            }}
            fullWidth
            required
            autoFocus
            margin="dense"
            error={Boolean(nameError)}
            helperText={nameError ?? 'Lower-case letters, digits, - and _, such as study-group'}
            slotProps={{ htmlInput: { maxLength: conferLimits.channelName.max } }}
          />
          <TextField
            label="Topic (optional)"
            value={topic}
            onChange={(event) => setTopic(event.target.value)}
            fullWidth
            margin="dense"
            error={Boolean(topicError)}
            helperText={topicError ?? 'What the channel is for'}
            slotProps={{ htmlInput: { maxLength: conferLimits.topicChars } }}
          />
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Switch
                checked={privateChannel}
                onChange={(event) => setPrivateChannel(event.target.checked)}
              />
            }
            label="Private: only the people invited can see and read it"
          />
          {create.isError && !nameError && !topicError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorSentence(create.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Create channel
          </Button>
        </DialogActions>
      </form>
    </SheetDialog>
  );
}
