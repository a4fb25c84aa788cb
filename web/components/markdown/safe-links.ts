import type { Element, ElementContent, Root } from 'hast';

/**
 * The last pass over the tree, after the sanitiser and everything that adds elements (card syntax, KaTeX):
 * every URL is checked again, external links open apart and tell search engines nothing, images come only
 * from the web or our own file store, and in-page anchors point at the ids the sanitiser prefixed.
 */

// Every property that holds a URL in some element (hast names). The sanitiser allows only a few of them;
// checking them all here keeps this pass safe on its own.
const urlProperties = [
  'href',
  'src',
  'cite',
  'action',
  'formAction',
  'xLinkHref',
  'poster',
  'longDesc',
  'background',
  'data',
  'codeBase',
  'classId',
  'archive',
  'ping',
  'manifest',
  'icon',
  'profile',
  'useMap',
];

const allowedSchemes = new Set(['http', 'https', 'mailto']);
const fileStorePath = /^\/api\/files\/[0-9a-f]{64}$/;

/**
 * The URL's scheme as a browser reads it: browsers skip leading spaces and control characters and ignore
 * tabs and line breaks anywhere, so `java\tscript:` is `javascript:`.
 */
function schemeOf(url: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what browsers skip
  const squeezed = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  return /^([a-z][a-z0-9+.-]*):/i.exec(squeezed)?.[1]?.toLowerCase() ?? null;
}

/** Whether a URL may stay in the page: relative, or http(s) or mailto. */
export function isSafeUrl(url: string): boolean {
  const scheme = schemeOf(url);
  return scheme === null || allowedSchemes.has(scheme);
}

/** An absolute web address (also `//host`, which takes the page's scheme). */
function isExternal(url: string): boolean {
  const scheme = schemeOf(url);
  return scheme === 'http' || scheme === 'https' || (scheme === null && /^\s*[/\\]{2}/.test(url));
}

function isAllowedImage(src: string): boolean {
  const scheme = schemeOf(src);
  return scheme === 'http' || scheme === 'https' || fileStorePath.test(src.trim());
}

/** A path on this site (not `//host` or `/\\host`, which browsers read as another site). */
function isSitePath(url: string): boolean {
  return /^\/(?![/\\])/.test(url.trim());
}

/**
 * Rehype plugin: see the module comment. `idPrefix` is the sanitiser's clobber prefix for this document; with
 * `siteOnly`, images and links that leave the site become text showing their address.
 */
export function rehypeSafeLinks(options: { idPrefix: string; ownPrefix?: string; siteOnly?: boolean }) {
  return (tree: Root) => {
    visitChildren(tree.children, options, options.siteOnly ?? false);
  };
}

/** The document's two id prefixes: the sanitiser's (author ids) and the renderer's own (references). */
interface Prefixes {
  idPrefix: string;
  ownPrefix?: string;
}

function visitChildren(
  children: (Root['children'][number] | ElementContent)[],
  idPrefix: Prefixes,
  siteOnly: boolean,
): void {
  for (let index = 0; index < children.length; index++) {
    const node = children[index];
    if (node?.type !== 'element') continue;
    const replacement = (siteOnly ? offSite(node) : undefined) ?? secure(node, idPrefix);
    if (replacement === undefined) {
      visitChildren(node.children, idPrefix, siteOnly);
      continue;
    }
    children.splice(index, 1, ...replacement);
    // What replaced a link (its text) is checked in turn: it may hold an image.
    index--;
  }
}

/** With `siteOnly`: an image or link off the site, as text showing its address; undefined otherwise. */
function offSite(element: Element): ElementContent[] | undefined {
  const url = (value: unknown) => (typeof value === 'string' ? value : '');
  if (element.tagName === 'img') {
    const src = url(element.properties.src);
    if (isSitePath(src)) return undefined;
    const alt = url(element.properties.alt);
    return [{ type: 'text', value: `${alt ? `${alt} ` : ''}(image not shown: ${src})` }];
  }
  if (element.tagName === 'a' && element.properties.href !== undefined) {
    const href = url(element.properties.href);
    if (isSitePath(href) || href.startsWith('#')) return undefined;
    const text = element.children;
    const shown = text.length === 1 && text[0]?.type === 'text' && text[0].value === href;
    return shown ? [...text] : [...text, { type: 'text', value: ` (${href})` }];
  }
  return undefined;
}

/** Makes one element safe in place; returns what replaces it when it has to go. */
function secure(element: Element, prefixes: Prefixes): ElementContent[] | undefined {
  const properties = element.properties;
  for (const key of Object.keys(properties)) {
    // The sanitiser already drops event handlers; an element added after it must not bring one either.
    if (/^on/i.test(key)) delete properties[key];
  }
  for (const key of urlProperties) {
    const value = properties[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || !isSafeUrl(value)) delete properties[key];
  }
  // Candidate lists are not worth parsing: an image has one source.
  delete properties.srcSet;

  if (element.tagName === 'img') {
    const src = typeof properties.src === 'string' ? properties.src : '';
    if (!isAllowedImage(src)) {
      const alt = typeof properties.alt === 'string' ? properties.alt : '';
      return alt ? [{ type: 'text', value: alt }] : [];
    }
    properties.loading = 'lazy';
    properties.decoding = 'async';
    // A reader's visit is not the image host's business.
    properties.referrerPolicy = 'no-referrer';
  }

  if (element.tagName === 'a' && typeof properties.href === 'string') {
    const href = properties.href;
    if (href.startsWith('#')) {
      // The sanitiser prefixed every id (footnotes, user anchors), so fragments must follow; the renderer's
      // own ids (references) carry their own prefix already.
      const fragment = href.slice(1);
      const { idPrefix, ownPrefix } = prefixes;
      const prefixed =
        fragment.startsWith(idPrefix) || (ownPrefix !== undefined && fragment.startsWith(ownPrefix));
      if (fragment && !prefixed) properties.href = `#${idPrefix}${fragment}`;
    } else if (isExternal(href)) {
      properties.rel = ['noopener', 'nofollow', 'ugc'];
      properties.target = '_blank';
    }
  }
  return undefined;
}
