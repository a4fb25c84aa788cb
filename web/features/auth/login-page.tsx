import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { emailSchema, signInRequestSchema } from '../../../contracts/auth.ts';
import type { AuthConfig, SessionUserResponse, SignInRequest } from '../../../contracts/auth.ts';
import { TextLink } from '../../components/text-link.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { authPathFor, safeNextPath } from '../../lib/navigation.ts';
import { passwordRulesState } from '../../lib/password-policy.ts';
import { fetchSession, rememberSignedInUser, signOut } from '../../lib/session-api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import {
  refreshPasswordPolicy,
  requestPasswordReset,
  sendSignInLink,
  signInWithEmail,
  startProviderSignIn,
  useAuthConfig,
  usePasswordPolicy,
  verifySignInBackupCode,
  verifySignInCode,
} from './api.ts';
import { afterSignInPath } from './destination.ts';
import { GoogleSignIn } from './google-sign-in.tsx';
import { AuthPage, OutboxHint } from './auth-page.tsx';
import { authMessage, errorCode, identityErrors } from './errors.ts';

/** MUI puts `ref` on the wrapper; react-hook-form needs the input itself. */
function registered({ ref, ...rest }: UseFormRegisterReturn) {
  return { inputRef: ref, ...rest };
}

const signInResolver = zodResolver(signInRequestSchema);

/** Google and the configured OpenID Connect providers, in that order; empty when none is configured. */
function providerButtons(config: AuthConfig | undefined): { id: string; label: string }[] {
  if (!config) return [];
  return [
    ...(config.providers.google ? [{ id: 'google', label: 'Continue with Google' }] : []),
    ...config.providers.oidc.map((provider) => ({
      id: provider.id,
      label: `Continue with ${provider.name}`,
    })),
  ];
}

function ProviderButtons({
  config,
  returnTo,
  onSignedIn,
}: {
  config: AuthConfig | undefined;
  returnTo: string;
  /** Called once the popup reports that the provider signed the person in (the cookie is set by then). */
  onSignedIn: () => Promise<void>;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [starting, setStarting] = useState<string | null>(null);
  const buttons = providerButtons(config);
  if (buttons.length === 0) return null;

  /** The redirect flow: this tab goes to the provider and comes back to `returnTo`. */
  const redirect = async (provider: string) => {
    setFailure(null);
    setStarting(provider);
    try {
      const { url } = await startProviderSignIn(provider, returnTo);
      window.location.assign(url);
    } catch (error) {
      setFailure(errorSentence(error, identityErrors));
      setStarting(null);
    }
  };

  /** The popup flow; a blocked popup offers the redirect flow instead. */
  const start = async (provider: string) => {
    setFailure(null);
    setBlocked(null);
    setStarting(provider);
    try {
      const { signInWithPopup } = await import('../../lib/popup-sign-in.ts');
      await signInWithPopup(provider);
      await onSignedIn();
    } catch (error) {
      const code = (error as { code?: string }).code;
      // A newer popup replaced this one; its own outcome will be shown.
      if (code === 'auth/cancelled-popup-request') return;
      if (code === 'auth/popup-blocked') setBlocked(provider);
      setFailure(error instanceof Error ? error.message : errorSentence(error, identityErrors));
    }
    setStarting(null);
  };

  return (
    <Box sx={{ mb: 3 }}>
      {failure ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            blocked ? (
              <Button color="inherit" size="small" onClick={() => void redirect(blocked)}>
                Continue in this tab
              </Button>
            ) : undefined
          }
        >
          {failure}
        </Alert>
      ) : null}
      <Stack spacing={1.5}>
        {buttons.map((button) => (
          <Button
            key={button.id}
            variant="outlined"
            size="large"
            fullWidth
            disabled={starting !== null}
            onClick={() => void start(button.id)}
          >
            {button.label}
          </Button>
        ))}
      </Stack>
      <Divider sx={{ mt: 3 }}>or</Divider>
    </Box>
  );
}

const resetSchema = z.object({ email: emailSchema });
type ResetRequest = z.infer<typeof resetSchema>;
const resetResolver = zodResolver(resetSchema);

