import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { actionLinkSchema, actionModes, emailSchema } from '../../../contracts/auth.ts';
import type { ActionApplyResponse, ActionLink, ActionMode } from '../../../contracts/auth.ts';
import { TextLink } from '../../components/text-link.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { flashState } from '../../lib/flash.ts';
import { sameOriginPath } from '../../lib/navigation.ts';
import { newPasswordSchema, passwordRulesState } from '../../lib/password-policy.ts';
import { fetchSession, rememberSignedInUser, signOut } from '../../lib/session-api.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { QueryError } from '../../components/query-error.tsx';
import {
  applyActionLink,
  checkActionLink,
  refreshPasswordPolicy,
  resendActionLink,
  usePasswordPolicy,
} from './api.ts';
import type { ResendMode } from './api.ts';
import { AuthPage, OutboxHint } from './auth-page.tsx';
import { SecondFactorStep } from './login-page.tsx';
import { authMessage, errorCode, identityErrors } from './errors.ts';

const headings: Record<ActionMode, string> = {
  verifyEmail: 'Verify your email',
  resetPassword: 'Reset your password',
  signIn: 'Sign in',
  verifyAndChangeEmail: 'Confirm your new email address',
  recoverEmail: 'Restore your sign-in email',
  revertSecondFactorAddition: 'Remove two-step verification',
};

const successSentences: Record<ActionMode, string> = {
  verifyEmail: 'Your email address is verified.',
  resetPassword: 'Your password has been changed.',
  signIn: 'You are signed in.',
  verifyAndChangeEmail: 'Your email address has been changed.',
  recoverEmail: 'Your sign-in email has been restored. We recommend changing your password.',
  revertSecondFactorAddition: 'Two-step verification has been removed from your account.',
};

const resendModes = ['verifyEmail', 'resetPassword', 'signIn'] as const satisfies readonly ResendMode[];

function isResendMode(mode: ActionMode): mode is ResendMode {
  return (resendModes as readonly string[]).includes(mode);
}

function isActionMode(mode: string | null): mode is ActionMode {
  return (actionModes as readonly (string | null)[]).includes(mode);
}

/** The link's fields, or null when one it needs (apiKey, oobCode, a known mode) is missing or empty. */
function parseActionLink(params: URLSearchParams): ActionLink | null {
  const fields: Record<string, string> = {};
  for (const key of Object.keys(actionLinkSchema.shape)) {
    const value = params.get(key);
    if (value !== null) fields[key] = value;
  }
  const parsed = actionLinkSchema.safeParse(fields);
  return parsed.success ? parsed.data : null;
}

/** Where a link's `continueUrl` leads, if it stays on this site; else the exploration feed. */
function continuePath(continueUrl: string | null | undefined): string {
  return sameOriginPath(continueUrl) ?? '/exploration';
}

/** MUI puts `ref` on the wrapper; react-hook-form needs the input itself. */
function registered({ ref, ...rest }: UseFormRegisterReturn) {
  return { inputRef: ref, ...rest };
}

function Working({ children }: { children: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{children}</Typography>
    </Box>
  );
}

const resendSchema = z.object({ email: emailSchema });
type ResendRequest = z.infer<typeof resendSchema>;
const resendResolver = zodResolver(resendSchema);

/**
 * "Send a new link" after a link expired or was already used. The address comes from the link when the server
 * could read it; otherwise the person types it, and the answer never tells whether it has an account.
 */
