import type { AskResult } from '../../../../contracts/research.ts';

// Ask the library's pure parts: passages from a project's sources, ranking them against a question, the
// prompt, and checking the model's answer against the sources it was given.

/** A passage of a source: a paper's summary, the asker's note, or a page of their PDF. */
export type Passage = AskResult['sources'][number];

/** Characters per passage: a PDF page is cut into pieces about this long, at sentence ends where possible. */
const PASSAGE_CHARS = 900;

/** Splits a long text into passages of about PASSAGE_CHARS, breaking after a sentence when one ends nearby. */
export function chunks(text: string): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  const pieces: string[] = [];
  let start = 0;
  while (start < clean.length) {
    let end = Math.min(clean.length, start + PASSAGE_CHARS);
    if (end < clean.length) {
      const stop = clean.lastIndexOf('. ', end);
      if (stop > start + PASSAGE_CHARS / 2) end = stop + 1;
    }
    pieces.push(clean.slice(start, end).trim());
    start = end;
  }
  return pieces.filter(Boolean);
}

const STOP = new Set(
  'a an and are as at be by do does for from has have how in is it of on or that the their this to was were what when where which who why with'.split(
    ' ',
  ),
);

/** The words of a text as ranking compares them: lower-case, accents folded, stop words out. */
export function terms(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).filter((word) => word.length > 1 && !STOP.has(word));
}

/**
 * The passages that best answer the question, best first: BM25 over the passages (k1 1.2, b 0.75), ties kept
 * in the order given. Passages sharing no word with the question are left out.
 */
export function rankPassages<T extends { text: string }>(
  question: string,
  passages: T[],
  limit: number,
): T[] {
  const wanted = [...new Set(terms(question))];
  if (wanted.length === 0 || passages.length === 0) return [];
  const docs = passages.map((passage) => terms(passage.text));
  const average = docs.reduce((sum, doc) => sum + doc.length, 0) / docs.length || 1;
  const frequency = new Map(wanted.map((term) => [term, docs.filter((doc) => doc.includes(term)).length]));
  const scored = docs.map((doc, index) => {
    let score = 0;
    for (const term of wanted) {
      const count = doc.filter((word) => word === term).length;
      if (count === 0) continue;
      const df = frequency.get(term)!;
      const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
      score += (idf * count * 2.2) / (count + 1.2 * (0.25 + (0.75 * doc.length) / average));
    }
    return { index, score };
  });
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((entry) => passages[entry.index]!);
}

/** The messages for the model: answer from the numbered sources only, citing each sentence's sources. */
export function askPrompt(question: string, sources: Passage[]) {
  const listed = sources
    .map(
      (source) =>
        `[${source.n}] ${source.paperTitle}${source.page ? `, p. ${source.page}` : ''} (${source.kind}): ${source.text}`,
    )
    .join('\n\n');
  return [
    {
      role: 'system' as const,
      content:
        'You answer questions about a researcher’s papers using only the numbered sources given. End every sentence with the numbers of the sources it rests on, like [1] or [2][3]. If the sources do not answer the question, say so in one sentence without a number. Plain sentences, no lists, no headings, at most 8 sentences.',
    },
    { role: 'user' as const, content: `Sources:\n\n${listed}\n\nQuestion: ${question}` },
  ];
}

/**
 * The model's answer as sentences with the sources each cites. A citation of a number that was not given is
 * dropped; a sentence left with no citation is marked unsupported.
 */
export function checkAnswer(answer: string, sourceCount: number): AskResult['sentences'] {
  const sentences =
    answer
      .replace(/\s+/g, ' ')
      .trim()
      .match(/[^.!?]+(?:[.!?]+(?:\s*\[\d+\])*|$)/g) ?? [];
  return sentences
    .map((sentence) => sentence.trim())
    .filter(Boolean)
    .map((sentence) => {
      const cited = [...sentence.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));
      const sources = [...new Set(cited.filter((n) => n >= 1 && n <= sourceCount))];
      const text = sentence.replace(/\s*\[\d+\]/g, '').trim();
      return { text, sources, supported: sources.length > 0 };
    })
    .filter((sentence) => sentence.text.length > 0);
}
