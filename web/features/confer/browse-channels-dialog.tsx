import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Conversation } from '../../../contracts/confer.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { directoryQuery, joinChannel, storeConversation } from './api.ts';
import { useConferClient } from './confer-client.tsx';
import { conferLink } from './format.ts';

/** "Browse channels": public channels by the start of their name, the busiest first; open one to read, or join. */
export function BrowseChannelsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { owner } = useConferClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const titleId = useId();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(input.trim().replace(/^#/, '')), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const directory = useQuery({ ...directoryQuery(owner, q), enabled: open });
  const join = useMutation({
    mutationFn: (channel: Conversation) => joinChannel(channel.id),
    onSuccess: (conversation) => {
      storeConversation(queryClient, owner, conversation);
      onClose();
      void navigate(conferLink(conversation.id));
    },
  });
  const openChannel = (channel: Conversation) => {
    onClose();
    void navigate(conferLink(channel.id));
  };

  return (
    <SheetDialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Browse channels</DialogTitle>
      <DialogContent dividers>
        <TextField
          label="Find a channel"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          fullWidth
          autoFocus
          size="small"
          helperText="The start of its name"
        />
        {directory.isPending ? (
          <CircularProgress size={24} aria-label="Loading channels" sx={{ mt: 2 }} />
        ) : null}
        {directory.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorSentence(directory.error)}
          </Alert>
        ) : null}
        {join.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorSentence(join.error)}
          </Alert>
        ) : null}
        {directory.data && directory.data.items.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {q
              ? `No public channel starts with “${q}”.`
              : 'There are no public channels yet. Make the first!'}
          </Typography>
        ) : null}
        <Box component="ul" aria-label="Public channels" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {directory.data?.items.map((channel) => (
            <Box
              component="li"
              key={channel.id}
              sx={{
                py: 1.5,
                borderBottom: 1,
                borderColor: 'divider',
                display: 'flex',
                gap: 1,
                alignItems: 'center',
              }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>{channel.title}</Typography>
                {channel.topic ? (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {channel.topic}
                  </Typography>
                ) : null}
                <Typography variant="caption" color="text.secondary">
                  {channel.memberCount === 1 ? '1 member' : `${channel.memberCount} members`}
                  {channel.archived ? ' · archived' : ''}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1}>
                <Button
                  size="small"
                  onClick={() => openChannel(channel)}
                  aria-label={`Open ${channel.title}`}
                >
                  Open
                </Button>
                {channel.joined ? (
                  <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
                    Joined
                  </Typography>
                ) : channel.archived ? null : (
                  <Button
                    size="small"
                    variant="contained"
                    disabled={join.isPending}
                    onClick={() => join.mutate(channel)}
                    aria-label={`Join ${channel.title}`}
                  >
                    Join
                  </Button>
                )}
              </Stack>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </SheetDialog>
  );
}
