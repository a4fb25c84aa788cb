import { useEffect, useSyncExternalStore } from 'react';
import {
  conferLimits,
  realtimeCloseCodes,
  realtimeServerEventSchema,
  type RealtimeClientEvent,
  type RealtimeServerEvent,
} from '../../contracts/confer.ts';
import { reconcileSession } from './session-client.ts';
import { readSessionUser } from './session.ts';

/**
 * The tab's one realtime connection (`/api/realtime`, signed in by the session cookie). Whoever needs it
 * acquires it (the top bar's Confer badge does, for as long as someone is signed in); the last release closes
 * it. It reconnects after any close with a growing, jittered delay, re-sends what the server forgets with the
 * socket (presence, the people and channels watched), and tells listeners `ready` each time it is subscribed
 * again, which is when they catch up on what they missed.
 */

/** `open` once the server said `ready`; `signed-out` when it refused the session (no retry until acquired again). */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'signed-out';

type Listener = (event: RealtimeServerEvent) => void;

/** The first reconnection waits about this long, doubling on every failure up to `MAX_DELAY_MS`. */
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 15_000;
/**
 * After the server closed the connection for sending too many frames (a bug in this page, or a script), the
 * next attempt waits about this long, whatever else happens, so a misbehaving page never reconnects in a loop.
 */
export const TOO_MANY_FRAMES_DELAY_MS = 60_000;
/** A tab with no input for this long counts as away. */
export const IDLE_AFTER_MS = 5 * 60_000;
const IDLE_CHECK_MS = 30_000;
/** The session is asked about at most this often while connections keep failing. */
const SESSION_CHECK_MS = 30_000;

export interface RealtimeOptions {
  /** Opens a socket; the browser's WebSocket by default. */
  createSocket?: (url: string) => WebSocket;
  /** The address of the endpoint; derived from the page's by default. */
  url?: () => string;
  /** Whether someone is still signed in, asked when connections keep failing before they open. */
  checkSession?: () => Promise<boolean>;
  /** 0 ≤ x < 1, for the jitter. */
  random?: () => number;
}

function defaultUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/realtime`;
}

async function defaultCheckSession(): Promise<boolean> {
  await reconcileSession();
  return readSessionUser() !== null;
}

/** The delay before reconnection attempt `attempt` (0 for the first): doubling, capped, half of it random. */
export function reconnectDelay(attempt: number, random: number): number {
  const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(attempt, 10));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

export class RealtimeConnection {
  private readonly options: Required<RealtimeOptions>;
  private socket: WebSocket | null = null;
  private users = 0;
  private attempt = 0;
  /** No reconnection before this time (after a close for too many frames). */
  private notBefore = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The close after the last release, while a new user may still take the connection over. */
  private stopping: ReturnType<typeof setTimeout> | undefined;
  /** Counts `close` calls: a release from before one has nothing left to release. */
  private generation = 0;
  private statusValue: RealtimeStatus = 'idle';
  private readonly listeners = new Set<Listener>();
  private readonly statusListeners = new Set<() => void>();
  private readonly presenceWatches = new Map<symbol, readonly string[]>();
  private readonly watchedConversations = new Map<string, number>();
  private presence: 'online' | 'away' = 'online';
  private lastActivity = Date.now();
  private lastSessionCheck = 0;
  private readonly detach: (() => void)[] = [];
  private profileKeyValue: string | null = null;

  constructor(options: RealtimeOptions = {}) {
    this.options = {
      createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
      url: options.url ?? defaultUrl,
      checkSession: options.checkSession ?? defaultCheckSession,
      random: options.random ?? Math.random,
    };
  }

  get status(): RealtimeStatus {
    return this.statusValue;
  }

  /** The signed-in person's profile key, as the server said in its last `ready`. */
  get profileKey(): string | null {
    return this.profileKeyValue;
  }

  /**
   * Keeps the connection open until the returned function is called (each call releases once). The last
   * release closes it once the current task is over, so a user that comes straight back (StrictMode mounts
   * every effect twice in development; one page replacing another) keeps the socket instead of opening another.
   */
  acquire(): () => void {
    this.users++;
    if (this.users === 1) {
      if (this.stopping !== undefined) {
        clearTimeout(this.stopping);
        this.stopping = undefined;
      } else {
        this.start();
      }
    }
    let released = false;
    const generation = this.generation;
    return () => {
      if (released || generation !== this.generation) return;
      released = true;
      this.users--;
      if (this.users > 0) return;
      this.stopping = setTimeout(() => {
        this.stopping = undefined;
        this.stop();
      }, 0);
    };
  }

  /** Closes the connection now, whoever still holds it (their releases then do nothing). */
  close(): void {
    this.generation++;
    clearTimeout(this.stopping);
    this.stopping = undefined;
    this.users = 0;
    this.stop();
  }

  /** Calls `listener` with every event the server sends, and with `ready` after each (re)connection. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Sends an event now if the connection is open; false when it is not (typing is not worth keeping). */
  send(event: RealtimeClientEvent): boolean {
    if (this.statusValue !== 'open' || !this.socket) return false;
    try {
      this.socket.send(JSON.stringify(event));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Follows these people's presence while the returned function is not called. The server keeps one list per
   * connection, so every watcher's keys are sent together (at most `presenceWatch` of them).
   */
  watchPresence(keys: readonly string[]): () => void {
    const id = Symbol('presence watch');
    this.presenceWatches.set(id, keys);
    this.sendPresenceWatch();
    return () => {
      this.presenceWatches.delete(id);
      this.sendPresenceWatch();
    };
  }

  /** Receives a public channel's events without being a member, until released (or the next reconnection). */
  watchConversation(conversationId: string): () => void {
    this.watchedConversations.set(conversationId, (this.watchedConversations.get(conversationId) ?? 0) + 1);
    this.send({ type: 'watch', conversationId });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const count = (this.watchedConversations.get(conversationId) ?? 1) - 1;
      if (count <= 0) this.watchedConversations.delete(conversationId);
      else this.watchedConversations.set(conversationId, count);
    };
  }

  private setStatus(status: RealtimeStatus) {
    if (this.statusValue === status) return;
    this.statusValue = status;
    for (const listener of [...this.statusListeners]) listener();
  }

  private emit(event: RealtimeServerEvent) {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        // One broken listener must not keep the others from hearing about the event.
        console.error(error);
      }
    }
  }

  private start() {
    this.attempt = 0;
    this.lastActivity = Date.now();
    this.presence = this.currentPresence();
    this.listenToPage();
    this.connect();
  }

  private stop() {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const undo of this.detach.splice(0)) undo();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      socket.close(1000, 'Done');
    }
    this.setStatus('idle');
  }

  private connect() {
    clearTimeout(this.timer);
    this.timer = undefined;
    let socket: WebSocket;
    try {
      socket = this.options.createSocket(this.options.url());
    } catch {
      this.scheduleReconnect(false);
      return;
    }
    this.socket = socket;
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let ready = false;
    socket.onmessage = (message: MessageEvent) => {
      if (this.socket !== socket) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(message.data));
      } catch {
        return;
      }
      const event = realtimeServerEventSchema.safeParse(parsed);
      // An event this client does not know (a newer server) is skipped, never fatal.
      if (!event.success) return;
      if (event.data.type === 'ready') {
        ready = true;
        this.attempt = 0;
        this.profileKeyValue = event.data.profileKey;
        this.setStatus('open');
        this.resendState();
      }
      this.emit(event.data);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === realtimeCloseCodes.unauthenticated) {
        this.setStatus('signed-out');
        void this.options.checkSession();
        return;
      }
      if (event.code === realtimeCloseCodes.tooManyFrames) {
        this.notBefore =
          Date.now() + TOO_MANY_FRAMES_DELAY_MS / 2 + (TOO_MANY_FRAMES_DELAY_MS / 2) * this.options.random();
      }
      this.scheduleReconnect(ready);
    };
  }

  private scheduleReconnect(wasReady: boolean) {
    if (this.users === 0) return;
    this.setStatus('reconnecting');
    // A refused upgrade (an ended session answers 401 before any socket exists) looks like a network failure
    // to the page; asking the server about the session tells the two apart.
    if (!wasReady && Date.now() - this.lastSessionCheck > SESSION_CHECK_MS) {
      this.lastSessionCheck = Date.now();
      void this.options.checkSession().then((signedIn) => {
        if (!signedIn && this.users > 0 && this.statusValue === 'reconnecting') {
          clearTimeout(this.timer);
          this.timer = undefined;
          this.setStatus('signed-out');
        }
      });
    }
    const delay = Math.max(reconnectDelay(this.attempt, this.options.random()), this.notBefore - Date.now());
    this.attempt++;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** Reconnects at once when waiting (the network came back, the tab was shown again). */
  private reconnectNow() {
    if (this.users === 0 || this.statusValue !== 'reconnecting' || this.socket) return;
    if (Date.now() < this.notBefore) return;
    this.connect();
  }

  private resendState() {
    this.send({ type: 'presence', status: this.presence });
    this.sendPresenceWatch();
    for (const conversationId of this.watchedConversations.keys())
      this.send({ type: 'watch', conversationId });
  }

  private sendPresenceWatch() {
    const keys = [...new Set([...this.presenceWatches.values()].flat())].slice(0, conferLimits.presenceWatch);
    this.send({ type: 'watch-presence', keys });
  }

  private currentPresence(): 'online' | 'away' {
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return 'away';
    return Date.now() - this.lastActivity >= IDLE_AFTER_MS ? 'away' : 'online';
  }

  private updatePresence() {
    const next = this.currentPresence();
    if (next === this.presence) return;
    this.presence = next;
    this.send({ type: 'presence', status: next });
  }

  private listenToPage() {
    if (typeof window === 'undefined') return;
    let lastMark = 0;
    const active = () => {
      const now = Date.now();
      // Pointer moves come in bursts; noting one a second is plenty to tell active from idle.
      if (now - lastMark < 1000) return;
      lastMark = now;
      this.lastActivity = now;
      if (this.presence === 'away') this.updatePresence();
    };
    const visibility = () => {
      if (document.visibilityState === 'visible') {
        this.lastActivity = Date.now();
        this.reconnectNow();
      }
      this.updatePresence();
    };
    const online = () => this.reconnectNow();
    const events = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'focus'] as const;
    for (const name of events) window.addEventListener(name, active, { passive: true });
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('online', online);
    const idle = setInterval(() => this.updatePresence(), IDLE_CHECK_MS);
    this.detach.push(() => {
      for (const name of events) window.removeEventListener(name, active);
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('online', online);
      clearInterval(idle);
    });
  }
}

let shared: RealtimeConnection | undefined;

/** The tab's connection (made on first use). */
export function realtimeConnection(): RealtimeConnection {
  shared ??= new RealtimeConnection();
  return shared;
}

/** Closes and forgets the tab's connection at once; tests start each with a new one. */
export function resetRealtimeConnection(): void {
  shared?.close();
  shared = undefined;
}

/** Keeps the tab's connection open while the calling component is mounted and `enabled`. */
export function useRealtimeConnection(enabled = true): RealtimeConnection {
  const connection = realtimeConnection();
  useEffect(() => (enabled ? connection.acquire() : undefined), [connection, enabled]);
  return connection;
}

/** The connection's status, re-rendering when it changes. */
export function useRealtimeStatus(connection: RealtimeConnection = realtimeConnection()): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => connection.onStatus(listener),
    () => connection.status,
    () => 'idle' as const,
  );
}
