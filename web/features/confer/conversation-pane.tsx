import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Conversation } from '../../../contracts/confer.ts';
import { markdownWords } from '../../../contracts/card-text.ts';
import { visuallyHiddenStyles } from '../../components/visually-hidden.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import {
  conversationListQuery,
  conversationQuery,
  fetchThread,
  joinChannel,
  markedRead,
  markRead,
  membersQuery,
  storeConversation,
} from './api.ts';
import { typingSentence } from './activity-store.ts';
import { Composer } from './composer.tsx';
import { useConferClient, usePresenceWatch, useTypists } from './confer-client.tsx';
import { ConversationHeader } from './conversation-header.tsx';
import { nameOf } from './format.ts';
import { Timeline } from './timeline.tsx';

/** The conversation the page shows, from the list when the reader is in it, else read on its own. */
export function useConversation(conversationId: string) {
  const { owner } = useConferClient();
  const list = useQuery(conversationListQuery(owner));
  const fromList = list.data?.items.find((item) => item.id === conversationId);
  const single = useQuery({
    ...conversationQuery(owner, conversationId),
    enabled: list.isFetched && !fromList,
  });
  return { conversation: fromList ?? single.data, error: fromList ? null : single.error, list: list.data };
}

/** "Ada is typing…" for a timeline or a thread, announced politely. */
export function TypingLine({
  conversationId,
  threadRootId,
}: {
  conversationId: string;
  threadRootId: string | null;
}) {
  const typists = useTypists(conversationId, threadRootId);
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="p"
      aria-live="polite"
      sx={{ px: { xs: 1, sm: 2 }, minHeight: '1.5em', fontStyle: 'italic' }}
    >
      {typingSentence(typists)}
    </Typography>
  );
}

/**
 * The open conversation: its header, the timeline (opened at a message when a link says so), who is typing and
 * the composer, or Join for a public channel read before joining. New messages from others are announced to
 * screen readers, politely.
 */
