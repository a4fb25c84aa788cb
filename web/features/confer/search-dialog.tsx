import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Conversation } from '../../../contracts/confer.ts';
import { SnippetText } from '../../components/card-tile.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import { searchQuery, type SearchFilters } from './api.ts';
import { useConferClient } from './confer-client.tsx';
import { clockTime, conferLink, dayLabel, nameOf } from './format.ts';

/**
 * Search the messages the reader may read (threads included), newest first, optionally in one conversation or
 * by one author. Each result shows where and who, and the words around the match with the matches marked;
 * choosing it opens the conversation at that message.
 */
export function SearchDialog({
  open,
  onClose,
  conversations,
  initialConversationId = '',
}: {
  open: boolean;
  onClose: () => void;
  conversations: readonly Conversation[];
  initialConversationId?: string;
}) {
  const { owner } = useConferClient();
  const navigate = useNavigate();
  const titleId = useId();
  const [q, setQ] = useState('');
  const [conversationId, setConversationId] = useState(initialConversationId);
  const [author, setAuthor] = useState('');
  const [filters, setFilters] = useState<SearchFilters | null>(null);
  const results = useInfiniteQuery({
    ...searchQuery(owner, filters ?? { q: '' }),
    enabled: filters !== null && filters.q.trim() !== '',
  });
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (q.trim() === '') return;
    setFilters({
      q: q.trim(),
      conversationId: conversationId || undefined,
      author: author.trim() || undefined,
    });
  };

  return (
    <SheetDialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Search messages</DialogTitle>
      <DialogContent dividers>
        <Box component="form" role="search" aria-label="Search messages" onSubmit={submit} noValidate>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <TextField
              label="Words"
              value={q}
              onChange={(event) => setQ(event.target.value)}
              size="small"
              autoFocus
              sx={{ flex: 2, minWidth: 200 }}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField
              select
              label="In"
              value={conversationId}
              onChange={(event) => setConversationId(event.target.value)}
              size="small"
              sx={{ flex: 1, minWidth: 160 }}
            >
              <MenuItem value="">All conversations</MenuItem>
              {conversations.map((conversation) => (
                <MenuItem key={conversation.id} value={conversation.id}>
                  {conversation.title}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="From (handle)"
              value={author}
              onChange={(event) => setAuthor(event.target.value)}
              size="small"
              placeholder="@ada"
              sx={{ flex: 1, minWidth: 140 }}
              slotProps={{ htmlInput: { maxLength: 60 } }}
            />
            <Button type="submit" variant="contained" disabled={q.trim() === ''}>
              Search
            </Button>
          </Stack>
        </Box>
        <Box aria-live="polite" sx={{ mt: 2 }}>
          {results.isFetching && items.length === 0 ? (
            <CircularProgress size={24} aria-label="Searching" />
          ) : null}
          {results.isError ? <Alert severity="error">{errorSentence(results.error)}</Alert> : null}
          {results.isSuccess && items.length === 0 ? (
            <Typography color="text.secondary">No message matches “{filters?.q}”.</Typography>
          ) : null}
          {items.length > 0 ? (
            <Typography variant="body2" color="text.secondary">
              {items.length === 1 ? '1 message' : `${items.length}${results.hasNextPage ? '+' : ''} messages`}
            </Typography>
          ) : null}
        </Box>
        <Box component="ul" aria-label="Results" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item) => (
            <li key={item.message.id}>
              <Box
                component="button"
                type="button"
                onClick={() => {
                  onClose();
                  void navigate(conferLink(item.conversation.id, item.message.id, item.message.threadRootId));
                }}
                sx={{
                  all: 'unset',
                  boxSizing: 'border-box',
                  display: 'block',
                  width: '100%',
                  cursor: 'pointer',
                  p: 1.5,
                  borderBottom: 1,
                  borderColor: 'divider',
                  '&:hover': { bgcolor: 'action.hover' },
                  '&:focus-visible': {
                    outline: '2px solid',
                    outlineColor: 'primary.main',
                    outlineOffset: '-2px',
                  },
                }}
              >
                <Typography
                  variant="body2"
                  component="span"
                  sx={{ display: 'block', color: 'text.secondary' }}
                >
                  <strong>{item.conversation.title}</strong> ·{' '}
                  {item.message.fromAssistant ? 'Card assistant' : nameOf(item.message.author)} ·{' '}
                  {dayLabel(item.message.createdAt)} {clockTime(item.message.createdAt)}
                  {item.message.threadRootId ? ' · in a thread' : ''}
                </Typography>
                <Typography component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                  <SnippetText snippet={item.snippet} />
                </Typography>
              </Box>
            </li>
          ))}
        </Box>
        {results.hasNextPage ? (
          <Button
            onClick={() => void results.fetchNextPage()}
            disabled={results.isFetchingNextPage}
            sx={{ mt: 1 }}
          >
            {results.isFetchingNextPage ? 'Loading…' : 'More results'}
          </Button>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </SheetDialog>
  );
}
