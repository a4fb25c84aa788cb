import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { flashState } from '../../lib/flash.ts';
import { clearSession } from '../../lib/session.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { deleteAccount, settingsQueryRoot } from './api.ts';
import { useConfirmIdentity } from './reauth.tsx';
import { ErrorNotice, registered, SettingsSection } from './section.tsx';

const confirmWord = 'DELETE';
const typedSchema = z.object({
  typed: z.string().refine((typed) => typed.trim() === confirmWord, `Type ${confirmWord} in capital letters`),
});
const typedResolver = zodResolver(typedSchema);

/**
 * Deleting the account, behind two deliberate steps: typing DELETE, then confirming it is really the owner
 * with the password, which the server checks again.
 */
export function DeleteAccountSection() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { confirm } = useConfirmIdentity();
  const startRef = useRef<HTMLButtonElement>(null);
  const [typing, setTyping] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // Two dialogs in a row confuse the browser's memory of what had focus; bring it back to the start.
  const refocus = () => requestAnimationFrame(() => startRef.current?.focus());

  const proceed = async () => {
    setTyping(false);
    const password = await confirm("To delete your account, confirm it's you.");
    if (password === null) {
      refocus();
      return;
    }
    setDeleting(true);
    try {
      await deleteAccount(password);
    } catch (error) {
      setFailure(errorSentence(error));
      setDeleting(false);
      refocus();
      return;
    }
    // The account and its sessions are gone: forget the user here and in other tabs.
    clearSession();
    queryClient.removeQueries({ queryKey: settingsQueryRoot });
    await navigate('/', { replace: true, state: flashState('Your account has been deleted.', 'info') });
  };

  return (
    <SettingsSection title="Delete account">
      <Typography sx={{ mb: 2 }}>
        Deleting your account removes it with everything it holds and signs you out on every device. This
        cannot be undone.
      </Typography>
      <Button
        ref={startRef}
        variant="outlined"
        color="error"
        disabled={deleting}
        onClick={() => {
          setFailure(null);
          setTyping(true);
        }}
      >
        Delete account
      </Button>
      <ErrorNotice message={failure} />
      <TypeToConfirmDialog
        open={typing}
        onCancel={() => setTyping(false)}
        onConfirmed={() => void proceed()}
      />
    </SettingsSection>
  );
}

function TypeToConfirmDialog({
  open,
  onCancel,
  onConfirmed,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ typed: string }>({ defaultValues: { typed: '' }, resolver: typedResolver });

  const onSubmit = handleSubmit(() => onConfirmed());

  return (
    <SheetDialog
      open={open}
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => reset() } }}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>Delete your account?</DialogTitle>
        <DialogContent>
          <Typography id={textId} sx={{ mb: 2 }}>
            Your account and everything it holds will be deleted for good. Type <strong>{confirmWord}</strong>{' '}
            to confirm.
          </Typography>
          <TextField
            label={`Type ${confirmWord} to confirm`}
            autoComplete="off"
            required
            fullWidth
            autoFocus
            error={Boolean(errors.typed)}
            helperText={errors.typed?.message}
            {...registered(register('typed'))}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="outlined" color="error">
            Continue
          </Button>
        </DialogActions>
      </Box>
    </SheetDialog>
  );
}
