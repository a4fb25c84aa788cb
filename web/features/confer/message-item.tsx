import { useId, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import AddReactionIcon from '@mui/icons-material/AddReactionOutlined';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { conferLimits, reactionEmojis, type Message, type ReactionEmoji } from '../../../contracts/confer.ts';
import { Markdown } from '../../components/markdown/markdown.tsx';
import { ProfileAvatar } from '../../components/profile-avatar.tsx';
import { ReportDialog } from '../../components/report-dialog.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { deleteMessage, editMessage, reportMessage, saveMessageAsCard, setReaction } from './api.ts';
import { CardEmbed } from './card-embed.tsx';
import { useConferClient } from './confer-client.tsx';
import { clockTime, conferLink, fullTime, nameOf } from './format.ts';
import { errorSentence } from '../../lib/error-sentence.ts';

/** What the reader may do with messages where they are. */
export interface MessagePermissions {
  /** A member of a conversation that is not archived: may react, reply and edit. */
  canWrite: boolean;
}

/**
 * One message: author and time (or just the time when it continues the author's previous message), "(edited)",
 * the text through the cards' safe Markdown renderer (or a marker once deleted), embedded cards, reactions, the
 * reply count of its thread, and its actions: react, reply in a thread, and in the menu copy a link, save as a
 * card, edit and delete one's own, report someone else's.
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
        {message.deleted ? (
          <Typography sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
            {message.removed ? 'This message was removed by an administrator.' : 'This message was deleted.'}
          </Typography>
        ) : editing ? (
          <EditMessage message={message} onDone={() => setEditing(false)} />
        ) : (
          <Box
            sx={{
              overflowWrap: 'anywhere',
              '& .markdown > :first-of-type': { mt: 0 },
              '& .markdown > :last-child': { mb: 0 },
            }}
          >
            <Markdown source={message.body} />
            {continued && message.editedAt ? <Edited /> : null}
          </Box>
        )}
        {message.deleted ? null : message.embeds.map((card) => <CardEmbed key={card.id} card={card} />)}
        {message.deleted ? null : <Reactions message={message} canReact={permissions.canWrite} />}
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

/** "Mentions you", beside the time: the amber bar says it to the eye, this to everyone. */
function MentionTag() {
  return (
    <Typography
      component="span"
      variant="caption"
      sx={{ fontWeight: 700, color: 'text.primary', border: '1px solid #b26a00', borderRadius: 1, px: 0.5 }}
    >
      Mentions you
    </Typography>
  );
}

function Edited() {
  return (
    <Typography component="span" variant="caption" color="text.secondary">
      {' '}
      (edited)
    </Typography>
  );
}

function MessageTime({ message }: { message: Message }) {
  return (
    <Typography variant="caption" color="text.secondary" component="span">
      <time dateTime={message.createdAt} title={fullTime(message.createdAt)}>
        {clockTime(message.createdAt)}
      </time>
      {message.editedAt ? <span title={`Edited ${fullTime(message.editedAt)}`}> (edited)</span> : null}
    </Typography>
  );
}

/** The reactions given, each a toggle for the reader's own. */
function Reactions({ message, canReact }: { message: Message; canReact: boolean }) {
  const { store } = useConferClient();
  const react = useMutation({
    mutationFn: ({ emoji, on }: { emoji: ReactionEmoji; on: boolean }) => setReaction(message.id, emoji, on),
    onSuccess: (answer) => store.applyOwn(answer),
  });
  if (message.reactions.length === 0 && !react.isError) return null;
  return (
    <Box sx={{ mt: 0.5 }}>
      <Stack
        direction="row"
        useFlexGap
        spacing={0.5}
        sx={{ flexWrap: 'wrap' }}
        role="group"
        aria-label="Reactions"
      >
        {message.reactions.map((reaction) => (
          <Button
            key={reaction.emoji}
            size="small"
            variant={reaction.mine ? 'contained' : 'outlined'}
            color={reaction.mine ? 'primary' : 'inherit'}
            aria-pressed={reaction.mine}
            aria-label={`${reaction.emoji} ${reaction.count}${reaction.mine ? ', including yours' : ''}`}
            disabled={!canReact || react.isPending}
            onClick={() => react.mutate({ emoji: reaction.emoji, on: !reaction.mine })}
            sx={{ minWidth: 0, px: 1, py: 0, borderRadius: 4, textTransform: 'none', lineHeight: 1.8 }}
          >
            <span aria-hidden>{reaction.emoji}</span>
            <Box component="span" aria-hidden sx={{ ml: 0.5, fontWeight: 700 }}>
              {reaction.count}
            </Box>
          </Button>
        ))}
      </Stack>
      {react.isError ? (
        <Alert severity="error" sx={{ mt: 0.5 }} onClose={() => react.reset()}>
          The reaction was not saved. {errorSentence(react.error)}
        </Alert>
      ) : null}
    </Box>
  );
}

function MessageActions({
  message,
  mine,
  permissions,
  inThread,
  onOpenThread,
  onEdit,
}: {
  message: Message;
  mine: boolean;
  permissions: MessagePermissions;
  inThread: boolean;
  onOpenThread: ((rootId: string) => void) | undefined;
  onEdit: () => void;
}) {
  const { store } = useConferClient();
  const navigate = useNavigate();
  const menuId = useId();
  const [reactAnchor, setReactAnchor] = useState<HTMLElement | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  const react = useMutation({
    mutationFn: (emoji: ReactionEmoji) =>
      setReaction(
        message.id,
        emoji,
        !message.reactions.some((reaction) => reaction.emoji === emoji && reaction.mine),
      ),
    onSuccess: (answer) => store.applyOwn(answer),
    onError: (error) =>
      setNotice({ text: `The reaction was not saved. ${errorSentence(error)}`, error: true }),
  });
  const remove = useMutation({
    mutationFn: () => deleteMessage(message.id),
    onSuccess: (answer) => {
      store.applyOwn(answer);
      setConfirmDelete(false);
    },
  });
  const save = useMutation({
    mutationFn: () => saveMessageAsCard(message.id),
    onSuccess: ({ cardId }) => void navigate(`/build?card=${encodeURIComponent(cardId)}`),
    onError: (error) => setNotice({ text: `The card was not made. ${errorSentence(error)}`, error: true }),
  });

  const copyLink = async () => {
    const link = `${window.location.origin}${conferLink(message.conversationId, message.id, message.threadRootId)}`;
    try {
      await navigator.clipboard.writeText(link);
      setNotice({ text: 'Link copied.', error: false });
    } catch {
      setNotice({ text: `Copy this link: ${link}`, error: false });
    }
  };

  const canReply = permissions.canWrite && !inThread && message.threadRootId === null && onOpenThread;
  return (
    <>
      <Stack
        className="message-actions"
        direction="row"
        role="group"
        aria-label="Message actions"
        sx={{
          position: 'absolute',
          top: 2,
          right: 8,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          boxShadow: 1,
          // Shown on hover and keyboard focus; always on touch screens, which cannot hover.
          opacity: reactAnchor || menuAnchor ? 1 : 0,
          '@media (hover: none)': { opacity: 1 },
        }}
      >
        {permissions.canWrite ? (
          <Tooltip title="Add a reaction">
            <IconButton
              size="small"
              aria-label="Add a reaction"
              aria-haspopup="menu"
              onClick={(event) => setReactAnchor(event.currentTarget)}
            >
              <AddReactionIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
        {canReply ? (
          <Tooltip title="Reply in thread">
            <IconButton size="small" aria-label="Reply in thread" onClick={() => onOpenThread(message.id)}>
              <ForumIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
        <Tooltip title="More actions">
          <IconButton
            size="small"
            aria-label="More actions"
            aria-haspopup="menu"
            aria-controls={menuAnchor ? menuId : undefined}
            aria-expanded={menuAnchor ? true : undefined}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Menu
        anchorEl={reactAnchor}
        open={reactAnchor !== null}
        onClose={() => setReactAnchor(null)}
        slotProps={{
          list: { 'aria-label': 'Reactions', sx: { display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)' } },
        }}
      >
        {reactionEmojis.map((emoji) => {
          const mineAlready = message.reactions.some((reaction) => reaction.emoji === emoji && reaction.mine);
          return (
            <MenuItem
              key={emoji}
              aria-label={mineAlready ? `Remove your ${emoji}` : `React with ${emoji}`}
              selected={mineAlready}
              onClick={() => {
                setReactAnchor(null);
                react.mutate(emoji);
              }}
              sx={{ fontSize: 20, justifyContent: 'center', px: 1 }}
            >
              {emoji}
            </MenuItem>
          );
        })}
      </Menu>
      <Menu id={menuId} anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        <MenuItem
          onClick={() => {
            setMenuAnchor(null);
            void copyLink();
          }}
        >
          Copy link
        </MenuItem>
        <MenuItem
          disabled={save.isPending}
          onClick={() => {
            setMenuAnchor(null);
            save.mutate();
          }}
        >
          Save as card
        </MenuItem>
        {mine && permissions.canWrite ? (
          <MenuItem
            onClick={() => {
              setMenuAnchor(null);
              onEdit();
            }}
          >
            Edit
          </MenuItem>
        ) : null}
        {mine ? (
          <MenuItem
            onClick={() => {
              setMenuAnchor(null);
              setConfirmDelete(true);
            }}
          >
            Delete
          </MenuItem>
        ) : null}
        {!mine && !message.fromAssistant ? (
          <MenuItem
            onClick={() => {
              setMenuAnchor(null);
              setReporting(true);
            }}
          >
            Report
          </MenuItem>
        ) : null}
      </Menu>
      {notice ? (
        <Box
          role={notice.error ? 'alert' : 'status'}
          sx={{ position: 'absolute', right: 8, bottom: -4, zIndex: 1 }}
        >
          <Alert severity={notice.error ? 'error' : 'success'} onClose={() => setNotice(null)} sx={{ py: 0 }}>
            {notice.text}
          </Alert>
        </Box>
      ) : null}
      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        aria-labelledby={`${menuId}-delete-title`}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={`${menuId}-delete-title`}>Delete this message?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Everyone will see that a message was deleted here, but not what it said. This cannot be undone.
          </DialogContentText>
          {remove.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorSentence(remove.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
      <ReportDialog
        open={reporting}
        title={`Report ${nameOf(message.author)}’s message`}
        intro="Administrators read every report and decide what to do. The author is not told who reported them."
        send={(report) => reportMessage(message.id, report)}
        onClose={() => setReporting(false)}
        onSent={() => {
          setReporting(false);
          setNotice({ text: 'Thank you. The report was sent to the administrators.', error: false });
        }}
      />
    </>
  );
}

/** The author's text in place, Enter to save (Shift+Enter for a new line), Escape to cancel. */
function EditMessage({ message, onDone }: { message: Message; onDone: () => void }) {
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
