import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { TextLink } from '../../components/text-link.tsx';
import { loginPathFor } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';
import { QueryError } from '../../components/query-error.tsx';
import { linkedAccountsQuery, sessionQuery } from './api.ts';
import type { SettingsSession } from './api.ts';
import { BlockedPeopleSection } from './blocked-people-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { EmailSection } from './email-section.tsx';
import { LinkedAccountsSection } from './linked-accounts-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { PremiumSection } from './premium-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { ConfirmIdentityProvider } from './reauth.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import { YourFeedSection } from './your-feed-section.tsx';
import { PageHeader } from '../../components/page-header.tsx';

function SignedOut() {
  return (
    <Typography>
      You are not signed in. <TextLink to={loginPathFor('/settings')}>Sign in</TextLink> to change your
      account settings.
    </Typography>
  );
}

/** Account settings: `/settings`. */
export function SettingsPage() {
  const headingId = useId();
  const { signedIn } = useSession();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ maxWidth: 760 }}>
      <PageHeader title="Settings" titleId={headingId} />
      {/* The browser's copy says nobody is signed in: there is nothing to ask the server about. */}
      {signedIn ? <AccountSettings /> : <SignedOut />}
    </Box>
  );
}

function AccountSettings() {
  // The server's session, not the browser's copy: it has the second-factor state and this session's token.
  const session = useQuery(sessionQuery);
  if (session.isPending) {
    return (
      <Box sx={{ py: 4 }}>
        <CircularProgress aria-label="Loading your settings" />
      </Box>
    );
  }
  if (session.isError) {
    return <QueryError error={session.error} onRetry={() => void session.refetch()} />;
  }
  if (session.data === null) return <SignedOut />;
  return <Sections session={session.data} />;
}

function Sections({ session }: { session: SettingsSession }) {
  const { user } = session;
  const accounts = useQuery(linkedAccountsQuery);
  // Unknown until the list arrives; the password form shows meanwhile, as nearly every account has one.
  const hasPassword = accounts.data?.some((account) => account.providerId === 'credential');
  return (
    <ConfirmIdentityProvider email={user.email}>
      {user.role === 'admin' ? (
        <Typography sx={{ mb: 1 }}>
          You are an administrator: <TextLink to="/admin">open the administration page</TextLink>.
        </Typography>
      ) : null}
      <ProfileSection user={user} />
      <PremiumSection />
      <PasswordSection hasPassword={hasPassword} />
      <EmailSection currentEmail={user.email} />
      <TwoFactorSection enabled={user.twoFactorEnabled === true} />
      <LinkedAccountsSection />
      <SessionsSection currentToken={session.session.token} />
      <BlockedPeopleSection />
      <YourFeedSection />
      <DeleteAccountSection />
    </ConfirmIdentityProvider>
  );
}
