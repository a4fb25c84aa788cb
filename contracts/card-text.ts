/**
 * The syntax inside a card's text, shared by the server (which stores links and tags) and the web app (which
 * renders them): `[[wiki links]]`, `{{c1::cloze deletions}}` and tags. Pure functions on strings; no DOM, no
 * Markdown library, so both sides agree on what counts as a link or a deletion.
 */

/** Limits of a card's text. The server enforces them; the builder shows them early. */
export const cardLimits = {
  /** Title length in characters, after trimming. */
  title: { min: 1, max: 120 },
  /** Body length in characters (Markdown source). */
  body: { max: 50_000 },
  /** Tags on one card. */
  tags: { max: 10 },
  /** One tag: the whole path and each `/`-separated segment, in characters. */
  tag: { max: 80, segmentMax: 40 },
} as const;

// ---------------------------------------------------------------------------------------------------------
// Code and math: regions where neither links nor cloze placeholders are Markdown

/** A region of the source that Markdown shows literally (code) or hands to KaTeX (math). */
interface Region {
  start: number;
  end: number;
  kind: 'code' | 'math';
}

const fenceOpen = /^(?:[ \t]*>)*[ \t]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)*(`{3,}|~{3,}|\${2,})(.*)$/;
const fenceClose = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,}|\${2,})[ \t]*$/;
const listItem = /^[ \t]*(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;

/**
 * The code and math regions of Markdown, approximating CommonMark and remark-math closely enough for links:
 * fenced code (``` and ~~~, also in quotes and list items), `$$` display math, indented code blocks outside
 * lists, and inline code and math spans (a run of backticks or dollars closed by a run of the same length in
 * the same paragraph). Linear in the length of the text, so a hostile body cannot stall the server.
 */
function codeAndMathRegions(text: string): Region[] {
  const regions: Region[] = [];
  let fence: { char: string; length: number; start: number } | null = null;
  let paragraphStart = -1;
  let inIndentedCode = false;
  let inList = false;
  let previousBlank = true;

  const endParagraph = (end: number) => {
    if (paragraphStart >= 0) inlineRegions(text, paragraphStart, end, regions);
    paragraphStart = -1;
  };

  let offset = 0;
  while (offset <= text.length) {
    const newline = text.indexOf('\n', offset);
    const lineEnd = newline === -1 ? text.length : newline;
    const next = newline === -1 ? text.length + 1 : newline + 1;
    const line = text.slice(offset, lineEnd);
    const blank = line.trim() === '';

    if (fence) {
      const close = fenceClose.exec(line);
      if (close?.[1] && close[1][0] === fence.char && close[1].length >= fence.length) {
        regions.push({ start: fence.start, end: lineEnd, kind: fence.char === '$' ? 'math' : 'code' });
        fence = null;
      }
    } else {
      const open = fenceOpen.exec(line);
      const marker = open?.[1] ?? '';
      const char = marker[0] ?? '';
      // Backtick fences and math fences may not have their own character in the info string.
      const validOpen = marker !== '' && !(char !== '~' && open?.[2]?.includes(char));
      const indent = /^[ \t]*/.exec(line)?.[0].replace(/\t/g, '    ').length ?? 0;
      if (validOpen) {
        endParagraph(offset);
        inIndentedCode = false;
        fence = { char, length: marker.length, start: offset };
      } else if (!blank && indent >= 4 && !inList && (previousBlank || inIndentedCode)) {
        // An indented code block cannot interrupt a paragraph, and inside a list the indent is the item's.
        endParagraph(offset);
        inIndentedCode = true;
        regions.push({ start: offset, end: lineEnd, kind: 'code' });
      } else if (blank) {
        endParagraph(offset);
      } else {
        inIndentedCode = false;
        if (listItem.test(line)) inList = true;
        else if (indent === 0 && previousBlank) inList = false;
        if (paragraphStart < 0) paragraphStart = offset;
      }
    }
    previousBlank = blank;
    offset = next;
  }
  // An unclosed fence runs to the end of the document.
  if (fence)
    regions.push({ start: fence.start, end: text.length, kind: fence.char === '$' ? 'math' : 'code' });
  endParagraph(text.length);
  return regions.sort((a, b) => a.start - b.start);
}

