import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { PasswordField } from '../../components/password-field.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import {
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  settingsQueryRoot,
  startTwoFactorEnrolment,
} from './api.ts';
import type { Enrolment } from './api.ts';
import { errorCode } from './errors.ts';
import { groupedSecret, totpSecret } from './otpauth.ts';
import { useConfirmIdentity, useWithRecentLogin } from './reauth.tsx';
import {
  ErrorNotice,
  registered,
  SettingsSection,
  StatusNotice,
  wrongCodeSentence,
  wrongPasswordSentence,
} from './section.tsx';

type Stage = { kind: 'idle' } | { kind: 'password' } | { kind: 'enrolling'; enrolment: Enrolment };

/**
 * An authenticator app as the second step of signing in: the password unlocks a new secret (QR code and
 * typed key) and one-time backup codes, and the first code the app shows switches it on.
 */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const { confirm } = useConfirmIdentity();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const introRef = useRef<HTMLParagraphElement>(null);

  // The session now says whether the second factor is on; the server also replaced the session itself.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: settingsQueryRoot });

  const backToStart = (message: string | null) => {
    setStage({ kind: 'idle' });
    setNotice(message);
    // The form that had focus is gone; the section's first sentence is where reading continues.
    requestAnimationFrame(() => introRef.current?.focus());
  };

  const turnOff = async () => {
    setNotice(null);
    setFailure(null);
    // Always asked, not only when the server insists: this removes a protection from the account.
    const password = await confirm("To turn off two-step verification, confirm it's you.");
    if (password === null) return;
    setTurningOff(true);
    try {
      await disableTwoFactor(password);
      setNotice('Two-step verification is off. Signing in asks only for your password again.');
      refresh();
    } catch (error) {
      setFailure(errorSentence(error));
    } finally {
      setTurningOff(false);
    }
  };

  return (
    <SettingsSection title="Two-step verification">
      <Typography ref={introRef} tabIndex={-1} sx={{ mb: 2, outline: 'none' }}>
        {enabled
          ? 'On: signing in with your password also asks for a code from your authenticator app.'
          : 'Off. Turn it on and signing in with your password also asks for a code from an authenticator app on your phone, so a stolen password alone is not enough.'}
      </Typography>

      {enabled ? (
        <Button variant="outlined" disabled={turningOff} onClick={() => void turnOff()}>
          Turn off two-step verification
        </Button>
      ) : stage.kind === 'idle' ? (
        <Button
          variant="contained"
          onClick={() => {
            setNotice(null);
            setFailure(null);
            setStage({ kind: 'password' });
          }}
        >
          Turn on two-step verification
        </Button>
      ) : stage.kind === 'password' ? (
        <StartEnrolment
          onStarted={(enrolment) => setStage({ kind: 'enrolling', enrolment })}
          onCancel={() => backToStart(null)}
        />
      ) : (
        <EnrolmentSteps
          enrolment={stage.enrolment}
          onEnabled={() => {
            backToStart(
              'Two-step verification is on. We emailed you a link that turns it off again, in case it was not you who turned it on.',
            );
            refresh();
          }}
          onCancel={() => backToStart(null)}
        />
      )}

      <StatusNotice>{notice}</StatusNotice>
      <ErrorNotice message={failure} />
    </SettingsSection>
  );
}

const passwordSchema = z.object({ password: z.string().min(1, 'Enter your password') });
const passwordResolver = zodResolver(passwordSchema);

function StartEnrolment({
  onStarted,
  onCancel,
}: {
  onStarted: (enrolment: Enrolment) => void;
  onCancel: () => void;
}) {
  const withRecentLogin = useWithRecentLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<{ password: string }>({ defaultValues: { password: '' }, resolver: passwordResolver });

  useEffect(() => setFocus('password'), [setFocus]);

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      const enrolment = await withRecentLogin(
        () => startTwoFactorEnrolment(password),
        "To turn on two-step verification, confirm it's you.",
      );
      if (enrolment) onStarted(enrolment);
    } catch (error) {
      if (errorCode(error) === 'auth/invalid-credential') {
        setError('password', { type: 'server', message: wrongPasswordSentence }, { shouldFocus: true });
      } else {
        setFailure(errorSentence(error));
      }
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Turn on two-step verification">
      <Stack spacing={2}>
        <Typography variant="body2">Enter your password to start.</Typography>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
        />
        <Stack direction="row" spacing={1.5}>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            Continue
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </Stack>
      </Stack>
      <ErrorNotice message={failure} />
    </Box>
  );
}

