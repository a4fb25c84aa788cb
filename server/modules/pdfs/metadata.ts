import type { PdfInspection, TextLine } from './pdf-file.ts';

/** A paper's citation fields as the library first fills them in; the person can edit every one. */
export type GuessedMetadata = {
  title: string;
  authors: string[];
  year: number | null;
  doi: string | null;
  arxivId: string | null;
};

const DOI = /\b(10\.\d{4,9}\/[^\s"<>]+)/i;
const ARXIV_NEW = /\barxiv:\s*(\d{4}\.\d{4,5}(?:v\d+)?)/i;
const ARXIV_OLD = /\barxiv:\s*([a-z-]+(?:\.[A-Z]{2})?\/\d{7}(?:v\d+)?)/i;
const ARXIV_URL = /arxiv\.org\/(?:abs|pdf)\/(\d{4}\.\d{4,5}(?:v\d+)?)/i;

/** Titles that tools write into metadata instead of the paper's: they say nothing about it. */
const MEANINGLESS_TITLE =
  /^(untitled|title|document\d*|microsoft word\b.*|.*\.(docx?|tex|dvi|pdf|ps|indd|rtf))$/i;

/** The first DOI in `text`, without the punctuation that ends a sentence or a bracket around it. */
export function findDoi(text: string): string | null {
  const match = DOI.exec(text);
  if (!match) return null;
  return match[1]!.replace(/[.,;:)\]}>'"]+$/, '');
}

/** The first arXiv identifier in `text` (new style 2101.01234v2 or old style hep-th/9901001). */
export function findArxivId(text: string): string | null {
  const match = ARXIV_NEW.exec(text) ?? ARXIV_URL.exec(text) ?? ARXIV_OLD.exec(text);
  return match ? match[1]! : null;
}

/** The year a new-style arXiv id was submitted in (2101.01234 → 2021). */
function yearOfArxivId(id: string): number | null {
  const match = /^(\d{2})\d{2}\./.exec(id);
  return match ? 2000 + Number(match[1]) : null;
}

function plausibleYear(year: number, now: Date): boolean {
  return year >= 1900 && year <= now.getUTCFullYear() + 1;
}

/** "D:20210601…" (the PDF date format) or an ISO date: its year. */
function yearOfPdfDate(value: string | undefined, now: Date): number | null {
  const match = value ? /^(?:D:)?(\d{4})/.exec(value) : null;
  const year = match ? Number(match[1]) : NaN;
  return plausibleYear(year, now) ? year : null;
}

/** Splits an author field: "A; B", "A, B and C", "A and B". Keeps "Lovelace, Ada" whole when it is one name. */
export function splitAuthors(field: string): string[] {
  const parts = field.includes(';') ? field.split(';') : field.split(/,\s*(?:and\s+)?|\s+and\s+|\s*&\s*/i);
  const names = parts.map((part) => part.replace(/[\d*†‡§¶]+$/u, '').trim()).filter(Boolean);
  if (!field.includes(';') && names.length === 2 && names.every((name) => !name.includes(' '))) {
    return [field.trim()];
  }
  return names.slice(0, 100);
}

/** A line that reads as a list of people's names: capitalised words, no digits beyond footnote marks, short. */
function looksLikeNames(line: string): boolean {
  if (line.length > 300 || /[@:]|https?:|\d{3,}/.test(line)) return false;
  const names = splitAuthors(line);
  return (
    names.length > 0 &&
    names.every((name) => {
      const words = name.split(/\s+/);
      return (
        words.length >= 2 && words.length <= 5 && words.every((word) => /^[\p{Lu}][\p{L}.'’-]*$/u.test(word))
      );
    })
  );
}

/** The title on the first page: the run of lines in its largest type near the top. */
function titleOnPage(lines: TextLine[]): { title: string; endsAt: number } | null {
  const top = lines.slice(0, 15).filter((line) => line.text.length >= 3);
  if (top.length === 0) return null;
  const largest = Math.max(...top.map((line) => line.size));
  const start = lines.findIndex((line) => line.size === largest && line.text.length >= 3);
  let end = start;
  while (end + 1 < lines.length && lines[end + 1]!.size === largest && end - start < 3) end++;
  const title = lines
    .slice(start, end + 1)
    .map((line) => line.text)
    .join(' ')
    .trim();
  return title.length >= 3 && title.length <= 500 ? { title, endsAt: end } : null;
}

function fileTitle(fileName: string): string {
  const base = fileName
    .replace(/\.pdf$/i, '')
    .replace(/[_]+/g, ' ')
    .trim();
  return base || 'Untitled PDF';
}

/**
 * Title, authors, year, DOI and arXiv id of a PDF: from its own metadata where that says something, else from
 * its first page (the largest type is the title, the names under it the authors), else from the file name.
 */
export function guessMetadata(
  inspection: Pick<PdfInspection, 'info' | 'firstPages'>,
  fileName: string,
  now = new Date(),
): GuessedMetadata {
  const { info, firstPages } = inspection;
  const page1 = firstPages[0] ?? [];
  const frontText = firstPages.map((lines) => lines.map((line) => line.text).join('\n')).join('\n');

  const doi = findDoi(frontText) ?? (info.subject ? findDoi(info.subject) : null);
  const arxivId = findArxivId(frontText);

  const onPage = titleOnPage(page1);
  const infoTitle = info.title && !MEANINGLESS_TITLE.test(info.title) ? info.title : undefined;
  const title = (infoTitle ?? onPage?.title ?? fileTitle(fileName)).slice(0, 500);

  let authors = info.author ? splitAuthors(info.author) : [];
  if (authors.length === 0 && onPage) {
    const next = page1.slice(onPage.endsAt + 1, onPage.endsAt + 3).find((line) => looksLikeNames(line.text));
    if (next) authors = splitAuthors(next.text);
  }

  // A year printed in the front matter is the paper's; the file's creation date is only a fallback.
  const printed = page1
    .slice(0, 20)
    .map((line) => /\b(19\d{2}|20\d{2})\b/.exec(line.text))
    .map((match) => (match ? Number(match[1]) : NaN))
    .find((year) => plausibleYear(year, now));
  const year =
    printed ?? (arxivId ? yearOfArxivId(arxivId) : null) ?? yearOfPdfDate(info.creationDate, now) ?? null;

  return { title, authors, year, doi, arxivId };
}
