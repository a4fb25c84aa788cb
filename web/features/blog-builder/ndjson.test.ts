import { describe, expect, it } from 'vitest';
import { createLineSplitter, parseBuilderEvent, readBuilderEvents } from './ndjson.ts';
import type { BuilderEvent } from '../../../contracts/blog-builder.ts';

function streamOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function eventsOf(chunks: (string | Uint8Array)[]): Promise<BuilderEvent[]> {
  const events: BuilderEvent[] = [];
  await readBuilderEvents(streamOf(chunks), (event) => events.push(event));
  return events;
}

describe('createLineSplitter', () => {
  it('keeps a line split across chunks until its newline arrives', () => {
    const splitter = createLineSplitter();
    expect(splitter.push('{"a":')).toEqual([]);
    expect(splitter.push('1}\n{"b"')).toEqual(['{"a":1}']);
    expect(splitter.push(':2}\n')).toEqual(['{"b":2}']);
    expect(splitter.end()).toEqual([]);
  });

  it('gives several lines of one chunk, and the trailing line at the end', () => {
    const splitter = createLineSplitter();
    expect(splitter.push('one\ntwo\nthree')).toEqual(['one', 'two']);
    expect(splitter.end()).toEqual(['three']);
    expect(splitter.end()).toEqual([]);
  });
});

describe('parseBuilderEvent', () => {
  it('parses a contract event and refuses bad JSON, blank lines and unknown events', () => {
    expect(parseBuilderEvent('{"t":"delta","text":"Hi"}')).toEqual({ t: 'delta', text: 'Hi' });
    expect(parseBuilderEvent('{"t":"delta"')).toBeNull();
    expect(parseBuilderEvent('   ')).toBeNull();
    expect(parseBuilderEvent('{"t":"shout","text":"Hi"}')).toBeNull();
  });
});

describe('readBuilderEvents', () => {
  it('reads events split mid-line, several per chunk, and a trailing line without newline', async () => {
    expect(
      await eventsOf([
        '{"t":"mode","mode":"composer","notice":null}\n{"t":"del',
        'ta","text":"Once "}\n{"t":"delta","text":"upon"}\n',
        'not json\n',
        '{"t":"error","code":"common/internal-error","message":"Stopped."}',
      ]),
    ).toEqual([
      { t: 'mode', mode: 'composer', notice: null },
      { t: 'delta', text: 'Once ' },
      { t: 'delta', text: 'upon' },
      { t: 'error', code: 'common/internal-error', message: 'Stopped.' },
    ]);
  });

  it('keeps a character whose bytes are split between chunks', async () => {
    const bytes = new TextEncoder().encode('{"t":"delta","text":"café"}\n');
    // "é" is two bytes: cut between them.
    const cut = bytes.length - 4;
    expect(await eventsOf([bytes.slice(0, cut), bytes.slice(cut)])).toEqual([{ t: 'delta', text: 'café' }]);
  });
});

describe('readBuilderEvents with a signal', () => {
  it('stops at the abort and hands on nothing after it', async () => {
    const encoder = new TextEncoder();
    let push: (text: string) => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(encoder.encode(text));
      },
    });
    const abort = new AbortController();
    const events: BuilderEvent[] = [];
    const reading = readBuilderEvents(body, (event) => events.push(event), abort.signal);
    push('{"t":"delta","text":"One"}\n');
    await new Promise((resolve) => setTimeout(resolve, 0));
    abort.abort();
    await expect(reading).rejects.toThrow();
    expect(events).toEqual([{ t: 'delta', text: 'One' }]);
  });
});
