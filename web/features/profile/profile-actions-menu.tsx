import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { reportReasons } from '../../../contracts/profiles.ts';
import type { Profile, ReportReason } from '../../../contracts/profiles.ts';
import { ApiError } from '../../lib/api.ts';
import { displayNameOf, errorSentence, profilesQueryRoot, reportProfile, setBlocking } from './api.ts';

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

      <Dialog open={open === 'block'} onClose={() => setOpen(null)} aria-labelledby={`${menuId}-block`}>
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
      </Dialog>

      <ReportDialog
        open={open === 'report'}
        profile={profile}
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

function ReportDialog({
  open,
  profile,
  onClose,
  onSent,
}: {
  open: boolean;
  profile: Profile;
  onClose: () => void;
  onSent: () => void;
}) {
  const id = useId();
  const name = displayNameOf(profile);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const report = useMutation({
    mutationFn: () => reportProfile(profile.key, { reason: reason as ReportReason, details }),
    onSuccess: () => {
      setReason('');
      setDetails('');
      onSent();
    },
  });
  const detailsError =
    report.error instanceof ApiError
      ? report.error.fields.find((field) => field.path === 'details')
      : undefined;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setReasonError('Choose what is wrong.');
      return;
    }
    setReasonError(null);
    report.mutate();
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>Report {name}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Reports go to the administrators, who review them. {name} is not told who reported them.
          </DialogContentText>
          <FormControl error={reasonError !== null} required>
            <FormLabel id={`${id}-reason`}>What is wrong?</FormLabel>
            <RadioGroup
              aria-labelledby={`${id}-reason`}
              aria-describedby={reasonError ? `${id}-reason-error` : undefined}
              value={reason}
              onChange={(event) => setReason(event.target.value as ReportReason)}
            >
              {Object.entries(reportReasons).map(([value, label]) => (
                <FormControlLabel key={value} value={value} control={<Radio />} label={label} />
              ))}
            </RadioGroup>
            {reasonError ? (
              <Alert id={`${id}-reason-error`} severity="error" sx={{ mt: 1 }}>
                {reasonError}
              </Alert>
            ) : null}
          </FormControl>
          <TextField
            label="Details (optional)"
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            sx={{ mt: 2 }}
            error={detailsError !== undefined}
            helperText={detailsError?.message ?? `${details.length} / 2,000`}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          {report.isError && !detailsError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorSentence(report.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={report.isPending}>
            Send report
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
