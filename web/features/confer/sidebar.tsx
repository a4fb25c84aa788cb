import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import LockIcon from '@mui/icons-material/LockOutlined';
import SmartToyIcon from '@mui/icons-material/SmartToyOutlined';
import TagIcon from '@mui/icons-material/Tag';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Conversation, ConversationList } from '../../../contracts/confer.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { openAssistant, storeConversation } from './api.ts';
import { useConferClient, usePresenceWatch } from './confer-client.tsx';
import { conferLink, countsLabel, kindLabel } from './format.ts';
import { PresenceDot } from './presence-dot.tsx';

export type SidebarDialog = 'browse' | 'new-channel' | 'new-message' | 'search';

/** Most recently active first, as the list is kept. */
function byKind(items: readonly Conversation[], kinds: Conversation['kind'][]) {
  return items.filter((item) => kinds.includes(item.kind));
}

/** The conversation list: channels, direct and group messages and the card assistant, with their counts. */
export function Sidebar({
  list,
  listError,
  currentId,
  onOpenDialog,
}: {
  list: ConversationList | undefined;
  listError: unknown;
  currentId: string | null;
  onOpenDialog: (dialog: SidebarDialog) => void;
}) {
  const channels = byKind(list?.items ?? [], ['channel', 'private']);
  const direct = byKind(list?.items ?? [], ['direct', 'group']);
  const assistant = list?.items.find((item) => item.kind === 'assistant');
  usePresenceWatch(direct.flatMap((item) => item.others.map((other) => other.key)));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, px: 1.5, pb: 1.5 }}>
        {(
          [
            ['new-message', 'New message'],
            ['new-channel', 'New channel'],
            ['browse', 'Browse channels'],
            ['search', 'Search'],
          ] as const
        ).map(([dialog, label]) => (
          <Button
            key={dialog}
            size="small"
            variant={dialog === 'new-message' ? 'contained' : 'outlined'}
            onClick={() => onOpenDialog(dialog)}
            aria-label={dialog === 'search' ? 'Search messages' : undefined}
            sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}
          >
            {label}
          </Button>
        ))}
      </Box>
      <Box
        component="nav"
        aria-label="Conversations"
        sx={{ overflowY: 'auto', flex: 1, minHeight: 0, pb: 2 }}
      >
        {listError ? (
          <Alert severity="error" sx={{ mx: 1.5 }}>
            Your conversations could not be loaded. {errorSentence(listError)}
          </Alert>
        ) : null}
        {!list && !listError ? (
          <CircularProgress size={24} aria-label="Loading your conversations" sx={{ m: 2 }} />
        ) : null}
        {list ? (
          <>
            <Section title="Channels" empty="You are in no channel yet. Browse the channels or make one.">
              {channels.map((item) => (
                <ConversationLink key={item.id} conversation={item} current={item.id === currentId} />
              ))}
            </Section>
            <Section
              title="Direct messages"
              empty="No direct messages yet. Press New message to write to someone."
            >
              {direct.map((item) => (
                <ConversationLink key={item.id} conversation={item} current={item.id === currentId} />
              ))}
            </Section>
            {list.assistantAvailable ? (
              <Section title="Assistant">
                {assistant ? (
                  <ConversationLink conversation={assistant} current={assistant.id === currentId} />
                ) : (
                  <OpenAssistant />
                )}
              </Section>
            ) : null}
          </>
        ) : null}
      </Box>
    </Box>
  );
}

function Section({ title, empty, children }: { title: string; empty?: string; children: React.ReactNode }) {
  const items = Array.isArray(children) ? children : [children];
  return (
    <Box component="section" aria-label={title} sx={{ mt: 1 }}>
      <Typography
        component="h2"
        variant="overline"
        sx={{ px: 2, display: 'block', color: 'text.secondary', fontWeight: 700, lineHeight: 2.5 }}
      >
        {title}
      </Typography>
      {items.length === 0 && empty ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 0.5 }}>
          {empty}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {children}
        </Box>
      )}
    </Box>
  );
}

