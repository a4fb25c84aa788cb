import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { generalChannelName } from '../../../contracts/confer.ts';
import { TextLink } from '../../components/text-link.tsx';
import { visuallyHiddenStyles } from '../../components/visually-hidden.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { loginPathFor } from '../../lib/navigation.ts';
import { useRealtimeStatus } from '../../lib/realtime.ts';
import { useSession } from '../../lib/session.ts';
import { conversationListQuery } from './api.ts';
import { BrowseChannelsDialog } from './browse-channels-dialog.tsx';
import { ConferClientProvider, useConferClient } from './confer-client.tsx';
import { ConversationPane } from './conversation-pane.tsx';
import { conferLink } from './format.ts';
import { NewChannelDialog } from './new-channel-dialog.tsx';
import { NewMessageDialog } from './new-message-dialog.tsx';
import { SearchDialog } from './search-dialog.tsx';
import { Sidebar, type SidebarDialog } from './sidebar.tsx';
import { ThreadPanel } from './thread-panel.tsx';
import { PageHeader } from '../../components/page-header.tsx';

/** `/confer`: chat. `?c=` opens a conversation, `&m=` a message in it, `&t=` the thread it is in. */
export function ConferPage() {
  useDocumentTitle('Confer');
  const { user } = useSession();
  if (!user?.uid) {
    return (
      <Box component="section" aria-labelledby="section-title" sx={{ maxWidth: 760 }}>
        <PageHeader title="Confer" guideAnchor="confer" />
        <Typography>
          Confer is the chat of CARD WEB. Talk in channels or in direct messages, in real time: see who is
          online and who is typing, mention people, react, reply in threads, and pick up the conversation
          later with unread counts and the full history. Paste a card’s link to discuss it, and save a helpful
          message as a card of its own.
        </Typography>
        <Typography sx={{ mt: 3 }}>
          You are not signed in. <TextLink to={loginPathFor('/confer')}>Sign in</TextLink> to chat.
        </Typography>
      </Box>
    );
  }
  return (
    <ConferClientProvider key={user.uid} owner={user.uid}>
      <ConferApp />
    </ConferClientProvider>
  );
}

function ConnectionNotice() {
  const status = useRealtimeStatus();
  if (status === 'open' || status === 'idle' || status === 'connecting') return null;
  return (
    <Typography
      role="status"
      variant="body2"
      sx={{ px: 2, py: 0.5, bgcolor: '#fff3e0', color: '#5d4037', borderBottom: 1, borderColor: 'divider' }}
    >
      {status === 'signed-out'
        ? 'Your session has ended. Sign in again to keep chatting.'
        : 'Reconnecting… Messages you send now are kept and go out when the connection is back.'}
    </Typography>
  );
}

function ConferApp() {
  const { owner } = useConferClient();
  const realtime = useRealtimeStatus();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const conversationId = params.get('c');
  const messageId = params.get('m');
  const threadId = params.get('t');
  const list = useQuery(conversationListQuery(owner));
  const [dialog, setDialog] = useState<SidebarDialog | null>(null);
  const [searchIn, setSearchIn] = useState('');
  // Sidebar beside the conversation from 900 px; the thread beside them from 1200 px.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const roomy = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });

  // Someone new (in no conversation but #general and the assistant) who opens Confer lands in #general, once
  // per visit: going back to the list on a phone stays there.
  const landed = useRef(false);
  useEffect(() => {
    if (landed.current || !list.data) return;
    landed.current = true;
    if (conversationId) return;
    const general = list.data.items.find(
      (item) => item.kind === 'channel' && item.name === generalChannelName && item.joined,
    );
    const others = list.data.items.filter((item) => item !== general && item.kind !== 'assistant');
    if (general && others.length === 0) void navigate(conferLink(general.id), { replace: true });
  }, [list.data, conversationId, navigate]);

  const showSidebar = wide || !conversationId;
  const threadFull = Boolean(conversationId && threadId && !roomy);
  const showConversation = Boolean(conversationId) && !threadFull;
  const showThreadBeside = Boolean(conversationId && threadId && roomy);

  /** Opens a thread; with `linkedId` (a link to one of its replies) the address is replaced, not added to. */
  const openThread = (rootId: string, linkedId?: string) => {
    if (conversationId)
      void navigate(conferLink(conversationId, linkedId, rootId), { replace: linkedId !== undefined });
  };
  const closeThread = () => {
    if (conversationId) void navigate(conferLink(conversationId));
  };

  return (
    <Box
      data-realtime={realtime}
      sx={{
        // The page fills the window under the top bar (and above the bottom bar on phones).
        height: { xs: 'calc(100dvh - 136px)', sm: 'calc(100dvh - 104px)' },
        minHeight: 420,
        mt: { xs: -1, sm: -2 },
        mb: { xs: -2, sm: -4 },
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Typography
        component="h1"
        variant="h5"
        sx={showSidebar ? { fontWeight: 700, mb: 1 } : visuallyHiddenStyles}
      >
        Confer
      </Typography>
      <Paper
        variant="outlined"
        sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      >
        <ConnectionNotice />
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex' }}>
          {showSidebar ? (
            <Box
              sx={{
                width: wide ? 300 : '100%',
                flexShrink: 0,
                borderRight: wide ? 1 : 0,
                borderColor: 'divider',
                pt: 1.5,
                minHeight: 0,
              }}
            >
              <Sidebar
                list={list.data}
                listError={list.error}
                currentId={conversationId}
                onOpenDialog={(next) => {
                  setSearchIn('');
                  setDialog(next);
                }}
              />
            </Box>
          ) : null}
          {showConversation && conversationId ? (
            <Box sx={{ flex: 1, minWidth: 0, minHeight: 0 }}>
              <ConversationPane
                key={conversationId}
                conversationId={conversationId}
                // A link into a thread opens the timeline at the thread's first message.
                messageId={threadId && messageId ? threadId : messageId}
                onBack={wide ? undefined : () => void navigate('/confer')}
                onOpenThread={openThread}
                onSearch={() => {
                  setSearchIn(conversationId);
                  setDialog('search');
                }}
              />
            </Box>
          ) : null}
          {wide && !conversationId ? (
            <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
              <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
                Choose a conversation on the left, or start one with <strong>New message</strong> or{' '}
                <strong>New channel</strong>.
              </Typography>
            </Box>
          ) : null}
          {(showThreadBeside || threadFull) && conversationId && threadId ? (
            <Box
              sx={{
                width: showThreadBeside ? 380 : undefined,
                flex: showThreadBeside ? undefined : 1,
                flexShrink: 0,
                minWidth: 0,
                borderLeft: showThreadBeside ? 1 : 0,
                borderColor: 'divider',
                minHeight: 0,
              }}
            >
              <ThreadPanel
                key={threadId}
                conversationId={conversationId}
                rootId={threadId}
                highlightId={messageId}
                onClose={closeThread}
                fullView={threadFull}
              />
            </Box>
          ) : null}
        </Box>
      </Paper>
      {dialog === 'browse' ? <BrowseChannelsDialog open onClose={() => setDialog(null)} /> : null}
      {dialog === 'new-channel' ? <NewChannelDialog open onClose={() => setDialog(null)} /> : null}
      {dialog === 'new-message' ? <NewMessageDialog open onClose={() => setDialog(null)} /> : null}
      {dialog === 'search' ? (
        <SearchDialog
          open
          onClose={() => setDialog(null)}
          conversations={list.data?.items ?? []}
          initialConversationId={searchIn}
        />
      ) : null}
    </Box>
  );
}
