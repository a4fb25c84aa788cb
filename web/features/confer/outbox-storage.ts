import type { DBSchema } from 'idb';
import { lazyDatabase } from '../../lib/idb-database.ts';

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

const { open: database, reset: resetDatabase } = lazyDatabase<ConferDatabase>('card-web-confer', 1, (db) => {
  const store = db.createObjectStore('outbox', { keyPath: 'clientId' });
  store.createIndex('owner', 'ownerKey');
});

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
  resetDatabase();
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
