/*
 * arXiv's API answer (an Atom feed from GET /api/query?id_list={id}) as a paper's bibliographic record. Like
 * every fetched text it is untrusted: plain text within the contract's limits, anything malformed left out.
 */
import {
  doiSchema,
  PAPER_TITLE_MAX,
  type PaperAuthor,
  type PaperMetadata,
} from '../../../../contracts/research.ts';
import { LookupFormatError } from './errors.ts';
import { normalizeArxivId, withoutVersion } from './identifiers.ts';
import { cut, plainText } from './text.ts';
import { childNamed, childrenNamed, parseXml, textContent, XmlError, type XmlElement } from './xml.ts';

function textOf(parent: XmlElement, name: string, max: number): string | undefined {
  const element = childNamed(parent, name);
  const clean = element ? plainText(textContent(element), max) : '';
  return clean || undefined;
}

/** The entry's id ("http://arxiv.org/abs/1708.05031v2") as an arXiv id without version, when it is one. */
function entryArxivId(entry: XmlElement): string | undefined {
  const id = textOf(entry, 'id', 2000) ?? '';
  // arXiv answers an id it cannot read with an entry whose id is an error page: that is no paper.
  if (id.includes('/api/errors')) return undefined;
  const found = normalizeArxivId(id.replace(/^https?:\/\/arxiv\.org\/abs\//i, ''));
  return found ? withoutVersion(found) : undefined;
}

/**
 * A paper's record from arXiv's Atom feed for one id; undefined when the feed has no entry for it (an unknown
 * id); throws `LookupFormatError` when the text is not such a feed. `id` is the id asked for, used when the
 * entry does not give its own.
 */
export function parseArxivAtom(xml: string, id: string): PaperMetadata | undefined {
  let feed: XmlElement;
  try {
    feed = parseXml(xml);
  } catch (error) {
    if (error instanceof XmlError) throw new LookupFormatError(`The answer is not XML: ${error.message}`);
    throw error;
  }
  if (feed.name !== 'feed' && !feed.name.endsWith(':feed')) {
    throw new LookupFormatError('The answer is not an Atom feed');
  }
  const entry = childNamed(feed, 'entry');
  if (!entry) return undefined;
  const entryId = childNamed(entry, 'id') ? entryArxivId(entry) : withoutVersion(id);
  const title = textOf(entry, 'title', PAPER_TITLE_MAX);
  if (!entryId || !title) return undefined;

  const paper: PaperMetadata = {
    title,
    authors: childrenNamed(entry, 'author')
      .map((author) => textOf(author, 'name', 200))
      .filter((name): name is string => name !== undefined)
      .slice(0, 100)
      .map((name): PaperAuthor => ({ name })),
    arxivId: entryId,
    tags: [],
  };
  const venue = textOf(entry, 'journal_ref', 300);
  if (venue) paper.venue = venue;
  const year = Number(/^(\d{4})-/.exec(textOf(entry, 'published', 100) ?? '')?.[1]);
  if (Number.isInteger(year) && year >= 1000 && year <= 3000) paper.year = year;
  const doi = doiSchema.safeParse(textOf(entry, 'doi', 300));
  if (doi.success) paper.doi = doi.data;
  const alternate = childrenNamed(entry, 'link').find((link) => link.attributes.rel === 'alternate');
  const href = alternate?.attributes.href?.trim();
  if (href && /^https?:\/\/\S+$/i.test(href) && href.length <= 2000) paper.url = href;
  const summary = childNamed(entry, 'summary');
  const abstract = summary ? cut(plainText(textContent(summary), 20_000), 20_000) : '';
  if (abstract) paper.abstract = abstract;
  return paper;
}
