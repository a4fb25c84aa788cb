import { useState, type KeyboardEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { conferLimits, type Message } from '../../../contracts/confer.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { editMessage } from './api.ts';
import { useConferClient } from './confer-client.tsx';

/** The author's text in place, Enter to save (Shift+Enter for a new line), Escape to cancel. */
export function EditMessage({ message, onDone }: { message: Message; onDone: () => void }) {
  const { store } = useConferClient();
  const [text, setText] = useState(message.body);
  const edit = useMutation({
    mutationFn: (body: string) => editMessage(message.id, body),
    onSuccess: (answer) => {
      store.applyOwn(answer);
      onDone();
    },
  });
  const tooLong = text.length > conferLimits.messageChars;
  const submit = () => {
    if (text.trim() === '' || tooLong || edit.isPending) return;
    if (text === message.body) {
      onDone();
      return;
    }
    edit.mutate(text);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <Box sx={{ mt: 0.5 }}>
      <TextField
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        multiline
        fullWidth
        size="small"
        autoFocus
        label="Edit message"
        error={tooLong || edit.isError}
        helperText={
          tooLong
            ? `${text.length.toLocaleString('en')} / ${conferLimits.messageChars.toLocaleString('en')} characters: too long`
            : 'Enter to save, Shift+Enter for a new line, Escape to cancel'
        }
      />
      {edit.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorSentence(edit.error)}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" variant="contained" onClick={submit} disabled={edit.isPending || tooLong}>
          Save
        </Button>
        <Button size="small" onClick={onDone}>
          Cancel
        </Button>
      </Stack>
    </Box>
  );
}
