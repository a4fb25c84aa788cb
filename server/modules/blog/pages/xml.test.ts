import { describe, expect, it } from 'vitest';
import { firstPageHtml } from '../../../plugins/web-app.ts';
import { scriptJson } from './head.ts';
import { element, emptyElement, escapeXml } from './xml.ts';

describe('writing XML by hand', () => {
  it('escapes the five special characters and drops what XML 1.0 cannot carry', () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f');
    expect(escapeXml('tab\there\nline\rreturn')).toBe('tab\there\nline\rreturn');
    expect(escapeXml('bell\u0007 nul\u0000 esc\u001b ffff\uffff')).toBe('bell nul esc ffff');
    // A lone surrogate goes; a pair (an emoji) stays.
    expect(escapeXml('half \ud83d and whole \ud83d\ude00')).toBe('half  and whole \ud83d\ude00');
  });

  it('writes elements with escaped text and attributes', () => {
    expect(element('title', 'Fish & <chips>', { lang: 'en"x' })).toBe(
      '<title lang="en&quot;x">Fish &amp; &lt;chips&gt;</title>',
    );
    expect(emptyElement('link', { href: '/a?b=1&c=2' })).toBe('<link href="/a?b=1&amp;c=2"/>');
  });
});

describe('JSON inside a script element', () => {
  it('escapes what could end the script or open a comment, and reads back the same', () => {
    const value = { headline: '</script><!-- & \u2028' };
    const json = scriptJson(value);
    expect(json).toBe('{"headline":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028"}');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('several page heads', () => {
  it('asks each in turn and answers with the first that has something', async () => {
    const asked: string[] = [];
    const built = { indexHtml: '', modulePreloads: () => [] };
    const page = (name: string, answer: string | { redirect: string } | null) => async () => {
      asked.push(name);
      return answer;
    };
    expect(
      await firstPageHtml(page('cards', null), page('blog', { redirect: '/blog/b' }))('/x', built),
    ).toEqual({
      redirect: '/blog/b',
    });
    expect(asked).toEqual(['cards', 'blog']);
    asked.length = 0;
    expect(await firstPageHtml(page('cards', '<html>'), page('blog', null))('/x', built)).toBe('<html>');
    expect(asked).toEqual(['cards']);
    expect(await firstPageHtml(page('cards', null))('/x', built)).toBeNull();
  });
});
