import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { errorSentence } from '../../lib/error-sentence.ts';
import { sendVerificationEmail } from './api.ts';
import type { SettingsUser } from './api.ts';
import { ErrorNotice, OutboxHint, SettingsSection, StatusNotice } from './section.tsx';

/** Name and address as the server knows them, and a new verification link while the address is unverified. */
export function ProfileSection({ user }: { user: SettingsUser }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const resend = async () => {
    setFailure(null);
    setSentTo(null);
    setSending(true);
    try {
      await sendVerificationEmail(user.email);
      setSentTo(user.email);
    } catch (error) {
      setFailure(errorSentence(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <SettingsSection title="Profile">
      <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { ml: 0, mb: 1.5 } }}>
        <dt>Name</dt>
        <dd>{user.name}</dd>
        <dt>Email</dt>
        <dd>
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Box>
          {/* Verified or not is said in words; the icon only repeats it. */}
          <Box
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, ml: 1, verticalAlign: 'middle' }}
          >
            {user.emailVerified ? (
              <>
                <CheckCircleIcon fontSize="small" color="success" aria-hidden="true" />
                <Typography component="span" variant="body2">
                  Verified
                </Typography>
              </>
            ) : (
              <>
                <ErrorOutlineIcon fontSize="small" color="warning" aria-hidden="true" />
                <Typography component="span" variant="body2">
                  Not verified yet
                </Typography>
              </>
            )}
          </Box>
        </dd>
      </Box>
      {user.emailVerified ? null : (
        <>
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            Open the link we sent to your address to verify it. If you cannot find the email, we can send a
            new link.
          </Typography>
          <Button variant="outlined" disabled={sending} onClick={() => void resend()}>
            Send the verification link again
          </Button>
        </>
      )}
      <StatusNotice>
        {sentTo ? (
          <>
            We sent a new link to {sentTo}. Open it to verify your address.
            <OutboxHint />
          </>
        ) : null}
      </StatusNotice>
      <ErrorNotice message={failure} />
    </SettingsSection>
  );
}
