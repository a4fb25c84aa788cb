import { useId } from 'react';
import type { ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { TextLink } from '../../components/text-link.tsx';
import { loginPathFor } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';
import { QueryError } from '../../components/query-error.tsx';
import { adminSessionQuery } from './api.ts';
import { EditorsAdminSection } from './editors-admin-section.tsx';
import { InstructorsAdminSection } from './instructors-admin-section.tsx';
import { PremiumAdminSection } from './premium-admin-section.tsx';
import { ReportsAdminSection } from './reports-admin-section.tsx';
import { PageHeader } from '../../components/page-header.tsx';

/**
 * The sections of the page, in order. A new administrative tool (reports, say) is one more entry here and a
 * component of its own that renders an `AdminSection`.
 */
const sections: { id: string; Component: ComponentType }[] = [
  { id: 'reports', Component: ReportsAdminSection },
  { id: 'premium', Component: PremiumAdminSection },
  { id: 'instructors', Component: InstructorsAdminSection },
  { id: 'editors', Component: EditorsAdminSection },
];

/** Administration: `/admin`, for people with the administrator role. The server checks the role on every call. */
export function AdminPage() {
  const headingId = useId();
  const { signedIn } = useSession();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ maxWidth: 960 }}>
      <PageHeader title="Administration" titleId={headingId} />
      {signedIn ? (
        <AdminOnly />
      ) : (
        <Typography>
          You are not signed in. <TextLink to={loginPathFor('/admin')}>Sign in</TextLink> with an
          administrator account to use this page.
        </Typography>
      )}
    </Box>
  );
}

function AdminOnly() {
  const session = useQuery(adminSessionQuery);
  if (session.isPending) {
    return (
      <Box sx={{ py: 4 }}>
        <CircularProgress aria-label="Checking your role" />
      </Box>
    );
  }
  if (session.isError) {
    return <QueryError error={session.error} onRetry={() => void session.refetch()} />;
  }
  if (session.data?.user.role !== 'admin') {
    return <Typography>You need to be an administrator to see this page.</Typography>;
  }
  return (
    <>
      <Typography>Tools for the people who run this CARD WEB server.</Typography>
      {sections.map(({ id, Component }) => (
        <Component key={id} />
      ))}
    </>
  );
}
