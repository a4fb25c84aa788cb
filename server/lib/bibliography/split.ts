/**
 * Splitting an import file into its entries before any of them is parsed, so that one malformed entry is
 * reported on its own and the others are still read. Each piece knows the 1-based line it starts on.
 */

/** 1-based line numbers of increasing offsets into one text, counted once. */
export function lineCounter(text: string): (offset: number) => number {
  let at = 0;
  let line = 1;
  return (offset) => {
    if (offset < at) {
      at = 0;
      line = 1;
    }
    for (; at < offset; at++) if (text.charCodeAt(at) === 10) line++;
    return line;
  };
}

/** One `@type{…}` of a BibTeX file; `problem` says why it cannot be a whole entry, when it cannot. */
export type BibtexPiece = { type: string; line: number; text: string; problem?: string };

/** An entry's start: `@type{` or `@type(` at the start of a line. */
const HEADER = /^[ \t]*@[ \t]*([A-Za-z]+)[ \t]*([{(])/gm;
/**
 * A line that can only be a new entry (`@article{key,` at the very start of the line): one inside an entry whose
 * braces never close starts a new entry after all, so a missing `}` sinks one entry, not the rest of the file.
 */
const CERTAIN_HEADER = /@[A-Za-z]+[ \t]*\{[ \t]*[^\s,{}()"=#%]+[ \t]*,/y;
/** Text after an entry's end that is more of it (`, year = 2009}`): an extra `}` ended the entry early. */
const MORE_FIELDS = /^\s*,|^[ \t]*[A-Za-z][\w-]*[ \t]*=/m;

/**
 * The entries of a BibTeX file, `@comment`, `@preamble` and `@string` among them, in order. An entry ends at the
 * brace (or parenthesis) that closes its first one; `@` lines inside it are part of it, except a line that can
 * only be a new entry while the braces are still open (that entry is then reported as unclosed).
 */
export function splitBibtex(text: string): BibtexPiece[] {
  const headers = [...text.matchAll(HEADER)].map((match) => ({
    start: match.index,
    at: match.index + match[0].indexOf('@'),
    type: match[1]!.toLowerCase(),
    open: match.index + match[0].length - 1,
    paren: match[2] === '(',
  }));
  const lineOf = lineCounter(text);
  const pieces: BibtexPiece[] = [];
  let next = 0;
  while (next < headers.length) {
    const header = headers[next]!;
    next++;
    let depth = 0;
    let end = -1;
    let brokenAt = -1;
    for (let at = header.open + 1; at < text.length; at++) {
      while (next < headers.length && headers[next]!.start < at) next++;
      if (next < headers.length && headers[next]!.start === at) {
        CERTAIN_HEADER.lastIndex = at;
        if (text[at] === '@' && CERTAIN_HEADER.test(text)) {
          brokenAt = at;
          break;
        }
      }
      const char = text[at];
      if (char === '\\') at++;
      else if (char === '{') depth++;
      else if (char === '}' && depth > 0) depth--;
      else if (depth === 0 && char === (header.paren ? ')' : '}')) {
        end = at + 1;
        break;
      }
    }
    while (next < headers.length && headers[next]!.start < Math.max(end, brokenAt)) next++;
    const stop = end >= 0 ? end : brokenAt >= 0 ? brokenAt : text.length;
    const piece: BibtexPiece = {
      type: header.type,
      line: lineOf(header.at),
      text: text.slice(header.at, stop),
    };
    if (end < 0) piece.problem = 'its braces are not closed: a } is missing';
    else if (MORE_FIELDS.test(text.slice(end, headers[next]?.start ?? text.length))) {
      piece.problem = 'it ends early: an extra } closes it before its last fields';
    }
    pieces.push(piece);
  }
  return pieces;
}

/** One RIS record: its lines, or why it is not a whole record. */
export type RisPiece = { line: number; text: string; problem?: string };

const RIS_TAG = /^([A-Z][A-Z0-9]) {2}-(?: (.*))?$/;

/**
 * The records of a RIS file, from each `TY  - ` to its `ER  - `. Lines with tags outside a record start one that
 * lacks its TY; a TY before the last record's ER (or the end of the file) leaves that record without its ER.
 */
export function splitRis(text: string): RisPiece[] {
  const pieces: RisPiece[] = [];
  let current: { line: number; lines: string[]; typed: boolean } | undefined;
  const close = (ended: boolean) => {
    if (!current) return;
    const piece: RisPiece = { line: current.line, text: current.lines.join('\n') };
    if (!current.typed) piece.problem = 'This RIS record has no TY line (the type it starts with)';
    else if (!ended) piece.problem = 'This RIS record does not end with an ER line';
    pieces.push(piece);
    current = undefined;
  };
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trimEnd();
    const tag = RIS_TAG.exec(line)?.[1];
    if (tag === 'TY') {
      close(false);
      current = { line: index + 1, lines: [line], typed: true };
    } else if (tag === 'ER') {
      current?.lines.push(line);
      close(true);
    } else if (tag) {
      current ??= { line: index + 1, lines: [], typed: false };
      current.lines.push(line);
    } else if (current && line.trim()) {
      current.lines.push(line);
    }
  });
  close(false);
  return pieces;
}

/** The values of one tag in a RIS record ("KW"), in order. */
export function risValues(record: string, tag: string): string[] {
  const values: string[] = [];
  for (const line of record.split('\n')) {
    const match = RIS_TAG.exec(line);
    if (match?.[1] === tag && match[2]?.trim()) values.push(match[2].trim());
  }
  return values;
}

/**
 * The offsets where the items of a JSON array start (or of the single object, when the text is one), in a text
 * that is valid JSON: what the line of each CSL-JSON item is counted from.
 */
export function jsonItemOffsets(text: string): number[] {
  const skipSpace = (at: number) => {
    while (at < text.length && /\s/.test(text[at]!)) at++;
    return at;
  };
  const first = skipSpace(0);
  if (text[first] !== '[') return [first];
  const offsets: number[] = [];
  let depth = 0;
  let inString = false;
  let expectItem = true;
  for (let at = first + 1; at < text.length; at++) {
    const char = text[at]!;
    if (inString) {
      if (char === '\\') at++;
      else if (char === '"') inString = false;
      continue;
    }
    if (/\s/.test(char)) continue;
    if (depth === 0 && char === ']') break;
    if (depth === 0 && char === ',') {
      expectItem = true;
      continue;
    }
    if (expectItem) {
      offsets.push(at);
      expectItem = false;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
  }
  return offsets;
}