/** Inline code and math spans between `start` and `end` (one paragraph), appended to `regions`. */
function inlineRegions(text: string, start: number, end: number, regions: Region[]): void {
  // Every run of backticks or dollars, in order; a run after an odd number of backslashes loses its first
  // character when it opens a span (that character is escaped) but still closes one in full (escapes do not
  // work inside code).
  const runs: { start: number; length: number; char: string; escaped: boolean }[] = [];
  for (let i = start; i < end;) {
    const char = text[i];
    if (char !== '`' && char !== '$') {
      i++;
      continue;
    }
    let j = i;
    while (j < end && text[j] === char) j++;
    let slashes = 0;
    while (i - slashes - 1 >= start && text[i - slashes - 1] === '\\') slashes++;
    runs.push({ start: i, length: j - i, char, escaped: slashes % 2 === 1 });
    i = j;
  }
  // For each character and length, the runs that could close a span, consumed front to back.
  const closers = new Map<string, number[]>();
  runs.forEach((run, index) => {
    const key = run.char + run.length;
    const list = closers.get(key) ?? [];
    list.push(index);
    closers.set(key, list);
  });
  const cursor = new Map<string, number>();
  for (let index = 0; index < runs.length; index++) {
    const run = runs[index];
    if (!run) continue;
    const openLength = run.escaped ? run.length - 1 : run.length;
    if (openLength === 0) continue;
    const key = run.char + openLength;
    const list = closers.get(key) ?? [];
    let at = cursor.get(key) ?? 0;
    while (at < list.length && (list[at] ?? 0) <= index) at++;
    cursor.set(key, at);
    const closer = list[at];
    if (closer === undefined) continue;
    const closing = runs[closer];
    if (!closing) continue;
    regions.push({
      start: run.start + run.length - openLength,
      end: closing.start + closing.length,
      kind: run.char === '`' ? 'code' : 'math',
    });
    index = closer;
  }
}

/** The region overlapping [start, end), if any; `regions` are sorted by start and do not overlap. */
function overlapsRegion(regions: readonly Region[], start: number, end: number): Region | undefined {
  // The last region that starts before `end` is the only one that can reach past `start`.
  let low = 0;
  let high = regions.length - 1;
  let candidate: Region | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const region = regions[middle];
    if (region && region.start < end) {
      candidate = region;
      low = middle + 1;
    } else high = middle - 1;
  }
  return candidate && candidate.end > start ? candidate : undefined;
}

function isEscaped(text: string, index: number): boolean {
  let slashes = 0;
  while (index - slashes - 1 >= 0 && text[index - slashes - 1] === '\\') slashes++;
  return slashes % 2 === 1;
}

// ---------------------------------------------------------------------------------------------------------
// Wiki links

/** One `[[Title]]` or `[[Title|label]]` in a body; `start`/`end` are offsets of the whole link. */
export interface WikiLink {
  /** The linked card's title as written, trimmed. */
  title: string;
  /** The text to show instead of the title, trimmed; null when none was given. */
  label: string | null;
  start: number;
  end: number;
}

// A title cannot hold brackets, a pipe or a line break (they end the link); a label cannot hold brackets.
const wikiLinkPattern = /\[\[([^[\]|\n]*)(?:\|([^[\]\n]*))?\]\]/g;

/** Whether a card with this title can be linked with `[[…]]`: no brackets, pipe or line break, within limits. */
export function isLinkableTitle(title: string): boolean {
  const trimmed = title.trim();
  return (
    trimmed.length >= cardLimits.title.min &&
    trimmed.length <= cardLimits.title.max &&
    !/[[\]|\n]/.test(trimmed)
  );
}

/**
 * Every `[[Title]]` and `[[Title|label]]` in Markdown, in order. Links inside code (fenced, indented or inline)
 * and math are not links, nor is `\[[…]]`. A title that is empty or longer than a card title can be is not a
 * link either.
 */
export function parseWikiLinks(markdown: string): WikiLink[] {
  const regions = codeAndMathRegions(markdown);
  const links: WikiLink[] = [];
  wikiLinkPattern.lastIndex = 0;
  for (let match = wikiLinkPattern.exec(markdown); match; match = wikiLinkPattern.exec(markdown)) {
    const start = match.index;
    const end = start + match[0].length;
    const title = (match[1] ?? '').trim();
    const label = match[2]?.trim() || null;
    if (
      title.length < cardLimits.title.min ||
      title.length > cardLimits.title.max ||
      isEscaped(markdown, start) ||
      overlapsRegion(regions, start, end)
    ) {
      // Look again one character on: `[[[a]]` holds a link that starts at the second bracket.
      wikiLinkPattern.lastIndex = start + 1;
      continue;
    }
    links.push({ title, label, start, end });
  }
  return links;
}

