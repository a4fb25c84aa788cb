import type { CitationSource } from '../../../../contracts/pdfs.ts';

/** A PDF of the library as the export sees it: its citation fields and its id. */
export type CitationEntry = CitationSource & { id: string };

/** A person's name in CSL-JSON. */
export type CslName = { given?: string; family?: string; literal?: string; suffix?: string };

/** One reference in CSL-JSON, with the fields the library knows. */
export type CslItem = {
  id: string;
  'citation-key': string;
  type: 'article-journal' | 'article' | 'document';
  title: string;
  author?: CslName[];
  issued?: { 'date-parts': [[number]] };
  DOI?: string;
  URL?: string;
  publisher?: string;
  number?: string;
};

/** Name endings that are not the family name ("Jr.", "III"). */
const SUFFIX = /^(jr|sr|ii|iii|iv|v)\.?$/i;
/** Title words a citation key skips, as Google Scholar's and Better BibTeX's keys do. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'on',
  'in',
  'for',
  'and',
  'to',
  'with',
  'at',
  'by',
  'from',
]);

/** Runs of white space (line breaks from a PDF's metadata included) as one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A name as the library keeps it ("Ada Lovelace", "Lovelace, Ada", "Ludwig van Beethoven", "Plato") in CSL
 * parts: the family name is the last word (or what comes before a comma) with the lower-case words before it
 * ("van Beethoven": citation-js's RIS drops a separate particle), a single word is kept whole.
 */
export function cslName(name: string): CslName {
  const whole = oneLine(name);
  const comma = whole.indexOf(',');
  if (comma > 0) {
    const family = whole.slice(0, comma).trim();
    const given = whole.slice(comma + 1).trim();
    return given ? { family, given } : { literal: family };
  }
  const words = whole.split(' ');
  const suffix = words.length > 2 && SUFFIX.test(words.at(-1)!) ? words.pop() : undefined;
  if (words.length === 1) return { literal: words[0]! };
  const family = words.pop()!;
  const particles: string[] = [];
  while (words.length > 1 && /^\p{Ll}/u.test(words.at(-1)!)) particles.unshift(words.pop()!);
  return {
    given: words.join(' '),
    family: [...particles, family].join(' '),
    ...(suffix ? { suffix } : {}),
  };
}

/** Lower-case ASCII letters and digits only: "Gödel" → "godel", "O'Brien" → "obrien". */
function keyPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function firstTitleWord(title: string): string {
  for (const word of title.normalize('NFKD').split(/[^\p{L}\p{N}\p{M}]+/u)) {
    const part = keyPart(word);
    if (part && !STOP_WORDS.has(part)) return part;
  }
  return '';
}

/**
 * The citation key of an entry: first author's family name, year and first word of the title that says
 * something ("lovelace2021spacing"), in ASCII; `doc` and the start of the id when none of them gives anything.
 */
export function citationKey(entry: CitationEntry): string {
  const first = entry.authors[0] ? cslName(entry.authors[0]) : undefined;
  // The family name's last word: "van Beethoven" is filed under "beethoven".
  const key =
    keyPart((first?.family ?? first?.literal ?? '').split(' ').at(-1)!) +
    (entry.year ?? '') +
    firstTitleWord(entry.title);
  return key || `doc${keyPart(entry.id).slice(0, 8)}`;
}

/** "a", "b", … "z", "aa", "ab", …: what tells apart papers that would share a key. */
function letters(n: number): string {
  let text = '';
  for (let rest = n; rest >= 0; rest = Math.floor(rest / 26) - 1)
    text = String.fromCharCode(97 + (rest % 26)) + text;
  return text;
}

/**
 * Citation keys unique within one export: in the entries' order, the first paper keeps its key and later ones
 * sharing it get "a", "b", … after it, as reference managers do.
 */
export function uniqueKeys(entries: readonly CitationEntry[]): string[] {
  const taken = new Set<string>();
  return entries.map((entry) => {
    const base = citationKey(entry);
    let key = base;
    for (let n = 0; taken.has(key); n++) key = base + letters(n);
    taken.add(key);
    return key;
  });
}

/** An arXiv id with anything but its own characters taken out, so it is safe in every format. */
export function cleanArxivId(id: string): string {
  return id.replace(/[^A-Za-z0-9./-]/g, '');
}

/**
 * An entry in CSL-JSON under `key`. A paper with a DOI is a journal article (the usual case; the library does
 * not know the venue), one with only an arXiv id a preprint (CSL `article`, published by arXiv), anything else
 * a document. An arXiv id also gives the paper's URL.
 */
export function cslItem(entry: CitationEntry, key: string): CslItem {
  const arxivId = entry.arxivId ? cleanArxivId(entry.arxivId) : '';
  const doi = entry.doi ? oneLine(entry.doi) : '';
  const item: CslItem = {
    id: key,
    'citation-key': key,
    type: doi ? 'article-journal' : arxivId ? 'article' : 'document',
    title: oneLine(entry.title),
  };
  const authors = entry.authors.map(oneLine).filter(Boolean);
  if (authors.length) item.author = authors.map(cslName);
  if (entry.year) item.issued = { 'date-parts': [[entry.year]] };
  if (doi) item.DOI = doi;
  if (arxivId) {
    item.URL = `https://arxiv.org/abs/${arxivId}`;
    if (!doi) {
      item.publisher = 'arXiv';
      item.number = `arXiv:${arxivId}`;
    }
  }
  return item;
}
