import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  channelNameSchema,
  conferLimits,
  type Conversation,
  type ConversationPatch,
} from '../../../contracts/confer.ts';
import { ApiError } from '../../lib/api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { storeConversation, updateConversation } from './api.ts';
import { useConferClient } from './confer-client.tsx';

/** For a channel's owner (or an administrator): rename it, change its topic, archive or restore it. */
export function ChannelSettingsDialog({
  conversation,
  open,
  onClose,
}: {
  conversation: Conversation;
  open: boolean;
  onClose: () => void;
}) {
  const { owner } = useConferClient();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [name, setName] = useState(conversation.name ?? '');
  const [topic, setTopic] = useState(conversation.topic);
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const update = useMutation({
    mutationFn: (patch: ConversationPatch) => updateConversation(conversation.id, patch),
    onSuccess: (answer) => {
      storeConversation(queryClient, owner, answer);
      onClose();
    },
  });
  const failure = update.error instanceof ApiError ? update.error : null;
  const nameError =
    nameProblem ??
    failure?.fieldMessage('name') ??
    (failure?.code === 'confer/name-taken' ? failure.message : undefined);
  const topicError = failure?.fieldMessage('topic');

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const patch: ConversationPatch = {};
    if (name !== (conversation.name ?? '')) {
      const checked = channelNameSchema.safeParse(name);
      if (!checked.success) {
        setNameProblem(checked.error.issues[0]?.message ?? 'Not a channel name');
        return;
      }
      patch.name = checked.data;
    }
    setNameProblem(null);
    if (topic !== conversation.topic) patch.topic = topic;
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    update.mutate(patch);
  };

  return (
    <SheetDialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={save} noValidate>
        <DialogTitle id={titleId}>Settings of {conversation.title}</DialogTitle>
        <DialogContent>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setNameProblem(null);
            }}
            fullWidth
            margin="dense"
            required
            error={Boolean(nameError)}
            helperText={nameError ?? 'Lower-case letters, digits, - and _'}
            slotProps={{ htmlInput: { maxLength: conferLimits.channelName.max } }}
          />
          <TextField
            label="Topic"
            value={topic}
            onChange={(event) => setTopic(event.target.value)}
            fullWidth
            margin="dense"
            multiline
            error={Boolean(topicError)}
            helperText={topicError ?? `${topic.length} / ${conferLimits.topicChars}`}
            slotProps={{ htmlInput: { maxLength: conferLimits.topicChars } }}
          />
          <Divider sx={{ my: 2 }} />
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {conversation.archived ? 'Archived' : 'Archive'}
          </Typography>
          <DialogContentText sx={{ mb: 1 }}>
            {conversation.archived
              ? 'Nobody can write here. Restore the channel to open it again.'
              : 'An archived channel keeps its history for everyone to read, but nobody can write in it.'}
          </DialogContentText>
          <Button
            variant="outlined"
            color={conversation.archived ? 'primary' : 'error'}
            disabled={update.isPending}
            onClick={() => update.mutate({ archived: !conversation.archived })}
          >
            {conversation.archived ? 'Restore channel' : 'Archive channel'}
          </Button>
          {update.isError && !nameError && !topicError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorSentence(update.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </SheetDialog>
  );
}