const codeSchema = z.object({
  code: z
    .string()
    // Apps show the code as "123 456"; people copy it with the space.
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from the app')),
});
const codeResolver = zodResolver(codeSchema);

function EnrolmentSteps({
  enrolment,
  onEnabled,
  onCancel,
}: {
  enrolment: Enrolment;
  onEnabled: () => void;
  onCancel: () => void;
}) {
  const firstStepRef = useRef<HTMLHeadingElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const secret = totpSecret(enrolment.totpURI);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof codeSchema>, unknown, z.output<typeof codeSchema>>({
    defaultValues: { code: '' },
    resolver: codeResolver,
  });

  // The password form is gone; take people to the first step instead of leaving focus nowhere.
  useEffect(() => firstStepRef.current?.focus(), []);

  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await confirmTwoFactorEnrolment(code);
    } catch (error) {
      if (errorCode(error) === 'auth/invalid-credential') {
        setError('code', { type: 'server', message: wrongCodeSentence }, { shouldFocus: true });
      } else {
        setFailure(errorSentence(error));
      }
      return;
    }
    onEnabled();
  });

  return (
    <Box>
      <Typography ref={firstStepRef} tabIndex={-1} variant="h6" component="h3" sx={{ outline: 'none' }}>
        1. Add CARD WEB to your authenticator app
      </Typography>
      <Typography sx={{ mb: 2 }}>Scan this QR code with the app.</Typography>
      {/* Dark on white whatever the theme: scanners expect it, with a quiet zone around the code. */}
      <Box sx={{ display: 'inline-block', p: 1.5, bgcolor: '#ffffff', borderRadius: 1, lineHeight: 0 }}>
        <QRCodeSVG
          value={enrolment.totpURI}
          size={176}
          marginSize={1}
          bgColor="#ffffff"
          fgColor="#000000"
          role="img"
          aria-label="QR code for adding CARD WEB to your authenticator app"
        />
      </Box>
      {secret ? (
        <Typography sx={{ mt: 2 }}>
          If you cannot scan it, enter this key in the app instead:{' '}
          <Box
            component="code"
            sx={{ fontFamily: 'monospace', fontSize: '1rem', fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {groupedSecret(secret)}
          </Box>
        </Typography>
      ) : null}

      <Typography variant="h6" component="h3" sx={{ mt: 3 }}>
        2. Save your backup codes
      </Typography>
      <BackupCodes codes={enrolment.backupCodes} />

      <Typography variant="h6" component="h3" sx={{ mt: 3 }}>
        3. Enter the code the app shows
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Confirm the authenticator app">
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Code from your authenticator app"
            autoComplete="one-time-code"
            required
            fullWidth
            error={Boolean(errors.code)}
            helperText={errors.code?.message ?? 'Six digits; a new code appears every 30 seconds.'}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...registered(register('code'))}
          />
          <Stack direction="row" spacing={1.5}>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              Verify
            </Button>
            <Button onClick={onCancel}>Cancel</Button>
          </Stack>
        </Stack>
      </Box>
      <ErrorNotice message={failure} />
    </Box>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  const [copyNote, setCopyNote] = useState<string | null>(null);
  const text = `CARD WEB backup codes. Each code works once.\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopyNote('The backup codes are copied.');
    } catch {
      setCopyNote('Your browser did not allow copying. Select the codes and copy them yourself.');
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'card-web-backup-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked after the click has been handled; revoking at once can cancel the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <>
      <Typography sx={{ mb: 1.5 }}>
        If you lose your phone, a backup code lets you sign in instead of a code from the app. Each code works
        once. Keep them somewhere safe; this is the only time they are shown.
      </Typography>
      <Box
        component="ul"
        aria-label="Backup codes"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
          gap: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ mt: 1.5 }}>
        <Button variant="outlined" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outlined" onClick={download}>
          Download as text
        </Button>
      </Stack>
      <Typography role="status" variant="body2" sx={{ mt: 1, minHeight: '1.5em' }}>
        {copyNote}
      </Typography>
    </>
  );
}
