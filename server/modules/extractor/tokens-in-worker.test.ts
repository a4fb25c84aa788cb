import { describe, expect, it } from 'vitest';
import { tokenCounter } from './tokens.ts';
import { startTokenWorker } from './tokens-in-worker.ts';

describe('token counts from a worker thread', () => {
  it('answers each text with the count the counter in this thread gives, whatever order they finish in', async () => {
    const here = await tokenCounter('cl100k_base');
    const worker = startTokenWorker('cl100k_base');
    try {
      await worker.ready();
      const texts = [
        'export function add(a: number, b: number) {\n  return a + b;\n}\n',
        'Ünïcödé text, 日本語のテキスト, and emoji 🎉🎉',
        'x'.repeat(5000),
        '',
        '<|endoftext|> is only text here',
      ];
      const counts = await Promise.all(texts.map((text) => worker.count(text)));
      expect(counts).toEqual(texts.map((text) => here(text)));
      expect(counts[0]).toBeGreaterThan(10);
    } finally {
      await worker.close();
    }
  });

  it('waits while too much is waiting to be counted, and then goes on', async () => {
    const worker = startTokenWorker('o200k_base');
    try {
      await worker.ready();
      const big = 'word '.repeat(1024 * 1024);
      let answered = 0;
      const counted = Array.from({ length: 12 }, () =>
        worker.count(big).then((tokens) => ((answered += 1), tokens)),
      );
      // Twelve million characters are waiting: more may be sent only once the worker has counted some of them.
      await worker.ready();
      expect(answered).toBeGreaterThan(0);
      expect(await counted[0]).toBe(1024 * 1024 + 1);
      await Promise.all(counted);
    } finally {
      await worker.close();
    }
  });

  it('fails what is still waiting when it is closed, and refuses more', async () => {
    const worker = startTokenWorker('o200k_base');
    await worker.ready();
    const waiting = worker.count('word '.repeat(2_000_000));
    await worker.close();
    await expect(waiting).rejects.toThrow('The token counting worker stopped');
    await expect(worker.count('more')).rejects.toThrow('The token counting worker stopped');
    await expect(worker.ready()).rejects.toThrow('The token counting worker stopped');
  });
});
