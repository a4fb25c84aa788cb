import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { estimateTokens, tokenCounter } from './tokens.ts';

/** This project's own code and docs: the kind of text the extractor reads. */
function corpus(): string[] {
  const texts: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|md|sql|json)$/.test(entry.name)) texts.push(fs.readFileSync(full, 'utf8'));
    }
  };
  for (const folder of ['server/modules', 'web/features', 'contracts', 'docs']) walk(folder);
  return texts.filter((text) => text.length >= 500);
}

describe('token counts', () => {
  it('counts exactly with each tokenizer, a special token as plain text', async () => {
    const o200k = await tokenCounter('o200k_base');
    const cl100k = await tokenCounter('cl100k_base');
    expect(o200k('')).toBe(0);
    expect(o200k('hello world')).toBe(2);
    expect(cl100k('hello world')).toBe(2);
    // The two encodings split this differently: the choice is really used.
    const text = 'const répertoire = await fetchRepository({ depth: 1 });';
    expect(o200k(text)).not.toBe(cl100k(text));
    // Counted as its characters (several tokens), not refused and not one special token.
    expect(o200k('<|endoftext|>')).toBeGreaterThan(1);
  });

  it('counts pieces as the encoding counts the whole text, for code, prose, minified and non-Latin text', async () => {
    const { countTokens: o200k } = await import('gpt-tokenizer/encoding/o200k_base');
    const { countTokens: cl100k } = await import('gpt-tokenizer/encoding/cl100k_base');
    const ours = { o200k: await tokenCounter('o200k_base'), cl100k: await tokenCounter('cl100k_base') };
    const options = { disallowedSpecial: new Set<string>() };
    const texts = [
      ...corpus().slice(0, 300),
      'var a=function(b){return b*2},c="'.repeat(500) + 'x'.repeat(5000) + '";',
      'Ελληνικά και 日本語のテキスト, émojis 🎉🎉 and  spaces\t\t\n\n\r\n',
      "it's what they've done, we'll see; I'D DO IT",
    ];
    for (const text of texts) {
      expect(ours.o200k(text)).toBe(o200k(text, options));
      expect(ours.cl100k(text)).toBe(cl100k(text, options));
      // Again, from the remembered pieces.
      expect(ours.o200k(text)).toBe(o200k(text, options));
    }
  });

  it('estimates within 15 % for nine files in ten of this project, and within 5 % over all of them', async () => {
    const count = await tokenCounter('o200k_base');
    const texts = corpus();
    expect(texts.length).toBeGreaterThan(200);
    let exact = 0;
    let estimated = 0;
    const errors = texts.map((text) => {
      const real = count(text);
      const guess = estimateTokens(text);
      exact += real;
      estimated += guess;
      return Math.abs(guess - real) / real;
    });
    errors.sort((a, b) => a - b);
    expect(errors[Math.floor(errors.length * 0.9)]).toBeLessThan(0.15);
    expect(Math.abs(estimated - exact) / exact).toBeLessThan(0.05);
  });

  it('estimates nothing for nothing and grows with the text', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('a b c\n'.repeat(100))).toBeGreaterThan(estimateTokens('a b c\n'.repeat(10)));
  });
});
