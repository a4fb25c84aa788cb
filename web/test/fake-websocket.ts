/**
 * A WebSocket for jsdom that connects to nothing: the app's realtime connection opens one whenever someone is
 * signed in, and jsdom's own would try a real network connection. Tests that care drive it: `latestSocket()`
 * is the newest one, `open()` and `receive()` play the server, `sent` holds what the page sent.
 */
export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  /** Every frame the page sent, parsed. */
  readonly sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string | URL) {
    super();
    this.url = String(url);
    sockets.push(this);
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('The socket is not open');
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    const event = Object.assign(new Event('close'), { code, reason, wasClean: true }) as CloseEvent;
    this.onclose?.(event);
    this.dispatchEvent(event);
  }

  /** The server accepts the connection. */
  open(): void {
    this.readyState = FakeWebSocket.OPEN;
    const event = new Event('open');
    this.onopen?.(event);
    this.dispatchEvent(event);
  }

  /** The server sends an event. */
  receive(event: unknown): void {
    const message = new MessageEvent('message', { data: JSON.stringify(event) });
    this.onmessage?.(message);
    this.dispatchEvent(message);
  }

  /** The server (or the network) closes the connection with `code`. */
  drop(code = 1006): void {
    this.close(code, '');
  }

  /** The frames of one type the page sent. */
  sentOfType(type: string): Record<string, unknown>[] {
    return this.sent.filter(
      (frame): frame is Record<string, unknown> =>
        typeof frame === 'object' && frame !== null && (frame as { type?: unknown }).type === type,
    );
  }
}

let sockets: FakeWebSocket[] = [];

/** Makes `WebSocket` the fake for the whole test run. */
export function installFakeWebSocket(): void {
  Object.defineProperty(globalThis, 'WebSocket', {
    configurable: true,
    writable: true,
    value: FakeWebSocket,
  });
}

/** The sockets opened since the last reset, oldest first. */
export function openedSockets(): readonly FakeWebSocket[] {
  return sockets;
}

/** The newest socket; throws when none was opened. */
export function latestSocket(): FakeWebSocket {
  const socket = sockets.at(-1);
  if (!socket) throw new Error('No WebSocket was opened');
  return socket;
}

export function resetFakeWebSockets(): void {
  sockets = [];
}
