import type { BuilderDraft, BuilderSource } from '../../../contracts/blog-builder.ts';

/**
 * The footnote number of every card the draft cites, numbered in the order first cited (as Markdown footnotes
 * are), so [1] is the first card the reader meets.
 */
export function footnoteNumbers(draft: BuilderDraft): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const section of draft.sections)
    for (const paragraph of section.paragraphs)
      for (const sentence of paragraph.sentences)
        for (const id of sentence.cardIds) if (!numbers.has(id)) numbers.set(id, numbers.size + 1);
  return numbers;
}

/** How many sentences of the draft name no source card. */
export function unsourcedCount(draft: BuilderDraft): number {
  let count = 0;
  for (const section of draft.sections)
    for (const paragraph of section.paragraphs)
      for (const sentence of paragraph.sentences) if (sentence.cardIds.length === 0) count += 1;
  return count;
}

/** "3 sentences have no source", "1 sentence has no source". */
export function unsourcedSentence(count: number): string {
  return count === 1 ? '1 sentence has no source' : `${count} sentences have no source`;
}

/** The draft as plain text for comparing versions: the title, then each heading and its paragraphs. */
export function draftText(draft: BuilderDraft): string {
  const parts = [draft.title];
  for (const section of draft.sections) {
    parts.push(`## ${section.heading}`);
    for (const paragraph of section.paragraphs)
      parts.push(paragraph.sentences.map((sentence) => sentence.text.trim()).join(' '));
  }
  return parts.join('\n\n');
}

/** The tokens of all chosen sources together. */
export function totalTokens(sources: readonly BuilderSource[]): number {
  return sources.reduce((sum, source) => sum + source.tokens, 0);
}
