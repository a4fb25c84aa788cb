// A paper's bibliographic record: shared by the cards contract (a paper card's fields) and research's API,
// kept apart so that pages which only show cards do not load research's whole API.

import { z } from 'zod';

/** An ORCID iD, as ORCID writes it: four groups of four digits, the last character may be X. */
export const orcidSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/, 'An ORCID iD looks like 0000-0002-1825-0097');

/** One author of a paper, in order: the name as it is printed ("Yehuda Koren"), and the ORCID iD when known. */
export const paperAuthorSchema = z.object({
  name: z.string().trim().min(1, 'An author needs a name').max(200, 'At most 200 characters'),
  orcid: orcidSchema.optional(),
});
export type PaperAuthor = z.infer<typeof paperAuthorSchema>;

/** A paper's title may be longer than other cards' (a few run past 200 characters). */
export const PAPER_TITLE_MAX = 300;

/** A DOI without its resolver: "10.1109/MC.2009.263". */
export const doiSchema = z
  .string()
  .trim()
  .regex(/^10\.\d{4,9}\/\S+$/, 'A DOI looks like 10.1234/abcd')
  .max(300);

/**
 * A DOI in a record a person gives: a pasted resolver address or "doi:" prefix is taken off before it is
 * checked, so "https://doi.org/10.1109/MC.2009.263" is the same DOI as "10.1109/MC.2009.263".
 */
const givenDoiSchema = z
  .string()
  .trim()
  .overwrite((value) => value.replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\/|^doi:\s*/i, ''))
  .regex(/^10\.\d{4,9}\/\S+$/, 'A DOI looks like 10.1234/abcd')
  .max(300);

/** A new-style ("1706.03762", with an optional version) or old-style ("cs/0112017") arXiv id. */
export const arxivIdSchema = z
  .string()
  .trim()
  .regex(
    /^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})(v\d+)?$/,
    'An arXiv id looks like 1706.03762 or cs/0112017',
  );

const webAddressSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^https?:\/\//i.test(value), 'Use a web address starting with http:// or https://');

/**
 * A reference from a paper's reference list, as an import or a lookup gives it: whatever identifies the cited
 * paper. "Cited by" joins these to the papers in CARD WEB by DOI, then arXiv id, then title.
 */
export const paperReferenceSchema = z.object({
  doi: givenDoiSchema.optional(),
  arxivId: arxivIdSchema.optional(),
  title: z.string().trim().max(PAPER_TITLE_MAX).optional(),
  /** The reference as printed, when nothing else is known ("Koren, Y. (2008). Factorization meets…"). */
  text: z.string().trim().max(1000).optional(),
});
export type PaperReference = z.infer<typeof paperReferenceSchema>;

/**
 * A paper's bibliographic record: what an import entry, a DOI or arXiv lookup, or the add-paper form gives,
 * before it becomes a paper card. Fetched and imported text is untrusted: it is stored and shown as text.
 */
export const paperMetadataSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'A paper needs a title')
    .max(PAPER_TITLE_MAX, `At most ${PAPER_TITLE_MAX} characters`),
  authors: z.array(paperAuthorSchema).max(100, 'At most 100 authors'),
  venue: z.string().trim().max(300, 'At most 300 characters').optional(),
  year: z.number().int().min(1000).max(3000).optional(),
  volume: z.string().trim().min(1).max(50).optional(),
  issue: z.string().trim().min(1).max(50).optional(),
  /** The page range as printed ("30–37"), or an article number. */
  pages: z.string().trim().min(1).max(50).optional(),
  doi: givenDoiSchema.optional(),
  arxivId: arxivIdSchema.optional(),
  url: webAddressSchema.optional(),
  codeUrl: webAddressSchema.optional(),
  /** The abstract or summary, in the words of the person who adds the paper (Markdown). */
  abstract: z.string().max(20_000, 'At most 20,000 characters').optional(),
  tldr: z.string().trim().max(400, 'At most 400 characters').optional(),
  tags: z.array(z.string().trim().min(1).max(100)).max(10, 'At most 10 tags'),
  citationKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_:.-]{1,100}$/, 'Letters, digits and _ : . - only')
    .optional(),
  references: z.array(paperReferenceSchema).max(2000).optional(),
});
export type PaperMetadata = z.infer<typeof paperMetadataSchema>;
