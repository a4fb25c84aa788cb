import { describe, expect, it } from 'vitest';
import { createParsedFiles } from './parsed-files.ts';

const file = `@article{koren2009matrix,
  title = {Matrix Factorization Techniques for Recommender Systems},
  author = {Koren, Yehuda and Bell, Robert and Volinsky, Chris},
  journal = {Computer},
  year = {2009}
}`;

describe('previewed files kept for their import', () => {
  it('gives the import the parse its preview made, once, and only to the same owner and text', () => {
    const files = createParsedFiles(() => 0);
    const previewed = files.preview('ada', file, 'bibtex');
    expect(previewed.entries).toHaveLength(1);
    expect(files.take('bob', file, 'bibtex')).not.toBe(previewed);
    expect(files.take('ada', `${file}\n`, 'bibtex')).not.toBe(previewed);
    expect(files.take('ada', file, undefined)).not.toBe(previewed);
    expect(files.take('ada', file, 'bibtex')).toBe(previewed);
    // Taken: the next import of the same text parses it again.
    const again = files.take('ada', file, 'bibtex');
    expect(again).not.toBe(previewed);
    expect(again).toEqual(previewed);
  });

  it('parses again after fifteen minutes, and keeps the four latest previews', () => {
    let clock = 0;
    const files = createParsedFiles(() => clock);
    const old = files.preview('ada', file, 'bibtex');
    clock += 15 * 60_000;
    expect(files.take('ada', file, 'bibtex')).not.toBe(old);
    const first = files.preview('p0', file, 'bibtex');
    const rest = ['p1', 'p2', 'p3', 'p4'].map((owner) => files.preview(owner, file, 'bibtex'));
    expect(files.take('p0', file, 'bibtex')).not.toBe(first);
    expect(files.take('p1', file, 'bibtex')).toBe(rest[0]);
    expect(files.take('p4', file, 'bibtex')).toBe(rest[3]);
  });
});
