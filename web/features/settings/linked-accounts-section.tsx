import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuthConfig } from '../../../contracts/auth.ts';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { errorSentence } from '../../lib/error-sentence.ts';
import { QueryError } from '../../components/query-error.tsx';
import { authConfigQuery, linkedAccountsQuery, startLinkingProvider, unlinkAccount } from './api.ts';
import type { LinkedAccount } from './api.ts';
import { useWithRecentLogin } from './reauth.tsx';
import { ErrorNotice, SettingsSection, StatusNotice } from './section.tsx';

/** The identity library's provider id for the email-and-password sign-in. */
const passwordProvider = 'credential';

/** Google and the configured OpenID Connect providers, the same list the sign-in page offers. */
function configuredProviders(config: AuthConfig): { id: string; name: string }[] {
  return [...(config.providers.google ? [{ id: 'google', name: 'Google' }] : []), ...config.providers.oidc];
}

function providerName(providerId: string, config: AuthConfig | undefined): string {
  if (providerId === passwordProvider) return 'Email and password';
  if (providerId === 'google') return 'Google';
  return config?.providers.oidc.find((provider) => provider.id === providerId)?.name ?? providerId;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The ways to sign in to this account: link another provider, or unlink one that is not the last. */
export function LinkedAccountsSection() {
  const queryClient = useQueryClient();
  const withRecentLogin = useWithRecentLogin();
  const accounts = useQuery(linkedAccountsQuery);
  const config = useQuery(authConfigQuery);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const link = async (provider: string) => {
    setNotice(null);
    setFailure(null);
    setBusy(provider);
    try {
      const redirect = await withRecentLogin(
        () => startLinkingProvider(provider),
        "To link another way to sign in, confirm it's you.",
      );
      if (redirect === undefined) {
        setBusy(null);
        return;
      }
      // The provider's own page; it sends the browser back to /settings once the person has agreed.
      window.location.assign(redirect.url);
    } catch (error) {
      setFailure(errorSentence(error));
      setBusy(null);
    }
  };

  const unlink = async (account: LinkedAccount) => {
    setNotice(null);
    setFailure(null);
    setBusy(account.id);
    try {
      const done = await withRecentLogin(
        () => unlinkAccount(account),
        "To unlink a way to sign in, confirm it's you.",
      );
      if (done !== undefined) {
        setNotice(`${providerName(account.providerId, config.data)} is unlinked.`);
        await queryClient.invalidateQueries({ queryKey: linkedAccountsQuery.queryKey });
      }
    } catch (error) {
      // Among others, the server refuses to unlink the last way to sign in, and says so.
      setFailure(errorSentence(error));
    } finally {
      setBusy(null);
    }
  };

  if (accounts.isPending || config.isPending) {
    return (
      <SettingsSection title="Linked accounts">
        <CircularProgress size={24} aria-label="Loading your linked accounts" />
      </SettingsSection>
    );
  }
  if (accounts.isError || config.isError) {
    return (
      <SettingsSection title="Linked accounts">
        <QueryError
          error={accounts.error ?? config.error}
          onRetry={() => {
            if (accounts.isError) void accounts.refetch();
            if (config.isError) void config.refetch();
          }}
        />
      </SettingsSection>
    );
  }

  const linked = accounts.data;
  const providers = configuredProviders(config.data);
  const providerAccounts = linked.filter((account) => account.providerId !== passwordProvider);
  if (providers.length === 0 && providerAccounts.length === 0) {
    return (
      <SettingsSection title="Linked accounts">
        <Typography>
          This server offers no other way to sign in, such as Google, so there is nothing to link.
        </Typography>
      </SettingsSection>
    );
  }

  const linkable = providers.filter(
    (provider) => !linked.some((account) => account.providerId === provider.id),
  );
  const onlyOne = linked.length === 1;

  return (
    <SettingsSection title="Linked accounts">
      <Typography sx={{ mb: 1 }}>You can sign in to CARD WEB with any of these.</Typography>
      <Box component="ul" aria-label="Ways to sign in" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {linked.map((account) => {
          const name = providerName(account.providerId, config.data);
          const unlinkable = account.providerId !== passwordProvider && !onlyOne;
          return (
            <Box
              component="li"
              key={account.id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1.5,
                py: 1.5,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {account.providerId === passwordProvider ? 'Set up' : 'Linked'}{' '}
                  <time dateTime={account.createdAt.toISOString()}>
                    {dateFormat.format(account.createdAt)}
                  </time>
                  {onlyOne ? ' · Your only way to sign in, so it cannot be unlinked' : null}
                </Typography>
              </Box>
              {unlinkable ? (
                <Button
                  variant="outlined"
                  size="small"
                  disabled={busy !== null}
                  onClick={() => void unlink(account)}
                >
                  Unlink <VisuallyHidden>{name}</VisuallyHidden>
                </Button>
              ) : null}
            </Box>
          );
        })}
      </Box>
      {linkable.length > 0 ? (
        <Stack direction="row" useFlexGap spacing={1.5} sx={{ mt: 2, flexWrap: 'wrap' }}>
          {linkable.map((provider) => (
            <Button
              key={provider.id}
              variant="outlined"
              disabled={busy !== null}
              onClick={() => void link(provider.id)}
            >
              Link {provider.name}
            </Button>
          ))}
        </Stack>
      ) : null}
      <StatusNotice>{notice}</StatusNotice>
      <ErrorNotice message={failure} />
    </SettingsSection>
  );
}
