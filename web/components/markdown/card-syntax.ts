import type { Element, ElementContent, Properties, Root } from 'hast';
import {
  parseCitations,
  parseWikiLinks,
  renderClozeText,
  type Citation,
  type ClozeHide,
  type WikiLink,
} from '../../../contracts/card-text.ts';
import { citationNodes, type CitationMap } from './citations.ts';

/**
 * Card syntax (`[[wiki links]]`, `{{c1::cloze}}`, `[@citations]`) in two steps around the Markdown parser.
 * Before parsing, `prepareSource` finds them with the shared parsers in contracts/card-text.ts and leaves
 * private-use characters in their place, which Markdown treats as plain text. After sanitising,
 * `rehypeCardSyntax` turns those characters into links, highlights and numbered citations. So the user's text never becomes HTML, our own elements need no
 * exception in the sanitiser's schema, and code and math get the text back exactly as written.
 */

// Private-use characters: nothing meaningful to Markdown, HTML or KaTeX. Stripped from the source first, so
// only prepareSource can write them.
const openAnswer = '\uE000';
const openHidden = '\uE001';
const closeCloze = '\uE002';
const openLink = '\uE003';
const closeLink = '\uE004';
const openCitation = '\uE005';
const closeCitation = '\uE006';
const reserved = /[\uE000-\uE006]/g;
const clozeMarks = /[\uE000-\uE002]/g;
const linkMarker = /\uE003(\d+)\uE004/g;
const citationMarker = /\uE005(\d+)\uE006/g;
const markerSplit = /(\uE003\d+\uE004|\uE005\d+\uE006|[\uE000-\uE002])/;

/** Which deletions are hidden and which are highlighted; `false` leaves `{{c1::…}}` as written. */
export type ClozeView =
  | {
      /** Deletions shown as `[…]` (or their hint). Default: none. */
      hide?: ClozeHide;
      /** Deletions drawn highlighted. Default: all when nothing is hidden, else the hidden ones. */
      highlight?: ClozeHide;
    }
  | false;

/** Where a wiki link goes: the linked card's address and its current title. */
export interface ResolvedLink {
  href: string;
  title: string;
}

/** Finds the card a `[[Title]]` names; null when there is none (the link then offers to create it). */
export type LinkResolver = (title: string) => ResolvedLink | null;

/** Markdown ready for the parser, with the wiki links and citations it stands for. */
export interface PreparedSource {
  markdown: string;
  links: WikiLink[];
  /** Each link as written, for the places where it stays text (code, math, attributes). */
  written: string[];
  citations: Citation[];
  /** Each citation as written, likewise. */
  citationsWritten: string[];
}

/** Applies the cloze view and replaces wiki links by markers (see the module comment). */
export function prepareSource(source: string, cloze: ClozeView = {}): PreparedSource {
  let markdown = source.replace(reserved, '');
  if (cloze !== false) {
    const hide = cloze.hide ?? 'none';
    const highlight = cloze.highlight ?? (hide === 'none' ? 'all' : hide);
    markdown = renderClozeText(markdown, {
      hide,
      decorate: (part) =>
        highlight === 'all' || highlight === part.index
          ? `${part.hidden ? openHidden : openAnswer}${part.text}${closeCloze}`
          : part.text,
    });
  }
  const links = parseWikiLinks(markdown);
  // A bracket inside a wiki link (`[[@a]]`) belongs to the link.
  const citations = parseCitations(markdown).filter(
    (citation) => !links.some((link) => citation.start < link.end && link.start < citation.end),
  );
  const spans = [
    ...links.map((link, index) => ({
      start: link.start,
      end: link.end,
      marker: `${openLink}${index}${closeLink}`,
    })),
    ...citations.map((citation, index) => ({
      start: citation.start,
      end: citation.end,
      marker: `${openCitation}${index}${closeCitation}`,
    })),
  ].sort((a, b) => a.start - b.start);
  let replaced = '';
  let last = 0;
  for (const span of spans) {
    replaced += `${markdown.slice(last, span.start)}${span.marker}`;
    last = span.end;
  }
  replaced += markdown.slice(last);
  return {
    markdown: replaced,
    links,
    written: links.map((link) => markdown.slice(link.start, link.end)),
    citations,
    citationsWritten: citations.map((citation) => markdown.slice(citation.start, citation.end)),
  };
}

type ClozeToken = { marker: 'open'; hidden: boolean } | { marker: 'close' };
type Item = ElementContent | ClozeToken;

interface Context {
  prepared: PreparedSource;
  resolve: (title: string) => ResolvedLink | null;
  /** Resolved citations; undefined leaves them as written (not asked for, or not known yet). */
  citations: CitationMap | undefined;
  /** The prefix of the ids the document generates (see citations.ts). */
  ownPrefix: string;
}

const textTags = new Set(['code', 'pre', 'kbd', 'samp']);

