/**
 * Local storage that never throws. Private windows, blocked third-party storage and full quotas all make
 * `localStorage` throw (even reading the property can throw a SecurityError); the app treats every such
 * failure as "nothing stored" instead of crashing.
 */

type Listener = () => void;

const listenersByKey = new Map<string, Set<Listener>>();

function storageArea(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The stored string for `key`, or null when nothing is stored or storage cannot be read. */
export function readStorage(key: string): string | null {
  try {
    return storageArea()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; false when storage refused the write. Tells this tab's subscribers. */
export function writeStorage(key: string, value: string): boolean {
  let written = false;
  try {
    const area = storageArea();
    if (area) {
      area.setItem(key, value);
      written = true;
    }
  } catch {
    written = false;
  }
  notify(key);
  return written;
}

/** Removes `key`; false when storage refused. Tells this tab's subscribers. */
export function removeStorage(key: string): boolean {
  let removed = false;
  try {
    const area = storageArea();
    if (area) {
      area.removeItem(key);
      removed = true;
    }
  } catch {
    removed = false;
  }
  notify(key);
  return removed;
}

function notify(key: string): void {
  for (const listener of listenersByKey.get(key) ?? []) listener();
}

/**
 * Calls `listener` when `key` changes in this tab (through this module) or in another tab (the browser's
 * `storage` event, which never fires in the tab that wrote). Returns the unsubscribe function, so it plugs
 * straight into `useSyncExternalStore`.
 */
export function subscribeToStorage(key: string, listener: Listener): () => void {
  let listeners = listenersByKey.get(key);
  if (!listeners) {
    listeners = new Set();
    listenersByKey.set(key, listeners);
  }
  listeners.add(listener);
  // A null key means another tab called `localStorage.clear()`.
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listenersByKey.get(key)?.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
