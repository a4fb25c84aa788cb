import { AppError } from '../../lib/app-error.ts';

/** A repository as a person pasted its address, before the host is asked anything. */
export interface RepositoryAddress {
  /** The address to clone over smart HTTP, without credentials, query or fragment. */
  cloneUrl: string;
  /** The host (and port), for the outbound rules and the page. */
  host: string;
  /** The repository's path on the host, e.g. `facebook/react` or `group/subgroup/project`. */
  name: string;
  /**
   * What followed the repository in a browsing address (`/tree/<ref>/<path>`): the ref and then the folder,
   * split on `/`. A ref may itself hold slashes (`release/2.0`), so which segments are the ref is settled
   * against the refs the host lists; null when the address named no ref.
   */
  refAndPath: string[] | null;
}

/** Hosts whose browsing addresses put the ref after these segments, by the host's own layout. */
const treeMarkers: { marker: string[]; hosts?: RegExp }[] = [
  // GitLab, self-hosted or not: /group/project/-/tree/<ref>/<path> and /-/blob/<ref>/<file>
  { marker: ['-', 'tree'] },
  { marker: ['-', 'blob'] },
  // Codeberg, Gitea and Forgejo: /owner/repo/src/branch/<ref>/<path> (also tag and commit)
  { marker: ['src', 'branch'] },
  { marker: ['src', 'tag'] },
  { marker: ['src', 'commit'] },
  // GitHub and most others: /owner/repo/tree/<ref>/<path> and /blob/<ref>/<file>
  { marker: ['tree'] },
  { marker: ['blob'] },
];

function invalid(message: string): AppError {
  return new AppError('extractor/invalid-url', { message });
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw invalid('That address has a broken %-escape in it.');
  }
}

/**
 * Reads a repository's address as people paste it: a clone address (`https://host/owner/repo.git`), the
 * repository's page, or a page of a branch, tag, commit or folder on GitHub, GitLab (`/-/tree/`), Codeberg,
 * Gitea or Forgejo (`/src/branch/`) or any host that uses `/tree/`. Only https, unless `allowHttp` (a site's
 * own forge); never credentials in the address (a token is given apart and used for one run). Throws
 * `extractor/invalid-url` with what is wrong.
 */
export function parseRepositoryUrl(input: string, options: { allowHttp?: boolean } = {}): RepositoryAddress {
  const text = input.trim();
  if (text === '') throw invalid('Paste the address of a repository.');
  if (/^git@|^ssh:\/\//i.test(text))
    throw invalid('Use the repository’s https address: SSH addresses cannot be fetched here.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('That is not a web address. Paste one like https://github.com/owner/repository.');
  }
  if (url.protocol !== 'https:' && !(options.allowHttp && url.protocol === 'http:'))
    throw invalid('Only https addresses can be fetched.');
  if (url.username || url.password)
    throw invalid('Leave the user name and password out of the address; give a token in its own field.');
  const segments = url.pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map(decodeSegment);
  // URL parsing already resolved plain and %2e dot segments; an escaped slash can still hide one.
  if (segments.some((segment) => segment.split('/').some((part) => part === '.' || part === '..')))
    throw invalid('That address has a `.` or `..` in its path.');

  let repository = segments;
  let refAndPath: string[] | null = null;
  for (const { marker } of treeMarkers) {
    const at = segments.findIndex(
      (_segment, index) => index >= 2 && marker.every((part, offset) => segments[index + offset] === part),
    );
    if (at === -1) continue;
    repository = segments.slice(0, at);
    refAndPath = segments.slice(at + marker.length);
    if (refAndPath.length === 0)
      throw invalid('That address names no branch, tag or commit after its /tree/.');
    break;
  }
  // A repository's own page may end in `.git`, and GitLab's in `/-`.
  if (repository.at(-1) === '-') repository = repository.slice(0, -1);
  if (repository.length < 2)
    throw invalid('That address names a host or an owner, not a repository (owner/repository).');
  const last = repository.at(-1)!;
  const bare = last.endsWith('.git') ? last.slice(0, -4) : last;
  if (bare === '') throw invalid('That address names no repository.');
  const name = [...repository.slice(0, -1), bare].join('/');
  const path = [...repository.slice(0, -1), `${bare}.git`].map(encodeURIComponent).join('/');
  return { cloneUrl: `${url.protocol}//${url.host}/${path}`, host: url.host, name, refAndPath };
}

/**
 * Which leading segments of `refAndPath` name a ref the host has (the longest that does, as a ref may hold
 * slashes), and the folder after it; a 40-hex commit is a ref of its own. Null when none does.
 */
export function splitRefAndPath(
  refAndPath: readonly string[],
  refs: ReadonlySet<string>,
): { ref: string; path: string } | null {
  for (let length = refAndPath.length; length >= 1; length--) {
    const ref = refAndPath.slice(0, length).join('/');
    if (refs.has(ref) || (length === 1 && /^[0-9a-f]{40}$/i.test(ref)))
      return { ref, path: refAndPath.slice(length).join('/') };
  }
  return null;
}
