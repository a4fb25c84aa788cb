import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { signUpRequestSchema } from '../../../contracts/auth.ts';
import type { SignUpRequest } from '../../../contracts/auth.ts';
import { TextLink } from '../../components/text-link.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { flashState } from '../../lib/flash.ts';
import { authPathFor, safeNextPath } from '../../lib/navigation.ts';
import { newPasswordSchema, passwordRulesState } from '../../lib/password-policy.ts';
import { rememberSignedInUser, signOut } from '../../lib/session-api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { refreshPasswordPolicy, signUpWithEmail, usePasswordPolicy } from './api.ts';
import { afterSignInPath } from './destination.ts';
import { AlertLink, AuthPage } from './auth-page.tsx';
import { authMessage, errorCode, identityErrors } from './errors.ts';

const fieldNames = ['name', 'email', 'password'] as const;
type FieldName = (typeof fieldNames)[number];

function isFieldName(path: string): path is FieldName {
  return (fieldNames as readonly string[]).includes(path);
}

/** MUI puts `ref` on the wrapper; react-hook-form needs the input itself. */
function registered({ ref, ...rest }: UseFormRegisterReturn) {
  return { inputRef: ref, ...rest };
}

interface Failure {
  message: string;
  /** The address is taken: the way forward is signing in. */
  offerSignIn?: boolean;
}

export function SignupPage() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const loginPath = authPathFor('/login', next);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<Failure | null>(null);

  const policyQuery = usePasswordPolicy();
  const policy = policyQuery.data;
  // react-hook-form reads the resolver it was given on the latest render, so the policy applies once loaded.
  const resolver = useMemo(
    () => zodResolver(signUpRequestSchema.extend({ password: newPasswordSchema(policy) })),
    [policy],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpRequest>({ defaultValues: { name: '', email: '', password: '' }, resolver });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async (request) => {
    setFailure(null);
    try {
      const { user } = await signUpWithEmail(request);
      if (!rememberSignedInUser(user)) {
        // The account exists, but this browser cannot remember the sign-in: end the session so the server
        // and the page agree that nobody is signed in here.
        await signOut();
        setFailure({ message: authMessage('auth/web-storage-unsupported') });
        return;
      }
      await navigate(afterSignInPath(next), {
        replace: true,
        state: flashState(
          `Welcome to CARD WEB, ${user.name}. We sent a link to ${user.email}: open it to verify your email address.`,
        ),
      });
    } catch (error) {
      const code = errorCode(error);
      if (code === 'auth/password-does-not-meet-requirements') {
        // The policy may have changed since this page loaded; the message points at the rules shown, so they
        // must be the server's current ones before it appears.
        await refreshPasswordPolicy(queryClient);
        setError(
          'password',
          { type: 'server', message: errorSentence(error, identityErrors) },
          { shouldFocus: true },
        );
        return;
      }
      if (code === 'auth/email-already-in-use') {
        setFailure({ message: errorSentence(error, identityErrors), offerSignIn: true });
        return;
      }
      let placed = false;
      if (error instanceof ApiError) {
        for (const field of error.fields) {
          if (isFieldName(field.path)) {
            setError(field.path, { type: 'server', message: field.message }, { shouldFocus: !placed });
            placed = true;
          }
        }
      }
      if (!placed) setFailure({ message: errorSentence(error, identityErrors) });
    }
  });

  return (
    <AuthPage title="Create your account">
      <Typography sx={{ mb: 3 }}>
        Write your own cards, study them with spaced repetition, join classes and chat with other people. We
        send a link to your email address to confirm it is yours.
      </Typography>

      {failure ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {failure.message}
          {failure.offerSignIn ? (
            <>
              {' '}
              <AlertLink to={loginPath}>Go to sign in</AlertLink>
            </>
          ) : null}
        </Alert>
      ) : null}

      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Create your account">
        <Stack spacing={3}>
          <TextField
            label="Display name"
            autoComplete="name"
            required
            fullWidth
            error={Boolean(errors.name)}
            helperText={errors.name?.message ?? 'Shown on your cards and your profile.'}
            {...registered(register('name'))}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            fullWidth
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            {...registered(register('email'))}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            registration={register('password')}
            error={errors.password?.message}
            rules={passwordRulesState(policyQuery, password)}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
            Create account
          </Button>
        </Stack>
      </Box>

      <Typography sx={{ mt: 3 }}>
        Already have an account? <TextLink to={loginPath}>Sign in</TextLink>
      </Typography>
    </AuthPage>
  );
}
