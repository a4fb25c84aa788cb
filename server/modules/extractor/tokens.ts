import type { Tokenizer } from '../../../contracts/extractor.ts';
import type { TokenCounter } from './document.ts';

type Encoding = { countTokens: (text: string, options: { disallowedSpecial: Set<string> }) => number };

const loaded = new Map<Tokenizer, Promise<Encoding>>();

// Each encoding is a few MB of ranks: load one only when a run asks for it, and once.
function encodingOf(tokenizer: Tokenizer): Promise<Encoding> {
  let encoding = loaded.get(tokenizer);
  if (!encoding) {
    encoding =
      tokenizer === 'o200k_base'
        ? import('gpt-tokenizer/encoding/o200k_base')
        : import('gpt-tokenizer/encoding/cl100k_base');
    loaded.set(tokenizer, encoding);
  }
  return encoding;
}

// A repository may well hold the text `<|endoftext|>`: it is counted as the text it is, never as a special token.
const noSpecialTokens = new Set<string>();

/** The exact token count of a text for a tokenizer (gpt-tokenizer, decision 034). */
export async function tokenCounter(tokenizer: Tokenizer): Promise<TokenCounter> {
  const encoding = await encodingOf(tokenizer);
  return (text) => (text === '' ? 0 : encoding.countTokens(text, { disallowedSpecial: noSpecialTokens }));
}

const pieces = /[A-Za-z]+|[0-9]+|[ \t]+|\n|[^\sA-Za-z0-9]/g;

/**
 * About how many tokens a text has, twenty times faster than counting them: for the preview only, which says
 * it is an estimate. A linear model of the text's words, digits, punctuation, spaces and lines, fitted against
 * o200k counts of code and prose (within 8 % for nine files in ten; the tests hold it to this project's code).
 */
export function estimateTokens(text: string): number {
  let words = 0;
  let letters = 0;
  let punctuation = 0;
  let spaceRuns = 0;
  let indentation = 0;
  let lines = 0;
  pieces.lastIndex = 0;
  for (let match = pieces.exec(text); match !== null; match = pieces.exec(text)) {
    const piece = match[0];
    const code = piece.charCodeAt(0);
    if (code === 10) lines += 1;
    else if (code === 32 || code === 9) {
      spaceRuns += 1;
      if (piece.length > 1) indentation += piece.length;
    } else if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) {
      words += 1;
      letters += piece.length;
    } else if (code >= 48 && code <= 57) words += Math.ceil(piece.length / 3);
    else punctuation += 1;
  }
  const estimate =
    0.92 * words +
    0.068 * letters +
    0.49 * punctuation -
    0.116 * spaceRuns +
    0.047 * indentation +
    1.33 * lines;
  return Math.max(0, Math.round(estimate));
}

/** Estimates from bytes not yet decoded, as the preview reads them. */
export function estimateTokensOfBytes(bytes: Uint8Array): number {
  return estimateTokens(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
}
