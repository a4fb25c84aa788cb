import { builderEventSchema, type BuilderEvent } from '../../../contracts/blog-builder.ts';

/**
 * Splits text that arrives in arbitrary chunks into whole lines. A chunk may end mid-line or hold several
 * lines; what is left after the last newline waits for the next chunk, and `end` gives the trailing line.
 */
export function createLineSplitter() {
  let rest = '';
  return {
    /** The complete lines that `chunk` finishes, in order. */
    push(chunk: string): string[] {
      const text = rest + chunk;
      const lines = text.split('\n');
      rest = lines.pop() ?? '';
      return lines;
    },
    /** The last line when the stream did not end with a newline; empty otherwise. */
    end(): string[] {
      const last = rest;
      rest = '';
      return last.trim() === '' ? [] : [last];
    },
  };
}

/** One NDJSON line as a builder event; null for a blank line, bad JSON or an event the contract does not know. */
export function parseBuilderEvent(line: string): BuilderEvent | null {
  const text = line.trim();
  if (text === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = builderEventSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * Reads a response body of newline-delimited builder events and hands each to `onEvent` as it arrives. Bad
 * lines are skipped (one garbled line must not lose the rest of the draft). Resolves when the body ends;
 * rejects with the signal's reason once `signal` aborts, and hands on no event after that.
 */
export async function readBuilderEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: BuilderEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const reader = body.getReader();
  // Not every body ends its pending read when the request is aborted; cancelling the reader always does.
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  const decoder = new TextDecoder();
  const splitter = createLineSplitter();
  const emit = (lines: string[]) => {
    for (const line of lines) {
      const event = parseBuilderEvent(line);
      if (event) onEvent(event);
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      // `stream: true` keeps a multi-byte character split across chunks whole.
      emit(splitter.push(decoder.decode(value, { stream: true })));
    }
    emit(splitter.push(decoder.decode()));
    emit(splitter.end());
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