/** "Forgot password?": asks for a reset link without ever telling whether the address has an account. */
function ForgotPassword({ id, initialEmail }: { id: string; initialEmail: string }) {
  const headingId = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetRequest>({ defaultValues: { email: initialEmail }, resolver: resetResolver });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    setSentTo(null);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      setFailure(errorSentence(error, identityErrors));
    }
  });

  return (
    <Box
      id={id}
      component="section"
      aria-labelledby={headingId}
      sx={{ mt: 3, p: 2.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        Reset your password
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Enter the email address you signed up with and we will send you a link to choose a new password.
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            fullWidth
            autoFocus
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            {...registered(register('email'))}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              Send reset link
            </Button>
          </Box>
        </Stack>
      </Box>
      <Box role="status" sx={{ mt: sentTo || failure ? 2 : 0 }}>
        {sentTo ? (
          <Alert severity="success">
            If there is an account for {sentTo}, we have sent it a link to reset the password. Check your
            inbox.
            <OutboxHint />
          </Alert>
        ) : null}
      </Box>
      {failure ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      ) : null}
    </Box>
  );
}

const appCodeSchema = z.object({
  code: z
    .string()
    // Apps show the code as "123 456"; people type or paste it with the space.
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from the app')),
});
const backupCodeSchema = z.object({
  code: z
    .string()
    .transform((code) => code.trim())
    .pipe(z.string().min(1, 'Enter one of your backup codes')),
});
const appCodeResolver = zodResolver(appCodeSchema);
const backupCodeResolver = zodResolver(backupCodeSchema);

/**
 * The second step of signing in, once the password was right and the account has two-step verification: a
 * code from the authenticator app, or one of the backup codes. `onRestart` goes back to the password, with
 * the reason when the paused sign-in cannot be finished any more.
 */
