import { describe, expect, it } from 'vitest';
import {
  cardLimits,
  clozeIndexes,
  isLinkableTitle,
  markdownWords,
  normalizeTag,
  normalizeTags,
  normalizeTitle,
  parseCloze,
  parseWikiLinks,
  renameWikiLinks,
  renderClozeText,
} from './card-text.ts';

const titles = (markdown: string) => parseWikiLinks(markdown).map((link) => link.title);

describe('wiki links', () => {
  it('finds plain and labelled links with their offsets, titles and labels trimmed', () => {
    const text = 'See [[Matrix factorisation]] and [[ Two-tower model | the two towers ]].';
    const links = parseWikiLinks(text);
    expect(links).toEqual([
      { title: 'Matrix factorisation', label: null, start: 4, end: 28 },
      { title: 'Two-tower model', label: 'the two towers', start: 33, end: 71 },
    ]);
    for (const link of links) expect(text.slice(link.start, link.end)).toMatch(/^\[\[.*\]\]$/);
  });

  it('treats an empty label as none and refuses empty or over-long titles', () => {
    expect(parseWikiLinks('[[A|]] [[B|  ]]').map((link) => link.label)).toEqual([null, null]);
    expect(titles('[[]] [[   ]] [[|label]]')).toEqual([]);
    expect(titles(`[[${'x'.repeat(cardLimits.title.max)}]]`)).toHaveLength(1);
    expect(titles(`[[${'x'.repeat(cardLimits.title.max + 1)}]]`)).toEqual([]);
  });

  it('does not cross lines or brackets; a label may hold a pipe', () => {
    expect(titles('[[Half\nway]]')).toEqual([]);
    expect(titles('[[[Inner]]]')).toEqual(['Inner']);
    expect(titles('[[a [[b]]')).toEqual(['b']);
    expect(parseWikiLinks('[[a|b|c]]')).toMatchObject([{ title: 'a', label: 'b|c' }]);
    expect(titles('[[One]][[Two]]')).toEqual(['One', 'Two']);
  });

  it('ignores escaped links but not a link after an escaped backslash', () => {
    expect(titles('\\[[Not a link]]')).toEqual([]);
    expect(titles('\\\\[[A link]]')).toEqual(['A link']);
  });

  it('ignores links in fenced code, in quotes and lists too', () => {
    const text = [
      '[[Before]]',
      '```ts',
      'const x = "[[In fence]]";',
      '```',
      '~~~',
      '[[In tilde fence]]',
      '~~~',
      '> ```',
      '> [[In quoted fence]]',
      '> ```',
      '- ```',
      '  [[In listed fence]]',
      '  ```',
      '[[After]]',
    ].join('\n');
    expect(titles(text)).toEqual(['Before', 'After']);
  });

  it('needs a closing fence at least as long as the opening one, and runs an unclosed fence to the end', () => {
    expect(titles('````\n```\n[[Still code]]\n````\n[[Out]]')).toEqual(['Out']);
    expect(titles('[[Out]]\n```\n[[Never closed]]')).toEqual(['Out']);
    // Backticks in the info string mean it is not a fence: this is an inline code span.
    expect(titles('``` a ` b\n[[Link]]')).toEqual(['Link']);
  });

  it('ignores links in inline code of any length, also across lines of one paragraph', () => {
    expect(titles('Use `[[Title]]` to link, or ``[[Two]] ` ticks`` and [[Real]].')).toEqual(['Real']);
    expect(titles('A `span\n[[over lines]]` ends')).toEqual([]);
    expect(titles('A `tick\n\n[[next paragraph]]` ends')).toEqual(['next paragraph']);
    expect(titles('An unmatched ` tick and [[Link]]')).toEqual(['Link']);
    expect(titles('\\`[[not code]]`')).toEqual(['not code']);
  });

  it('ignores links in math, inline and display', () => {
    expect(titles('Iverson $[[x > 0]]$ and $$[[a]]$$ but [[Link]]')).toEqual(['Link']);
    expect(titles('$$\n[[a, b]]\n$$\n[[Link]]')).toEqual(['Link']);
    expect(titles('Costs \\$5 [[Budget]] and \\$10')).toEqual(['Budget']);
  });

  it('ignores links in indented code blocks, but not in indented list paragraphs', () => {
    expect(titles('Intro\n\n    [[In code]]\n    more\n\n[[After]]')).toEqual(['After']);
    expect(titles('- item\n\n    [[In the item]]')).toEqual(['In the item']);
    // An indented line cannot interrupt a paragraph.
    expect(titles('Paragraph\n    [[Continued]]')).toEqual(['Continued']);
  });

  it('stays fast on hostile input', () => {
    const hostile = '`'.repeat(1) + ' a'.repeat(10_000) + '[['.repeat(10_000) + '$ '.repeat(5_000);
    const started = performance.now();
    parseWikiLinks(hostile);
    parseCloze('{{c1::{ }}'.repeat(5_000));
    renderClozeText('{{c1::'.repeat(8_000) + '}}', { hide: 1 });
    // Generous: the point is linear, not quadratic, time (quadratic takes tens of seconds here).
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('normalises titles for matching', () => {
    expect(normalizeTitle('  Matrix   Factorisation\t')).toBe('matrix factorisation');
    expect(normalizeTitle('Cafe\u0301')).toBe(normalizeTitle('Café'));
    expect(normalizeTitle('ÉCOLE')).toBe('école');
  });

  it('knows which titles can be linked', () => {
    expect(isLinkableTitle('Attention is all you need')).toBe(true);
    expect(isLinkableTitle('a|b')).toBe(false);
    expect(isLinkableTitle('[draft]')).toBe(false);
    expect(isLinkableTitle('  ')).toBe(false);
  });

  it('renames links to a card, keeping labels, other links and code', () => {
    const text = [
      'See [[old name]], [[Old  Name|the label]] and [[Other]].',
      '`[[Old name]]` stays, as does',
      '```',
      '[[Old name]]',
      '```',
    ].join('\n');
    expect(renameWikiLinks(text, 'Old Name', ' New Name ')).toBe(
      [
        'See [[New Name]], [[New Name|the label]] and [[Other]].',
        '`[[Old name]]` stays, as does',
        '```',
        '[[Old name]]',
        '```',
      ].join('\n'),
    );
  });

  it('leaves the text as it is when the new title cannot be a link', () => {
    expect(renameWikiLinks('[[A]]', 'A', 'B|C')).toBe('[[A]]');
    expect(renameWikiLinks('[[A]]', 'Missing', 'B')).toBe('[[A]]');
  });
});

describe('cloze deletions', () => {
  it('parses answers, hints, indexes and offsets', () => {
    const text = 'The {{c1::mitochondria}} is the {{c2::powerhouse::a building}} of the {{c1::cell}}.';
    const deletions = parseCloze(text);
    expect(deletions).toEqual([
      { index: 1, answer: 'mitochondria', start: 4, end: 24 },
      { index: 2, answer: 'powerhouse', hint: 'a building', start: 32, end: 62 },
      { index: 1, answer: 'cell', start: 70, end: 82 },
    ]);
    for (const deletion of deletions)
      expect(text.slice(deletion.start, deletion.end)).toMatch(/^\{\{c\d::.*\}\}$/);
    expect(clozeIndexes(text)).toEqual([1, 2]);
  });

  it('keeps braces that belong to the answer', () => {
    expect(parseCloze('{{c1::$x^{2}$}} and {{c2::\\frac{a}{b}}}').map((d) => d.answer)).toEqual([
      '$x^{2}$',
      '\\frac{a}{b}',
    ]);
    expect(parseCloze('{{c1::{a}}}')[0]?.answer).toBe('{a}');
    expect(parseCloze('{{{c1::x}}}')[0]).toMatchObject({ answer: 'x', start: 1, end: 10 });
    // LaTeX's literal braces do not count.
    expect(parseCloze('{{c1::$\\{x$}}')[0]?.answer).toBe('$\\{x$');
  });

  it('falls back to the first closing braces when the answer is unbalanced', () => {
    expect(parseCloze('{{c1::a { b}} c}}')[0]?.answer).toBe('a { b');
    expect(parseCloze('{{c1::a}b}} rest')[0]?.answer).toBe('a}b');
  });

  it('splits the hint at the last :: outside braces and code', () => {
    expect(parseCloze('{{c1::std::vector}}')[0]).toMatchObject({ answer: 'std', hint: 'vector' });
    expect(parseCloze('{{c1::`std::vector`::a container}}')[0]).toMatchObject({
      answer: '`std::vector`',
      hint: 'a container',
    });
    expect(parseCloze('{{c1::``a::b``}}')[0]).toMatchObject({ answer: '``a::b``' });
    expect(parseCloze('{{c1::answer::}}')[0]).toEqual({ index: 1, answer: 'answer', start: 0, end: 16 });
  });

  it('refuses empty answers, index 0 and unclosed deletions, and accepts C1', () => {
    expect(parseCloze('{{c1::}} {{c1::  }} {{c0::zero}} {{c1::open')).toEqual([]);
    expect(parseCloze('{{C3::upper}}')[0]).toMatchObject({ index: 3, answer: 'upper' });
  });

  it('treats nested deletions as part of the outer answer', () => {
    const text = '{{c1::Paris is in {{c2::France}}}}';
    expect(parseCloze(text)).toEqual([{ index: 1, answer: 'Paris is in {{c2::France}}', start: 0, end: 34 }]);
    expect(clozeIndexes(text)).toEqual([1, 2]);
    expect(renderClozeText(text, { hide: 2 })).toBe('Paris is in \\[…\\]');
    expect(renderClozeText(text, { hide: 1 })).toBe('\\[…\\]');
    expect(renderClozeText(text, { hide: 'none' })).toBe('Paris is in France');
  });

  it('renders hidden deletions as placeholders and the others as answers', () => {
    const text = 'The {{c1::mitochondria}} is the {{c2::powerhouse::a building}} of the {{c1::cell}}.';
    expect(renderClozeText(text, { hide: 1 })).toBe('The \\[…\\] is the powerhouse of the \\[…\\].');
    expect(renderClozeText(text, { hide: 2 })).toBe('The mitochondria is the \\[a building\\] of the cell.');
    expect(renderClozeText(text, { hide: 'all' })).toBe(
      'The \\[…\\] is the \\[a building\\] of the \\[…\\].',
    );
    expect(renderClozeText(text, { hide: 'none' })).toBe('The mitochondria is the powerhouse of the cell.');
    expect(renderClozeText('No deletions', { hide: 'all' })).toBe('No deletions');
  });

  it('writes placeholders that cannot become links, and plain ones inside code', () => {
    expect(renderClozeText('call {{c1::map}}(fn)', { hide: 1 })).toBe('call \\[…\\](fn)');
    expect(renderClozeText('`{{c1::map}}(fn)` and\n```\n{{c1::x}}\n```', { hide: 1 })).toBe(
      '`[…](fn)` and\n```\n[…]\n```',
    );
  });

  it('lets the caller decorate each deletion', () => {
    const decorated = renderClozeText('{{c1::a}} {{c2::b}}', {
      hide: 2,
      decorate: (part) => `<${part.index}${part.hidden ? '?' : ''}:${part.text}>`,
    });
    expect(decorated).toBe('<1:a> <2?:\\[…\\]>');
  });
});

describe('tags', () => {
  it('normalises case, spaces, a leading # and nesting', () => {
    expect(normalizeTag('  Machine Learning ')).toBe('machine-learning');
    expect(normalizeTag('#ML/RecSys')).toBe('ml/recsys');
    expect(normalizeTag('ml / two  towers')).toBe('ml/two-towers');
    expect(normalizeTag('snake_case-and-kebab')).toBe('snake_case-and-kebab');
    expect(normalizeTag('ml//recsys/')).toBe('ml/recsys');
    expect(normalizeTag('node.js')).toBe('node-js');
    expect(normalizeTag('C++')).toBe('c');
  });

  it('keeps letters of other scripts and folds full-width characters', () => {
    expect(normalizeTag('機械学習')).toBe('機械学習');
    expect(normalizeTag('Çeviri')).toBe('çeviri');
    expect(normalizeTag('ＭＬ')).toBe('ml');
    expect(normalizeTag('हिन्दी')).toBe('हिन्दी');
  });

  it('refuses what leaves nothing or is too long', () => {
    expect(normalizeTag('')).toBeNull();
    expect(normalizeTag('  ')).toBeNull();
    expect(normalizeTag('///')).toBeNull();
    expect(normalizeTag('!!!')).toBeNull();
    expect(normalizeTag('a'.repeat(40))).toBe('a'.repeat(40));
    expect(normalizeTag('a'.repeat(41))).toBeNull();
    const long = Array.from({ length: 3 }, () => 'b'.repeat(26)).join('/');
    expect(long).toHaveLength(80);
    expect(normalizeTag(long)).toBe(long);
    expect(normalizeTag(`${long}/c`)).toBeNull();
  });

  it('dedupes after normalising and keeps the first-seen order', () => {
    expect(normalizeTags(['ML', 'Recsys', 'ml', ' #recsys ', 'Graphs'])).toEqual({
      ok: true,
      tags: ['ml', 'recsys', 'graphs'],
    });
    expect(normalizeTags([])).toEqual({ ok: true, tags: [] });
  });

  it('refuses more than ten tags and unusable ones, without throwing', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `tag${i}`);
    expect(normalizeTags(ten)).toEqual({ ok: true, tags: ten });
    expect(normalizeTags([...ten, 'TAG0'])).toEqual({ ok: true, tags: ten });
    expect(normalizeTags([...ten, 'eleven'])).toEqual({ ok: false, error: 'too-many-tags', max: 10 });
    expect(normalizeTags(['fine', '???'])).toEqual({ ok: false, error: 'invalid-tag', tag: '???' });
  });
});

describe('markdownWords', () => {
  it('keeps the words and inline math of Markdown, without its syntax', () => {
    expect(
      markdownWords(
        '# Title\n\nThe **loss** of $X$ and $1/\\log_2(r+1)$, see [[Ranking|ranks]].\n\n$$\\sum_i x_i$$\n',
      ),
    ).toBe('Title The loss of X and 1/log2(r+1), see ranks.');
  });

  it('leaves out fenced code and keeps a lone dollar sign', () => {
    expect(markdownWords('It costs $5 a month.\n\n```js\nlet x = 1;\n```\n')).toBe('It costs $5 a month.');
  });
});