export function ConversationPane({
  conversationId,
  messageId,
  onBack,
  onOpenThread,
  onSearch,
}: {
  conversationId: string;
  /** The message a link points at. */
  messageId: string | null;
  onBack?: (() => void) | undefined;
  onOpenThread: (rootId: string, messageId?: string) => void;
  onSearch: () => void;
}) {
  const { owner, store, connection, activity } = useConferClient();
  const queryClient = useQueryClient();
  const { conversation, error } = useConversation(conversationId);
  const members = useQuery({ ...membersQuery(owner, conversationId), enabled: conversation !== undefined });
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const reading = useRef(0);

  const openLinkedThread = useEffectEvent((rootId: string, replyId: string) => onOpenThread(rootId, replyId));

  // Load the timeline, at the linked message when there is one.
  useEffect(() => {
    let cancelled = false;
    if (!messageId) {
      void store.open(conversationId);
      return undefined;
    }
    const known = store.message(conversationId, messageId);
    if (known && known.threadRootId === null) {
      void store.open(conversationId, known.seq);
      return undefined;
    }
    fetchThread(messageId)
      .then((thread) => {
        if (cancelled) return;
        void store.open(conversationId, thread.root.seq);
        // A link to a reply: its thread opens beside the timeline, at the reply.
        if (thread.root.id !== messageId) openLinkedThread(thread.root.id, messageId);
      })
      .catch(() => {
        if (cancelled) return;
        void store.open(conversationId);
        setNotice('That message is not here any more.');
      });
    return () => {
      cancelled = true;
    };
  }, [conversationId, messageId, store]);

  // A public channel read before joining: follow its events all the same.
  const watching = conversation !== undefined && !conversation.joined && conversation.kind === 'channel';
  useEffect(
    () => (watching ? connection.watchConversation(conversationId) : undefined),
    [connection, conversationId, watching],
  );

  // Presence: the member list says how things are; events say how they change.
  useEffect(() => {
    for (const member of members.data?.items ?? []) {
      if (activity.presenceOf(member.profile.key) === undefined)
        activity.setPresence(member.profile.key, member.presence);
    }
  }, [activity, members.data]);
  usePresenceWatch(
    (members.data?.items ?? []).map((member) => member.profile.key).filter((key) => key !== owner),
  );

  // A polite announcement of each new message from someone else.
  useEffect(
    () =>
      store.onNewMessage((message) => {
        if (message.conversationId !== conversationId || message.threadRootId !== null) return;
        if (message.author.key === owner && !message.fromAssistant) return;
        const who = message.fromAssistant ? 'Card assistant' : nameOf(message.author);
        const words = markdownWords(message.body);
        setAnnouncement(`New message from ${who}: ${words.length > 140 ? `${words.slice(0, 139)}…` : words}`);
      }),
    [conversationId, owner, store],
  );

  const onReadTo = useCallback(
    (seq: number) => {
      if (seq <= reading.current) return;
      reading.current = seq;
      markRead(conversationId, seq)
        .then(({ readSeq }) => markedRead(queryClient, owner, conversationId, readSeq))
        .catch(() => {
          // Tried again the next time the newest message is on screen.
          reading.current = 0;
        });
    },
    [conversationId, owner, queryClient],
  );

  const join = useMutation({
    mutationFn: () => joinChannel(conversationId),
    onSuccess: (answer) => storeConversation(queryClient, owner, answer),
  });

  if (!conversation) {
    return (
      <Box sx={{ p: 2 }}>
        {onBack ? (
          <Button onClick={onBack} sx={{ mb: 2 }}>
            Back to conversations
          </Button>
        ) : null}
        {error ? (
          <Alert severity="error">
            {error instanceof ApiError && error.status === 404
              ? 'There is no such conversation, or you are not in it.'
              : errorSentence(error)}
          </Alert>
        ) : (
          <CircularProgress aria-label="Loading the conversation" />
        )}
      </Box>
    );
  }

  const canWrite = conversation.joined && !conversation.archived;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <ConversationHeader
        conversation={conversation}
        members={members.data?.items ?? []}
        onBack={onBack}
        onSearch={onSearch}
      />
      {notice ? (
        <Alert severity="info" onClose={() => setNotice(null)} sx={{ m: 1 }}>
          {notice}
        </Alert>
      ) : null}
      <Timeline
        key={conversationId}
        conversationId={conversationId}
        label={`Messages in ${conversation.title}`}
        readSeq={conversation.joined ? conversation.readSeq : null}
        permissions={{ canWrite }}
        highlightId={messageId}
        onOpenThread={(rootId) => onOpenThread(rootId)}
        onReadTo={onReadTo}
      />
      <TypingLine conversationId={conversationId} threadRootId={null} />
      <WriteArea
        conversation={conversation}
        members={(members.data?.items ?? []).map((member) => member.profile)}
        join={() => join.mutate()}
        joining={join.isPending}
        joinError={join.isError ? errorSentence(join.error) : null}
      />
      <Box role="status" aria-live="polite" sx={visuallyHiddenStyles}>
        {announcement}
      </Box>
    </Box>
  );
}

function WriteArea({
  conversation,
  members,
  join,
  joining,
  joinError,
}: {
  conversation: Conversation;
  members: Parameters<typeof Composer>[0]['members'];
  join: () => void;
  joining: boolean;
  joinError: string | null;
}) {
  if (conversation.archived) {
    return (
      <Typography color="text.secondary" sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
        This conversation is archived. It can be read, but no longer written in.
      </Typography>
    );
  }
  if (!conversation.joined) {
    return (
      <Box
        sx={{
          px: 2,
          py: 1.5,
          borderTop: 1,
          borderColor: 'divider',
          display: 'flex',
          gap: 2,
          alignItems: 'center',
          flexWrap: 'wrap',
        }}
      >
        <Typography sx={{ flex: 1, minWidth: 200 }}>
          You are reading {conversation.title}. Join the channel to write, react and get its messages in your
          list.
        </Typography>
        <Button variant="contained" onClick={join} disabled={joining}>
          Join channel
        </Button>
        {joinError ? (
          <Alert severity="error" sx={{ width: '100%' }}>
            {joinError}
          </Alert>
        ) : null}
      </Box>
    );
  }
  return (
    <Composer
      key={conversation.id}
      conversationId={conversation.id}
      label={conversation.kind === 'assistant' ? 'Ask the card assistant' : `Message ${conversation.title}`}
      members={members}
    />
  );
}
