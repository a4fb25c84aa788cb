import type { PdfSearchHit } from '../../../../contracts/pdfs.ts';
import { hitEnd, hitStart, lessThan } from './repository.ts';

/** A snippet as the contract has it: runs of plain text, the matching words marked `hit`. */
export type SnippetPart = PdfSearchHit['snippet'][number];

const MARKER = new RegExp(`(${hitStart}|${hitEnd})`);

/**
 * Splits a `ts_headline` snippet at its markers into plain-text parts, with the page's `<` put back. The text
 * stays text whatever it holds (a `<b>` a PDF prints is shown as those three characters by whoever renders the
 * parts); line breaks and runs of spaces become one space, adjacent parts of one kind are joined and empty ones
 * dropped.
 */
export function snippetParts(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let hit = false;
  for (const piece of headline.split(MARKER)) {
    if (piece === hitStart || piece === hitEnd) {
      hit = piece === hitStart;
      continue;
    }
    const text = piece.replace(/\s+/g, ' ').replaceAll(lessThan, '<');
    if (!text) continue;
    const last = parts.at(-1);
    if (last && last.hit === hit) last.text += text;
    else parts.push({ text, hit });
  }
  const first = parts[0];
  if (first && !first.hit) first.text = first.text.trimStart();
  const last = parts.at(-1);
  if (last && !last.hit) last.text = last.text.trimEnd();
  return parts.filter((part) => part.text !== '');
}
