/**
 * A highlight keeps its quote with the text around it (a W3C-style text quote selector): if the page's
 * rectangles ever stop fitting (a re-extracted text layer), the words before and after find the place again.
 */

/** How much text before and after the quote is kept, in characters (the contract's limit). */
export const contextLength = 200;

/** Runs of white space (line ends of the text layer included) as one space, as the page reads. */
export function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ');
}

const isSpace = (character: string | undefined) => character !== undefined && /\s/.test(character);
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The last `count` characters of `text`, never starting in the middle of a surrogate pair. */
function tail(text: string, count: number): string {
  const cut = text.slice(Math.max(0, text.length - count));
  return cut.length > 0 && isLowSurrogate(cut.charCodeAt(0)) ? cut.slice(1) : cut;
}

/** The first `count` characters of `text`, never ending in the middle of a surrogate pair. */
function head(text: string, count: number): string {
  const cut = text.slice(0, count);
  return cut.length > 0 && isHighSurrogate(cut.charCodeAt(cut.length - 1)) ? cut.slice(0, -1) : cut;
}

/** What a highlight stores about its words. */
export interface QuoteContext {
  quote: string;
  prefix: string;
  suffix: string;
}

/**
 * The quote between `start` and `end` of a page's text, with up to `max` characters before and after it.
 * White space at the quote's edges moves into the context, and every run of white space reads as one space.
 */
export function quoteContext(
  pageText: string,
  start: number,
  end: number,
  max = contextLength,
): QuoteContext {
  let from = Math.max(0, Math.min(start, end, pageText.length));
  let to = Math.min(pageText.length, Math.max(start, end, 0));
  while (from < to && isSpace(pageText[from])) from++;
  while (to > from && isSpace(pageText[to - 1])) to--;
  return {
    quote: normalizeSpace(pageText.slice(from, to)),
    prefix: tail(normalizeSpace(pageText.slice(0, from)), max),
    suffix: head(normalizeSpace(pageText.slice(to)), max),
  };
}

/** A page's text as its text layer holds it, and where a DOM position falls in that text. */
export interface TextIndex {
  text: string;
  /** The character offset of a boundary point (a Range's start or end) inside the indexed element. */
  offsetOf(container: Node, offset: number): number | null;
}

/**
 * Reads the text of a page's text layer in document order. Line breaks (`<br>`, which pdf.js puts at line
 * ends) count as one space-like character, so the last word of a line does not run into the next one.
 */
export function indexText(root: Node): TextIndex {
  const starts = new Map<Node, number>();
  const ends = new Map<Node, number>();
  let text = '';
  const walk = (node: Node) => {
    starts.set(node, text.length);
    if (node.nodeType === Node.TEXT_NODE) text += (node as Text).data;
    else if (node.nodeName === 'BR') text += '\n';
    else for (const child of Array.from(node.childNodes)) walk(child);
    ends.set(node, text.length);
  };
  walk(root);
  return {
    text,
    offsetOf(container, offset) {
      const start = starts.get(container);
      if (start === undefined) return null;
      if (container.nodeType === Node.TEXT_NODE) return start + Math.min(offset, (container as Text).length);
      const child = container.childNodes[offset];
      return child ? (starts.get(child) ?? null) : (ends.get(container) ?? null);
    },
  };
}
