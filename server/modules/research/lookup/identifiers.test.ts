import { describe, expect, it } from 'vitest';
import { normalizeArxivId, normalizeDoi, withoutVersion } from './identifiers.ts';

describe('normalizeDoi', () => {
  it.each([
    ['10.1109/MC.2009.263', '10.1109/MC.2009.263'],
    ['  doi:10.1109/MC.2009.263 ', '10.1109/MC.2009.263'],
    ['DOI: 10.1109/MC.2009.263', '10.1109/MC.2009.263'],
    ['https://doi.org/10.1109/MC.2009.263', '10.1109/MC.2009.263'],
    ['http://dx.doi.org/10.1145/3038912.3052569', '10.1145/3038912.3052569'],
    [
      'doi.org/10.1002/(SICI)1097-4571(199806)49:8%3C693::AID-ASI4%3E3.0.CO;2-0',
      '10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0',
    ],
  ])('%s → %s', (input, doi) => {
    expect(normalizeDoi(input)).toBe(doi);
  });

  it.each([
    '',
    'Matrix factorization',
    '11.1109/x',
    '10.12/x',
    'https://example.org/10.1109/MC.2009.263',
    `10.1109/${'x'.repeat(2000)}`,
  ])('refuses %s', (input) => {
    expect(normalizeDoi(input)).toBeUndefined();
  });
});

describe('normalizeArxivId', () => {
  it.each([
    ['1706.03762', '1706.03762'],
    ['arXiv:1706.03762v5', '1706.03762v5'],
    ['ARXIV: 1706.03762', '1706.03762'],
    ['https://arxiv.org/abs/1706.03762', '1706.03762'],
    ['http://export.arxiv.org/abs/1706.03762v2/', '1706.03762v2'],
    ['https://arxiv.org/pdf/1706.03762v5.pdf', '1706.03762v5'],
    ['https://arxiv.org/pdf/1706.03762v5', '1706.03762v5'],
    ['https://www.arxiv.org/abs/cs/0112017?context=cs', 'cs/0112017'],
    ['hep-th/9901001v1', 'hep-th/9901001v1'],
    ['math.GT/0309136', 'math.GT/0309136'],
  ])('%s → %s', (input, id) => {
    expect(normalizeArxivId(input)).toBe(id);
  });

  it.each(['', '1706.037', 'https://example.org/abs/1706.03762', '10.1109/MC.2009.263', 'arXiv:'])(
    'refuses %s',
    (input) => {
      expect(normalizeArxivId(input)).toBeUndefined();
    },
  );

  it('drops the version', () => {
    expect(withoutVersion('1706.03762v5')).toBe('1706.03762');
    expect(withoutVersion('cs/0112017')).toBe('cs/0112017');
  });
});