export function SecondFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: SessionUserResponse) => Promise<void>;
  onRestart: (reason: string | null) => void;
}) {
  const headingId = useId();
  const [backup, setBackup] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({
    defaultValues: { code: '' },
    resolver: backup ? backupCodeResolver : appCodeResolver,
  });

  const switchKind = () => {
    setFailure(null);
    reset();
    // The field is replaced (see its key) and takes the focus itself.
    setBackup((current) => !current);
  };

  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      const { user } = await (backup ? verifySignInBackupCode(code) : verifySignInCode(code));
      await onSignedIn(user);
    } catch (error) {
      const failed = errorCode(error);
      if (failed === 'auth/invalid-credential') {
        // The library reports a wrong code with the sign-in code, whose sentence is about the password.
        const message = backup
          ? 'That backup code is not correct, or it has been used already.'
          : 'That code is not correct. Check your authenticator app and try again.';
        setError('code', { type: 'server', message }, { shouldFocus: true });
      } else if (failed === 'auth/invalid-auth-event') {
        // The paused sign-in expired or used up its attempts: only the password step can start a new one.
        onRestart(errorSentence(error, identityErrors));
      } else {
        setFailure(errorSentence(error, identityErrors));
      }
    }
  });

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        Two-step verification
      </Typography>
      <Typography sx={{ mb: 3 }}>
        {backup
          ? 'Enter one of the backup codes you saved when you turned on two-step verification. Each code works once.'
          : authMessage('auth/multi-factor-auth-required')}
      </Typography>
      {failure ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {failure}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={3}>
          <TextField
            // A new field for the other kind of code, so the browser's autofill hints match it.
            key={backup ? 'backup' : 'app'}
            label={backup ? 'Backup code' : 'Code from your authenticator app'}
            autoComplete={backup ? 'off' : 'one-time-code'}
            required
            fullWidth
            autoFocus
            error={Boolean(errors.code)}
            helperText={errors.code?.message}
            slotProps={{ htmlInput: backup ? {} : { inputMode: 'numeric' } }}
            {...registered(register('code'))}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
            Verify
          </Button>
          <Button variant="outlined" size="large" fullWidth onClick={switchKind}>
            {backup ? 'Use your authenticator app' : 'Use a backup code'}
          </Button>
          <Button fullWidth onClick={() => onRestart(null)}>
            Start over
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const signupPath = authPathFor('/signup', next);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: config } = useAuthConfig();
  const forgotId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const [sendingLink, setSendingLink] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  // The policy's rules are shown only after the server said the password breaks them.
  const [showRules, setShowRules] = useState(false);
  // The password was right and the account wants a code from the authenticator app too.
  const [secondStep, setSecondStep] = useState(false);
  const policyQuery = usePasswordPolicy({ enabled: showRules });

  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    trigger,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignInRequest>({ defaultValues: { email: '', password: '' }, resolver: signInResolver });
  const password = useWatch({ control, name: 'password' });

  /** Saves the signed-in user and leaves, whichever step finished the sign-in. */
  const finishSignIn = async (user: SessionUserResponse) => {
    if (!rememberSignedInUser(user)) {
      // Without storage this browser cannot show who is signed in; end the session so the server and the
      // page agree that nobody is.
      await signOut();
      setSecondStep(false);
      setFailure(authMessage('auth/web-storage-unsupported'));
      return;
    }
    await navigate(afterSignInPath(next), { replace: true });
  };

  const onSubmit = handleSubmit(async (request) => {
    setFailure(null);
    setLinkSentTo(null);
    try {
      const { user } = await signInWithEmail(request);
      await finishSignIn(user);
    } catch (error) {
      if (errorCode(error) === 'auth/multi-factor-auth-required') {
        setSecondStep(true);
        return;
      }
      if (errorCode(error) === 'auth/password-does-not-meet-requirements') {
        // The policy changed since this password was chosen; show the current rules, fetched afresh, before
        // the message that points at them.
        await refreshPasswordPolicy(queryClient);
        setShowRules(true);
        setError(
          'password',
          { type: 'server', message: errorSentence(error, identityErrors) },
          { shouldFocus: true },
        );
        return;
      }
      let placed = false;
      if (error instanceof ApiError) {
        for (const path of ['email', 'password'] as const) {
          const message = error.fieldMessage(path);
          if (message) {
            setError(path, { type: 'server', message }, { shouldFocus: !placed });
            placed = true;
          }
        }
      }
      if (!placed) setFailure(errorSentence(error, identityErrors));
    }
  });

  const emailMeALink = async () => {
    setFailure(null);
    setLinkSentTo(null);
    // Only the address matters here; a half-typed password must not block the link.
    if (!(await trigger('email'))) {
      setFocus('email');
      return;
    }
    const email = getValues('email');
    setSendingLink(true);
    try {
      await sendSignInLink(email);
      setLinkSentTo(email);
    } catch (error) {
      setFailure(errorSentence(error, identityErrors));
    } finally {
      setSendingLink(false);
    }
  };

  const emailLinkOffered = config?.providers.emailLink ?? true;

  return (
    <AuthPage title="Sign in">
      {next ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          After signing in you will return to <strong>{next}</strong>.
        </Alert>
      ) : null}

      {secondStep ? (
        <SecondFactorStep
          onSignedIn={finishSignIn}
          onRestart={(reason) => {
            setSecondStep(false);
            setFailure(reason);
          }}
        />
      ) : (
        <>
          {config?.providers.google ? (
            <GoogleSignIn clientId={config.providers.google.clientId} onSignedIn={finishSignIn} />
          ) : null}
          <ProviderButtons
            config={config}
            returnTo={afterSignInPath(next)}
            onSignedIn={async () => {
              const session = await fetchSession();
              if (session) await finishSignIn(session.user);
            }}
          />

          {failure ? (
            <Alert severity="error" sx={{ mb: 3 }}>
              {failure}
            </Alert>
          ) : null}

          <Box component="form" noValidate onSubmit={onSubmit}>
            <Stack spacing={3}>
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
              <Box>
                <PasswordField
                  label="Password"
                  autoComplete="current-password"
                  registration={register('password')}
                  error={errors.password?.message}
                  rules={showRules ? passwordRulesState(policyQuery, password) : undefined}
                />
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.5 }}>
                  <Button
                    size="small"
                    aria-expanded={forgotOpen}
                    aria-controls={forgotOpen ? forgotId : undefined}
                    onClick={() => setForgotOpen((open) => !open)}
                  >
                    Forgot password?
                  </Button>
                </Box>
              </Box>
              <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
                Sign in
              </Button>
              {emailLinkOffered ? (
                <Button
                  variant="outlined"
                  size="large"
                  fullWidth
                  disabled={sendingLink}
                  onClick={() => void emailMeALink()}
                >
                  Email me a sign-in link
                </Button>
              ) : null}
            </Stack>
          </Box>

          <Box role="status" sx={{ mt: linkSentTo ? 3 : 0 }}>
            {linkSentTo ? (
              <Alert severity="success">
                Check your inbox: we sent a sign-in link to {linkSentTo}. Open it in this browser to sign in.
                <OutboxHint />
              </Alert>
            ) : null}
          </Box>

          {forgotOpen ? <ForgotPassword id={forgotId} initialEmail={getValues('email')} /> : null}
        </>
      )}

      <Typography sx={{ mt: 3 }}>
        New to CARD WEB? <TextLink to={signupPath}>Create an account</TextLink>
      </Typography>
    </AuthPage>
  );
}
