import { describe, expect, it } from 'vitest';
import { afterSignInPath } from './destination.ts';

describe('afterSignInPath', () => {
  it.each([
    [null, '/exploration'],
    ['/build', '/build'],
    ['/learn/pdf-library?tab=recent', '/learn/pdf-library?tab=recent'],
    ['/login', '/exploration'],
    ['/login?next=%2Fbuild', '/exploration'],
    ['/signup', '/exploration'],
    ['/loginhelp', '/loginhelp'],
  ])('sends %j to %s', (next, path) => {
    expect(afterSignInPath(next)).toBe(path);
  });
});
