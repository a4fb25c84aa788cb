import { plugins } from '@citation-js/core';
// Importing a plugin registers its input formats ("@biblatex/text", "@ris/file") with citation-js.
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ENTRIES,
  paperMetadataSchema,
  type BibliographyFormat,
  type ParsedEntry,
} from '../../../contracts/research.ts';
import { looksLikeKey, paperFromCsl, type CslRecord, type SourceExtras } from './paper-from-csl.ts';
import { jsonItemOffsets, lineCounter, risValues, splitBibtex, splitRis, type BibtexPiece } from './split.ts';

/** Why a whole file cannot be imported: too large, of no format the import reads, or CSL-JSON that is not JSON. */
export type BibliographyFileProblem = 'too-large' | 'unknown-format' | 'invalid-json';

/** A file the import refuses as a whole (its entries are never looked at); `problem` says why. */
export class BibliographyFileError extends Error {
  override name = 'BibliographyFileError';
  readonly problem: BibliographyFileProblem;

  constructor(problem: BibliographyFileProblem, message: string) {
    super(message);
    this.problem = problem;
  }
}

/** The reason an entry past the cap is reported with. */
export const OVER_CAP_REASON = `Only the first ${IMPORT_MAX_ENTRIES.toLocaleString('en')} entries of a file are imported`;

/** An entry whose text cannot be read; the message is the reason shown. */
class EntryProblem extends Error {}

/** One entry before it is parsed: where it starts, and how to read it into CSL-JSON and what else it says. */
type Piece = { line: number; problem?: string; read: () => { item: CslRecord; extras: SourceExtras } };

/**
 * The format of an import file: CSL-JSON when it is a JSON array or object, RIS when a line starts with
 * `TY  - `, BibTeX when a line starts with `@type{`; nothing when it is none of them.
 */
