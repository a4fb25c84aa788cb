import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { clearSession } from '../../lib/session.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { QueryError } from '../../components/query-error.tsx';
import { activeSessionsQuery, revokeAllSessions, revokeSession, settingsQueryRoot } from './api.ts';
import type { ActiveSession } from './api.ts';
import { requiresRecentLogin } from './errors.ts';
import { useConfirmIdentity, useWithRecentLogin } from './reauth.tsx';
import { ErrorNotice, SettingsSection, StatusNotice } from './section.tsx';
import { describeUserAgent } from './user-agent.ts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function When({ date }: { date: Date }) {
  return <time dateTime={date.toISOString()}>{dateTime.format(date)}</time>;
}

/** This device first, then the most recently active. */
function inDisplayOrder(sessions: ActiveSession[], currentToken: string): ActiveSession[] {
  return [...sessions].sort((a, b) => {
    if (a.token === currentToken) return -1;
    if (b.token === currentToken) return 1;
    return b.updatedAt.getTime() - a.updatedAt.getTime();
  });
}

/** Where the account is signed in, with a way to end any other session, or all of them. */
export function SessionsSection({ currentToken }: { currentToken: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { confirm } = useConfirmIdentity();
  const withRecentLogin = useWithRecentLogin();
  const sessions = useQuery(activeSessionsQuery);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [endingAll, setEndingAll] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const signOutOne = async (session: ActiveSession) => {
    setNotice(null);
    setFailure(null);
    setRevoking(session.token);
    try {
      const done = await withRecentLogin(
        () => revokeSession(session.token),
        "To sign out your other devices, confirm it's you.",
      );
      if (done !== undefined) {
        setNotice(`${describeUserAgent(session.userAgent)} is signed out.`);
        await queryClient.invalidateQueries({ queryKey: activeSessionsQuery.queryKey });
      }
    } catch (error) {
      setFailure(errorSentence(error));
    } finally {
      setRevoking(null);
    }
  };

  const signOutEverywhere = async () => {
    setNotice(null);
    setFailure(null);
    setEndingAll(true);
    try {
      const done = await withRecentLogin(
        () => revokeAllSessions(),
        "To sign out everywhere, confirm it's you.",
      );
      if (done === undefined) {
        setEndingAll(false);
        return;
      }
    } catch (error) {
      setFailure(errorSentence(error));
      setEndingAll(false);
      return;
    }
    // This device's session ended too: forget the user here (and in other tabs), and what this page loaded.
    clearSession();
    queryClient.removeQueries({ queryKey: settingsQueryRoot });
    await navigate('/login', { replace: true });
  };

  let body;
  if (sessions.isPending) {
    body = <CircularProgress size={24} aria-label="Loading your sessions" />;
  } else if (sessions.isError) {
    body = requiresRecentLogin(sessions.error) ? (
      // Listing where the account is signed in needs a recent sign-in, like the changes on this page.
      <>
        <Typography sx={{ mb: 1.5 }}>
          For your security, confirm it's you to see where your account is signed in.
        </Typography>
        <Button
          variant="outlined"
          // A successful confirmation refreshes everything this page loaded, this list included.
          onClick={() => void confirm("To see where your account is signed in, confirm it's you.")}
        >
          Confirm it's you
        </Button>
      </>
    ) : (
      <QueryError error={sessions.error} onRetry={() => void sessions.refetch()} />
    );
  } else {
    body = (
      <Box component="ul" aria-label="Signed-in devices" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {inDisplayOrder(sessions.data, currentToken).map((session) => {
          const device = describeUserAgent(session.userAgent);
          const current = session.token === currentToken;
          return (
            <Box
              component="li"
              key={session.id}
              data-current={current}
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
              <Box sx={{ minWidth: 0 }}>
                <Typography component="div" sx={{ fontWeight: 600 }}>
                  {device}
                  {current ? (
                    <Chip
                      label="This device"
                      size="small"
                      color="primary"
                      variant="outlined"
                      sx={{ ml: 1 }}
                    />
                  ) : null}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Signed in <When date={session.createdAt} />
                  {' · '}Last active <When date={session.updatedAt} />
                  {session.ipAddress ? ` · IP address ${session.ipAddress}` : null}
                </Typography>
              </Box>
              {current ? null : (
                <Button
                  variant="outlined"
                  size="small"
                  disabled={revoking !== null || endingAll}
                  onClick={() => void signOutOne(session)}
                >
                  Sign out{' '}
                  <VisuallyHidden>
                    {device}, last active {dateTime.format(session.updatedAt)}
                  </VisuallyHidden>
                </Button>
              )}
            </Box>
          );
        })}
      </Box>
    );
  }

  return (
    <SettingsSection title="Active sessions">
      <Typography sx={{ mb: 1 }}>
        These are the devices and browsers where your account is signed in. Sign out any you do not recognise.
      </Typography>
      {body}
      <Box sx={{ mt: 2 }}>
        <Button
          variant="outlined"
          color="error"
          disabled={endingAll}
          onClick={() => void signOutEverywhere()}
        >
          Sign out everywhere
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Ends every session, this one included; you will need to sign in again.
        </Typography>
      </Box>
      <StatusNotice>{notice}</StatusNotice>
      <ErrorNotice message={failure} />
    </SettingsSection>
  );
}
