/*
 * Crossref's REST API answer for one work (GET /works/{doi}) as a paper's bibliographic record. The record is
 * written by publishers and is untrusted: every string becomes plain text within the contract's limits, and
 * anything that does not fit the contract (a malformed DOI, an ORCID iD in another shape) is left out.
 */
import {
  doiSchema,
  orcidSchema,
  PAPER_TITLE_MAX,
  type PaperAuthor,
  type PaperMetadata,
  type PaperReference,
} from '../../../../contracts/research.ts';
import { LookupFormatError } from './errors.ts';
import { normalizeArxivId } from './identifiers.ts';
import { cut, plainTextFromMarkup } from './text.ts';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function string(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Crossref gives titles and container titles as arrays; the first is the one printed. */
function first(value: unknown): string | undefined {
  return Array.isArray(value) ? string(value[0]) : string(value);
}

/** Plain text, or undefined when nothing is left. */
function text(value: unknown, max: number): string | undefined {
  const raw = string(value);
  const clean = raw === undefined ? '' : plainTextFromMarkup(raw, max);
  return clean || undefined;
}

function orcidOf(value: unknown): string | undefined {
  // Crossref writes the iD as an address: "http://orcid.org/0000-0002-1825-0097".
  const id = /(\d{4}-\d{4}-\d{4}-\d{3}[\dX])\/?$/.exec(string(value) ?? '')?.[1];
  return id !== undefined && orcidSchema.safeParse(id).success ? id : undefined;
}

function authorOf(author: unknown): PaperAuthor | undefined {
  if (!isObject(author)) return undefined;
  const personal = [text(author.given, 200), text(author.family, 200)].filter(Boolean).join(' ');
  // Organisations as authors have only a name.
  const name = cut(personal || (text(author.name, 200) ?? ''), 200);
  if (!name) return undefined;
  const orcid = orcidOf(author.ORCID);
  return orcid ? { name, orcid } : { name };
}

function yearOf(message: Json): number | undefined {
  for (const field of ['published', 'issued', 'published-print', 'published-online']) {
    const date = message[field];
    const parts = isObject(date) ? date['date-parts'] : undefined;
    const year = Array.isArray(parts) && Array.isArray(parts[0]) ? parts[0][0] : undefined;
    if (typeof year === 'number' && Number.isInteger(year) && year >= 1000 && year <= 3000) return year;
  }
  return undefined;
}

function doiOf(value: unknown): string | undefined {
  const parsed = doiSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The abstract as plain paragraphs. Crossref gives it as JATS XML ("<jats:p>…</jats:p>"); a heading that
 * only says "Abstract" is dropped, other section headings stay as their own paragraph.
 */
function abstractOf(value: unknown): string | undefined {
  const raw = string(value);
  if (!raw) return undefined;
  const paragraphs = raw
    .split(/<\/(?:[\w.-]+:)?(?:p|title|sec)\s*>/i)
    .map((paragraph) => plainTextFromMarkup(paragraph, 20_000))
    .filter((paragraph) => paragraph && !/^abstract$/i.test(paragraph));
  return cut(paragraphs.join('\n\n'), 20_000) || undefined;
}

function referenceOf(reference: unknown): PaperReference | undefined {
  if (!isObject(reference)) return undefined;
  const unstructured = text(reference.unstructured, 1000);
  const title = text(reference['article-title'], PAPER_TITLE_MAX);
  const container =
    text(reference['journal-title'], 300) ??
    text(reference['volume-title'], 300) ??
    text(reference['series-title'], 300);
  // Without the reference as printed, what Crossref knows of it reads as one.
  const composed = [text(reference.author, 200), title, container, text(reference.year, 10)]
    .filter(Boolean)
    .join(', ');
  const printed = unstructured ?? (composed || undefined);
  const arxivId = normalizeArxivId(/arXiv:\s*(\S+?)[.,;]?(?:\s|$)/i.exec(unstructured ?? '')?.[1] ?? '');
  const result: PaperReference = {};
  const doi = doiOf(reference.DOI);
  if (doi) result.doi = doi;
  if (arxivId) result.arxivId = arxivId;
  if (title) result.title = title;
  if (printed) result.text = cut(printed, 1000);
  return Object.keys(result).length > 0 ? result : undefined;
}

/** A paper's record from Crossref's answer to GET /works/{doi}; throws `LookupFormatError` when it is not one. */
export function parseCrossrefWork(json: unknown): PaperMetadata {
  if (!isObject(json) || json.status !== 'ok' || !isObject(json.message)) {
    throw new LookupFormatError('The answer is not a Crossref work');
  }
  const message = json.message;
  const title = text(first(message.title), PAPER_TITLE_MAX);
  if (!title) throw new LookupFormatError('The Crossref work has no title');
  const paper: PaperMetadata = {
    title,
    authors: (Array.isArray(message.author) ? message.author : [])
      .map(authorOf)
      .filter((author): author is PaperAuthor => author !== undefined)
      .slice(0, 100),
    tags: [],
  };
  const venue = text(first(message['container-title']), 300);
  if (venue) paper.venue = venue;
  const year = yearOf(message);
  if (year !== undefined) paper.year = year;
  const doi = doiOf(message.DOI);
  if (doi) paper.doi = doi;
  const url = string(message.URL);
  if (url && /^https?:\/\/\S+$/i.test(url) && url.length <= 2000) paper.url = url;
  const abstract = abstractOf(message.abstract);
  if (abstract) paper.abstract = abstract;
  if (Array.isArray(message.reference)) {
    paper.references = message.reference
      .map(referenceOf)
      .filter((reference): reference is PaperReference => reference !== undefined)
      .slice(0, 2000);
  }
  return paper;
}
