import { useEffect, useLayoutEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { QueryError } from '../../components/query-error.tsx';
import { membersQuery } from './api.ts';
import { Composer } from './composer.tsx';
import { useConferClient, useOutboxEntries, useThread } from './confer-client.tsx';
import { TypingLine, useConversation } from './conversation-pane.tsx';
import { MessageItem } from './message-item.tsx';
import { PendingMessage } from './pending-message.tsx';
import { continues, messageElement, scrollWithin } from './timeline.tsx';
import { paneHeaderSx } from './pane-header.ts';

/**
 * A thread: the message it started from and the replies, oldest first, with its own composer and typing line.
 * A side panel on wide screens, the whole view on narrow ones (with a way back to the conversation).
 */
export function ThreadPanel({
  conversationId,
  rootId,
  highlightId,
  onClose,
  fullView,
}: {
  conversationId: string;
  rootId: string;
  highlightId: string | null;
  onClose: () => void;
  /** Shown instead of the conversation (narrow screens): the close button reads "Back". */
  fullView: boolean;
}) {
  const { owner, store } = useConferClient();
  const { conversation } = useConversation(conversationId);
  const thread = useThread(conversationId, rootId);
  const pending = useOutboxEntries(conversationId, rootId);
  const members = useQuery({ ...membersQuery(owner, conversationId), enabled: conversation !== undefined });
  const scroller = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // The conversation is loaded (and kept in step) first: the thread's replies arrive with its changes.
    void store.open(conversationId).then(() => store.openThread(conversationId, rootId));
  }, [conversationId, rootId, store]);

  useEffect(() => {
    heading.current?.focus();
  }, [rootId]);

  const replies = thread.replies;
  const shown = pending.filter((entry) => !store.hasClientId(conversationId, entry.clientId));
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const highlighted = highlightId ? messageElement(element, highlightId) : null;
    if (highlighted) scrollWithin(element, highlighted, 'center');
    else element.scrollTop = element.scrollHeight;
  }, [replies.length, shown.length, highlightId]);

  const canWrite = Boolean(conversation?.joined && !conversation.archived);
  const root = thread.root;
  return (
    <Box
      component="section"
      aria-labelledby={`thread-${rootId}`}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      <Box sx={paneHeaderSx}>
        {fullView ? (
          <IconButton aria-label="Back to the conversation" onClick={onClose} edge="start">
            <ArrowBackIcon />
          </IconButton>
        ) : null}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            id={`thread-${rootId}`}
            ref={heading}
            tabIndex={-1}
            component="h2"
            variant="h6"
            sx={{ fontWeight: 700, '&:focus': { outline: 'none' } }}
          >
            Thread
          </Typography>
          {conversation ? (
            <Typography variant="body2" color="text.secondary" noWrap>
              in {conversation.title}
            </Typography>
          ) : null}
        </Box>
        {fullView ? null : (
          <IconButton aria-label="Close the thread" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        )}
      </Box>
      <Box
        ref={scroller}
        tabIndex={0}
        aria-label="Thread replies"
        role="region"
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto', py: 1 }}
      >
        {thread.status === 'error' ? (
          <QueryError
            error={thread.error}
            onRetry={() => void store.openThread(conversationId, rootId)}
            lead="The thread could not be loaded."
            sx={{ m: 2 }}
          />
        ) : null}
        {!root && thread.status !== 'error' ? (
          <CircularProgress aria-label="Loading the thread" sx={{ m: 2 }} />
        ) : null}
        {root ? (
          <>
            <MessageItem
              message={root}
              continued={false}
              permissions={{ canWrite }}
              inThread
              highlighted={root.id === highlightId}
            />
            <Typography
              variant="caption"
              color="text.secondary"
              component="p"
              sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              {replies.length === 1 ? '1 reply' : `${replies.length} replies`}
            </Typography>
            <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {replies.map((reply, index) => (
                <li key={reply.id}>
                  <MessageItem
                    message={reply}
                    continued={continues(replies[index - 1], reply)}
                    permissions={{ canWrite }}
                    inThread
                    highlighted={reply.id === highlightId}
                  />
                </li>
              ))}
              {shown.map((entry) => (
                <li key={entry.clientId}>
                  <PendingMessage entry={entry} />
                </li>
              ))}
            </Box>
          </>
        ) : null}
      </Box>
      <TypingLine conversationId={conversationId} threadRootId={rootId} />
      {canWrite && root && !root.deleted ? (
        <Composer
          key={rootId}
          conversationId={conversationId}
          threadRootId={rootId}
          label="Reply in thread"
          members={(members.data?.items ?? []).map((member) => member.profile)}
        />
      ) : null}
    </Box>
  );
}
