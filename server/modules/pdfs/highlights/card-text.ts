import { cardLimits } from '../../../../contracts/card-text.ts';

const TITLE_CHARS = 100;

/** The start of `text` on one line, cut at a word when it is longer than `max` characters. */
function headline(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/**
 * The title and Markdown of a card made from a highlight: titled by the note's first line (what the reader
 * made of it) or else the quote's start; the quote as a block quote, the note, then the citation and page.
 */
export function highlightCardText(highlight: {
  quote: string;
  note: string | null;
  page: number;
  citation: string;
}): { title: string; body: string } {
  const note = highlight.note?.trim() ?? '';
  const firstLine = note.split('\n')[0] ?? '';
  const title = headline(firstLine || highlight.quote, Math.min(TITLE_CHARS, cardLimits.title.max));
  // The quote is the paper's words, not Markdown: characters that would format it are escaped.
  const quote = highlight.quote
    .trim()
    .split('\n')
    .map((line) => `> ${line.replace(/[\\`*_[\]#<>|~$]/g, '\\$&')}`)
    .join('\n');
  const body = [quote, note, `— ${highlight.citation} p. ${highlight.page}`].filter(Boolean).join('\n\n');
  return { title, body: body.slice(0, cardLimits.body.max) };
}
