import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
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
import Typography from '@mui/material/Typography';
import type { Conversation } from '../../../contracts/confer.ts';
import { ProfileAvatar } from '../../components/profile-avatar.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import { forgetConversation, leaveConversation, type Member } from './api.ts';
import { ChannelSettingsDialog } from './channel-settings-dialog.tsx';
import { useConferClient } from './confer-client.tsx';
import { kindLabel, nameOf } from './format.ts';
import { canAddPeople, MembersDialog } from './members-dialog.tsx';
import { PresenceDot } from './presence-dot.tsx';
import { paneHeaderSx } from './pane-header.ts';

type Open = 'members' | 'add' | 'settings' | 'leave' | null;

/**
 * The conversation's name and topic, who is in it with their presence, and what can be done with it: members,
 * inviting or adding people (private channels, groups), settings for its managers, searching in it, leaving.
 */
export function ConversationHeader({
  conversation,
  members,
  onBack,
  onSearch,
}: {
  conversation: Conversation;
  members: readonly Member[];
  /** On narrow screens: back to the list of conversations. */
  onBack?: (() => void) | undefined;
  onSearch: () => void;
}) {
  const { owner, store } = useConferClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const menuId = useId();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const leave = useMutation({
    mutationFn: () => leaveConversation(conversation.id),
    onSuccess: () => {
      setOpen(null);
      store.forget(conversation.id);
      forgetConversation(queryClient, owner, conversation.id);
      void navigate('/confer');
    },
  });
  const partner = conversation.kind === 'direct' ? conversation.others[0] : undefined;
  const canLeave =
    conversation.joined &&
    (conversation.kind === 'channel' || conversation.kind === 'private' || conversation.kind === 'group');
  const shownMembers = members.filter((member) => member.profile.key !== owner).slice(0, 4);
  const choose = (next: Open) => {
    setMenu(null);
    setOpen(next);
  };

  return (
    <Box component="header" sx={paneHeaderSx}>
      {onBack ? (
        <IconButton aria-label="Back to conversations" onClick={onBack} edge="start">
          <ArrowBackIcon />
        </IconButton>
      ) : null}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {partner ? <PresenceDot profileKey={partner.key} name={nameOf(partner)} size={12} /> : null}
          <Typography
            component="h2"
            variant="h6"
            sx={{ fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {conversation.title}
          </Typography>
          {conversation.archived ? (
            <Typography
              variant="caption"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 0.5 }}
            >
              archived
            </Typography>
          ) : null}
        </Box>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          title={conversation.topic || undefined}
        >
          {conversation.topic || kindLabel(conversation.kind)}
        </Typography>
      </Box>
      {conversation.kind !== 'direct' && conversation.kind !== 'assistant' ? (
        <Button
          size="small"
          onClick={() => setOpen('members')}
          aria-label={`Members: ${conversation.memberCount}`}
          startIcon={shownMembers.length > 0 ? undefined : <PeopleIcon />}
          sx={{ textTransform: 'none', flexShrink: 0 }}
        >
          {shownMembers.length > 0 ? (
            <Box component="span" sx={{ display: { xs: 'none', sm: 'flex' }, mr: 1 }}>
              {shownMembers.map((member, index) => (
                <Box
                  component="span"
                  key={member.profile.key}
                  sx={{ position: 'relative', display: 'inline-flex', ml: index === 0 ? 0 : -0.75 }}
                >
                  <ProfileAvatar
                    name={nameOf(member.profile)}
                    photoURL={member.profile.photoURL}
                    size={26}
                    alt=""
                  />
                  <Box
                    component="span"
                    sx={{
                      position: 'absolute',
                      right: -2,
                      bottom: -2,
                      display: 'inline-flex',
                      borderRadius: '50%',
                      bgcolor: 'background.paper',
                      p: '1px',
                    }}
                  >
                    <PresenceDot
                      profileKey={member.profile.key}
                      name={nameOf(member.profile)}
                      fallback={member.presence}
                      size={9}
                    />
                  </Box>
                </Box>
              ))}
            </Box>
          ) : null}
          {conversation.memberCount}
        </Button>
      ) : null}
      <IconButton
        aria-label="Conversation actions"
        aria-haspopup="menu"
        aria-controls={menu ? menuId : undefined}
        aria-expanded={menu ? true : undefined}
        onClick={(event) => setMenu(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setMenu(null);
            onSearch();
          }}
        >
          Search in this conversation
        </MenuItem>
        <MenuItem onClick={() => choose('members')}>Members</MenuItem>
        {canAddPeople(conversation) ? (
          <MenuItem onClick={() => choose('add')}>
            {conversation.kind === 'private' ? 'Invite people' : 'Add people'}
          </MenuItem>
        ) : null}
        {conversation.canManage ? (
          <MenuItem onClick={() => choose('settings')}>Channel settings</MenuItem>
        ) : null}
        {canLeave ? <MenuItem onClick={() => choose('leave')}>Leave</MenuItem> : null}
      </Menu>
      {open === 'members' || open === 'add' ? (
        <MembersDialog
          conversation={conversation}
          open
          onClose={() => setOpen(null)}
          startAdding={open === 'add'}
        />
      ) : null}
      {open === 'settings' ? (
        <ChannelSettingsDialog conversation={conversation} open onClose={() => setOpen(null)} />
      ) : null}
      <SheetDialog
        open={open === 'leave'}
        onClose={() => setOpen(null)}
        aria-labelledby={`${menuId}-leave`}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={`${menuId}-leave`}>Leave {conversation.title}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {conversation.kind === 'channel'
              ? 'You can join again from Browse channels.'
              : 'Someone in it will have to add you again.'}
          </DialogContentText>
          {leave.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorSentence(leave.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>Stay</Button>
          <Button variant="contained" color="error" disabled={leave.isPending} onClick={() => leave.mutate()}>
            Leave
          </Button>
        </DialogActions>
      </SheetDialog>
    </Box>
  );
}
