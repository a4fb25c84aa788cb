import type { PaperMetadata } from '../../../contracts/research.ts';

/** A paper as the bibliography exports and formats it: its record and its id (which keys fall back on). */
export type BibliographyEntry = PaperMetadata & { id: string };

/** What a generated citation key is made of: names as printed, the year, the title, and the id to fall back on. */
export type KeySource = {
  id: string;
  title: string;
  authors: readonly string[];
  year?: number | null | undefined;
  /** A key the paper already has ("koren2009matrix"): kept as it is when no earlier paper took it. */
  citationKey?: string | undefined;
};

/** A person's name in CSL-JSON; `ORCID` as citation-js and Crossref write it, a full https://orcid.org/ address. */
export type CslName = { given?: string; family?: string; literal?: string; suffix?: string; ORCID?: string };

/** The CSL types the bibliography writes: a journal article, a conference paper, a preprint, anything else. */
export type CslType = 'article-journal' | 'paper-conference' | 'article' | 'document';

/** One reference in CSL-JSON, with the fields a paper's record has (and, from other sources, volume and pages). */
export type CslItem = {
  id: string;
  'citation-key': string;
  type: CslType;
  title: string;
  author?: CslName[];
  issued?: { 'date-parts': [[number]] };
  'container-title'?: string;
  volume?: string;
  issue?: string;
  page?: string;
  DOI?: string;
  URL?: string;
  publisher?: string;
  number?: string;
  keyword?: string;
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
export function citationKey(entry: KeySource): string {
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
 * Citation keys unique within one export. A key the paper has is kept when it is the first paper with that key
 * (those are settled first, so a generated key never takes one a paper was given); the others are generated
 * (or their own key repeated) and, in the entries' order, the first keeps it and later ones get "a", "b", …
 * after it, as reference managers do.
 */
export function uniqueKeys(entries: readonly KeySource[]): string[] {
  const taken = new Set<string>();
  const keys = entries.map((entry) => {
    if (!entry.citationKey || taken.has(entry.citationKey)) return undefined;
    taken.add(entry.citationKey);
    return entry.citationKey;
  });
  return entries.map((entry, index) => {
    if (keys[index] !== undefined) return keys[index];
    const base = entry.citationKey ?? citationKey(entry);
    let key = base;
    for (let n = 0; taken.has(key); n++) key = base + letters(n);
    taken.add(key);
    return key;
  });
}

/** The parts of a key the paper's record gives: its authors' names as printed. */
export function keySource(entry: BibliographyEntry): KeySource {
  return {
    id: entry.id,
    title: entry.title,
    authors: entry.authors.map((author) => author.name),
    year: entry.year,
    citationKey: entry.citationKey,
  };
}

/** An arXiv id with anything but its own characters taken out, so it is safe in every format. */
export function cleanArxivId(id: string): string {
  return id.replace(/[^A-Za-z0-9./-]/g, '');
}

/** Venues that are a conference's or workshop's proceedings rather than a journal. */
const PROCEEDINGS =
  /\b(proceedings|proc\.|conference|conf\.|workshop|symposium|congress|meeting|NeurIPS|NIPS|ICML|ICLR|CVPR|ICCV|ECCV|ACL|EMNLP|NAACL|KDD|SIGIR|SIGMOD|VLDB|AAAI|IJCAI|CHI|RecSys|WWW)\b/i;

/** Whether a venue is a conference's (BibTeX `@inproceedings` with `booktitle`) rather than a journal's. */
export function isProceedings(venue: string): boolean {
  return PROCEEDINGS.test(venue);
}

/**
 * An entry in CSL-JSON under `key`. A paper with a venue is a conference paper when the venue says so and a
 * journal article otherwise; without one, a paper with a DOI is a journal article (the usual case), one with only
 * an arXiv id a preprint (CSL `article`, published by arXiv), anything else a document. The paper's URL, or its
 * arXiv page, is its URL. ORCID iDs go with the names; tags are keywords; the abstract is not exported.
 */
export function cslItem(entry: BibliographyEntry, key: string): CslItem {
  const arxivId = entry.arxivId ? cleanArxivId(entry.arxivId) : '';
  const doi = entry.doi ? oneLine(entry.doi) : '';
  const venue = entry.venue ? oneLine(entry.venue) : '';
  const type: CslType = venue
    ? isProceedings(venue)
      ? 'paper-conference'
      : 'article-journal'
    : doi
      ? 'article-journal'
      : arxivId
        ? 'article'
        : 'document';
  const item: CslItem = { id: key, 'citation-key': key, type, title: oneLine(entry.title) };
  const authors = entry.authors.filter((author) => oneLine(author.name));
  if (authors.length) {
    item.author = authors.map((author) => ({
      ...cslName(author.name),
      ...(author.orcid ? { ORCID: `https://orcid.org/${author.orcid}` } : {}),
    }));
  }
  if (entry.year) item.issued = { 'date-parts': [[entry.year]] };
  if (venue) item['container-title'] = venue;
  if (entry.volume) item.volume = oneLine(entry.volume);
  if (entry.issue) item.issue = oneLine(entry.issue);
  if (entry.pages) item.page = oneLine(entry.pages);
  if (doi) item.DOI = doi;
  const url = entry.url ? oneLine(entry.url) : arxivId ? `https://arxiv.org/abs/${arxivId}` : '';
  if (url) item.URL = url;
  if (arxivId && type === 'article') {
    item.publisher = 'arXiv';
    item.number = `arXiv:${arxivId}`;
  }
  const tags = entry.tags.map(oneLine).filter(Boolean);
  if (tags.length) item.keyword = tags.join(', ');
  return item;
}
