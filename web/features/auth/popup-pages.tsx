import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { POPUP_MESSAGE_TYPE } from '../../lib/popup-sign-in.ts';
import { reconcileSession } from '../../lib/session-api.ts';
import { startProviderSignIn } from './api.ts';

const DONE_PATH = '/auth/popup-done';

/** Errors a provider callback can send back (`?error=`), in the catalogue's words. */
function codeForProviderError(error: string): string {
  return /ban/i.test(error) ? 'auth/user-disabled' : 'auth/invalid-auth-event';
}

/** The window that opened this one, while it is still there. */
function openerWindow(): Window | null {
  const opener = window.opener as Window | null;
  return opener && !opener.closed ? opener : null;
}

function report(error?: string) {
  const opener = openerWindow();
  if (!opener) return false;
  opener.postMessage({ type: POPUP_MESSAGE_TYPE, ...(error ? { error } : {}) }, window.location.origin);
  window.close();
  return true;
}

/** `/auth/popup?provider=…`: the first page of the sign-in window; it sends the window on to the provider. */
export function PopupStartPage() {
  useDocumentTitle('Signing in');
  const [params] = useSearchParams();
  const [startFailure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const provider = params.get('provider') ?? '';
  const failure = provider ? startFailure : 'No sign-in provider was named.';

  useEffect(() => {
    // Once: React's development double effects must not start two sign-ins.
    if (started.current) return;
    started.current = true;
    if (!provider) {
      report('auth/argument-error');
      return;
    }
    startProviderSignIn(provider, DONE_PATH, DONE_PATH)
      .then(({ url }) => window.location.assign(url))
      .catch((error: unknown) => {
        const code = error instanceof ApiError ? error.code : 'auth/internal-error';
        if (!report(code)) setFailure(error instanceof Error ? error.message : 'Signing in could not start.');
      });
  }, [provider]);

  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography variant="h1" component="h1" gutterBottom>
        Signing in
      </Typography>
      {failure ? (
        <Alert severity="error">{failure}</Alert>
      ) : (
        <CircularProgress aria-label="Taking you to the sign-in provider" />
      )}
    </Box>
  );
}

/** `/auth/popup-done`: where the provider sends the window back; it tells the opener and closes. */
export function PopupDonePage() {
  useDocumentTitle('Signing in');
  const [params] = useSearchParams();
  const error = params.get('error');
  // Opened by the redirect flow or left alone after the opener closed: nobody to tell, so say it here.
  const [orphan] = useState(() => openerWindow() === null);

  useEffect(() => {
    if (error) {
      report(codeForProviderError(error));
      return;
    }
    // Saving the user first lets every open tab see the sign-in through storage, even when a provider's own
    // opener policy has cut this window off from the one that opened it.
    void reconcileSession()
      .catch(() => undefined)
      .then(() => report());
  }, [error]);

  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography variant="h1" component="h1" gutterBottom>
        Signing in
      </Typography>
      {orphan ? (
        <Alert severity={error ? 'error' : 'success'}>
          {error
            ? 'Signing in did not finish. Close this window and try again.'
            : 'You are signed in. You can close this window.'}
        </Alert>
      ) : (
        <CircularProgress aria-label="Finishing signing in" />
      )}
    </Box>
  );
}
