import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { emailSchema } from '../../../contracts/auth.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { requestEmailChange } from './api.ts';
import { errorCode } from './errors.ts';
import { useWithRecentLogin } from './reauth.tsx';
import { ErrorNotice, OutboxHint, registered, SettingsSection, StatusNotice } from './section.tsx';

interface EmailChange {
  newEmail: string;
}

/**
 * A new address is proven before it is used: the server mails a link to it, and the address changes only
 * when that link is opened. The current address is told, with a link that undoes the change.
 */
export function EmailSection({ currentEmail }: { currentEmail: string }) {
  const withRecentLogin = useWithRecentLogin();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const resolver = useMemo(
    () =>
      zodResolver(
        z.object({
          newEmail: emailSchema.refine(
            (email) => email.toLowerCase() !== currentEmail.toLowerCase(),
            'This is already your email address',
          ),
        }),
      ),
    [currentEmail],
  );
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailChange>({ defaultValues: { newEmail: '' }, resolver });

  const onSubmit = handleSubmit(async ({ newEmail }) => {
    setSentTo(null);
    setFailure(null);
    try {
      const done = await withRecentLogin(
        () => requestEmailChange(newEmail),
        "To change your email address, confirm it's you.",
      );
      if (done === undefined) return;
    } catch (error) {
      if (errorCode(error) === 'auth/email-already-in-use') {
        setError('newEmail', { type: 'server', message: errorSentence(error) }, { shouldFocus: true });
      } else {
        setFailure(errorSentence(error));
      }
      return;
    }
    reset();
    setSentTo(newEmail);
  });

  return (
    <SettingsSection title="Email address">
      <Typography sx={{ mb: 2 }}>
        You sign in with <strong>{currentEmail}</strong>. To use another address, enter it here and open the
        link we send to it.
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Change email address">
        <Stack spacing={2.5}>
          <TextField
            label="New email address"
            type="email"
            autoComplete="email"
            required
            fullWidth
            error={Boolean(errors.newEmail)}
            helperText={errors.newEmail?.message}
            {...registered(register('newEmail'))}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              Send confirmation link
            </Button>
          </Box>
        </Stack>
      </Box>
      <StatusNotice>
        {sentTo ? (
          <>
            We sent a link to {sentTo}. Your email changes when you open it; we will tell your current
            address, which can undo it.
            <OutboxHint />
          </>
        ) : null}
      </StatusNotice>
      <ErrorNotice message={failure} />
    </SettingsSection>
  );
}
