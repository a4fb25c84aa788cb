import { useEffect, useSyncExternalStore } from 'react';
import type { PdfDocument } from '../../../../contracts/pdfs.ts';
import { ApiError } from '../../../lib/api.ts';
import { uploadPdf } from '../../../lib/pdfs-api.ts';
import { pdfFileProblem } from './upload-check.ts';

/** At most this many files are sent at once; the rest wait their turn. */
export const simultaneousUploads = 2;

/** Where one file is: waiting its turn, being sent, stored (new or already there), or refused. */
export type UploadState =
  | { kind: 'waiting' }
  | { kind: 'uploading'; progress: number }
  | { kind: 'added'; document: PdfDocument }
  | { kind: 'existing'; document: PdfDocument }
  | { kind: 'failed'; error: ApiError; retryable: boolean };

/** One file in the upload list. */
export interface UploadItem {
  id: number;
  name: string;
  size: number;
  state: UploadState;
}

/** Whether asking again could go differently: a lost connection, a rate limit or a server failure can. */
function retryable(error: ApiError): boolean {
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The files being put into the library, kept outside any page so an upload goes on while the person opens a
 * paper that has already arrived, and the list is still there when they come back.
 */
class PdfUploadStore {
  private items: readonly UploadItem[] = [];
  private readonly files = new Map<number, File>();
  private readonly stored = new Map<number, () => void>();
  private readonly controllers = new Map<number, AbortController>();
  private queue: number[] = [];
  private nextId = 1;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly snapshot = () => this.items;

  /** Puts `files` in the list; `onStored` runs each time one of them is stored (to refresh the library). */
  add(files: Iterable<File>, onStored: () => void) {
    const added: UploadItem[] = [];
    for (const file of files) {
      const id = this.nextId++;
      const problem = pdfFileProblem(file);
      if (problem) {
        added.push({
          id,
          name: file.name,
          size: file.size,
          state: { kind: 'failed', error: problem, retryable: false },
        });
        continue;
      }
      this.files.set(id, file);
      this.stored.set(id, onStored);
      this.queue.push(id);
      added.push({ id, name: file.name, size: file.size, state: { kind: 'waiting' } });
    }
    this.items = [...this.items, ...added];
    this.emit();
    this.pump();
  }

  /** Stops a file that is waiting or being sent, and takes it off the list. */
  cancel(id: number) {
    this.queue = this.queue.filter((queued) => queued !== id);
    this.controllers.get(id)?.abort();
    this.forget(id);
    this.items = this.items.filter((item) => item.id !== id);
    this.emit();
  }

  /** Sends a file again after a failure that may not happen twice. */
  retry(id: number) {
    if (!this.files.has(id)) return;
    this.queue.push(id);
    this.update(id, { kind: 'waiting' });
    this.pump();
  }

  /** Takes the files that are done (stored or refused) off the list. */
  clearFinished() {
    const done = this.items.filter(
      (item) => item.state.kind !== 'waiting' && item.state.kind !== 'uploading',
    );
    for (const item of done) this.forget(item.id);
    this.items = this.items.filter((item) => !done.includes(item));
    this.emit();
  }

  /** Whose uploads the list holds: another person signing in on this tab starts with an empty list. */
  private owner: string | null = null;

  /** Makes the list `owner`'s: the same owner again changes nothing, another one stops and clears it. */
  belongTo(owner: string | null) {
    if (owner === this.owner) return;
    this.owner = owner;
    this.reset();
  }

  /** Stops everything and empties the list (for tests, which each start with none). */
  reset() {
    this.queue = [];
    for (const controller of this.controllers.values()) controller.abort();
    this.controllers.clear();
    this.files.clear();
    this.stored.clear();
    this.items = [];
    this.emit();
  }

  private pump() {
    while (this.controllers.size < simultaneousUploads && this.queue.length > 0) {
      const id = this.queue.shift();
      const file = id === undefined ? undefined : this.files.get(id);
      if (id === undefined || !file) continue;
      this.send(id, file);
    }
  }

  private send(id: number, file: File) {
    const controller = new AbortController();
    this.controllers.set(id, controller);
    this.update(id, { kind: 'uploading', progress: 0 });
    uploadPdf(file, {
      signal: controller.signal,
      onProgress: (progress) => this.update(id, { kind: 'uploading', progress }),
    })
      .then(
        (result) => {
          this.update(id, { kind: result.existing ? 'existing' : 'added', document: result.document });
          this.stored.get(id)?.();
          this.forget(id);
        },
        (error: unknown) => {
          if (isAbort(error)) return;
          const failure =
            error instanceof ApiError
              ? error
              : new ApiError({ code: 'common/internal-error', message: '', status: 0 });
          const again = retryable(failure);
          this.update(id, { kind: 'failed', error: failure, retryable: again });
          // A file that cannot be sent again is let go at once; the others are kept for "Try again".
          if (!again) this.forget(id);
        },
      )
      .finally(() => {
        this.controllers.delete(id);
        this.pump();
      });
  }

  private forget(id: number) {
    this.files.delete(id);
    this.stored.delete(id);
  }

  private update(id: number, state: UploadState) {
    if (!this.items.some((item) => item.id === id)) return;
    this.items = this.items.map((item) => (item.id === id ? { ...item, state } : item));
    this.emit();
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}

/** The one upload list of this tab. */
export const pdfUploads = new PdfUploadStore();

/** The files in the upload list, kept current. */
export function usePdfUploads(owner: string | null): readonly UploadItem[] {
  // An effect, not a render: the list changes owner once the person on the tab has (idempotent in StrictMode).
  useEffect(() => pdfUploads.belongTo(owner), [owner]);
  return useSyncExternalStore(pdfUploads.subscribe, pdfUploads.snapshot);
}
