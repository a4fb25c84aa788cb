/*
 * A small XML reader for the few well-formed feeds a lookup reads (arXiv's Atom). It builds a plain tree in
 * one pass over the text, never expands anything but the five predefined entities and character references,
 * and refuses documents with a DOCTYPE, so no entity of the document's own can grow or reach out.
 */

/** An element: its name as written ("arxiv:doi"), its attributes and its children in order. */
export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlNode[] };
export type XmlNode = XmlElement | string;

/** Thrown when the text is not XML this reader accepts. */
export class XmlError extends Error {
  override name = 'XmlError';
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function fromCodePoint(code: number): string {
  const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
  return valid ? String.fromCodePoint(code) : '\uFFFD';
}

/** Decodes &amp; &lt; &gt; &quot; &apos; and &#NN; / &#xNN; references; anything else is left as written. */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#[xX]([0-9a-fA-F]{1,8})|#([0-9]{1,10})|(amp|lt|gt|quot|apos));/g,
    (whole, hex, dec, name) => {
      if (hex !== undefined) return fromCodePoint(parseInt(hex as string, 16));
      if (dec !== undefined) return fromCodePoint(parseInt(dec as string, 10));
      return NAMED_ENTITIES[name as string] ?? whole;
    },
  );
}

/** Reads `name="value"` pairs by hand: one pass, no backtracking, whatever a hostile feed puts in a tag. */
function parseAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i] as string)) i += 1;
  };
  for (skipSpace(); i < text.length; skipSpace()) {
    const nameStart = i;
    while (i < text.length && !/[\s=]/.test(text[i] as string)) i += 1;
    const name = text.slice(nameStart, i);
    skipSpace();
    if (text[i] !== '=') throw new XmlError(`The attribute ${name} has no value`);
    i += 1;
    skipSpace();
    const quote = text[i];
    if (quote !== '"' && quote !== "'") throw new XmlError(`The attribute ${name} is not quoted`);
    const end = text.indexOf(quote, i + 1);
    if (end === -1) throw new XmlError(`The attribute ${name} is not closed`);
    attributes[name] = decodeEntities(text.slice(i + 1, end));
    i = end + 1;
  }
  return attributes;
}

/** Where the tag that opens at `start` ends (its '>'), skipping '>' inside quoted attribute values. */
function tagEnd(xml: string, start: number): number {
  let quote = '';
  for (let i = start; i < xml.length; i += 1) {
    const c = xml[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  throw new XmlError('A tag is not closed');
}

function closingIndex(xml: string, marker: string, from: number, what: string): number {
  const at = xml.indexOf(marker, from);
  if (at === -1) throw new XmlError(`${what} is not closed`);
  return at;
}

/** Reads a document into its root element. */
export function parseXml(xml: string): XmlElement {
  const document: XmlElement = { name: '', attributes: {}, children: [] };
  const open: XmlElement[] = [document];
  const current = () => open[open.length - 1] as XmlElement;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    if (text) current().children.push(decodeEntities(text));
    if (lt === -1) break;
    if (xml.startsWith('<!--', lt)) {
      i = closingIndex(xml, '-->', lt + 4, 'A comment') + 3;
    } else if (xml.startsWith('<![CDATA[', lt)) {
      const end = closingIndex(xml, ']]>', lt + 9, 'A CDATA section');
      current().children.push(xml.slice(lt + 9, end));
      i = end + 3;
    } else if (xml.startsWith('<?', lt)) {
      i = closingIndex(xml, '?>', lt + 2, 'A processing instruction') + 2;
    } else if (xml.startsWith('<!', lt)) {
      throw new XmlError('Documents with a DOCTYPE are not read');
    } else if (xml.startsWith('</', lt)) {
      const end = closingIndex(xml, '>', lt + 2, 'A closing tag');
      const name = xml.slice(lt + 2, end).trim();
      const element = open.pop();
      if (!element || open.length === 0 || element.name !== name) {
        throw new XmlError(`</${name}> does not close the open element`);
      }
      i = end + 1;
    } else {
      const end = tagEnd(xml, lt + 1);
      const selfClosing = xml[end - 1] === '/';
      const inner = xml.slice(lt + 1, selfClosing ? end - 1 : end);
      const name = /^[^\s/>]+/.exec(inner)?.[0];
      if (!name) throw new XmlError('A tag has no name');
      const element: XmlElement = {
        name,
        attributes: parseAttributes(inner.slice(name.length)),
        children: [],
      };
      current().children.push(element);
      if (!selfClosing) open.push(element);
      i = end + 1;
    }
  }
  if (open.length !== 1) throw new XmlError(`<${current().name}> is not closed`);
  const root = document.children.find((child): child is XmlElement => typeof child !== 'string');
  if (!root) throw new XmlError('The document has no element');
  return root;
}

/** The name without its namespace prefix: "arxiv:doi" → "doi". */
function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/** The child elements with this local name (namespace prefixes are ignored). */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter(
    (child): child is XmlElement => typeof child !== 'string' && localName(child.name) === name,
  );
}

/** The first child element with this local name. */
export function childNamed(element: XmlElement, name: string): XmlElement | undefined {
  return childrenNamed(element, name)[0];
}

/** All the text inside an element, its descendants' included, entities decoded. */
export function textContent(element: XmlElement): string {
  return element.children.map((child) => (typeof child === 'string' ? child : textContent(child))).join('');
}
