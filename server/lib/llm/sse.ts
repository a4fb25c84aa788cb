/**
 * Server-Sent Events, read as the WHATWG spec reads them: lines end with CRLF, LF or CR; `data:` lines of one
 * event are joined with newlines; a blank line ends the event; lines starting with `:` are comments
 * (keep-alives). Bytes may be split anywhere between chunks, inside a line, a CRLF or a UTF-8 character.
 */

/** One event: its `event:` name ('' when none was given) and its data. */
export type SseEvent = { event: string; data: string };

/** Thrown when a line grows past the limit (a server that never ends a line). */
export class SseLineTooLongError extends Error {
  override name = 'SseLineTooLongError';
}

/** A line longer than this is not an event stream we can use. */
const MAX_LINE_CHARS = 1024 * 1024;

/**
 * The events in a byte stream. An event still open when the stream ends is passed on as well: some servers
 * close right after their last `data:` line, and what they sent is still theirs to say.
 */
export async function* readSse(
  chunks: AsyncIterable<Uint8Array>,
  options: { maxLineChars?: number } = {},
): AsyncGenerator<SseEvent> {
  const maxLineChars = options.maxLineChars ?? MAX_LINE_CHARS;
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  let event = '';
  let data: string[] = [];

  function* lines(final: boolean): Generator<string> {
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const char = buffer[i];
      if (char !== '\n' && char !== '\r') continue;
      // A CR as the last character may be the first half of a CRLF still on its way.
      if (char === '\r' && i === buffer.length - 1 && !final) break;
      yield buffer.slice(start, i);
      if (char === '\r' && buffer[i + 1] === '\n') i++;
      start = i + 1;
    }
    buffer = buffer.slice(start);
    if (final && buffer.length > 0) {
      yield buffer;
      buffer = '';
    }
    if (buffer.length > maxLineChars)
      throw new SseLineTooLongError(`An event line passed ${maxLineChars} characters`);
  }

  function take(line: string): SseEvent | undefined {
    if (line === '') {
      const done = data.length > 0 ? { event, data: data.join('\n') } : undefined;
      event = '';
      data = [];
      return done;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    // `id` and `retry` matter to browsers that reconnect; a completion is not resumed, so they are ignored.
    return undefined;
  }

  for await (const chunk of chunks) {
    // The decoder keeps a character split between chunks for the next one, and drops a leading BOM.
    buffer += decoder.decode(chunk, { stream: true });
    for (const line of lines(false)) {
      const done = take(line);
      if (done) yield done;
    }
  }
  buffer += decoder.decode();
  for (const line of lines(true)) {
    const done = take(line);
    if (done) yield done;
  }
  const last = take('');
  if (last) yield last;
}
