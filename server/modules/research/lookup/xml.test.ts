import { describe, expect, it } from 'vitest';
import { childNamed, childrenNamed, decodeEntities, parseXml, textContent, XmlError } from './xml.ts';

describe('decodeEntities', () => {
  it.each([
    ['AT&amp;T', 'AT&T'],
    ['&lt;b&gt; &quot;q&quot; &apos;a&apos;', '<b> "q" \'a\''],
    ['&#233;t&#xE9; &#X1F600;', 'été 😀'],
    ['&amp;lt;', '&lt;'],
    ['&nbsp; &unknown; & alone', '&nbsp; &unknown; & alone'],
    ['&#0; &#xD800; &#x110000;', '\uFFFD \uFFFD \uFFFD'],
  ])('%s → %s', (input, output) => {
    expect(decodeEntities(input)).toBe(output);
  });
});

describe('parseXml', () => {
  it('reads elements, attributes in either quotes, text, CDATA and self-closing tags', () => {
    const root = parseXml(
      `<?xml version="1.0"?>\n<!-- a comment -->\n<feed xmlns="http://www.w3.org/2005/Atom"><entry>` +
        `<title>A &amp; B</title><link href='http://x.example/?a=1&amp;b=2' rel="alternate" title="a > b"/>` +
        `<arxiv:doi xmlns:arxiv="http://arxiv.org/schemas/atom">10.1/x</arxiv:doi>` +
        `<summary>one <![CDATA[<two> & three]]></summary></entry></feed>`,
    );
    expect(root.name).toBe('feed');
    const entry = childNamed(root, 'entry');
    expect(entry && textContent(childNamed(entry, 'title')!)).toBe('A & B');
    expect(entry && childrenNamed(entry, 'link')[0]?.attributes).toEqual({
      href: 'http://x.example/?a=1&b=2',
      rel: 'alternate',
      title: 'a > b',
    });
    expect(entry && textContent(childNamed(entry, 'doi')!)).toBe('10.1/x');
    expect(entry && textContent(childNamed(entry, 'summary')!)).toBe('one <two> & three');
  });

  it.each([
    ['<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>', 'Documents with a DOCTYPE are not read'],
    ['<feed><entry></feed>', '</feed> does not close the open element'],
    ['<feed><entry>', '<entry> is not closed'],
    ['<feed', 'A tag is not closed'],
    ['<feed><!-- never closed', 'A comment is not closed'],
    ['<feed a=1></feed>', 'The attribute a is not quoted'],
    ['<feed checked></feed>', 'The attribute checked has no value'],
    ['just text', 'The document has no element'],
    ['</feed>', '</feed> does not close the open element'],
  ])('refuses %s', (xml, message) => {
    expect(() => parseXml(xml)).toThrow(new XmlError(message));
  });

  it('reads a hostile tag in linear time', () => {
    const long = `<feed ${'a'.repeat(500_000)}`;
    const started = Date.now();
    expect(() => parseXml(long)).toThrow(XmlError);
    expect(() => parseXml(`<feed ${'b'.repeat(500_000)}></feed>`)).toThrow(XmlError);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
