import { authErrorCatalogue, type AuthErrorCode } from '../../contracts/auth.ts';

/** The seed's popup constants: a 500×600 window; a closed popup rejects 8 s after the close is seen. */
export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;
export const POPUP_CLOSED_GRACE_MS = 8000;
/** How often the opener looks whether the window was closed (the seed polls every 2–10 s). */
export const POPUP_POLL_MS = 2000;
/** The message the popup's last page posts to its opener. */
export const POPUP_MESSAGE_TYPE = 'cardweb:provider-sign-in';
const WINDOW_NAME = 'cardweb-provider-sign-in';

/** A popup sign-in that did not finish; `code` is from the identity error catalogue. */
export class PopupSignInError extends Error {
  override name = 'PopupSignInError';
  readonly code: AuthErrorCode;
  constructor(code: AuthErrorCode) {
    super(authErrorCatalogue[code].message);
    this.code = code;
  }
}

type Pending = { cancel: () => void };
let pending: Pending | undefined;

/**
 * Signs in with a provider in a popup window and resolves when the provider sent the person back signed in
 * (the session cookie is then set). Starting a second popup cancels the first (`cancelled-popup-request`); a
 * blocked window rejects at once (`popup-blocked`); a window the person closes rejects 8 s after the close is
 * detected (`popup-closed-by-user`), unless the result arrives in that time.
 */
export function signInWithPopup(provider: string): Promise<void> {
  pending?.cancel();
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  const popup = window.open(
    `/auth/popup?provider=${encodeURIComponent(provider)}`,
    WINDOW_NAME,
    `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`,
  );
  if (!popup) return Promise.reject(new PopupSignInError('auth/popup-blocked'));

  return new Promise<void>((resolve, reject) => {
    let closedTimer: ReturnType<typeof setTimeout> | undefined;
    const settle = (error?: PopupSignInError) => {
      window.removeEventListener('message', onMessage);
      clearInterval(poll);
      clearTimeout(closedTimer);
      if (pending === self) pending = undefined;
      if (error) reject(error);
      else resolve();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const data = event.data as { type?: unknown; error?: unknown } | null;
      if (!data || data.type !== POPUP_MESSAGE_TYPE) return;
      settle(typeof data.error === 'string' ? new PopupSignInError(toCode(data.error)) : undefined);
    };
    const poll = setInterval(() => {
      if (popup.closed && closedTimer === undefined) {
        closedTimer = setTimeout(
          () => settle(new PopupSignInError('auth/popup-closed-by-user')),
          POPUP_CLOSED_GRACE_MS,
        );
      }
    }, POPUP_POLL_MS);
    // The window is reused by the next popup (same name), so cancelling leaves it open for it.
    const self: Pending = { cancel: () => settle(new PopupSignInError('auth/cancelled-popup-request')) };
    pending = self;
    window.addEventListener('message', onMessage);
  });
}

function toCode(error: string): AuthErrorCode {
  return error in authErrorCatalogue ? (error as AuthErrorCode) : 'auth/invalid-auth-event';
}
