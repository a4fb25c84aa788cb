import { arxivIdSchema, doiSchema, type PaperAuthor } from '../../../contracts/research.ts';
import { oneLine } from './csl.ts';

/** A CSL-JSON item as a parser gives it: any fields, none of them trusted. */
export type CslRecord = Record<string, unknown>;

/** What the source format says beyond CSL-JSON: BibTeX's eprint fields, RIS's keywords, the entry's own key. */
export type SourceExtras = {
  eprint?: string;
  archivePrefix?: string;
  keywords?: string[];
  key?: string;
};

/** The most tags a paper keeps (the contract's cap): an import keeps the first ones rather than fail. */
const MAX_TAGS = 10;
const KEY = /^[A-Za-z0-9_:.-]{1,100}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORCID = /\d{4}-\d{4}-\d{4}-\d{3}[\dX]/i;
const ARXIV_IN_TEXT = /arXiv:\s*([a-z-]+(?:\.[A-Z]{2})?\/\d{7}|\d{4}\.\d{4,5})(v\d+)?/i;
const ARXIV_URL = /arxiv\.org\/(?:abs|pdf)\/([a-z-]+(?:\.[A-Z]{2})?\/\d{7}|\d{4}\.\d{4,5})(v\d+)?/i;
const ARXIV_DOI = /^10\.48550\/arxiv\.(.+)$/i;
const DOI_PREFIX = /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i;

/** A field's text: strings and numbers, trimmed to one line; nothing for anything else or empty text. */
function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value !== 'string') return undefined;
  return oneLine(value) || undefined;
}

/** A CSL name as printed: "Given [particles] Family [suffix]", a literal name as it is. */
function author(name: unknown): PaperAuthor | undefined {
  if (typeof name !== 'object' || name === null) return undefined;
  const parts = name as Record<string, unknown>;
  const printed =
    text(parts.literal) ??
    ['given', 'dropping-particle', 'non-dropping-particle', 'family', 'suffix']
      .map((part) => text(parts[part]))
      .filter(Boolean)
      .join(' ');
  if (!printed) return undefined;
  const orcid = text(parts.ORCID)?.match(ORCID)?.[0].toUpperCase();
  return orcid ? { name: printed, orcid } : { name: printed };
}

function year(issued: unknown): number | undefined {
  if (typeof issued !== 'object' || issued === null) return undefined;
  const date = issued as { 'date-parts'?: unknown; raw?: unknown; literal?: unknown };
  const parts = Array.isArray(date['date-parts']) ? (date['date-parts'][0] as unknown) : undefined;
  const first = Array.isArray(parts)
    ? Number(parts[0])
    : Number(text(date.raw ?? date.literal)?.match(/\d{4}/)?.[0]);
  return Number.isInteger(first) && first >= 1000 && first <= 3000 ? first : undefined;
}

/** A DOI without its resolver or "doi:" in front; nothing when what is left is not a DOI. */
export function normaliseDoi(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const doi = value.replace(DOI_PREFIX, '').trim();
  return doiSchema.safeParse(doi).success ? doi : undefined;
}

function arxivId(item: CslRecord, extras: SourceExtras, doi: string | undefined): string | undefined {
  const candidates: (string | undefined)[] = [];
  if (extras.eprint && /arxiv/i.test(extras.archivePrefix ?? '')) candidates.push(extras.eprint);
  candidates.push(doi?.match(ARXIV_DOI)?.[1]);
  const url = text(item.URL)?.match(ARXIV_URL);
  if (url) candidates.push(url[1]! + (url[2] ?? ''));
  for (const field of ['note', 'number', 'container-title', 'publisher', 'archive_location']) {
    const match = text(item[field])?.match(ARXIV_IN_TEXT);
    if (match) candidates.push(match[1]! + (match[2] ?? ''));
  }
  return candidates.find((id) => id !== undefined && arxivIdSchema.safeParse(id).success);
}

/** Keywords as tags: each once (whatever its case), at most the contract's number, none too long. */
function tags(item: CslRecord, extras: SourceExtras): string[] {
  const words = extras.keywords ?? (text(item.keyword) ?? '').split(/[,;]/);
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const word of words.map(oneLine)) {
    if (!word || word.length > 100 || seen.has(word.toLowerCase())) continue;
    seen.add(word.toLowerCase());
    kept.push(word);
  }
  return kept.slice(0, MAX_TAGS);
}

/** A CSL-JSON `id` that a person chose as a key ("koren2009matrix"), not a number or a database's UUID. */
export function looksLikeKey(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z]/.test(value) && KEY.test(value) && !UUID.test(value);
}

/**
 * A paper's record from a parsed CSL-JSON item, not yet validated: names as printed, the venue, the year, a
 * DOI without its resolver, the arXiv id wherever the source gives it, the URL, the abstract, keywords as tags
 * and the entry's key. Identifiers that are not what they claim (a DOI that is no DOI, a URL that is no web
 * address, a key with spaces) are left out rather than failing the entry; the title, names and venue are
 * kept as given, so the contract says what is wrong with them.
 */
export function paperFromCsl(item: CslRecord, extras: SourceExtras = {}): Record<string, unknown> {
  const url = text(item.URL);
  const doi =
    normaliseDoi(text(item.DOI)) ?? (url && /doi\.org\//i.test(url) ? normaliseDoi(url) : undefined);
  const paper: Record<string, unknown> = {
    title: text(item.title) ?? '',
    authors: (Array.isArray(item.author) ? item.author : []).map(author).filter(Boolean),
    tags: tags(item, extras),
  };
  // citation-js reads a RIS conference paper's T2 as the event's title.
  const venue = text(item['container-title']) ?? text(item['event-title']);
  if (venue) paper.venue = venue;
  for (const [from, to] of [
    ['volume', 'volume'],
    ['issue', 'issue'],
    ['page', 'pages'],
  ] as const) {
    const value = text(item[from]);
    if (value && value.length <= 50) paper[to] = value;
  }
  const issued = year(item.issued);
  if (issued) paper.year = issued;
  if (doi) paper.doi = doi;
  const arxiv = arxivId(item, extras, doi);
  if (arxiv) paper.arxivId = arxiv;
  if (url && /^https?:\/\//i.test(url) && url.length <= 2000) paper.url = url;
  if (typeof item.abstract === 'string' && item.abstract.trim()) paper.abstract = item.abstract.trim();
  if (extras.key && KEY.test(extras.key)) paper.citationKey = extras.key;
  return paper;
}
