import { describe, expect, it } from 'vitest';
import { FRONT_MATTER_MAX_BYTES, FrontMatterError, parseFrontMatter } from './front-matter.ts';

const doc = (...lines: string[]) => lines.join('\n');

describe('parseFrontMatter', () => {
  it('reads strings, numbers and flow lists, and returns the body after the fence', () => {
    const { data, body } = parseFrontMatter(
      doc(
        '---',
        'title: Matrix factorisation for collaborative filtering',
        'type: paper',
        'tags: [recsys, recsys/collaborative-filtering, ml/linear-algebra]',
        'year: 2009',
        'doi: 10.1109/MC.2009.263',
        '---',
        '',
        'Body with **Markdown**.',
        '',
        'Second paragraph.',
        '',
      ),
    );
    expect(data).toEqual({
      title: 'Matrix factorisation for collaborative filtering',
      type: 'paper',
      tags: ['recsys', 'recsys/collaborative-filtering', 'ml/linear-algebra'],
      year: 2009,
      doi: '10.1109/MC.2009.263',
    });
    expect(body).toBe('Body with **Markdown**.\n\nSecond paragraph.');
  });

  it('reads double-quoted strings with escapes and colons', () => {
    const { data } = parseFrontMatter(
      doc(
        '---',
        'title: "Adam: A Method for Stochastic Optimization"',
        String.raw`front: "Say \"hi\" \\ then:\tgo \u00e9"`,
        "back: 'It''s a colon: here'",
        '---',
        'x',
      ),
    );
    expect(data.title).toBe('Adam: A Method for Stochastic Optimization');
    expect(data.front).toBe('Say "hi" \\ then:\tgo é');
    expect(data.back).toBe("It's a colon: here");
  });

  it('keeps a colon without a following space in a plain value, as YAML does', () => {
    const { data } = parseFrontMatter(doc('---', 'url: https://example.org/a:b?x=1#frag', '---', 'x'));
    expect(data.url).toBe('https://example.org/a:b?x=1#frag');
  });

  it('refuses ": " in a plain value and asks for quotes', () => {
    expect(() => parseFrontMatter(doc('---', 'type: note', 'title: Adam: A Method', '---', 'x'))).toThrow(
      /^Line 3: quote a value that contains ": "/,
    );
  });

  it('skips comment lines and trailing comments', () => {
    const { data } = parseFrontMatter(
      doc(
        '---',
        '# a comment',
        'type: note   # one of note, flashcard',
        '',
        'tags: [a, b] # two',
        '---',
        'x',
      ),
    );
    expect(data).toEqual({ type: 'note', tags: ['a', 'b'] });
  });

  it('reads quoted list items with commas and brackets, an empty list and a trailing comma', () => {
    const { data } = parseFrontMatter(
      doc('---', `authors: ["Bell, Robert", 'O''Brien', "[x]", 2009,]`, 'none: []', '---', 'x'),
    );
    expect(data.authors).toEqual(['Bell, Robert', "O'Brien", '[x]', 2009]);
    expect(data.none).toEqual([]);
  });

  it('reads a flow list broken over several lines, as Prettier writes a long one', () => {
    const { data } = parseFrontMatter(
      doc(
        '---',
        'authors:',
        '  [',
        '    Ashish Vaswani,',
        '    Noam Shazeer,',
        '    "Łukasz Kaiser",',
        '  ]',
        'tags: [ml,',
        '  ml/nlp]',
        'year: 2017',
        '---',
        'x',
      ),
    );
    expect(data).toEqual({
      authors: ['Ashish Vaswani', 'Noam Shazeer', 'Łukasz Kaiser'],
      tags: ['ml', 'ml/nlp'],
      year: 2017,
    });
  });

  it('accepts Windows line endings and a byte-order mark', () => {
    const { data, body } = parseFrontMatter('\uFEFF---\r\ntitle: A\r\n---\r\nBody\r\n');
    expect(data).toEqual({ title: 'A' });
    expect(body).toBe('Body');
  });

  it('keeps a number that would not read back as written as the text written', () => {
    const { data } = parseFrontMatter(
      doc(
        '---',
        'a: 42',
        'b: -1.5',
        'c: 1.2.3',
        'd: "7"',
        'e: 007',
        'f: 1.10',
        'g: 0x1F',
        'h: 1e3',
        'i: .inf',
        '---',
        '',
      ),
    );
    expect(data).toEqual({
      a: 42,
      b: -1.5,
      c: '1.2.3',
      d: '7',
      e: '007',
      f: '1.10',
      g: '0x1F',
      h: '1e3',
      i: '.inf',
    });
  });

  it('reads an empty front matter as no properties', () => {
    expect(parseFrontMatter(doc('---', '---', 'Body'))).toEqual({ data: {}, body: 'Body' });
    expect(parseFrontMatter(doc('---', '# only a comment', '---', 'Body')).data).toEqual({});
  });

  describe('front matter as real vaults write it', () => {
    it('reads an Obsidian note: block lists, an empty property, a nested map, multi-line text', () => {
      const { data, body } = parseFrontMatter(
        doc(
          '---',
          'aliases:',
          '  - MF',
          '  - "Latent factor models"',
          'tags:',
          '- recsys',
          '- ml/linear-algebra',
          'cssclasses: []',
          'created: 2024-01-15',
          'publish: true',
          'rating:',
          'source:',
          '  title: Matrix Factorization Techniques for Recommender Systems',
          '  authors: [Yehuda Koren, Robert Bell, Chris Volinsky]',
          '  year: 2009',
          'summary: >',
          '  Users and items share',
          '  a latent space.',
          'quote: |',
          '  First line.',
          '  Second line.',
          '---',
          '# Matrix factorisation',
          '',
          'Body.',
        ),
      );
      expect(data).toEqual({
        aliases: ['MF', 'Latent factor models'],
        tags: ['recsys', 'ml/linear-algebra'],
        cssclasses: [],
        created: '2024-01-15',
        publish: true,
        rating: null,
        source: {
          title: 'Matrix Factorization Techniques for Recommender Systems',
          authors: ['Yehuda Koren', 'Robert Bell', 'Chris Volinsky'],
          year: 2009,
        },
        summary: 'Users and items share a latent space.\n',
        quote: 'First line.\nSecond line.\n',
      });
      expect(body).toBe('# Matrix factorisation\n\nBody.');
    });

    it('reads a Jekyll post: a date with time and offset, categories as a block list, comments', () => {
      const { data } = parseFrontMatter(
        doc(
          '---',
          'layout: post   # the theme’s post layout',
          'title:  "Welcome to Jekyll!"',
          'date:   2015-11-10 09:30:00 +0100',
          'categories:',
          '  - jekyll',
          '  - update',
          'permalink: /blog/:year/:title/',
          'published: false',
          '---',
          'Body',
        ),
      );
      expect(data).toEqual({
        layout: 'post',
        title: 'Welcome to Jekyll!',
        date: '2015-11-10 09:30:00 +0100',
        categories: ['jekyll', 'update'],
        permalink: '/blog/:year/:title/',
        published: false,
      });
    });

    it('reads a Hugo page: ISO dates, draft flags, params as a nested map, weights', () => {
      const { data } = parseFrontMatter(
        doc(
          '---',
          "title: 'Spaced repetition'",
          'date: 2024-03-02T10:20:30Z',
          'lastmod: 2024-03-05T08:00:00+01:00',
          'draft: false',
          'weight: 10',
          'series: ["Learning"]',
          'params:',
          '  math: true',
          '  cover:',
          '    image: /img/cover.png',
          '    alt: ~',
          '---',
          'Body',
        ),
      );
      expect(data).toEqual({
        title: 'Spaced repetition',
        date: '2024-03-02T10:20:30Z',
        lastmod: '2024-03-05T08:00:00+01:00',
        draft: false,
        weight: 10,
        series: ['Learning'],
        params: { math: true, cover: { image: '/img/cover.png', alt: null } },
      });
    });

    it('keeps dates as the text written, also when tagged as timestamps', () => {
      const { data } = parseFrontMatter(
        doc('---', 'a: 2024-01-15', 'b: !!timestamp 2024-01-15T10:00:00Z', 'c: "2024-01-15"', '---', ''),
      );
      expect(data).toEqual({ a: '2024-01-15', b: '2024-01-15T10:00:00Z', c: '2024-01-15' });
    });

    it('expands anchors and aliases used a few times', () => {
      const { data } = parseFrontMatter(
        doc('---', 'tags: &shared [ml, ml/nlp]', 'keywords: *shared', '---', ''),
      );
      expect(data).toEqual({ tags: ['ml', 'ml/nlp'], keywords: ['ml', 'ml/nlp'] });
    });
  });

  describe('hostile front matter', () => {
    it('refuses an alias bomb before it grows', () => {
      const bomb = doc(
        '---',
        'a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]',
        'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
        'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
        'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
        'e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
        'f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]',
        'g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]',
        'h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]',
        'i: [*h, *h, *h, *h, *h, *h, *h, *h, *h]',
        '---',
        '',
      );
      expect(() => parseFrontMatter(bomb)).toThrow(FrontMatterError);
      expect(() => parseFrontMatter(bomb)).toThrow(/repeats its aliases \(\*name\) more than 100 times/);
    });

    it('refuses front matter over the size cap before parsing it', () => {
      const lines = Array.from({ length: 2000 }, (_, i) => `key${i}: value ${i}`);
      expect(lines.join('\n').length).toBeGreaterThan(FRONT_MATTER_MAX_BYTES);
      expect(() => parseFrontMatter(doc('---', ...lines, '---', ''))).toThrow(/^Front matter is over 16 KB/);
      // Counted in bytes: two-byte characters reach the cap at half the length.
      const wide = `title: ${'é'.repeat(FRONT_MATTER_MAX_BYTES / 2)}`;
      expect(() => parseFrontMatter(doc('---', wide, '---', ''))).toThrow(FrontMatterError);
    });

    it('refuses lists and maps nested thousands deep, and reads a few levels', () => {
      const deep = `a: ${'['.repeat(5000)}${']'.repeat(5000)}`;
      expect(() => parseFrontMatter(doc('---', deep, '---', ''))).toThrow(
        /^Line 2: lists or maps are nested too deeply/,
      );
      const maps = `b: ${'{x: '.repeat(100)}1${'}'.repeat(100)}`;
      expect(() => parseFrontMatter(doc('---', 'a: "[[[["', '# [[[[', maps, '---', ''))).toThrow(
        /^Line 4: lists or maps are nested too deeply/,
      );
      expect(
        parseFrontMatter(doc('---', 'a: "[[[[" # [[[[', 'b: [[[x]], {y: [z]}]', '---', '')).data,
      ).toEqual({
        a: '[[[[',
        b: [[['x']], { y: ['z'] }],
      });
    });

    it('reads __proto__ and constructor as ordinary keys, and pollutes nothing', () => {
      const { data } = parseFrontMatter(
        doc(
          '---',
          '__proto__: { polluted: yes }',
          'constructor: { prototype: { polluted: yes } }',
          'nested:',
          '  __proto__:',
          '    polluted: yes',
          '---',
          '',
        ),
      );
      expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
      expect(Object.keys(data)).toEqual(['__proto__', 'constructor', 'nested']);
      expect(Object.getOwnPropertyDescriptor(data, '__proto__')?.value).toEqual({ polluted: 'yes' });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect((data as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('builds nothing from tags: custom and YAML 1.1 tags give plain values', () => {
      const { data } = parseFrontMatter(
        doc(
          '---',
          'a: !!js/function "function () { return 1 }"',
          'b: !!binary aGVsbG8=',
          'c: !!set { x, y }',
          'd: !custom text',
          'base: &base { x: 1 }',
          'merged: { <<: *base }',
          '---',
          '',
        ),
      );
      expect(data).toEqual({
        a: 'function () { return 1 }',
        b: 'aGVsbG8=',
        c: { x: null, y: null },
        d: 'text',
        base: { x: 1 },
        merged: { '<<': { x: 1 } },
      });
    });
  });

  it.each([
    [
      'a missing closing fence',
      doc('---', 'title: A', 'type: note', 'Body'),
      /never closed: add a line "---"/,
    ],
    ['a missing opening fence', doc('title: A', '---', 'Body'), /must start with a line "---" on line 1/],
    ['a line that is not key: value', doc('---', 'title A', '---', ''), /^Line 2: .*"key: value" lines/],
    ['a list instead of keys', doc('---', '- a', '- b', '---', ''), /^Line 2: .*"key: value" lines/],
    ['a key given twice', doc('---', 'title: A', 'title: B', '---', ''), /^Line 3: "title" is given twice/],
    [
      'a key given twice in a nested map',
      doc('---', 'title: A', 'meta:', '  a: 1', '  a: 2', '---', ''),
      /^Line 5: "a" is given twice/,
    ],
    ['an unclosed double quote', doc('---', 'title: "A', '---', ''), /^Line 2: Missing closing "quote/],
    ['an unclosed single quote', doc('---', "title: 'A", '---', ''), /^Line 2: Missing closing 'quote/],
    ['an unclosed list', doc('---', 'tags: [a, b', 'type: note', '---', ''), /^Line 3: Flow sequence/],
    ['text after a quoted value', doc('---', 'title: "A" B', '---', ''), /^Line 2: /],
    ['a missing comma in a list', doc('---', 'tags: ["a" "b"]', '---', ''), /^Line 2: Missing , or :/],
    ['an unknown escape', doc('---', String.raw`title: "a\q"`, '---', ''), /^Line 2: Invalid escape.*\\q/],
    ['a tab as indentation', doc('---', 'tags:', '\t- a', '---', ''), /^Line 3: indent with spaces/],
    ['an alias to nothing', doc('---', 'a: 1', 'b: *nothing', '---', ''), /^Line 3: "\*nothing" names no/],
    ['a list as a key', doc('---', '? [a, b]', ': c', '---', ''), /^Line 2: .*keys must be strings/],
  ])('gives a clear error for %s', (_case, text, message) => {
    expect(() => parseFrontMatter(text)).toThrow(FrontMatterError);
    expect(() => parseFrontMatter(text)).toThrow(message);
  });
});
