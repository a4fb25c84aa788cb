import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { PasswordField } from '../../components/password-field.tsx';
import { newPasswordSchema, passwordRulesState } from '../../lib/password-policy.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { changePassword, passwordPolicyQuery, refreshPasswordPolicy, settingsQueryRoot } from './api.ts';
import { errorCode } from './errors.ts';
import { useWithRecentLogin } from './reauth.tsx';
import { ErrorNotice, SettingsSection, StatusNotice, wrongPasswordSentence } from './section.tsx';

interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/**
 * Changing the password with the live policy rules under the new one. Every other session ends with it: a
 * password is usually changed because someone else may know the old one.
 */
export function PasswordSection({ hasPassword }: { hasPassword: boolean | undefined }) {
  const queryClient = useQueryClient();
  const withRecentLogin = useWithRecentLogin();
  const [changed, setChanged] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const policyQuery = useQuery({ ...passwordPolicyQuery, enabled: hasPassword !== false });
  const policy = policyQuery.data;
  // react-hook-form reads the resolver of the latest render, so the policy applies once it has loaded.
  const resolver = useMemo(
    () =>
      zodResolver(
        z.object({
          currentPassword: z.string().min(1, 'Enter your current password'),
          newPassword: newPasswordSchema(policy, 'Choose a new password'),
        }),
      ),
    [policy],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChange>({ defaultValues: { currentPassword: '', newPassword: '' }, resolver });
  const newPassword = useWatch({ control, name: 'newPassword' });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword: chosen }) => {
    setChanged(false);
    setFailure(null);
    try {
      const done = await withRecentLogin(
        () => changePassword(currentPassword, chosen),
        "To change your password, confirm it's you.",
      );
      if (done === undefined) return;
    } catch (error) {
      const code = errorCode(error);
      if (code === 'auth/password-does-not-meet-requirements') {
        // The policy may have changed since the page loaded; the message points at the rules shown.
        await refreshPasswordPolicy(queryClient);
        setError('newPassword', { type: 'server', message: errorSentence(error) }, { shouldFocus: true });
      } else if (code === 'auth/invalid-credential') {
        setError(
          'currentPassword',
          { type: 'server', message: wrongPasswordSentence },
          { shouldFocus: true },
        );
      } else {
        setFailure(errorSentence(error));
      }
      return;
    }
    reset();
    setChanged(true);
    // The server gave this device a new session and ended the others.
    void queryClient.invalidateQueries({ queryKey: settingsQueryRoot });
  });

  if (hasPassword === false) {
    return (
      <SettingsSection title="Password">
        <Typography>
          You sign in through a linked provider, so your account has no password. To set one, use "Forgot
          password?" on the sign-in page with your email address.
        </Typography>
      </SettingsSection>
    );
  }

  return (
    <SettingsSection title="Password">
      <Typography sx={{ mb: 2 }}>
        Changing your password signs you out on every other device; you stay signed in here.
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Change password">
        <Stack spacing={2.5}>
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            registration={register('currentPassword')}
            error={errors.currentPassword?.message}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            registration={register('newPassword')}
            error={errors.newPassword?.message}
            rules={passwordRulesState(policyQuery, newPassword)}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              Change password
            </Button>
          </Box>
        </Stack>
      </Box>
      <StatusNotice>
        {changed ? 'Your password has been changed, and every other device has been signed out.' : null}
      </StatusNotice>
      <ErrorNotice message={failure} />
    </SettingsSection>
  );
}
