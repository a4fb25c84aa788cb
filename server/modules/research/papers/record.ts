import { normalizeTag } from '../../../../contracts/card-text.ts';
import type { CardFields } from '../../../../contracts/cards.ts';
import type { PaperMetadata, PaperReference } from '../../../../contracts/research.ts';
import { normalizeArxivId, normalizeDoi as bareDoi } from '../lookup/identifiers.ts';

/** A DOI as it is kept and compared: bare, lower-case (DOIs are case-insensitive; Crossref prints them so). */
export function normalizeDoi(input: string): string | undefined {
  return bareDoi(input)?.toLowerCase();
}

// A paper's record as CARD WEB keeps it: identifiers in one spelling, and the card a record becomes.

/** What a lookup box was given: a DOI, an arXiv id, or neither. */
export function parseIdentifier(
  input: string,
): { kind: 'doi'; doi: string } | { kind: 'arxiv'; arxivId: string } | undefined {
  const arxivDoi = /^(?:https?:\/\/(?:dx\.)?doi\.org\/)?10\.48550\/arxiv\.(.+)$/i.exec(input.trim());
  if (arxivDoi) {
    const arxivId = normalizeArxivId(arxivDoi[1]!);
    if (arxivId) return { kind: 'arxiv', arxivId };
  }
  const doi = normalizeDoi(input);
  if (doi) return { kind: 'doi', doi };
  const arxivId = normalizeArxivId(input);
  return arxivId ? { kind: 'arxiv', arxivId } : undefined;
}

/** Lower-case ASCII letters and digits of a word: "Gödel" → "godel". */
function keyPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

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

/** The family name of "Yehuda Koren" or "Koren, Yehuda". */
export function familyName(name: string): string {
  const comma = name.indexOf(',');
  if (comma > 0) return name.slice(0, comma).trim();
  return name.trim().split(/\s+/).at(-1) ?? '';
}

/** A citation key as reference managers make them: family name, year, first word that says something. */
export function makeCitationKey(paper: Pick<PaperMetadata, 'title' | 'authors' | 'year'>): string {
  const family = keyPart(familyName(paper.authors[0]?.name ?? ''));
  const word =
    paper.title
      .normalize('NFKD')
      .split(/[^\p{L}\p{N}\p{M}]+/u)
      .map(keyPart)
      .find((part) => part && !STOP_WORDS.has(part)) ?? '';
  return `${family}${paper.year ?? ''}${word}` || 'paper';
}

/** One spelling of every identifier in a record (DOI, arXiv id, in references too), before it is compared or kept. */
export function normalizeRecord(paper: PaperMetadata): PaperMetadata {
  const reference = (ref: PaperReference): PaperReference => {
    const doi = ref.doi ? normalizeDoi(ref.doi) : undefined;
    const arxivId = ref.arxivId ? normalizeArxivId(ref.arxivId) : undefined;
    return {
      ...(doi ? { doi } : {}),
      ...(arxivId ? { arxivId } : {}),
      ...(ref.title ? { title: ref.title } : {}),
      ...(ref.text ? { text: ref.text } : {}),
    };
  };
  const doi = paper.doi ? normalizeDoi(paper.doi) : undefined;
  const arxivId = paper.arxivId ? normalizeArxivId(paper.arxivId) : undefined;
  const { doi: _doi, arxivId: _arxivId, ...rest } = paper;
  return {
    ...rest,
    ...(doi ? { doi } : {}),
    ...(arxivId ? { arxivId } : {}),
    ...(paper.references ? { references: paper.references.map(reference) } : {}),
  };
}

/** The card a paper record becomes: title, the abstract as body, the record in the paper fields. */
export function paperCard(paper: PaperMetadata, citationKey: string) {
  const fields: CardFields = {
    authors: paper.authors.map((author) => author.name),
    ...(paper.authors.some((author) => author.orcid)
      ? { authorOrcids: paper.authors.map((author) => author.orcid ?? '') }
      : {}),
    ...(paper.year !== undefined ? { year: paper.year } : {}),
    ...(paper.doi ? { doi: paper.doi } : {}),
    ...(paper.url ? { url: paper.url } : {}),
    ...(paper.venue ? { venue: paper.venue } : {}),
    ...(paper.volume ? { volume: paper.volume } : {}),
    ...(paper.issue ? { issue: paper.issue } : {}),
    ...(paper.pages ? { pages: paper.pages } : {}),
    ...(paper.arxivId ? { arxivId: paper.arxivId } : {}),
    ...(paper.codeUrl ? { codeUrl: paper.codeUrl } : {}),
    ...(paper.tldr ? { tldr: paper.tldr } : {}),
    citationKey,
    ...(paper.references?.length ? { references: paper.references } : {}),
  };
  // A keyword no tag can hold ("???", or longer than a tag) is left out: refusing it would refuse the whole
  // import it came in, after its preview said the paper was fine.
  const tags = [...new Set(paper.tags.flatMap((tag) => normalizeTag(tag) ?? []))];
  return { title: paper.title, body: paper.abstract ?? '', type: 'paper' as const, fields, tags };
}