function KindIcon({ conversation }: { conversation: Conversation }) {
  const sx = { fontSize: 18, color: 'text.secondary', flexShrink: 0 };
  if (conversation.kind === 'channel') return <TagIcon sx={sx} aria-hidden />;
  if (conversation.kind === 'private') return <LockIcon sx={sx} aria-hidden />;
  if (conversation.kind === 'assistant') return <SmartToyIcon sx={sx} aria-hidden />;
  const other = conversation.others[0];
  if (conversation.kind === 'direct' && other)
    return (
      <Box
        component="span"
        sx={{ width: 18, display: 'inline-flex', justifyContent: 'center', flexShrink: 0 }}
      >
        <PresenceDot profileKey={other.key} name={conversation.title} />
      </Box>
    );
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        width: 18,
        textAlign: 'center',
        fontSize: 12,
        fontWeight: 700,
        color: 'text.secondary',
        flexShrink: 0,
      }}
    >
      {conversation.memberCount}
    </Box>
  );
}

/** One conversation: its name, bold while it has unread messages, with the unread and mention counts. */
function ConversationLink({ conversation, current }: { conversation: Conversation; current: boolean }) {
  const unread = conversation.unread > 0 || conversation.mentions > 0;
  const label = [
    conversation.title,
    kindLabel(conversation.kind),
    countsLabel(conversation),
    conversation.archived ? 'archived' : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <li>
      <Box
        component={RouterLink}
        to={conferLink(conversation.id)}
        aria-current={current ? 'page' : undefined}
        aria-label={label}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          mx: 1,
          px: 1,
          py: 0.75,
          borderRadius: 1,
          color: 'text.primary',
          textDecoration: 'none',
          fontWeight: unread ? 700 : 400,
          bgcolor: current ? 'action.selected' : 'transparent',
          '&:hover': { bgcolor: current ? 'action.selected' : 'action.hover' },
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' },
        }}
      >
        <KindIcon conversation={conversation} />
        <Box
          component="span"
          sx={{
            flex: 1,
            minWidth: 0,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            fontStyle: conversation.archived ? 'italic' : 'normal',
          }}
        >
          {conversation.title}
        </Box>
        {conversation.mentions > 0 ? (
          <CountBubble tone="mention">
            @{conversation.mentions >= 100 ? '99+' : conversation.mentions}
          </CountBubble>
        ) : null}
        {conversation.unread > 0 ? (
          <CountBubble tone="unread">{conversation.unread >= 100 ? '99+' : conversation.unread}</CountBubble>
        ) : null}
      </Box>
    </li>
  );
}

function CountBubble({ tone, children }: { tone: 'mention' | 'unread'; children: React.ReactNode }) {
  return (
    <Box
      component="span"
      aria-hidden
      data-count={tone}
      sx={{
        minWidth: 22,
        px: 0.75,
        borderRadius: 11,
        fontSize: 12,
        fontWeight: 700,
        lineHeight: '20px',
        textAlign: 'center',
        flexShrink: 0,
        // White on these reads at 6.6:1 (red) and 8.6:1 (blue) in both themes.
        bgcolor: tone === 'mention' ? '#c62828' : '#1565c0',
        color: '#ffffff',
      }}
    >
      {children}
    </Box>
  );
}

/** The assistant's conversation is made the first time it is opened. */
function OpenAssistant() {
  const { owner } = useConferClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const open = useMutation({
    mutationFn: openAssistant,
    onSuccess: (conversation) => {
      storeConversation(queryClient, owner, conversation);
      void navigate(conferLink(conversation.id));
    },
    onError: (failure) => setError(errorSentence(failure)),
  });
  return (
    <li>
      <Button
        startIcon={<SmartToyIcon />}
        onClick={() => open.mutate()}
        disabled={open.isPending}
        sx={{ mx: 1, textTransform: 'none', justifyContent: 'flex-start' }}
      >
        Card assistant
      </Button>
      {error ? (
        <Alert severity="error" sx={{ mx: 1.5, mt: 1 }}>
          {error}
        </Alert>
      ) : null}
    </li>
  );
}
