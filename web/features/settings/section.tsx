import { useId } from 'react';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { authConfigQuery } from './api.ts';

/** MUI puts `ref` on the wrapper; react-hook-form needs the input itself. */
export function registered({ ref, ...rest }: UseFormRegisterReturn) {
  return { inputRef: ref, ...rest };
}

/** One part of the settings page: a region named by its h2, so screen-reader users can jump between them. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ mt: 3, p: { xs: 2, sm: 3 }, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography id={headingId} variant="h5" component="h2" gutterBottom sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * A success notice in a live region that is always in the page: screen readers announce text added to an
 * existing region, but often not a region that appears together with its text.
 */
export function StatusNotice({ children }: { children: ReactNode }) {
  return (
    <Box role="status" sx={{ mt: children ? 2 : 0 }}>
      {children ? <Alert severity="success">{children}</Alert> : null}
    </Box>
  );
}

export function ErrorNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {message}
    </Alert>
  );
}

/**
 * After "we sent a link": where the mail really is when the server has no SMTP and keeps it in the
 * development outbox. Shown only when the server says so.
 */
export function OutboxHint() {
  const { data: config } = useQuery(authConfigQuery);
  if (!config?.devOutbox) return null;
  return (
    <>
      {' '}
      This server keeps its mail in the{' '}
      {/* The alert's own text colour, underlined: the theme's link colour lacks contrast on it. */}
      <Link
        component={RouterLink}
        to="/dev/outbox"
        color="inherit"
        underline="always"
        sx={{ fontWeight: 600 }}
      >
        development outbox
      </Link>
      .
    </>
  );
}

/**
 * The library answers a wrong password or code with the sign-in code `auth/invalid-credential`, whose sentence
 * speaks of "the email or password"; inside these forms only one thing was typed, so name it.
 */
export const wrongPasswordSentence = 'That password is not correct.';
export const wrongCodeSentence = 'That code is not correct. Check your authenticator app and try again.';