export function detectFormat(text: string): BibliographyFormat | undefined {
  if (/^\s*[[{]/.test(text)) return 'csl-json';
  if (/^TY {2}-/m.test(text)) return 'ris';
  if (/^[ \t]*@[ \t]*[A-Za-z]+[ \t]*[{(]/m.test(text)) return 'bibtex';
  return undefined;
}

/** citation-js's grammar error ("… at line 3 col 1 … expected "rbrace", got EOF") in words, at the file's line. */
function syntaxReason(error: unknown, firstLine: number, prefixLines: number): string {
  const message = error instanceof Error ? error.message : String(error);
  const words: Record<string, string> = {
    rbrace: '}',
    lbrace: '{',
    comma: 'a comma',
    equals: '=',
    identifier: 'a field name',
    label: 'a citation key',
    quote: '"',
    EOF: 'the end of the entry',
  };
  const say = (token: string) => words[token.replace(/"/g, '')] ?? token;
  const expected = /expected "(\w+)", got ("?\w+"?)/.exec(message);
  const at = /line (\d+)/.exec(message);
  const where = at ? ` (line ${firstLine + Number(at[1]) - 1 - prefixLines})` : '';
  return expected
    ? `The BibTeX cannot be read: ${say(expected[1]!)} was expected, not ${say(expected[2]!)}${where}`
    : `The BibTeX cannot be read${where}`;
}

/** The `@string` names an entry's text may use (`journal = ieee`, `# ieee`); a few extra are harmless. */
function macroNames(text: string): string[] {
  return [...text.matchAll(/[=#]\s*([A-Za-z_][\w:+-]*)/g)].map((match) => match[1]!.toLowerCase());
}

/** BibTeX entries as citation-js's grammar reads them. */
type BibtexObject = { type: string; label: string; properties: Record<string, unknown> };

/**
 * A BibTeX file's entries. Each is read on its own, with only the `@string` definitions it uses put in front
 * (they are read first; citation-js expands them), so a syntax error stays in its entry. `@comment` and
 * `@preamble` are skipped; a `@string` that cannot be read is reported like an entry.
 */
function bibtexPieces(text: string): Piece[] {
  const all = splitBibtex(text);
  const strings = new Map<string, string>();
  const pieces: Piece[] = [];
  const prefixFor = (piece: BibtexPiece) => {
    const used = new Set<string>();
    const visit = (name: string) => {
      if (used.has(name) || !strings.has(name)) return;
      used.add(name);
      macroNames(strings.get(name)!.replace(/^[^=]*/, '')).forEach(visit);
    };
    macroNames(piece.text).forEach(visit);
    return [...strings].filter(([name]) => used.has(name)).map(([, definition]) => `${definition}\n`);
  };
  const readRaw = (piece: BibtexPiece): BibtexObject[] => {
    if (piece.problem) throw new EntryProblem(`The BibTeX cannot be read: ${piece.problem}`);
    const prefix = prefixFor(piece);
    try {
      return plugins.input.data(prefix.join('') + piece.text, '@biblatex/text') as BibtexObject[];
    } catch (error) {
      throw new EntryProblem(syntaxReason(error, piece.line, prefix.length));
    }
  };
  for (const piece of all) {
    if (piece.type === 'comment' || piece.type === 'preamble') continue;
    if (piece.type === 'string') {
      const name = /^@\s*string\s*[{(]\s*([A-Za-z_][\w:+-]*)/i.exec(piece.text)?.[1]?.toLowerCase();
      try {
        readRaw(piece);
        if (!name) throw new EntryProblem('This @string has no name');
        strings.set(name, piece.text);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        pieces.push({
          line: piece.line,
          read: () => {
            throw new EntryProblem(`${reason.replace('The BibTeX', 'This @string')}`);
          },
        });
      }
      continue;
    }
    pieces.push({
      line: piece.line,
      read: () => {
        const [raw, ...more] = readRaw(piece);
        if (!raw || more.length) throw new EntryProblem('The BibTeX cannot be read as one entry');
        const [item] = plugins.input.chain([raw], {
          forceType: '@biblatex/entries+list',
          generateGraph: false,
        }) as CslRecord[];
        if (!item) throw new EntryProblem('The BibTeX entry has no fields citation-js knows');
        const field = (name: string) => {
          const value = raw.properties[name];
          return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
        };
        return {
          item,
          extras: {
            eprint: field('eprint'),
            archivePrefix: field('archiveprefix') ?? field('eprinttype'),
            key: raw.label,
          },
        };
      },
    });
  }
  return pieces;
}

/** A RIS file's records; each is read by citation-js on its own, keywords and key from its own lines. */
function risPieces(text: string): Piece[] {
  return splitRis(text).map((piece) => ({
    line: piece.line,
    ...(piece.problem ? { problem: piece.problem } : {}),
    read: () => {
      const [item] = plugins.input.chain(`${piece.text}\n`, {
        forceType: '@ris/file',
        generateGraph: false,
      }) as CslRecord[];
      if (!item) throw new EntryProblem('The RIS record cannot be read');
      return { item, extras: { keywords: risValues(piece.text, 'KW'), key: risValues(piece.text, 'ID')[0] } };
    },
  }));
}

/** A CSL-JSON file's items, each at the line of its opening brace; one that is not an object is reported. */
function cslJsonPieces(text: string): Piece[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new BibliographyFileError(
      'invalid-json',
      `The CSL-JSON file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const items: unknown[] = Array.isArray(data) ? data : [data];
  const offsets = jsonItemOffsets(text);
  const lineOf = lineCounter(text);
  return items.map((value, index) => ({
    line: lineOf(offsets[index] ?? 0),
    read: () => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new EntryProblem('This CSL-JSON item is not an object');
      }
      const item = value as CslRecord;
      const key = looksLikeKey(item['citation-key'])
        ? item['citation-key']
        : looksLikeKey(item.id)
          ? item.id
          : undefined;
      return { item, extras: key ? { key } : {} };
    },
  }));
}

/** Field names for a reason whose message does not name its field ("At most 300 characters"). */
const FIELD_NAMES: Record<string, string> = {
  title: 'Title',
  venue: 'Venue',
  authors: 'Authors',
  abstract: 'Abstract',
  tags: 'Keywords',
};

function entry(piece: Piece, number: number): ParsedEntry {
  const invalid = (reason: string): ParsedEntry => ({
    status: 'invalid',
    line: piece.line,
    reason: `Entry ${number} (line ${piece.line}): ${reason}`,
  });
  if (piece.problem) return invalid(piece.problem);
  try {
    const { item, extras } = piece.read();
    const result = paperMetadataSchema.safeParse(paperFromCsl(item, extras));
    if (result.success) return { status: 'ok', line: piece.line, paper: result.data };
    const issue = result.error.issues[0]!;
    const field = FIELD_NAMES[String(issue.path[0])];
    return invalid(field && !issue.message.startsWith('A') ? `${field}: ${issue.message}` : issue.message);
  } catch (error) {
    if (error instanceof EntryProblem) return invalid(error.message);
    return invalid(`The entry cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
}

/**
 * An import file's entries, in order: each a paper's record (validated by the contract) or why it is not one,
 * with the line it starts on. The format is detected when not given. A malformed entry is reported and the
 * others are still read. A file over IMPORT_MAX_BYTES, of no known format, or CSL-JSON that is not JSON throws a
 * BibliographyFileError; entries past IMPORT_MAX_ENTRIES are reported invalid (with their lines) without being
 * read, so the person sees what was left out.
 */
export function parseBibliography(
  text: string,
  format?: BibliographyFormat,
): { format: BibliographyFormat; entries: ParsedEntry[] } {
  if (Buffer.byteLength(text, 'utf8') > IMPORT_MAX_BYTES) {
    throw new BibliographyFileError(
      'too-large',
      `A file of at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB can be imported`,
    );
  }
  const body = text.replace(/^\uFEFF/, '');
  const chosen = format ?? detectFormat(body);
  if (!chosen) {
    throw new BibliographyFileError('unknown-format', 'The file is not BibTeX, RIS or CSL-JSON');
  }
  const pieces =
    chosen === 'bibtex' ? bibtexPieces(body) : chosen === 'ris' ? risPieces(body) : cslJsonPieces(body);
  const entries = pieces.map((piece, index) =>
    index < IMPORT_MAX_ENTRIES
      ? entry(piece, index + 1)
      : ({
          status: 'invalid',
          line: piece.line,
          reason: `Entry ${index + 1} (line ${piece.line}): ${OVER_CAP_REASON}`,
        } as const),
  );
  return { format: chosen, entries };
}
