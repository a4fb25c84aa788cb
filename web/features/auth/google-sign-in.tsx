import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { signInResponseSchema, type SessionUserResponse } from '../../../contracts/auth.ts';
import { apiFetch } from '../../lib/api.ts';
import { loadScript } from '../../lib/load-script.ts';
import { errorSentence } from '../../lib/error-sentence.ts';
import { authMessage, identityErrors } from './errors.ts';

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

/** The part of Google Identity Services this page uses. */
type GoogleIdentity = {
  accounts: {
    id: {
      initialize: (options: {
        client_id: string;
        callback: (response: { credential: string }) => void;
        ux_mode: 'popup';
      }) => void;
      renderButton: (parent: HTMLElement, options: Record<string, string | number>) => void;
    };
  };
};

/** `POST /api/auth/sign-in/social` with Google's ID token: the server verifies it and starts a session. */
export function signInWithGoogleIdToken(token: string) {
  return apiFetch('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', idToken: { token } },
    schema: signInResponseSchema.extend({ redirect: z.boolean().optional() }),
  });
}

/**
 * Google's own sign-in button (Google Identity Services). Its script loads when the sign-in area mounts; the
 * success callback hands the ID token to the server, the failure callback (the script could not load) says so.
 */
export function GoogleSignIn({
  clientId,
  onSignedIn,
  load = loadScript,
}: {
  clientId: string;
  onSignedIn: (user: SessionUserResponse) => Promise<void>;
  /** How the script is loaded; tests give a loader that installs a stand-in. */
  load?: (src: string) => Promise<void>;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const mode = useTheme().palette.mode;
  // The latest callback without re-initialising Google's button on every render.
  const signedIn = useRef(onSignedIn);
  useEffect(() => {
    signedIn.current = onSignedIn;
  });

  useEffect(() => {
    let active = true;
    load(GOOGLE_IDENTITY_SCRIPT)
      .then(() => {
        const google = (window as unknown as { google?: GoogleIdentity }).google;
        if (!active || !google || !container.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) => {
            signInWithGoogleIdToken(credential)
              .then(({ user }) => signedIn.current(user))
              .catch((error: unknown) => setFailure(errorSentence(error, identityErrors)));
          },
        });
        google.accounts.id.renderButton(container.current, {
          type: 'standard',
          theme: mode === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          text: 'continue_with',
          width: Math.min(400, container.current.clientWidth || 400),
        });
      })
      .catch(() => {
        if (active) setFailure(authMessage('auth/network-request-failed'));
      });
    return () => {
      active = false;
    };
  }, [clientId, load, mode]);

  return (
    <Box sx={{ mb: 1.5 }}>
      <Box ref={container} data-testid="google-identity-button" sx={{ minHeight: failure ? 0 : 44 }} />
      {failure ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      ) : null}
    </Box>
  );
}
