/**
 * A reader for the small subset of YAML front matter that card files use: `key: value` lines with strings
 * (plain, single- or double-quoted), numbers and flow lists (`[a, b]`), comments, and nothing else. Errors name
 * the line, so a person importing a file can fix it.
 */
export type FrontMatterScalar = string | number;
export type FrontMatterValue = FrontMatterScalar | FrontMatterScalar[];
export type FrontMatter = Record<string, FrontMatterValue>;

export class FrontMatterError extends Error {
  override name = 'FrontMatterError';
}

const FENCE = /^---[ \t]*$/;
const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:(?:[ \t]+(.*)|[ \t]*)$/;
const NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

/** Splits a Markdown file into its front matter and body; throws a FrontMatterError that names the line. */
export function parseFrontMatter(text: string): { data: FrontMatter; body: string } {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  if (!FENCE.test(lines[0] ?? '')) {
    throw new FrontMatterError('Front matter must start with a line "---" on line 1');
  }
  const end = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (end === -1) {
    throw new FrontMatterError('Front matter opened on line 1 is never closed: add a line "---" after it');
  }

  const data: FrontMatter = {};
  for (let index = 1; index < end; index++) {
    const line = lines[index] ?? '';
    const lineNumber = index + 1;
    if (/^\s*(#.*)?$/.test(line)) continue;
    const match = KEY_LINE.exec(line);
    if (!match) {
      throw new FrontMatterError(`Line ${lineNumber}: expected "key: value", found "${line.trim()}"`);
    }
    const key = match[1] as string;
    if (Object.hasOwn(data, key)) throw new FrontMatterError(`Line ${lineNumber}: "${key}" is given twice`);
    let raw = (match[2] ?? '').trim();

    // A flow list may run over several lines, and Prettier puts a long one on the lines after its key.
    if (raw === '' || raw.startsWith('#')) {
      const next = lines[index + 1] ?? '';
      if (index + 1 < end && /^[ \t]+\[/.test(next)) {
        raw = '';
      } else {
        throw new FrontMatterError(`Line ${lineNumber}: "${key}" has no value`);
      }
    }
    if (raw === '' || raw.startsWith('[')) {
      let source = raw;
      while (!flowListIsClosed(source)) {
        index++;
        if (index >= end) {
          throw new FrontMatterError(`Line ${lineNumber}: the list for "${key}" is never closed with "]"`);
        }
        source += '\n' + (lines[index] ?? '').trim();
      }
      data[key] = parseFlowList(source.trim(), lineNumber);
    } else {
      data[key] = parseScalarValue(raw, lineNumber);
    }
  }

  const body = lines
    .slice(end + 1)
    .join('\n')
    .replace(/^\s*\n/, '')
    .trimEnd();
  return { data, body };
}

/** True once every `[` opened outside quotes has been closed. */
function flowListIsClosed(source: string): boolean {
  if (source === '') return false;
  let depth = 0;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quote === '"') {
      if (char === '\\') i++;
      else if (char === '"') quote = undefined;
    } else if (quote === "'") {
      if (char === "'" && source[i + 1] === "'") i++;
      else if (char === "'") quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '[') {
      depth++;
    } else if (char === ']') {
      depth--;
      if (depth === 0) return true;
    }
  }
  return false;
}

/** A whole value on one line: a quoted string, a number or a plain string, with an optional `# comment`. */
function parseScalarValue(raw: string, line: number): FrontMatterScalar {
  const { value, rest } = readScalar(raw, 0, line, 'value');
  const tail = raw.slice(rest).trim();
  if (tail !== '' && !tail.startsWith('#')) {
    throw new FrontMatterError(`Line ${line}: unexpected "${tail}" after the value`);
  }
  return value;
}

function parseFlowList(source: string, line: number): FrontMatterScalar[] {
  const items: FrontMatterScalar[] = [];
  let i = 1; // after "["
  const skipSpace = () => {
    while (i < source.length && /\s/.test(source[i] as string)) i++;
  };
  skipSpace();
  if (source[i] === ']') {
    i++;
  } else {
    for (;;) {
      skipSpace();
      if (source[i] === ']') {
        i++; // a trailing comma, which YAML allows
        break;
      }
      const { value, rest } = readScalar(source, i, line, 'list');
      if (value === '') throw new FrontMatterError(`Line ${line}: a list has an empty item`);
      items.push(value);
      i = rest;
      skipSpace();
      if (source[i] === ',') {
        i++;
      } else if (source[i] === ']') {
        i++;
        break;
      } else {
        throw new FrontMatterError(`Line ${line}: expected "," or "]" in a list, found "${source[i] ?? ''}"`);
      }
    }
  }
  const tail = source.slice(i).trim();
  if (tail !== '' && !tail.startsWith('#')) {
    throw new FrontMatterError(`Line ${line}: unexpected "${tail}" after the list`);
  }
  return items;
}

/** Reads one scalar starting at `start`; `context` says whether it stands alone or inside a flow list. */
function readScalar(
  source: string,
  start: number,
  line: number,
  context: 'value' | 'list',
): { value: FrontMatterScalar; rest: number } {
  const first = source[start];
  if (first === '"') return readDoubleQuoted(source, start, line);
  if (first === "'") return readSingleQuoted(source, start, line);
  if (first !== undefined && '[]{}&*!|>%@`,'.includes(first)) {
    throw new FrontMatterError(
      `Line ${line}: a value starting with "${first}" must be quoted (this front matter has no such YAML)`,
    );
  }
  let end = start;
  while (end < source.length) {
    const char = source[end] as string;
    if (context === 'list' && (char === ',' || char === ']' || char === '[')) break;
    if (char === '#' && end > start && /\s/.test(source[end - 1] as string)) break;
    if (char === ':' && (end + 1 === source.length || /[\s,\]]/.test(source[end + 1] as string))) {
      throw new FrontMatterError(`Line ${line}: quote a value that contains ": " (a colon and a space)`);
    }
    if (char === '\n' && context === 'value') break;
    end++;
  }
  const text = source.slice(start, end).trim();
  return { value: NUMBER.test(text) ? Number(text) : text, rest: end };
}

const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  n: '\n',
  t: '\t',
  r: '\r',
  '0': '\0',
};

function readDoubleQuoted(source: string, start: number, line: number) {
  let value = '';
  for (let i = start + 1; i < source.length; i++) {
    const char = source[i] as string;
    if (char === '"') return { value, rest: i + 1 };
    if (char === '\\') {
      const next = source[i + 1] ?? '';
      if (next === 'u' && /^[0-9A-Fa-f]{4}$/.test(source.slice(i + 2, i + 6))) {
        value += String.fromCharCode(parseInt(source.slice(i + 2, i + 6), 16));
        i += 5;
      } else if (next in ESCAPES) {
        value += ESCAPES[next];
        i++;
      } else {
        throw new FrontMatterError(`Line ${line}: unknown escape "\\${next}" in a double-quoted string`);
      }
    } else if (char === '\n') {
      value += ' '; // a quoted string folded over lines inside a list
    } else {
      value += char;
    }
  }
  throw new FrontMatterError(`Line ${line}: a double-quoted string is never closed`);
}

function readSingleQuoted(source: string, start: number, line: number) {
  let value = '';
  for (let i = start + 1; i < source.length; i++) {
    const char = source[i] as string;
    if (char === "'") {
      if (source[i + 1] === "'") {
        value += "'";
        i++;
        continue;
      }
      return { value, rest: i + 1 };
    }
    value += char === '\n' ? ' ' : char;
  }
  throw new FrontMatterError(`Line ${line}: a single-quoted string is never closed`);
}
