import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SheetDialog } from '../../components/sheet-dialog.tsx';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { emailSchema } from '../../../contracts/auth.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import { reauthenticate, settingsQueryRoot } from './api.ts';
import { requiresRecentLogin } from './errors.ts';

/** MUI puts `ref` on the wrapper; react-hook-form needs the input itself. */
function registered({ ref, ...rest }: UseFormRegisterReturn) {
  return { inputRef: ref, ...rest };
}

const reauthSchema = z.object({ email: emailSchema, password: z.string().min(1, 'Enter your password') });
type ReauthForm = z.infer<typeof reauthSchema>;
const reauthResolver = zodResolver(reauthSchema);

export interface ConfirmIdentity {
  /**
   * Opens "Confirm it's you" with `reason` as its first sentence. Resolves with the password once the server
   * has accepted it (the session is fresh again), or null when the person closed the dialog.
   */
  confirm: (reason: string) => Promise<string | null>;
}

const ConfirmIdentityContext = createContext<ConfirmIdentity | null>(null);

interface PendingConfirmation {
  id: number;
  reason: string;
  resolve: (password: string | null) => void;
}

/** Holds the page's one "Confirm it's you" dialog; sections open it through `useConfirmIdentity`. */
export function ConfirmIdentityProvider({ email, children }: { email: string; children: ReactNode }) {
  // The request outlives `open` so the dialog keeps its text while it fades out.
  const [request, setRequest] = useState<PendingConfirmation | null>(null);
  const [open, setOpen] = useState(false);
  const nextId = useRef(0);
  const titleId = useId();
  const reasonId = useId();

  const pending = useRef<PendingConfirmation | null>(null);
  const confirm = useCallback(
    (reason: string) =>
      new Promise<string | null>((resolve) => {
        // One dialog at a time: a request still waiting counts as dismissed.
        pending.current?.resolve(null);
        nextId.current += 1;
        const next = { id: nextId.current, reason, resolve };
        pending.current = next;
        setRequest(next);
        setOpen(true);
      }),
    [],
  );

  const finish = (password: string | null) => {
    const current = pending.current;
    pending.current = null;
    current?.resolve(password);
    setOpen(false);
  };

  const value = useMemo(() => ({ confirm }), [confirm]);
  return (
    <ConfirmIdentityContext value={value}>
      {children}
      <SheetDialog
        open={open}
        onClose={() => finish(null)}
        aria-labelledby={titleId}
        aria-describedby={reasonId}
        fullWidth
        maxWidth="xs"
      >
        {request ? (
          <ReauthForm
            key={request.id}
            titleId={titleId}
            reasonId={reasonId}
            reason={request.reason}
            email={email}
            onCancel={() => finish(null)}
            onConfirmed={(password) => finish(password)}
          />
        ) : null}
      </SheetDialog>
    </ConfirmIdentityContext>
  );
}

function ReauthForm({
  titleId,
  reasonId,
  reason,
  email,
  onCancel,
  onConfirmed,
}: {
  titleId: string;
  reasonId: string;
  reason: string;
  email: string;
  onCancel: () => void;
  onConfirmed: (password: string) => void;
}) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ReauthForm>({ defaultValues: { email, password: '' }, resolver: reauthResolver });

  // The address is already filled in; the password is what the person has to type.
  useEffect(() => setFocus('password'), [setFocus]);

  const onSubmit = handleSubmit(async ({ email: typedEmail, password }) => {
    setFailure(null);
    try {
      await reauthenticate(typedEmail, password);
    } catch (error) {
      setFailure(errorSentence(error));
      setFocus('password');
      return;
    }
    // The server replaced the session, so its token (which marks "this device") changed.
    void queryClient.invalidateQueries({ queryKey: settingsQueryRoot });
    onConfirmed(password);
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <DialogTitle id={titleId}>Confirm it's you</DialogTitle>
      <DialogContent>
        <Typography id={reasonId} sx={{ mb: 2 }}>
          {reason}
        </Typography>
        {failure ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        ) : null}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            required
            fullWidth
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            {...registered(register('email'))}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            registration={register('password')}
            error={errors.password?.message}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          Confirm
        </Button>
      </DialogActions>
    </Box>
  );
}

export function useConfirmIdentity(): ConfirmIdentity {
  const context = useContext(ConfirmIdentityContext);
  if (!context) throw new Error('useConfirmIdentity needs a ConfirmIdentityProvider around it');
  return context;
}

/**
 * Runs `action`; when the server answers that the sign-in is too old for it, asks the person to confirm it is
 * them and runs it once more. Resolves with the action's result, or undefined when they closed the dialog;
 * any other failure (including one from the second try) is thrown to the caller.
 */
export function useWithRecentLogin() {
  const { confirm } = useConfirmIdentity();
  return useCallback(
    async <T,>(action: () => Promise<T>, reason: string): Promise<T | undefined> => {
      try {
        return await action();
      } catch (error) {
        if (!requiresRecentLogin(error)) throw error;
      }
      if ((await confirm(reason)) === null) return undefined;
      return action();
    },
    [confirm],
  );
}
