/**
 * The little XML the feeds and the sitemap need, written by hand: every text and attribute value goes through
 * `escapeXml`, which also drops the characters XML 1.0 cannot carry at all (a stray control character in a
 * post would otherwise make the whole feed unreadable).
 */

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

// Outside XML 1.0's Char production: C0 controls but tab, line feed and carriage return; lone surrogates; FFFE/FFFF.
const notXmlChar =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text made safe for XML element content and quoted attributes alike. */
export function escapeXml(text: string): string {
  return text.replace(notXmlChar, '').replace(/[&<>"']/g, (char) => entities[char] ?? char);
}

/** An element with escaped text content, attributes escaped too. */
export function element(name: string, text: string, attributes: Record<string, string> = {}): string {
  return `<${name}${attributesOf(attributes)}>${escapeXml(text)}</${name}>`;
}

/** An empty element (`<link href="…"/>`). */
export function emptyElement(name: string, attributes: Record<string, string>): string {
  return `<${name}${attributesOf(attributes)}/>`;
}

function attributesOf(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
}
