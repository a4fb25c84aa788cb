import { describe, expect, it } from 'vitest';
import { contextLength, indexText, normalizeSpace, quoteContext } from './text-context.ts';

describe('the quote and its context', () => {
  const page = 'Spaced reviews help.   Massed practice\nfades fast. The end.';

  it('takes the quote with the text before and after it', () => {
    const start = page.indexOf('Massed');
    const end = page.indexOf(' The end');
    expect(quoteContext(page, start, end)).toEqual({
      quote: 'Massed practice fades fast.',
      prefix: 'Spaced reviews help. ',
      suffix: ' The end.',
    });
  });

  it('moves white space at the quote’s edges into the context', () => {
    const start = page.indexOf('help.') + 5;
    const end = page.indexOf('fades');
    const { quote, prefix, suffix } = quoteContext(page, start, end);
    expect(quote).toBe('Massed practice');
    expect(prefix).toBe('Spaced reviews help. ');
    expect(suffix).toBe(' fades fast. The end.');
  });

  it('keeps at most 200 characters of context on each side', () => {
    const before = 'a'.repeat(500);
    const after = 'b'.repeat(500);
    const text = `${before}QUOTE${after}`;
    const { quote, prefix, suffix } = quoteContext(text, 500, 505);
    expect(quote).toBe('QUOTE');
    expect(prefix).toBe('a'.repeat(contextLength));
    expect(suffix).toBe('b'.repeat(contextLength));
  });

  it('never cuts a character outside the basic plane in half', () => {
    const emoji = '😀';
    const before = emoji.repeat(150); // 300 UTF-16 units
    const { prefix } = quoteContext(`${before}x`, before.length, before.length + 1);
    expect(prefix.length).toBeLessThanOrEqual(contextLength);
    expect(prefix).toBe(emoji.repeat(100));
    const { suffix } = quoteContext(`x${before}`, 0, 1, 5);
    expect(suffix).toBe(emoji.repeat(2));
  });

  it('reads a backwards selection the right way round', () => {
    expect(quoteContext('one two three', 7, 3).quote).toBe('two');
  });

  it('collapses runs of white space', () => {
    expect(normalizeSpace('a \n\t b')).toBe('a b');
  });
});

describe('the text of a page’s text layer', () => {
  function layer() {
    const root = document.createElement('div');
    root.innerHTML =
      '<span>Spaced reviews</span><br><span>help <b>memory</b></span><div class="endOfContent"></div>';
    return root;
  }

  it('reads the spans in order, a line break as one character', () => {
    expect(indexText(layer()).text).toBe('Spaced reviews\nhelp memory');
  });

  it('finds where a boundary point falls, inside text or between elements', () => {
    const root = layer();
    const index = indexText(root);
    const secondSpan = root.children[2]!;
    const help = secondSpan.firstChild!;
    expect(index.offsetOf(help, 2)).toBe(17);
    // Before the <b> element: after "help ".
    expect(index.offsetOf(secondSpan, 1)).toBe(20);
    // The end of the layer.
    expect(index.offsetOf(root, root.childNodes.length)).toBe(index.text.length);
    expect(index.offsetOf(document.createTextNode('elsewhere'), 0)).toBeNull();
  });
});
