import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Conversation } from '../../../contracts/confer.ts';
import type { ProfileSummary } from '../../../contracts/profiles.ts';
import { ProfileAvatar } from '../../components/profile-avatar.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { addMembers, conferKeys, membersQuery, storeConversation } from './api.ts';
import { useConferClient } from './confer-client.tsx';
import { nameOf } from './format.ts';
import { PeoplePicker } from './people-picker.tsx';
import { PresenceDot } from './presence-dot.tsx';

/** Whether people can be added here: invited to a private channel, or added to a group, by its members. */
export function canAddPeople(conversation: Conversation): boolean {
  return (
    (conversation.kind === 'private' || conversation.kind === 'group') &&
    conversation.joined &&
    !conversation.archived
  );
}

/** The members with their presence, and for private channels and groups a way to add people. */
export function MembersDialog({
  conversation,
  open,
  onClose,
  startAdding = false,
}: {
  conversation: Conversation;
  open: boolean;
  onClose: () => void;
  /** Opens with the people picker focused ("Add people"). */
  startAdding?: boolean;
}) {
  const { owner } = useConferClient();
  const queryClient = useQueryClient();
  const titleId = useId();
  const members = useQuery({ ...membersQuery(owner, conversation.id), enabled: open });
  const [people, setPeople] = useState<ProfileSummary[]>([]);
  const add = useMutation({
    mutationFn: (keys: string[]) => addMembers(conversation.id, keys),
    onSuccess: (answer) => {
      storeConversation(queryClient, owner, answer);
      setPeople([]);
      void queryClient.invalidateQueries({ queryKey: conferKeys.members(owner, conversation.id) });
    },
  });
  const fieldError = add.error instanceof ApiError ? add.error.fieldMessage('keys') : undefined;
  const items = members.data?.items ?? [];

  return (
    <SheetDialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Members of {conversation.title}</DialogTitle>
      <DialogContent dividers>
        {canAddPeople(conversation) ? (
          <Box
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (people.length > 0) add.mutate(people.map((person) => person.key));
            }}
            sx={{ mb: 2 }}
          >
            <PeoplePicker
              label={conversation.kind === 'private' ? 'Invite people' : 'Add people'}
              value={people}
              onChange={setPeople}
              exclude={items.map((member) => member.profile.key)}
              error={Boolean(fieldError)}
              helperText={fieldError ?? 'Type a name or handle'}
              autoFocus={startAdding}
            />
            <Button
              type="submit"
              variant="contained"
              sx={{ mt: 1 }}
              disabled={people.length === 0 || add.isPending}
            >
              {conversation.kind === 'private' ? 'Invite' : 'Add'}
            </Button>
            {add.isError && !fieldError ? (
              <Alert severity="error" sx={{ mt: 1 }}>
                {errorSentence(add.error)}
              </Alert>
            ) : null}
          </Box>
        ) : null}
        {members.isPending ? <CircularProgress size={24} aria-label="Loading the members" /> : null}
        {members.isError ? <Alert severity="error">{errorSentence(members.error)}</Alert> : null}
        <Box component="ul" aria-label="Members" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((member) => (
            <Box
              component="li"
              key={member.profile.key}
              sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 0.75 }}
            >
              <ProfileAvatar
                name={nameOf(member.profile)}
                photoURL={member.profile.photoURL}
                size={32}
                alt=""
              />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Link component={RouterLink} to={`/u/${encodeURIComponent(member.profile.handle)}`}>
                  {nameOf(member.profile)}
                </Link>{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  @{member.profile.handle}
                  {member.role === 'owner' ? ' · owner' : ''}
                  {member.profile.key === owner ? ' · you' : ''}
                </Typography>
              </Box>
              <PresenceDot
                profileKey={member.profile.key}
                name={nameOf(member.profile)}
                fallback={member.presence}
              />
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
