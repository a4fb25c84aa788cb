import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** A message written on this device that the server has not confirmed yet. */
export interface OutboxEntry {
  /** The idempotency key sent with every attempt: the server keeps one message per key. */
  clientId: string;
  /** Whose message it is: another account signed in on this browser never sends it. */
  ownerKey: string;
  conversationId: string;
  threadRootId: string | null;
  body: string;
  /** When it was written (ms since the epoch); entries are sent in this order. */
  createdAt: number;
  /** `sending`: an attempt is under way; `pending`: waiting for the connection; `failed`: refused (see `error`). */
  state: 'sending' | 'pending' | 'failed';
  /** The server's sentence, for a refused message. */
  error: string | null;
}

/** Where the outbox keeps its entries: IndexedDB in browsers, memory in tests and where IndexedDB is refused. */
export interface OutboxStorage {
  list(ownerKey: string): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  delete(clientId: string): Promise<void>;
}

interface ConferDatabase extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { owner: string } };
}

const databaseName = 'card-web-confer';
let opening: Promise<IDBPDatabase<ConferDatabase>> | null = null;

function database(): Promise<IDBPDatabase<ConferDatabase>> {
  opening ??= openDB<ConferDatabase>(databaseName, 1, {
    upgrade(db) {
      const store = db.createObjectStore('outbox', { keyPath: 'clientId' });
      store.createIndex('owner', 'ownerKey');
    },
    // Another tab opening a newer version wins: close ours and open again next time.
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
}

/** The device's IndexedDB (each call rejects when the browser has none or refuses it). */
export const indexedDbOutboxStorage: OutboxStorage = {
  async list(ownerKey) {
    return (await database()).getAllFromIndex('outbox', 'owner', ownerKey);
  },
  async put(entry) {
    await (await database()).put('outbox', entry);
  },
  async delete(clientId) {
    await (await database()).delete('outbox', clientId);
  },
};

/** Forgets the open connection; tests call it after replacing IndexedDB with a fresh one. */
export function resetOutboxDatabase(): void {
  void opening?.then(
    (db) => db.close(),
    () => undefined,
  );
  opening = null;
}

/** Entries in memory only, for tests. */
export function memoryOutboxStorage(
  initial: OutboxEntry[] = [],
): OutboxStorage & { entries: Map<string, OutboxEntry> } {
  const entries = new Map(initial.map((entry) => [entry.clientId, entry]));
  return {
    entries,
    async list(ownerKey) {
      return [...entries.values()].filter((entry) => entry.ownerKey === ownerKey);
    },
    async put(entry) {
      entries.set(entry.clientId, { ...entry });
    },
    async delete(clientId) {
      entries.delete(clientId);
    },
  };
}