/** A citation in a card's text: `[@key]`, or several in one bracket (`[@a; @b]`), with where it is. */
export interface Citation {
  keys: string[];
  start: number;
  end: number;
}

/** The characters of a citation key, as BibTeX and Pandoc allow them. */
const citationKeyPattern = /^@([A-Za-z0-9_:.-]{1,100})$/;
const citationPattern = /\[(@[^\]\n]{1,1000})\]/g;

/**
 * The citations of Markdown text, in order: `[@koren2009matrix]` or `[@a; @b]` (Pandoc's syntax), outside code
 * and math and not escaped. A bracket holding anything but keys is not a citation, so `[@ada said]` stays text.
 */
export function parseCitations(markdown: string): Citation[] {
  const regions = codeAndMathRegions(markdown);
  const citations: Citation[] = [];
  citationPattern.lastIndex = 0;
  for (let match = citationPattern.exec(markdown); match; match = citationPattern.exec(markdown)) {
    const start = match.index;
    const end = start + match[0].length;
    const keys = match[1]!.split(';').map((part) => citationKeyPattern.exec(part.trim())?.[1]);
    if (
      keys.some((key) => key === undefined) ||
      isEscaped(markdown, start) ||
      overlapsRegion(regions, start, end)
    )
      continue;
    citations.push({ keys: keys as string[], start, end });
  }
  return citations;
}

/** Each key cited in the text, once, in the order first cited: the numbering of a numeric style. */
export function citedKeys(markdown: string): string[] {
  return [...new Set(parseCitations(markdown).flatMap((citation) => citation.keys))];
}

