import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useAuthConfig } from './api.ts';
import { PageHeader } from '../../components/page-header.tsx';

interface AuthPageProps {
  /** The first part of the tab title. */
  title: string;
  /** The page's only h1; the title unless the page says more precisely what it is doing. */
  heading?: string;
  /** Forms are easier to read narrow; lists such as the outbox need more room. */
  width?: number;
  children: ReactNode;
}

/** The frame of every identity screen: one h1, a readable column, the tab title. */
export function AuthPage({ title, heading = title, width = 480, children }: AuthPageProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ maxWidth: width, mx: 'auto' }}>
      <PageHeader title={heading} titleId={headingId} documentTitle={title} />
      {children}
    </Box>
  );
}

/** A link inside a coloured alert, where the theme's link colour lacks contrast: the alert's text colour, underlined. */
export function AlertLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} color="inherit" underline="always" sx={{ fontWeight: 600 }}>
      {children}
    </Link>
  );
}

/**
 * Under "check your inbox": where the mail really is when the server has no SMTP and keeps it in the
 * development outbox. Shown only when the server says so.
 */
export function OutboxHint() {
  const { data: config } = useAuthConfig();
  if (!config?.devOutbox) return null;
  return (
    <>
      {' '}
      This server keeps its mail in the <AlertLink to="/dev/outbox">development outbox</AlertLink>.
    </>
  );
}
