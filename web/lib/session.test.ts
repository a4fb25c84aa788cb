import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, parseSessionUser, readSessionUser, saveSessionUser, useSession } from './session.ts';

describe('parseSessionUser', () => {
  it.each([
    ['uid', { uid: 'a1' }, 'a1'],
    ['sub', { sub: 'google-42' }, 'google-42'],
    ['id', { id: 7 }, '7'],
    ['uid before sub and id', { id: 'c', sub: 'b', uid: 'a' }, 'a'],
    ['sub before id', { id: 'c', sub: 'b' }, 'b'],
    ['none', { name: 'No Id' }, null],
  ])('reads the identifier from %s', (_label, stored, uid) => {
    expect(parseSessionUser(JSON.stringify(stored))?.uid).toBe(uid);
  });

  it('reads name, email and picture, and leaves missing ones null', () => {
    expect(
      parseSessionUser(JSON.stringify({ uid: 'u', name: 'Ada', picture: 'https://example.com/a.png' })),
    ).toEqual({
      uid: 'u',
      name: 'Ada',
      email: null,
      picture: 'https://example.com/a.png',
    });
  });

  it.each([null, '', 'not json', '"a string"', '[1,2]', 'null', '42'])('treats %j as signed out', (raw) => {
    expect(parseSessionUser(raw)).toBeNull();
  });
});

describe('useSession', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is signed out with nothing stored', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.signedIn).toBe(false);
    expect(result.current.user).toBeNull();
  });

  it('reads the stored user and follows sign-in and sign-out in this tab', () => {
    const { result } = renderHook(() => useSession());
    act(() => saveSessionUser({ sub: 'google-42', name: 'Grace', email: 'grace@example.com' }));
    expect(result.current.signedIn).toBe(true);
    expect(result.current.user).toMatchObject({
      uid: 'google-42',
      name: 'Grace',
      email: 'grace@example.com',
    });

    act(() => clearSession());
    expect(result.current.signedIn).toBe(false);
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('follows other tabs through the storage event', () => {
    const { result } = renderHook(() => useSession());
    act(() => {
      window.localStorage.setItem('user', JSON.stringify({ id: 'other-tab' }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    });
    expect(result.current.user?.uid).toBe('other-tab');

    act(() => {
      window.localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(result.current.signedIn).toBe(false);
  });

  it('keeps the same user object while the stored text is unchanged', () => {
    window.localStorage.setItem('user', JSON.stringify({ uid: 'u' }));
    const { result, rerender } = renderHook(() => useSession());
    const first = result.current.user;
    rerender();
    expect(result.current.user).toBe(first);
  });

  it('means signed out, not a crash, when local storage throws on reading', () => {
    window.localStorage.setItem('user', JSON.stringify({ uid: 'u' }));
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const { result } = renderHook(() => useSession());
    expect(result.current.signedIn).toBe(false);
    expect(readSessionUser()).toBeNull();
    expect(() => clearSession()).not.toThrow();
  });

  it('reports a refused write, so sign-in can say storage is blocked', () => {
    expect(saveSessionUser({ uid: 'u' })).toBe(true);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(saveSessionUser({ uid: 'v' })).toBe(false);
  });

  it('means signed out when even the localStorage property throws', () => {
    const descriptor = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    try {
      const { result } = renderHook(() => useSession());
      expect(result.current.signedIn).toBe(false);
      expect(() => act(() => clearSession())).not.toThrow();
      expect(saveSessionUser({ uid: 'u' })).toBe(false);
    } finally {
      if (descriptor) Object.defineProperty(window, 'localStorage', descriptor);
    }
  });
});
