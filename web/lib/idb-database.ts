import { openDB, type DBSchema, type IDBPDatabase, type OpenDBCallbacks } from 'idb';

/**
 * An IndexedDB database opened on first use and kept open: `open()` answers the same connection every time.
 * When another tab opens a newer version it wins (ours is closed and opened again on the next call), and a
 * failed or ended connection is forgotten, so the next call tries again. `reset()` closes and forgets it
 * (tests call it after replacing IndexedDB with a fresh one).
 */
export function lazyDatabase<Schema extends DBSchema>(
  name: string,
  version: number,
  upgrade: NonNullable<OpenDBCallbacks<Schema>['upgrade']>,
): { open: () => Promise<IDBPDatabase<Schema>>; reset: () => void } {
  let opening: Promise<IDBPDatabase<Schema>> | null = null;
  const open = () => {
    opening ??= openDB<Schema>(name, version, {
      upgrade,
      blocking() {
        void opening?.then((db) => db.close());
        opening = null;
      },
      terminated() {
        opening = null;
      },
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };
  const reset = () => {
    void opening?.then(
      (db) => db.close(),
      () => undefined,
    );
    opening = null;
  };
  return { open, reset };
}
