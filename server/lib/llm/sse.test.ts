import { describe, expect, it } from 'vitest';
import { readSse, SseLineTooLongError, type SseEvent } from './sse.ts';

async function* chunksOf(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function read(text: string | Uint8Array, size = Number.MAX_SAFE_INTEGER): Promise<SseEvent[]> {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const events: SseEvent[] = [];
  for await (const event of readSse(chunksOf(bytes, size))) events.push(event);
  return events;
}

describe('readSse', () => {
  const stream =
    '\uFEFF: a comment the server sends to keep the connection open\r\n\r\n' +
    'data: {"a":"héllo 👋"}\r\n\r\n' +
    'data:no space\n\n' +
    'event: ping\ndata: first line\ndata: second line\r\r' +
    ': keep-alive\n\n' +
    'data\n\n' +
    'data: [DONE]\n\n';
  const expected: SseEvent[] = [
    { event: '', data: '{"a":"héllo 👋"}' },
    { event: '', data: 'no space' },
    { event: 'ping', data: 'first line\nsecond line' },
    { event: '', data: '' },
    { event: '', data: '[DONE]' },
  ];

  it('reads events, comments, CRLF, CR and LF line ends, and joined data lines', async () => {
    expect(await read(stream)).toEqual(expected);
  });

  it('reads the same events however the bytes are split: inside lines, CRLFs and characters', async () => {
    const bytes = new TextEncoder().encode(stream);
    for (let size = 1; size <= 16; size++)
      expect(await read(bytes, size), `chunks of ${size}`).toEqual(expected);
  });

  it('passes on an event the stream ended without a blank line after', async () => {
    expect(await read('data: one\n\ndata: last')).toEqual([
      { event: '', data: 'one' },
      { event: '', data: 'last' },
    ]);
  });

  it('refuses a line that never ends', async () => {
    const events = readSse(chunksOf(new TextEncoder().encode(`data: ${'x'.repeat(5000)}`), 100), {
      maxLineChars: 1000,
    });
    await expect(async () => {
      for await (const event of events) void event;
    }).rejects.toThrow(SseLineTooLongError);
  });
});
