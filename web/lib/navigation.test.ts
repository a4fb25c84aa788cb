import { describe, expect, it } from 'vitest';
import { authPathFor, loginPathFor, safeNextPath, sameOriginPath } from './navigation.ts';

describe('safeNextPath', () => {
  it.each(['/build', '/learn/pdf-library', '/blog?tag=math#top', '/'])(
    'accepts the same-origin path %s',
    (path) => {
      expect(safeNextPath(path)).toBe(path);
    },
  );

  it.each([
    null,
    '',
    'build',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
  ])('refuses %j', (path) => {
    expect(safeNextPath(path)).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('percent-encodes the target as URLSearchParams does', () => {
    expect(loginPathFor('/build')).toBe('/login?next=%2Fbuild');
    expect(new URLSearchParams(loginPathFor('/learn/pdf-library').split('?')[1]).get('next')).toBe(
      '/learn/pdf-library',
    );
  });

  it('keeps a target’s own query string intact', () => {
    const url = loginPathFor('/blog?tag=a&b=c');
    expect(url).toBe('/login?next=%2Fblog%3Ftag%3Da%26b%3Dc');
    expect(new URLSearchParams(url.split('?')[1]).get('next')).toBe('/blog?tag=a&b=c');
  });

  it('drops unsafe targets', () => {
    expect(loginPathFor('//evil.example')).toBe('/login');
    expect(authPathFor('/signup', null)).toBe('/signup');
  });
});

describe('sameOriginPath', () => {
  const origin = 'https://cards.example';

  it.each([
    ['https://cards.example/build?x=1#top', '/build?x=1#top'],
    ['https://cards.example', '/'],
    ['/exploration', '/exploration'],
  ])('keeps %s as the in-app path %s', (url, path) => {
    expect(sameOriginPath(url, origin)).toBe(path);
  });

  it.each([
    null,
    '',
    'https://evil.example/build',
    'http://cards.example/build',
    'https://cards.example:8443/build',
    '//evil.example/build',
    'javascript:alert(1)',
  ])('refuses %j', (url) => {
    expect(sameOriginPath(url, origin)).toBeNull();
  });
});
