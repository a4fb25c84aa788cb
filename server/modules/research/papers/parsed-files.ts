import { createHash } from 'node:crypto';
import type { BibliographyFormat } from '../../../../contracts/research.ts';
import { parseBibliography } from '../../../lib/bibliography/parse.ts';

type Parsed = ReturnType<typeof parseBibliography>;

/** How many previewed files are kept, and for how long: until the import that follows the preview. */
const KEPT_FILES = 4;
const KEPT_MS = 15 * 60_000;

/**
 * The files people previewed lately, parsed: the import that follows a preview sends the same text, and
 * parsing 5,000 BibTeX entries again cost as much as the preview's dedupe (bench/README.md). Only the parse
 * is kept; duplicates are looked up again at import, since papers may have been added in between. A file is
 * kept under its owner, format and a hash of its text, so one person's file is never another's, and the
 * import takes it out.
 */
export function createParsedFiles(now: () => number = Date.now) {
  const files = new Map<string, { parsed: Parsed; at: number }>();
  const keyOf = (owner: string, text: string, format: BibliographyFormat | undefined) =>
    `${owner}\n${format ?? ''}\n${createHash('sha256').update(text).digest('base64')}`;

  return {
    /** Parses a previewed file and keeps it for the import. */
    preview(owner: string, text: string, format: BibliographyFormat | undefined): Parsed {
      const key = keyOf(owner, text, format);
      const parsed = parseBibliography(text, format);
      files.delete(key);
      files.set(key, { parsed, at: now() });
      // Oldest first in a Map's order: the first key is the one to drop.
      while (files.size > KEPT_FILES) files.delete(files.keys().next().value!);
      return parsed;
    },

    /** The file as its preview parsed it, taken out; parsed now if it was not previewed lately. */
    take(owner: string, text: string, format: BibliographyFormat | undefined): Parsed {
      const key = keyOf(owner, text, format);
      const kept = files.get(key);
      files.delete(key);
      return kept && now() - kept.at < KEPT_MS ? kept.parsed : parseBibliography(text, format);
    },
  };
}
