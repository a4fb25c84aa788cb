import { vi } from 'vitest';

/**
 * A fake XMLHttpRequest for component tests of uploads that report progress: each request is recorded, and the
 * test moves it along (`progress`, `respond`, `fail`) when it chooses. Install it with `installFakeXhr()`.
 */
export class FakeXhr {
  method = '';
  url = '';
  readonly headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  status = 0;
  responseText = '';
  /** Whether `send` was called and the request has not ended yet. */
  sending = false;
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: unknown) {
    this.body = body;
    this.sending = true;
  }

  abort() {
    if (!this.sending) return;
    this.sending = false;
    this.onabort?.();
  }

  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  /** Answers with `status` and `body` as JSON. */
  respond(status: number, body: unknown) {
    this.sending = false;
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  /** Ends the request without an answer, as a dropped connection does. */
  fail() {
    this.sending = false;
    this.onerror?.();
  }
}

/** Replaces XMLHttpRequest with `FakeXhr`; returns the requests made, in order. */
export function installFakeXhr(): FakeXhr[] {
  const requests: FakeXhr[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeXhr {
      constructor() {
        super();
        requests.push(this);
      }
    },
  );
  return requests;
}
