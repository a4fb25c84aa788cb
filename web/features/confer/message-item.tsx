import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { conferSystemProfileKey, type Message } from '../../../contracts/confer.ts';
import { ProfileAvatar } from '../../components/profile-avatar.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { useConferClient } from './confer-client.tsx';
import { MessageActions, type MessagePermissions } from './message-actions.tsx';
import { MessageBody } from './message-body.tsx';
import { MentionTag, MessageTime } from './message-meta.tsx';
import { MessageReactions } from './message-reactions.tsx';
import { clockTime, fullTime, nameOf } from './format.ts';

export type { MessagePermissions } from './message-actions.tsx';

/**
 * One message: author and time (or just the time when it continues the author's previous message), "(edited)",
 * the text through the cards' safe Markdown renderer (or a marker once deleted), embedded cards, reactions, the
 * reply count of its thread, and its actions: react, reply in a thread, and in the menu copy a link, save as a
 * card, edit and delete one's own, report someone else's. This is the layout; the body (`message-body.tsx`),
 * reactions (`message-reactions.tsx`) and actions (`message-actions.tsx`) are components of their own.
 */
export function MessageItem({
  message,
  continued,
  permissions,
  onOpenThread,
  inThread = false,
  highlighted = false,
}: {
  message: Message;
  /** Follows the same author's message within a few minutes: no avatar or name repeated. */
  continued: boolean;
  permissions: MessagePermissions;
  onOpenThread?: (rootId: string) => void;
  /** Shown in a thread (no reply button or reply count). */
  inThread?: boolean;
  /** The message a link opened: marked and scrolled to. */
  highlighted?: boolean;
}) {
  const { owner } = useConferClient();
  const [editing, setEditing] = useState(false);
  const mine = message.author.key === owner && !message.fromAssistant;
  const mentionsMe = !message.deleted && message.mentions.includes(owner);
  const author = message.fromAssistant ? 'Card assistant' : nameOf(message.author);

  return (
    <Box
      component="article"
      data-message-id={message.id}
      // The message a link pointed to is marked for screen readers as well as by the outline.
      aria-current={highlighted ? 'true' : undefined}
      aria-label={`${author}, ${clockTime(message.createdAt)}${mentionsMe ? ', mentions you' : ''}`}
      sx={{
        position: 'relative',
        display: 'flex',
        gap: 1.5,
        px: { xs: 1, sm: 2 },
        pt: continued ? 0.25 : 1,
        pb: 0.5,
        borderLeft: '3px solid',
        // Marks are drawn around the text, never under it: a tinted background takes highlighted code below
        // its contrast.
        borderLeftColor: mentionsMe ? '#f9a825' : 'transparent',
        outline: highlighted ? '2px solid' : 'none',
        outlineColor: 'primary.main',
        outlineOffset: '-2px',
        borderRadius: highlighted ? 1 : 0,
        '&:hover .message-actions, &:focus-within .message-actions, &:hover .gutter-time, &:focus-within .gutter-time':
          { opacity: 1 },
      }}
    >
      <Box sx={{ width: 36, flexShrink: 0 }}>
        {continued ? (
          <Typography
            className="gutter-time"
            variant="caption"
            color="text.secondary"
            // One line, spilling into the left padding when the locale's time is wider than the avatar.
            sx={{
              opacity: 0,
              fontSize: 11,
              lineHeight: '27px',
              display: 'flex',
              justifyContent: 'flex-end',
              whiteSpace: 'nowrap',
            }}
          >
            <time dateTime={message.createdAt} title={fullTime(message.createdAt)}>
              {clockTime(message.createdAt)}
            </time>
          </Typography>
        ) : (
          <ProfileAvatar
            name={author}
            photoURL={message.fromAssistant ? null : message.author.photoURL}
            size={36}
            alt=""
          />
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {continued ? (
          <VisuallyHidden>{author}</VisuallyHidden>
        ) : (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
            {message.fromAssistant ? (
              <Typography component="span" sx={{ fontWeight: 700 }}>
                Card assistant
              </Typography>
            ) : message.author.key === conferSystemProfileKey ? (
              // The product's own account (#general's welcome): no profile to visit, and marked as not a person.
              <Typography component="span" sx={{ fontWeight: 700 }}>
                CARD WEB{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  (system message)
                </Typography>
              </Typography>
            ) : (
              <Link
                component={RouterLink}
                to={`/u/${encodeURIComponent(message.author.handle)}`}
                sx={{ fontWeight: 700, color: 'text.primary' }}
                underline="hover"
              >
                {author}
              </Link>
            )}
            <MessageTime message={message} />
            {mentionsMe ? <MentionTag /> : null}
          </Stack>
        )}
        {mentionsMe && continued ? <MentionTag /> : null}
        <MessageBody
          message={message}
          continued={continued}
          editing={editing}
          onEditDone={() => setEditing(false)}
        />
        {message.deleted ? null : <MessageReactions message={message} canReact={permissions.canWrite} />}
        {!inThread && message.replyCount > 0 && onOpenThread ? (
          <Button
            size="small"
            startIcon={<ForumIcon />}
            onClick={() => onOpenThread(message.id)}
            sx={{ textTransform: 'none', mt: 0.5, px: 1 }}
          >
            {message.replyCount === 1 ? '1 reply' : `${message.replyCount} replies`}
            {message.lastReplyAt ? (
              <Box component="span" sx={{ ml: 1, color: 'text.secondary', fontWeight: 400 }}>
                last {clockTime(message.lastReplyAt)}
              </Box>
            ) : null}
          </Button>
        ) : null}
      </Box>
      {message.deleted || editing ? null : (
        <MessageActions
          message={message}
          mine={mine}
          permissions={permissions}
          inThread={inThread}
          onOpenThread={onOpenThread}
          onEdit={() => setEditing(true)}
        />
      )}
    </Box>
  );
}
