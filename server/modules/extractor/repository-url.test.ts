import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { parseRepositoryUrl, splitRefAndPath } from './repository-url.ts';

/** The message of the `extractor/invalid-url` error parsing `input` gives. */
function refusal(input: string, options?: { allowHttp?: boolean }): string {
  try {
    parseRepositoryUrl(input, options);
  } catch (error) {
    if (error instanceof AppError && error.code === 'extractor/invalid-url') return error.message;
    throw error;
  }
  throw new Error(`${input} was accepted`);
}

describe('reading a repository’s address', () => {
  it('reads each host’s address forms: clone, repository page, and a ref with a folder', () => {
    const cases: [string, string, string, string[] | null][] = [
      ['https://github.com/facebook/react', 'https://github.com/facebook/react.git', 'facebook/react', null],
      [
        'https://github.com/facebook/react.git',
        'https://github.com/facebook/react.git',
        'facebook/react',
        null,
      ],
      ['https://github.com/facebook/react/', 'https://github.com/facebook/react.git', 'facebook/react', null],
      [
        'https://github.com/facebook/react/tree/main/packages/react-dom',
        'https://github.com/facebook/react.git',
        'facebook/react',
        ['main', 'packages', 'react-dom'],
      ],
      [
        'https://github.com/o/r/blob/release/2.0/README.md?plain=1#L3',
        'https://github.com/o/r.git',
        'o/r',
        ['release', '2.0', 'README.md'],
      ],
      [
        'https://gitlab.com/group/subgroup/project/-/tree/v1.2.0/src',
        'https://gitlab.com/group/subgroup/project.git',
        'group/subgroup/project',
        ['v1.2.0', 'src'],
      ],
      ['https://gitlab.com/group/project/-', 'https://gitlab.com/group/project.git', 'group/project', null],
      [
        'https://codeberg.org/forgejo/forgejo/src/branch/forgejo/models',
        'https://codeberg.org/forgejo/forgejo.git',
        'forgejo/forgejo',
        ['forgejo', 'models'],
      ],
      [
        'https://git.example.org:8443/team/tool/src/commit/0123456789abcdef0123456789abcdef01234567',
        'https://git.example.org:8443/team/tool.git',
        'team/tool',
        ['0123456789abcdef0123456789abcdef01234567'],
      ],
      // A repository may be called "tree": the marker counts only after owner/repository.
      ['https://github.com/owner/tree', 'https://github.com/owner/tree.git', 'owner/tree', null],
      ['https://github.com/o/r/tree/feature%2Fx', 'https://github.com/o/r.git', 'o/r', ['feature/x']],
    ];
    for (const [input, cloneUrl, name, refAndPath] of cases)
      expect(parseRepositoryUrl(input), input).toEqual({
        cloneUrl,
        name,
        refAndPath,
        host: new URL(input).host,
      });
  });

  it('refuses what it cannot or must not fetch, saying why', () => {
    expect(refusal('')).toMatch(/Paste the address/);
    expect(refusal('not a url')).toMatch(/not a web address/);
    expect(refusal('git@github.com:o/r.git')).toMatch(/SSH/);
    expect(refusal('ssh://git@host/o/r.git')).toMatch(/SSH/);
    expect(refusal('http://github.com/o/r')).toMatch(/Only https/);
    expect(refusal('ftp://host/o/r')).toMatch(/Only https/);
    expect(refusal('file:///etc/passwd')).toMatch(/Only https/);
    expect(refusal('https://user:secret@github.com/o/r')).toMatch(/Leave the user name and password out/);
    expect(refusal('https://token@github.com/o/r')).toMatch(/Leave the user name/);
    expect(refusal('https://github.com/')).toMatch(/not a repository/);
    expect(refusal('https://github.com/owner')).toMatch(/not a repository/);
    expect(refusal('https://github.com/o/r/tree/')).toMatch(/names no branch/);
    expect(refusal('https://github.com/o/r/%E0%A4%A')).toMatch(/broken %-escape/);
    expect(refusal('https://github.com/o/r/tree/main/%2e%2e%2fsecret')).toMatch(/`\.\.`/);
    // A site's own forge over plain http, when the site allows it.
    expect(parseRepositoryUrl('http://forge.internal/o/r', { allowHttp: true }).cloneUrl).toBe(
      'http://forge.internal/o/r.git',
    );
  });
});

describe('telling the ref from the folder', () => {
  const refs = new Set(['main', 'release/2.0', 'release', 'v1.2.0']);

  it('takes the longest leading segments that name a ref, the rest as the folder', () => {
    expect(splitRefAndPath(['main', 'packages', 'x'], refs)).toEqual({ ref: 'main', path: 'packages/x' });
    expect(splitRefAndPath(['release', '2.0', 'docs'], refs)).toEqual({ ref: 'release/2.0', path: 'docs' });
    expect(splitRefAndPath(['release', 'notes'], refs)).toEqual({ ref: 'release', path: 'notes' });
    expect(splitRefAndPath(['v1.2.0'], refs)).toEqual({ ref: 'v1.2.0', path: '' });
  });

  it('takes a whole commit id as a ref, and nothing it does not know', () => {
    const commit = '0123456789abcdef0123456789abcdef01234567';
    expect(splitRefAndPath([commit, 'src'], refs)).toEqual({ ref: commit, path: 'src' });
    expect(splitRefAndPath(['0123456', 'src'], refs)).toBeNull();
    expect(splitRefAndPath(['no-such-branch', 'src'], refs)).toBeNull();
  });
});