function ResendLink({ mode, knownEmail }: { mode: ResendMode; knownEmail: string | null }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResendRequest>({ defaultValues: { email: knownEmail ?? '' }, resolver: resendResolver });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    setSentTo(null);
    try {
      await resendActionLink(mode, email);
      setSentTo(email);
    } catch (error) {
      setFailure(errorSentence(error, identityErrors));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Send a new link" sx={{ mt: 3 }}>
      <Stack spacing={2}>
        {knownEmail ? (
          <Typography>We will send a new link to {knownEmail}.</Typography>
        ) : (
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            fullWidth
            error={Boolean(errors.email)}
            helperText={errors.email?.message ?? 'The address the link was sent to.'}
            {...registered(register('email'))}
          />
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={isSubmitting || sentTo !== null}>
            Send a new link
          </Button>
        </Box>
      </Stack>
      <Box role="status" sx={{ mt: sentTo ? 2 : 0 }}>
        {sentTo ? (
          <Alert severity="success">
            {knownEmail
              ? `A new link is on its way to ${sentTo}. Check your inbox.`
              : `If there is an account for ${sentTo}, a new link is on its way to it. Check your inbox.`}
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

/** A failed check or apply: the catalogue's sentence, and a way to a fresh link when that can help. */
function LinkFailure({
  error,
  mode,
  knownEmail,
  onRetry,
}: {
  error: unknown;
  mode: ActionMode;
  knownEmail: string | null;
  onRetry?: (() => void) | undefined;
}) {
  const code = errorCode(error);
  const stale = code === 'auth/expired-action-code' || code === 'auth/invalid-action-code';
  // Only a failure of the connection or the server is worth repeating as is; a bad link stays bad.
  const transient = code === 'common/network-error' || code.endsWith('/internal-error');
  return (
    <>
      <QueryError error={error} onRetry={transient ? onRetry : undefined} errorOptions={identityErrors} />
      {stale && isResendMode(mode) ? <ResendLink mode={mode} knownEmail={knownEmail} /> : null}
    </>
  );
}

const newPasswordFormSchema = (policy: Parameters<typeof newPasswordSchema>[0]) =>
  z.object({ newPassword: newPasswordSchema(policy) });
type NewPasswordForm = { newPassword: string };

/**
 * A link that needs a new password: `resetPassword`, and `verifyEmail` when a password was set before the address
 * was proven (it stops working, so the owner of the address chooses theirs). Checked live against the policy,
 * then the link is applied with it.
 */
function ChooseNewPassword({ link, email }: { link: ActionLink; email: string | null }) {
  const verifying = link.mode === 'verifyEmail';
  const queryClient = useQueryClient();
  const policyQuery = usePasswordPolicy();
  const policy = policyQuery.data;
  const resolver = useMemo(() => zodResolver(newPasswordFormSchema(policy)), [policy]);
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordForm>({ defaultValues: { newPassword: '' }, resolver });
  const password = useWatch({ control, name: 'newPassword' });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFailure(null);
    try {
      const result = await applyActionLink(link, newPassword);
      if (result.signedIn) {
        // Verifying signed this browser in (every other session ended); show who, as after any sign-in.
        const session = await fetchSession().catch(() => null);
        if (session && !rememberSignedInUser(session.user)) await signOut();
      }
      setDone(true);
    } catch (error) {
      if (errorCode(error) === 'auth/password-does-not-meet-requirements') {
        // The rules shown must be the server's current ones before the message that points at them.
        await refreshPasswordPolicy(queryClient);
        setError(
          'newPassword',
          { type: 'server', message: errorSentence(error, identityErrors) },
          { shouldFocus: true },
        );
        return;
      }
      setFailure(error);
    }
  });

  if (done) {
    return (
      <Box role="status">
        <Alert severity="success">{successSentences[link.mode]}</Alert>
        <Typography sx={{ mt: 3 }}>
          {verifying ? (
            <TextLink to={continuePath(link.continueUrl)}>Continue to CARD WEB</TextLink>
          ) : (
            <TextLink to="/login">Sign in with your new password</TextLink>
          )}
        </Typography>
      </Box>
    );
  }

  return (
    <>
      <Typography sx={{ mb: 3 }}>
        {verifying ? (
          <>
            To verify {email ? <strong>{email}</strong> : 'your address'}, choose the password you will sign
            in with. This signs out every other device, and a password chosen before the address was verified
            stops working.
          </>
        ) : email ? (
          <>
            Choose a new password for <strong>{email}</strong>.
          </>
        ) : (
          'Choose a new password for your account.'
        )}
      </Typography>
      {failure ? (
        <Box sx={{ mb: 3 }}>
          <LinkFailure error={failure} mode={link.mode} knownEmail={email} />
        </Box>
      ) : null}
      <Box component="form" noValidate onSubmit={onSubmit}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
        <Stack spacing={3}>
          <PasswordField
            label="New password"
            autoComplete="new-password"
            registration={register('newPassword')}
            error={errors.newPassword?.message}
            rules={passwordRulesState(policyQuery, password)}
          />
          <Box>
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              {verifying ? 'Verify and save password' : 'Save new password'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </>
  );
}

interface Applied {
  result: ActionApplyResponse;
  /** The link signed the person in, but this browser cannot remember it. */
  storageBlocked: boolean;
}

/** A link that needs no new password: nothing to ask, so it is applied as soon as it checks out. */
function ApplyAtOnce({ link, email }: { link: ActionLink; email: string | null }) {
  const navigate = useNavigate();
  const apply = useMutation<Applied, unknown>({
    mutationFn: async () => {
      const result = await applyActionLink(link);
      if (!result.signedIn) return { result, storageBlocked: false };
      let session;
      try {
        session = await fetchSession();
      } catch (error) {
        // Signing in was the point of a sign-in link; anywhere else the action itself has succeeded.
        if (link.mode === 'signIn') throw error;
        return { result, storageBlocked: false };
      }
      if (session && !rememberSignedInUser(session.user)) {
        // This browser cannot show who is signed in; end the session so the server and the page agree.
        await signOut();
        return { result, storageBlocked: true };
      }
      return { result, storageBlocked: false };
    },
    onSuccess: async ({ result, storageBlocked }) => {
      if (result.mode === 'signIn' && !storageBlocked) {
        await navigate(continuePath(result.continueUrl ?? link.continueUrl), {
          replace: true,
          state: flashState(successSentences.signIn),
        });
      }
    },
  });
  const { mutate } = apply;

  // An action code works once: a second request (Strict Mode runs effects twice in development) would fail
  // with invalid-action-code and hide the success. The ref survives that second run.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (apply.isError) {
    if (link.mode === 'signIn' && errorCode(apply.error) === 'auth/multi-factor-auth-required') {
      // The account has an authenticator app: a sign-in link is only the first step, as a password is.
      return (
        <SecondFactorStep
          onSignedIn={async (user) => {
            if (!rememberSignedInUser(user)) {
              // This browser cannot show who is signed in; end the session so the server and the page agree.
              await signOut();
              await navigate('/login', { replace: true });
              return;
            }
            await navigate(continuePath(link.continueUrl), {
              replace: true,
              state: flashState(successSentences.signIn),
            });
          }}
          onRestart={() => void navigate('/login')}
        />
      );
    }
    return <LinkFailure error={apply.error} mode={link.mode} knownEmail={email} />;
  }
  if (!apply.isSuccess) return <Working>Just a moment…</Working>;

  const { result, storageBlocked } = apply.data;
  if (storageBlocked) {
    return (
      <>
        {link.mode === 'signIn' ? null : (
          <Alert severity="success" sx={{ mb: 2 }}>
            {successSentences[link.mode]}
          </Alert>
        )}
        <Alert severity="error">{authMessage('auth/web-storage-unsupported')}</Alert>
      </>
    );
  }
  return (
    <Box role="status">
      <Alert severity="success">{successSentences[result.mode]}</Alert>
      <Typography sx={{ mt: 3 }}>
        {result.mode === 'recoverEmail' ? (
          <TextLink to="/login">Sign in and change your password</TextLink>
        ) : (
          <TextLink to={continuePath(result.continueUrl ?? link.continueUrl)}>Continue to CARD WEB</TextLink>
        )}
      </Typography>
    </Box>
  );
}

/**
 * `signIn`: asks before signing in. A page on another site can send a browser to a sign-in link of its author's
 * own account; signing in without asking would leave the person working in an account that is not theirs.
 */
function ConfirmSignIn({ link, email }: { link: ActionLink; email: string | null }) {
  const [confirmed, setConfirmed] = useState(false);
  if (confirmed) return <ApplyAtOnce link={link} email={email} />;
  return (
    <>
      <Typography sx={{ mb: 3 }}>
        {email ? (
          <>
            Sign in as <strong>{email}</strong>?
          </>
        ) : (
          'Sign in with this link?'
        )}{' '}
        Continue only if you asked for this link yourself.
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" size="large" onClick={() => setConfirmed(true)}>
          Sign in
        </Button>
        <Button component={RouterLink} to="/" size="large">
          Cancel
        </Button>
      </Stack>
    </>
  );
}

function ActionFlow({ link }: { link: ActionLink }) {
  const check = useQuery({
    queryKey: ['auth', 'action-check', link],
    queryFn: ({ signal }) => checkActionLink(link, signal),
    // A link is either usable or not; asking again only makes sense when the person asks.
    retry: false,
    staleTime: Infinity,
  });

  if (check.isPending) return <Working>Checking your link…</Working>;
  if (check.isError) {
    return (
      <LinkFailure
        error={check.error}
        mode={link.mode}
        knownEmail={null}
        onRetry={() => void check.refetch()}
      />
    );
  }
  if (check.data.newPasswordRequired || link.mode === 'resetPassword')
    return <ChooseNewPassword link={link} email={check.data.email} />;
  if (link.mode === 'signIn') return <ConfirmSignIn link={link} email={check.data.email} />;
  return <ApplyAtOnce link={link} email={check.data.email} />;
}

/** `/auth/action`: where the links in CARD WEB's emails lead (verify, reset, sign in, recover, …). */
export function ActionPage() {
  const [searchParams] = useSearchParams();
  const link = useMemo(() => parseActionLink(searchParams), [searchParams]);
  const mode = searchParams.get('mode');
  const heading = isActionMode(mode) ? headings[mode] : 'Email action';

  return (
    <AuthPage title="Email action" heading={heading}>
      {link ? (
        // A new link (another email opened in this tab) starts afresh.
        <ActionFlow key={JSON.stringify(link)} link={link} />
      ) : (
        <>
          <Alert severity="error">{authMessage('auth/argument-error')}</Alert>
          <Typography sx={{ mt: 3 }}>
            <TextLink to="/login">Go to sign in</TextLink>
          </Typography>
        </>
      )}
    </AuthPage>
  );
}
