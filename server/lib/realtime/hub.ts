import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';

/** A WebSocket is OPEN in this state (the `ws` constant, without importing its runtime here). */
const OPEN = 1;

/** One open realtime connection (a browser tab) of a signed-in person. */
export type Connection = {
  id: string;
  profileKey: string;
  socket: WebSocket;
  /** The conversations whose events it receives. */
  conversations: Set<string>;
  /** The people whose presence it follows. */
  presenceWatch: Set<string>;
  /** What the tab last said: in use, or hidden or idle. */
  status: 'online' | 'away';
};

/**
 * The realtime connections of this server instance, indexed by person and by conversation, and the one way
 * to send to them. Sending never waits for a client: a connection that has fallen `maxBufferedBytes` behind
 * is closed with `slowCloseCode` (the client reconnects and catches up from the database), so a slow
 * reader never holds up the others.
 */
export function createHub(options: { maxBufferedBytes: number; slowCloseCode: number }) {
  const byProfile = new Map<string, Set<Connection>>();
  const byConversation = new Map<string, Set<Connection>>();

  function index(map: Map<string, Set<Connection>>, key: string, connection: Connection, add: boolean) {
    let set = map.get(key);
    if (add) {
      if (!set) map.set(key, (set = new Set()));
      set.add(connection);
    } else if (set) {
      set.delete(connection);
      if (set.size === 0) map.delete(key);
    }
  }

  /** Sends an already serialised event; false when the connection is gone or was closed for falling behind. */
  function sendText(connection: Connection, text: string): boolean {
    const { socket } = connection;
    if (socket.readyState !== OPEN) return false;
    if (socket.bufferedAmount > options.maxBufferedBytes) {
      socket.close(options.slowCloseCode, 'Too far behind: reconnect to catch up');
      return false;
    }
    socket.send(text);
    return true;
  }

  return {
    /** Registers a new connection of `profileKey` on `socket`. */
    open(profileKey: string, socket: WebSocket): Connection {
      const connection: Connection = {
        id: randomUUID(),
        profileKey,
        socket,
        conversations: new Set(),
        presenceWatch: new Set(),
        status: 'online',
      };
      index(byProfile, profileKey, connection, true);
      return connection;
    },

    /** Forgets a closed connection. */
    close(connection: Connection) {
      index(byProfile, connection.profileKey, connection, false);
      for (const conversationId of connection.conversations)
        index(byConversation, conversationId, connection, false);
      connection.conversations.clear();
    },

    subscribe(connection: Connection, conversationId: string) {
      connection.conversations.add(conversationId);
      index(byConversation, conversationId, connection, true);
    },

    unsubscribe(connection: Connection, conversationId: string) {
      connection.conversations.delete(conversationId);
      index(byConversation, conversationId, connection, false);
    },

    /** The open connections of a person on this instance. */
    connectionsOf(profileKey: string): ReadonlySet<Connection> {
      return byProfile.get(profileKey) ?? new Set();
    },

    /** The connections receiving a conversation's events on this instance. */
    inConversation(conversationId: string): ReadonlySet<Connection> {
      return byConversation.get(conversationId) ?? new Set();
    },

    /** Every connection on this instance. */
    *all(): Generator<Connection> {
      for (const set of byProfile.values()) yield* set;
    },

    /** The people connected to this instance. */
    profiles(): IterableIterator<string> {
      return byProfile.keys();
    },

    send(connection: Connection, event: object): boolean {
      return sendText(connection, JSON.stringify(event));
    },

    sendText,
  };
}
export type Hub = ReturnType<typeof createHub>;
