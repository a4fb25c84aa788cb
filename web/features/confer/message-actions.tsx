import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import AddReactionIcon from '@mui/icons-material/AddReactionOutlined';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { reactionEmojis, type Message, type ReactionEmoji } from '../../../contracts/confer.ts';
import { ReportDialog } from '../../components/report-dialog.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import { deleteMessage, reportMessage, saveMessageAsCard, setReaction } from './api.ts';
import { useConferClient } from './confer-client.tsx';
import { conferLink, nameOf } from './format.ts';

/** What the reader may do with messages where they are. */
export interface MessagePermissions {
  /** A member of a conversation that is not archived: may react, reply and edit. */
  canWrite: boolean;
}

/**
 * A message's toolbar (shown on hover and focus): add a reaction, reply in a thread, and the menu to copy a
 * link, save it as a card, edit or delete one's own and report someone else's, with what came of each.
 */
export function MessageActions({
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
      <SheetDialog
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
      </SheetDialog>
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