/** Rehype plugin: markers left by `prepareSource` become wiki links and highlighted deletions. */
export function rehypeCardSyntax(options: {
  prepared: PreparedSource;
  links?: LinkResolver | undefined;
  citations?: CitationMap | undefined;
  ownPrefix?: string;
}) {
  const cache = new Map<string, ResolvedLink | null>();
  const context: Context = {
    prepared: options.prepared,
    resolve: (title) => {
      if (!cache.has(title)) cache.set(title, options.links?.(title) ?? null);
      return cache.get(title) ?? null;
    },
    citations: options.citations,
    ownPrefix: options.ownPrefix ?? '',
  };
  return (tree: Root) => {
    transformChildren(tree, context, { inCode: false, inLink: false });
  };
}

function transformChildren(
  parent: Root | Element,
  context: Context,
  where: { inCode: boolean; inLink: boolean },
): void {
  const items: Item[] = [];
  for (const child of parent.children) {
    if (child.type === 'element') {
      cleanProperties(child.properties, context);
      transformChildren(child, context, {
        inCode: where.inCode || textTags.has(child.tagName),
        inLink: where.inLink || child.tagName === 'a',
      });
      items.push(child);
    } else if (child.type === 'text') {
      if (where.inCode) items.push({ type: 'text', value: restoreText(child.value, context) });
      else items.push(...splitText(child.value, context, where.inLink));
    } else if (child.type !== 'doctype') {
      items.push(child);
    }
  }
  const children = wrapCloze(items);
  if (parent.type === 'root') parent.children = children;
  else parent.children = children;
}

/** Text in code and attributes: links as written, cloze marks dropped. */
function restoreText(value: string, context: Context): string {
  return value
    .replace(linkMarker, (_, index: string) => context.prepared.written[Number(index)] ?? '')
    .replace(citationMarker, (_, index: string) => context.prepared.citationsWritten[Number(index)] ?? '')
    .replace(clozeMarks, '');
}

function cleanProperties(properties: Properties, context: Context): void {
  for (const [key, value] of Object.entries(properties)) {
    if (typeof value === 'string') properties[key] = restoreText(value, context);
    else if (Array.isArray(value))
      properties[key] = value.map((item) => (typeof item === 'string' ? restoreText(item, context) : item));
  }
}

function splitText(value: string, context: Context, inLink: boolean): Item[] {
  if (!/[\uE000-\uE006]/.test(value)) return [{ type: 'text', value }];
  const items: Item[] = [];
  for (const part of value.split(markerSplit)) {
    if (part === '') continue;
    if (part === openAnswer || part === openHidden)
      items.push({ marker: 'open', hidden: part === openHidden });
    else if (part === closeCloze) items.push({ marker: 'close' });
    else if (part.startsWith(openLink)) {
      const link = context.prepared.links[Number(part.slice(1, -1))];
      if (link) items.push(wikiLink(link, context, inLink));
    } else if (part.startsWith(openCitation)) {
      const index = Number(part.slice(1, -1));
      const citation = context.prepared.citations[index];
      if (!citation) continue;
      if (!context.citations)
        items.push({ type: 'text', value: context.prepared.citationsWritten[index] ?? '' });
      else items.push(...citationNodes(citation.keys, context.citations, inLink, context.ownPrefix));
    } else items.push({ type: 'text', value: part });
  }
  return items;
}

function wikiLink(link: WikiLink, context: Context, inLink: boolean): ElementContent {
  const target = context.resolve(link.title);
  const text = link.label ?? target?.title ?? link.title;
  // A link cannot hold another link: inside one, a wiki link is just its text.
  if (inLink) return { type: 'text', value: text };
  if (target) {
    return {
      type: 'element',
      tagName: 'a',
      properties: { href: target.href, className: ['wiki-link'] },
      children: [{ type: 'text', value: text }],
    };
  }
  // The name says what following the link does; the visible text stays the author's.
  return {
    type: 'element',
    tagName: 'a',
    properties: {
      href: `/build?title=${encodeURIComponent(link.title)}`,
      className: ['wiki-link', 'wiki-link-missing'],
      ariaLabel: `${text} (create this card)`,
      title: `Create the card “${link.title}”`,
    },
    children: [{ type: 'text', value: text }],
  };
}

/**
 * Wraps what lies between a cloze opening and its closing mark, among the children of one element, in a
 * `<mark>`. A deletion whose ends fall in different elements (it spans paragraphs) loses its highlight but
 * keeps its text.
 */
function wrapCloze(items: Item[]): ElementContent[] {
  const root: ElementContent[] = [];
  const stack: { hidden: boolean; children: ElementContent[] }[] = [];
  const current = () => stack[stack.length - 1]?.children ?? root;
  for (const item of items) {
    if (!('marker' in item)) current().push(item);
    else if (item.marker === 'open') stack.push({ hidden: item.hidden, children: [] });
    else {
      const frame = stack.pop();
      if (!frame) continue;
      current().push({
        type: 'element',
        tagName: 'mark',
        properties: { className: frame.hidden ? ['cloze', 'cloze-hidden'] : ['cloze'] },
        children: frame.children,
      });
    }
  }
  // Unclosed openings: keep their content, drop the highlight.
  while (stack.length > 0) {
    const frame = stack.pop();
    if (frame) current().push(...frame.children);
  }
  return root;
}
