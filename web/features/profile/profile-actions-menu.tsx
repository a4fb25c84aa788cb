import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Profile } from '../../../contracts/profiles.ts';
import { ReportDialog } from '../../components/report-dialog.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import { displayNameOf, profilesQueryRoot, reportProfile, setBlocking } from './api.ts';

type Open = 'menu' | 'block' | 'report' | null;

/**
 * "More actions" on someone else's profile: block or unblock them, and report them to the administrators.
 * Blocking asks first, since it also ends the follows between the two people.
 */
export function ProfileActionsMenu({ profile, queryKey }: { profile: Profile; queryKey: QueryKey }) {
  const [open, setOpen] = useState<Open>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const name = displayNameOf(profile);
  const menuId = useId();

  const blocking = useMutation({
    mutationFn: (block: boolean) => setBlocking(profile.key, block),
    onSuccess: ({ blocked }) => {
      queryClient.setQueryData<Profile>(queryKey, (current) =>
        current
          ? { ...current, blockedByMe: blocked, followedByMe: blocked ? false : current.followedByMe }
          : current,
      );
      setNotice(blocked ? `You blocked ${name}.` : `You unblocked ${name}.`);
      setOpen(null);
      // Follows both ways ended: every count and list may have changed.
      void queryClient.invalidateQueries({ queryKey: profilesQueryRoot });
    },
  });

  return (
    <>
      <IconButton
        aria-label={`More actions for ${name}`}
        aria-haspopup="menu"
        aria-controls={open === 'menu' ? menuId : undefined}
        aria-expanded={open === 'menu'}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpen('menu');
        }}
      >
        <MoreHorizIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={open === 'menu'} onClose={() => setOpen(null)}>
        {profile.blockedByMe ? (
          <MenuItem
            onClick={() => {
              setOpen(null);
              blocking.mutate(false);
            }}
          >
            Unblock {name}
          </MenuItem>
        ) : (
          <MenuItem onClick={() => setOpen('block')}>Block {name}…</MenuItem>
        )}
        <MenuItem onClick={() => setOpen('report')}>Report {name}…</MenuItem>
      </Menu>

      <SheetDialog open={open === 'block'} onClose={() => setOpen(null)} aria-labelledby={`${menuId}-block`}>
        <DialogTitle id={`${menuId}-block`}>Block {name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {name} will not be able to follow you or message you, and you will stop seeing their cards. If you
            follow each other, both follows end. They are not told. You can unblock them at any time.
          </DialogContentText>
          {blocking.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorSentence(blocking.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => blocking.mutate(true)}
            disabled={blocking.isPending}
          >
            Block
          </Button>
        </DialogActions>
      </SheetDialog>

      <ReportDialog
        open={open === 'report'}
        title={`Report ${name}`}
        intro={`Reports go to the administrators, who review them. ${name} is not told who reported them.`}
        send={(report) => reportProfile(profile.key, report)}
        onClose={() => setOpen(null)}
        onSent={() => {
          setOpen(null);
          setNotice(`Thank you. Your report about ${name} was sent to the administrators.`);
        }}
      />

      {/* Always in the page, so screen readers announce what changed. */}
      <span role="status" aria-live="polite">
        {notice ? (
          <Alert severity="success" sx={{ mt: 2 }} onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        ) : null}
      </span>
    </>
  );
}
