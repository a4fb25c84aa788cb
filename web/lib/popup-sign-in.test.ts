import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  POPUP_CLOSED_GRACE_MS,
  POPUP_MESSAGE_TYPE,
  type PopupSignInError,
  signInWithPopup,
} from './popup-sign-in.ts';

type FakePopup = { closed: boolean };

function openReturning(popup: FakePopup | null) {
  return vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
}

function postFrom(popup: FakePopup, data: unknown) {
  window.dispatchEvent(
    new MessageEvent('message', { data, origin: window.location.origin, source: popup as unknown as Window }),
  );
}

describe('signInWithPopup', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens a 500×600 window and resolves when the popup reports success', async () => {
    const popup = { closed: false };
    const open = openReturning(popup);
    const result = signInWithPopup('local-idp');
    expect(open).toHaveBeenCalledWith(
      '/auth/popup?provider=local-idp',
      'cardweb-provider-sign-in',
      expect.stringMatching(/width=500,height=600/),
    );
    postFrom(popup, { type: POPUP_MESSAGE_TYPE });
    await expect(result).resolves.toBeUndefined();
  });

  it('ignores messages from other windows or origins', async () => {
    const popup = { closed: false };
    openReturning(popup);
    const result = signInWithPopup('google');
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: POPUP_MESSAGE_TYPE }, origin: 'https://evil.example' }),
    );
    postFrom({ closed: false }, { type: POPUP_MESSAGE_TYPE });
    let settled = false;
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(false);
    postFrom(popup, { type: POPUP_MESSAGE_TYPE });
    await expect(result).resolves.toBeUndefined();
  });

  it('rejects with popup-blocked when the browser refuses the window', async () => {
    openReturning(null);
    await expect(signInWithPopup('google')).rejects.toMatchObject({ code: 'auth/popup-blocked' });
  });

  it('cancels the first popup when a second starts', async () => {
    const popup = { closed: false };
    openReturning(popup);
    const first = signInWithPopup('google');
    const second = signInWithPopup('local-idp');
    await expect(first).rejects.toMatchObject({ code: 'auth/cancelled-popup-request' });
    postFrom(popup, { type: POPUP_MESSAGE_TYPE });
    await expect(second).resolves.toBeUndefined();
  });

  it('rejects 8 s after the window was seen closed, unless the result arrives first', async () => {
    const popup = { closed: false };
    openReturning(popup);
    const late = signInWithPopup('google');
    const caught = late.catch((error: unknown) => error);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(2000 + POPUP_CLOSED_GRACE_MS - 100);
    expect(await Promise.race([caught, Promise.resolve('pending')])).toBe('pending');
    await vi.advanceTimersByTimeAsync(200);
    const error = (await caught) as PopupSignInError;
    expect(error.code).toBe('auth/popup-closed-by-user');

    const other = { closed: false };
    openReturning(other);
    const wins = signInWithPopup('google');
    other.closed = true;
    await vi.advanceTimersByTimeAsync(2000 + 3000);
    postFrom(other, { type: POPUP_MESSAGE_TYPE });
    await expect(wins).resolves.toBeUndefined();
  });

  it('turns an error reported by the popup into its catalogue code', async () => {
    const popup = { closed: false };
    openReturning(popup);
    const result = signInWithPopup('google');
    postFrom(popup, { type: POPUP_MESSAGE_TYPE, error: 'auth/user-disabled' });
    await expect(result).rejects.toMatchObject({ code: 'auth/user-disabled' });
  });
});
