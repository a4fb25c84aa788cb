import { isMap, isScalar, Lexer, LineCounter, parseDocument, visit, type YAMLError } from 'yaml';

/**
 * Front matter: the YAML between a Markdown file's first line `---` and the next `---`, as Obsidian, Jekyll
 * and Hugo write it (block and flow lists, nested maps, dates, quoted strings, comments). It is read with the
 * `yaml` package as YAML 1.2's core schema (decision 015), as plain data only: no tags are resolved to
 * objects, `<<` merges nothing, aliases are capped, and a key like `__proto__` is an ordinary key. Errors
 * name the line of the file, so a person importing it can fix it.
 */
export type FrontMatterScalar = string | number | boolean | null;
export type FrontMatterValue = FrontMatterScalar | FrontMatterValue[] | { [key: string]: FrontMatterValue };
export type FrontMatter = { [key: string]: FrontMatterValue };

export class FrontMatterError extends Error {
  override name = 'FrontMatterError';
}

/**
 * Longer front matter is refused before it is parsed. Real notes keep theirs to a few hundred bytes (a long
 * abstract a few kilobytes); the cap bounds the time one file of an import can take.
 */
export const FRONT_MATTER_MAX_BYTES = 16 * 1024;
/** Aliases a document may expand, against "billion laughs" documents that grow exponentially. */
const MAX_ALIASES = 100;
/**
 * Flow lists and maps (`[…]`, `{…}`) nested deeper are refused after a quick scan: the library refuses them
 * too, but only after some 100 ms of parsing at the size cap.
 */
const MAX_FLOW_DEPTH = 64;

const FENCE = /^---[ \t]*$/;

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
  const source = lines.slice(1, end).join('\n');
  if (Buffer.byteLength(source, 'utf8') > FRONT_MATTER_MAX_BYTES) {
    throw new FrontMatterError(
      `Front matter is over ${FRONT_MATTER_MAX_BYTES / 1024} KB: keep it to the note's properties`,
    );
  }
  const body = lines
    .slice(end + 1)
    .join('\n')
    .replace(/^\s*\n/, '')
    .trimEnd();
  // The YAML starts on the file's line 2, after the opening fence.
  return { data: readYaml(source, 1), body };
}

/** The YAML as plain data; `lineOffset` turns the YAML's line numbers into the file's. */
function readYaml(source: string, lineOffset: number): FrontMatter {
  const lineCounter = new LineCounter();
  const lineOf = (offset: number) => lineCounter.linePos(offset).line + lineOffset;
  checkFlowDepth(source, lineOffset);
  const doc = parseDocument(source, {
    version: '1.2',
    schema: 'core',
    // YAML 1.1's extras stay off: `<<` is an ordinary key; `!!binary`, `!!set`, `!!timestamp` build nothing.
    merge: false,
    resolveKnownTags: false,
    stringKeys: true,
    // Checked below in one pass: the library compares each key with every other, which grows as the square.
    uniqueKeys: false,
    prettyErrors: false,
    lineCounter,
    logLevel: 'silent',
  });
  const [error] = doc.errors;
  if (error) throw new FrontMatterError(`Line ${lineOf(error.pos[0])}: ${describe(error)}`);
  if (doc.contents === null) return {};
  if (!isMap(doc.contents)) {
    throw new FrontMatterError(
      `Line ${lineOf(doc.contents.range?.[0] ?? 0)}: front matter must be "key: value" lines`,
    );
  }

  visit(doc, {
    Map(_, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : '';
        if (seen.has(key)) {
          const at = isScalar(pair.key) ? (pair.key.range?.[0] ?? 0) : 0;
          throw new FrontMatterError(`Line ${lineOf(at)}: "${key}" is given twice`);
        }
        seen.add(key);
      }
    },
    Alias(_, alias) {
      if (!alias.resolve(doc))
        throw new FrontMatterError(
          `Line ${lineOf(alias.range?.[0] ?? 0)}: "*${alias.source}" names no "&${alias.source}" before it`,
        );
    },
    Scalar(_, node) {
      // A number that would not read back as written (`007`, `1.10`, `0x1F`, `1e3`, `.inf`) stays the text
      // written: a zip code, a version or a title made of digits is never rewritten.
      if (typeof node.value === 'number' && node.source !== undefined && String(node.value) !== node.source)
        node.value = node.source;
    },
  });

  try {
    // toJS gives `any`; the core schema without tags yields only strings, numbers, booleans, null, arrays and
    // plain objects, which is what FrontMatter describes.
    return doc.toJS({ maxAliasCount: MAX_ALIASES }) as FrontMatter;
  } catch (cause) {
    // Every alias resolves (checked above), so what is left is the library's cap on expanding them.
    throw new FrontMatterError(`Front matter repeats its aliases (*name) more than ${MAX_ALIASES} times`, {
      cause,
    });
  }
}

/** Refuses flow collections nested past MAX_FLOW_DEPTH, counted on the library's tokens (not in quotes). */
function checkFlowDepth(source: string, lineOffset: number): void {
  let depth = 0;
  let line = 1 + lineOffset;
  for (const token of new Lexer().lex(source)) {
    if (token === '[' || token === '{') depth++;
    else if (token === ']' || token === '}') depth--;
    if (depth > MAX_FLOW_DEPTH)
      throw new FrontMatterError(`Line ${line}: lists or maps are nested too deeply`);
    // The lexer's own markers are single control characters, never line ends, so counting works on any token.
    for (const char of token) if (char === '\n') line++;
  }
}

/** The library's error in words a person fixing the file understands. */
function describe(error: YAMLError): string {
  if (error.code === 'BLOCK_AS_IMPLICIT_KEY' && error.message.startsWith('Nested mappings'))
    return 'quote a value that contains ": " (a colon and a space)';
  if (error.code === 'TAB_AS_INDENT') return 'indent with spaces, not tabs';
  if (error.code === 'RESOURCE_EXHAUSTION') return 'lists or maps are nested too deeply';
  return error.message.replace(/\.$/, '');
}