/** The key titles are matched by: Unicode NFC, whitespace collapsed and trimmed, lowercase. */
export function normalizeTitle(title: string): string {
  return title.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Rewrites every link to `fromTitle` (matched by `normalizeTitle`) so it names `toTitle`, keeping labels and
 * leaving code and math untouched. Returns the text unchanged when `toTitle` cannot be written as a link.
 */
export function renameWikiLinks(markdown: string, fromTitle: string, toTitle: string): string {
  const target = normalizeTitle(fromTitle);
  const title = toTitle.trim();
  if (!isLinkableTitle(title)) return markdown;
  let result = markdown;
  const links = parseWikiLinks(markdown).filter((link) => normalizeTitle(link.title) === target);
  for (const link of links.reverse()) {
    const written = link.label === null ? `[[${title}]]` : `[[${title}|${link.label}]]`;
    result = result.slice(0, link.start) + written + result.slice(link.end);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Cloze deletions

/** One `{{cN::answer}}` or `{{cN::answer::hint}}`; `start`/`end` are offsets of the whole deletion. */
export interface ClozeDeletion {
  /** N, from 1. Several deletions may share one index; they are asked together. */
  index: number;
  /** The hidden text, as written (Markdown; may hold nested deletions). */
  answer: string;
  /** Shown in the gap instead of `…`, when given. */
  hint?: string;
  start: number;
  end: number;
}

const clozeOpen = /\{\{c(\d{1,3})::/gi;

/** Deletions nest at most this deep; deeper ones are left as written (and a hostile body cannot recurse). */
const clozeMaxDepth = 3;

/**
 * For each `{`, the index of the `}` that closes it (a stack over the whole text, so one pass serves every
 * deletion). `\{` and `\}`, LaTeX's literal braces, do not count.
 */
function matchBraces(text: string): Map<number, number> {
  const matches = new Map<number, number>();
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === '{') open.push(i);
    else if (char === '}') {
      const from = open.pop();
      if (from !== undefined) matches.set(from, i);
    }
  }
  return matches;
}

/**
 * Where the hint separator of an answer is: the last `::` outside braces and inline code, so `$\{a::b\}$`
 * and `` `std::vector` `` stay whole (`{{c1::std::vector}}` is answer `std`, hint `vector`, as in Anki).
 */
function findHintSeparator(text: string, from: number, to: number): number {
  let depth = 0;
  let separator = -1;
  for (let i = from; i < to; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === '`') {
      let run = 1;
      while (text[i + run] === '`') run++;
      const fence = '`'.repeat(run);
      let close = text.indexOf(fence, i + run);
      while (close !== -1 && close < to && text[close + run] === '`')
        close = text.indexOf(fence, close + run + 1);
      i = close !== -1 && close < to ? close + run - 1 : i + run - 1;
    } else if (char === '{') depth++;
    else if (char === '}') depth = Math.max(0, depth - 1);
    else if (char === ':' && text[i + 1] === ':' && depth === 0) {
      separator = i;
      i++;
    }
  }
  return separator;
}

/**
 * The top-level cloze deletions in text, in order. A deletion ends at the `}}` that balances its own `{{`, so
 * `{{c1::$x^{2}$}}` and nested deletions close where a reader expects; with unbalanced braces the first `}}`
 * ends it, as in Anki. Deletions nested in an answer are part of that answer (`clozeIndexes` and
 * `renderClozeText` see them too). An empty answer or index 0 is not a deletion.
 */
export function parseCloze(text: string): ClozeDeletion[] {
  const deletions: ClozeDeletion[] = [];
  let braces: Map<number, number> | undefined;
  clozeOpen.lastIndex = 0;
  for (let match = clozeOpen.exec(text); match; match = clozeOpen.exec(text)) {
    const start = match.index;
    const index = Number(match[1]);
    const from = start + match[0].length;
    braces ??= matchBraces(text);
    const outer = braces.get(start);
    const inner = braces.get(start + 1);
    let close = inner !== undefined && outer === inner + 1 ? inner : text.indexOf('}}', from);
    if (close !== -1 && close < from) close = text.indexOf('}}', from);
    if (close === -1 || index < 1) continue;
    const separator = findHintSeparator(text, from, close);
    const answer = text.slice(from, separator === -1 ? close : separator);
    const hint = separator === -1 ? '' : text.slice(separator + 2, close).trim();
    if (answer.trim() === '') continue;
    const end = close + 2;
    deletions.push({ index, answer, ...(hint ? { hint } : {}), start, end });
    clozeOpen.lastIndex = end;
  }
  return deletions;
}

/** The distinct deletion indexes in text, nested ones included, ascending: one card to study per index. */
export function clozeIndexes(text: string): number[] {
  const found = new Set<number>();
  const visit = (source: string, depth: number) => {
    for (const deletion of parseCloze(source)) {
      found.add(deletion.index);
      if (depth < clozeMaxDepth) visit(deletion.answer, depth + 1);
    }
  };
  visit(text, 1);
  return [...found].sort((a, b) => a - b);
}

/** Which deletions `renderClozeText` hides: one index, all of them, or none. */
export type ClozeHide = number | 'all' | 'none';

/** One deletion as `renderClozeText` writes it, for a caller that decorates it (the renderer highlights it). */
export interface ClozePart {
  index: number;
  /** True when the text is the placeholder standing for a hidden answer. */
  hidden: boolean;
  /** The Markdown written for it: the placeholder, or the answer with its own deletions rendered. */
  text: string;
}

/** How `renderClozeText` writes deletions. */
export interface RenderClozeOptions {
  hide: ClozeHide;
  /** Wraps each written deletion (default: written as is); the renderer uses it to highlight them. */
  decorate?: (part: ClozePart) => string;
}

/**
 * Markdown with the chosen deletions replaced by a placeholder, `[…]` or `[hint]`, and the others by their
 * answers. Outside code the brackets are escaped, so a placeholder followed by `(…)` never becomes a link.
 */
export function renderClozeText(text: string, options: RenderClozeOptions): string {
  return renderCloze(text, options, 1);
}

function renderCloze(text: string, options: RenderClozeOptions, depth: number): string {
  const { hide, decorate = (part: ClozePart) => part.text } = options;
  const deletions = parseCloze(text);
  if (deletions.length === 0) return text;
  const regions = codeAndMathRegions(text);
  let result = '';
  let last = 0;
  for (const deletion of deletions) {
    result += text.slice(last, deletion.start);
    last = deletion.end;
    const hidden = hide === 'all' || hide === deletion.index;
    let written: string;
    if (hidden) {
      const inner = deletion.hint ?? '…';
      // Inside code a backslash would show; inside math brackets are just brackets.
      written = overlapsRegion(regions, deletion.start, deletion.start + 1) ? `[${inner}]` : `\\[${inner}\\]`;
    } else {
      written = depth < clozeMaxDepth ? renderCloze(deletion.answer, options, depth + 1) : deletion.answer;
    }
    result += decorate({ index: deletion.index, hidden, text: written });
  }
  return result + text.slice(last);
}

// ---------------------------------------------------------------------------------------------------------
// Tags

/**
 * A tag as stored, or null when nothing usable is left. Lowercase; Unicode NFKC (full-width letters become
 * plain ones); a leading `#` is dropped; `/` nests (`ml/recsys`) and empty segments are dropped. Letters of any
 * script, digits, `-` and `_` are kept, so `機械学習` and `çeviri` are tags; every other run of characters,
 * spaces included, becomes one `-`, trimmed from segment ends (so `C++` becomes `c`: spell it `cpp`). A segment
 * longer than 40 characters or a tag longer than 80 is refused rather than cut.
 */
export function normalizeTag(raw: string): string | null {
  const segments = raw
    .normalize('NFKC')
    .toLowerCase()
    .trim()
    .replace(/^#+/, '')
    .split('/')
    .map((segment) =>
      segment
        .replace(/[^\p{L}\p{M}\p{Nd}_-]+/gu, '-')
        .replace(/-{2,}/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter((segment) => segment !== '');
  if (segments.length === 0) return null;
  if (segments.some((segment) => [...segment].length > cardLimits.tag.segmentMax)) return null;
  const tag = segments.join('/');
  return [...tag].length > cardLimits.tag.max ? null : tag;
}

/** `normalizeTags`' answer: the tags to store, or why the list was refused. */
export type NormalizedTags =
  | { ok: true; tags: string[] }
  | { ok: false; error: 'invalid-tag'; tag: string }
  | { ok: false; error: 'too-many-tags'; max: number };

/**
 * A card's tags normalised, duplicates (after normalising) dropped, first-seen order kept. Refuses, without
 * throwing, a list with an unusable tag or with more distinct tags than a card may have.
 */
export function normalizeTags(list: readonly string[]): NormalizedTags {
  const tags: string[] = [];
  for (const raw of list) {
    const tag = normalizeTag(raw);
    if (tag === null) return { ok: false, error: 'invalid-tag', tag: raw };
    if (!tags.includes(tag)) tags.push(tag);
  }
  if (tags.length > cardLimits.tags.max)
    return { ok: false, error: 'too-many-tags', max: cardLimits.tags.max };
  return { ok: true, tags };
}

// ---------------------------------------------------------------------------------------------------------
// Plain text

/**
 * The first index of `needle` at or after a position, for positions that never decrease: each call resumes
 * where the last search ended, so a whole pass over the text costs one scan of it however many times it asks.
 */
function forwardFinder(text: string, needle: string): (from: number) => number {
  let found = -2;
  return (from) => {
    if (found === -1 || found >= from) return found;
    found = text.indexOf(needle, from);
    return found;
  };
}

/** What `replaceSpans` does with one opener: the span it ends and what replaces it, or null for no span. */
type SpanMatch = { end: number; text: string } | null;

/**
 * Replaces, left to right, the spans that start with `opener` and that `matchAt` accepts (as a global regex
 * replace would), trying each opener once. With `matchAt` built on `forwardFinder`s, the pass is linear in
 * the text, where the equivalent regular expressions rescan the rest of the text from every opener.
 */
function replaceSpans(text: string, opener: string, matchAt: (start: number) => SpanMatch): string {
  let out = '';
  let copied = 0;
  for (let start = text.indexOf(opener); start >= 0;) {
    const match = matchAt(start);
    if (match) {
      out += text.slice(copied, start) + match.text;
      copied = match.end;
      start = text.indexOf(opener, match.end);
    } else {
      start = text.indexOf(opener, start + 1);
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** `![alt](url)` → alt, and `[label](url)` → label (a label may be empty only in an image). */
function replaceInlineLinks(text: string, image: boolean): string {
  const opener = image ? '![' : '[';
  const closeBracket = forwardFinder(text, ']');
  const closeParen = forwardFinder(text, ')');
  return replaceSpans(text, opener, (start) => {
    const labelStart = start + opener.length;
    const close = closeBracket(labelStart);
    if (close < 0 || (!image && close === labelStart) || text[close + 1] !== '(') return null;
    const end = closeParen(close + 2);
    return end < 0 ? null : { end: end + 1, text: text.slice(labelStart, close) };
  });
}

/** `[[Title|label]]` → label, then `[[Title]]` → Title (what the renderer shows of a wiki link). */
function replaceWikiLinks(text: string): string {
  const closeBracket = forwardFinder(text, ']');
  const pipe = forwardFinder(text, '|');
  const labelled = replaceSpans(text, '[[', (start) => {
    const close = closeBracket(start + 2);
    if (close < 0 || text[close + 1] !== ']') return null;
    const bar = pipe(start + 2);
    if (bar <= start + 2 || bar >= close - 1) return null;
    return { end: close + 2, text: text.slice(bar + 1, close) };
  });
  const closePlain = forwardFinder(labelled, ']');
  return replaceSpans(labelled, '[[', (start) => {
    const close = closePlain(start + 2);
    if (close <= start + 2 || labelled[close + 1] !== ']') return null;
    return { end: close + 2, text: labelled.slice(start + 2, close) };
  });
}

/** `{{cN::answer}}` and `{{cN::answer::hint}}` → answer (nested deletions are not looked into). */
function replaceClozeAnswers(text: string): string {
  const closeBrace = forwardFinder(text, '}');
  const separator = forwardFinder(text, '::');
  return replaceSpans(text, '{{c', (start) => {
    let digits = start + 3;
    while (digits < text.length && text.charCodeAt(digits) >= 48 && text.charCodeAt(digits) <= 57) digits++;
    if (digits === start + 3 || !text.startsWith('::', digits)) return null;
    const answerStart = digits + 2;
    const close = closeBrace(answerStart);
    if (close < 0 || text[close + 1] !== '}') return null;
    const hint = separator(answerStart);
    return { end: close + 2, text: text.slice(answerStart, hint >= 0 && hint < close ? hint : close) };
  });
}

/** Each `<…>` (an HTML tag) → a space. */
function replaceTags(text: string): string {
  const closeAngle = forwardFinder(text, '>');
  return replaceSpans(text, '<', (start) => {
    const close = closeAngle(start + 1);
    return close < 0 ? null : { end: close + 1, text: ' ' };
  });
}

// White space as `\s` matches it, but for the space and the no-break space. An expression led by a class of
// these skips through text many times faster than one led by `\s` (V8 scans Latin-1 text quickly for a class
// with no Latin-1 character beyond ASCII); card-text-hostile.test.ts checks that the two sets agree.
const otherWhiteSpaceRun = /[\t-\r\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]\s*/g;

/** Every run of white space as one space, as `.replace(/\s+/g, ' ')` makes it, without a replacement per space. */
function collapseWhiteSpace(text: string): string {
  // With no-break spaces made spaces, a run is spaces and then, from its first other character on, anything:
  // that part becomes a space, and then each run of spaces one space.
  const spaced = text.includes('\u00a0') ? text.replaceAll('\u00a0', ' ') : text;
  return spaced.replace(otherWhiteSpaceRun, ' ').replace(/ {2,}/g, ' ');
}

/**
 * The words of Markdown as plain text, for excerpts and answers compared as typed: syntax, links, math and
 * code fences are reduced to their words (display math and fenced code are left out; inline math keeps its
 * symbols), and whitespace to single spaces. Linear in the text: cards are public input, and this runs when
 * any card is shown (bench/README.md has the figure for hostile text).
 */
export function markdownWords(markdown: string): string {
  // These three expressions end at their first closer (or the end of the text or line), so a failed opener
  // leaves no closer behind it and each scans the text once; a text without their opener skips them. The
  // other syntax is read by the scanners above.
  let text = markdown;
  if (text.includes('```')) text = text.replace(/```[\s\S]*?(```|$)/g, ' ');
  if (text.includes('$$')) text = text.replace(/\$\$[\s\S]*?(\$\$|$)/g, ' ');
  // Inline math keeps its symbols without the dollars and backslashes: "$\log n$" reads "log n".
  if (text.includes('$'))
    text = text.replace(/\$([^$\n]+)\$/g, (_match, math: string) => math.replace(/\\([a-zA-Z]+)/g, '$1'));
  text = replaceInlineLinks(text, true);
  text = replaceWikiLinks(text);
  text = replaceInlineLinks(text, false);
  text = replaceClozeAnswers(text);
  text = replaceTags(text);
  text = text.replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '').replace(/[*_~`|]+/g, '');
  return collapseWhiteSpace(text).trim();
}
