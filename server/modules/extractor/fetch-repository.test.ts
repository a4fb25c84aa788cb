import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { withTempDir } from '../../lib/archive/index.ts';
import { outboundFetch, type OutboundFetchOptions } from '../../lib/outbound-fetch/index.ts';
import { startGitServer, type GitServer } from '../../test/git-server.ts';
import { fetchRepository, type FetchRepositoryInput, type RepositorySnapshot } from './fetch-repository.ts';
import { gitHttpClient } from './git-http.ts';
import { parseRepositoryUrl } from './repository-url.ts';

let server: GitServer;
let commits: string[];

beforeAll(async () => {
  server = await startGitServer({ token: 'sesame' });
  ({ commits } = await server.createRepository('team/tool', [
    {
      message: 'first',
      files: { 'README.md': '# Tool\n', 'src/a.ts': 'export const a = 1;\n', 'docs/guide.md': 'Guide' },
      tags: ['v1'],
    },
    { message: 'second', files: { 'src/b.ts': 'export const b = 2;\n' }, branches: ['release/2.0'] },
    { message: 'third', files: { 'src/a.ts': null, 'src/lib/c.ts': 'export const c = 3;\n' } },
  ]));
  await server.createRepository('team/secret', [{ message: 'only', files: { 'key.txt': 'private' } }], {
    private: true,
  });
});
afterAll(() => server.close());

/** Fetches through the real outbound fetch, trusting only the loopback server (as the test settings do). */
function fetchFrom(address: string, more: Partial<FetchRepositoryInput> = {}, trusted = [server.baseUrl]) {
  const fetch = (url: string, options: OutboundFetchOptions) =>
    outboundFetch(url, { ...options, trustedOrigins: trusted });
  return withTempDir('extractor-test', async (dir) => {
    const snapshot = await fetchRepository({
      address: parseRepositoryUrl(address, { allowHttp: true }),
      http: gitHttpClient(fetch, { userAgent: 'CARD WEB test', maxBytes: 10_000_000, timeoutMs: 10_000 }),
      dir,
      ...more,
    });
    return { ...snapshot, contents: await contentsOf(snapshot) };
  });
}

async function contentsOf(snapshot: RepositorySnapshot) {
  const contents: Record<string, string> = {};
  for (const file of snapshot.files) contents[file.path] = new TextDecoder().decode(await file.read());
  return contents;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the fetch succeeded');
}

describe('fetching a repository over smart HTTP', () => {
  it('fetches the default branch’s last commit, every file', async () => {
    const fetched = await fetchFrom(`${server.baseUrl}/team/tool`);
    expect(fetched).toMatchObject({ commit: commits[2], ref: 'main', folder: '' });
    expect(fetched.contents).toEqual({
      'README.md': '# Tool\n',
      'docs/guide.md': 'Guide',
      'src/b.ts': 'export const b = 2;\n',
      'src/lib/c.ts': 'export const c = 3;\n',
    });
  });

  it('fetches a branch with a slash and a folder from a browsing address', async () => {
    const fetched = await fetchFrom(`${server.baseUrl}/team/tool/tree/release/2.0/src`);
    expect(fetched).toMatchObject({ commit: commits[1], ref: 'release/2.0', folder: 'src' });
    expect(Object.keys(fetched.contents)).toEqual(['src/a.ts', 'src/b.ts']);
  });

  it('fetches a tag and a commit given apart from the address', async () => {
    expect((await fetchFrom(`${server.baseUrl}/team/tool.git`, { ref: 'v1' })).contents).toEqual({
      'README.md': '# Tool\n',
      'docs/guide.md': 'Guide',
      'src/a.ts': 'export const a = 1;\n',
    });
    const atCommit = await fetchFrom(`${server.baseUrl}/team/tool.git`, { ref: commits[1], folder: 'src/' });
    expect(atCommit).toMatchObject({ commit: commits[1], folder: 'src' });
    expect(Object.keys(atCommit.contents)).toEqual(['src/a.ts', 'src/b.ts']);
  });

  it('fetches a private repository with its token only', async () => {
    const without = await refusal(fetchFrom(`${server.baseUrl}/team/secret`));
    expect(without.code).toBe('extractor/needs-token');
    const wrong = await refusal(fetchFrom(`${server.baseUrl}/team/secret`, { token: 'guess' }));
    expect(wrong.code).toBe('extractor/token-refused');
    const fetched = await fetchFrom(`${server.baseUrl}/team/secret`, { token: 'sesame' });
    expect(fetched.contents).toEqual({ 'key.txt': 'private' });
  });

  it('says what is missing: the repository, the ref or the folder', async () => {
    expect((await refusal(fetchFrom(`${server.baseUrl}/team/nothing-here`))).code).toBe(
      'extractor/not-a-repository',
    );
    const ref = await refusal(fetchFrom(`${server.baseUrl}/team/tool/tree/no-such-branch/src`));
    expect(ref.code).toBe('extractor/ref-not-found');
    expect(ref.message).toContain('no-such-branch/src');
    expect((await refusal(fetchFrom(`${server.baseUrl}/team/tool.git`, { ref: 'v9' }))).code).toBe(
      'extractor/ref-not-found',
    );
    const folder = await refusal(fetchFrom(`${server.baseUrl}/team/tool.git`, { folder: 'nowhere' }));
    expect(folder.code).toBe('extractor/path-not-found');
  });

  it('goes through the outbound rules: a loopback host nobody trusted is refused before any request', async () => {
    const before = server.requests.length;
    const refused = await refusal(fetchFrom(`${server.baseUrl}/team/tool`, {}, []));
    expect(refused.code).toBe('extractor/host-refused');
    expect(server.requests.length).toBe(before);
  });

  it('fetches the pack with protocol v2 and keeps it with its index; a host without v2 is still fetched from', async () => {
    const fetch = (url: string, options: OutboundFetchOptions) =>
      outboundFetch(url, { ...options, trustedOrigins: [server.baseUrl] });
    const http = gitHttpClient(fetch, {
      userAgent: 'CARD WEB test',
      maxBytes: 10_000_000,
      timeoutMs: 10_000,
    });
    // The same host as one that speaks only the older protocol: the version header never reaches it.
    const olderHost: typeof http = {
      request: (request) => {
        const { 'Git-Protocol': _v2, ...headers } = request.headers ?? {};
        return http.request({ ...request, headers });
      },
    };
    for (const [client, v2] of [
      [http, true],
      [olderHost, false],
    ] as const)
      await withTempDir('extractor-test', async (dir) => {
        const before = server.requests.length;
        const snapshot = await fetchRepository({
          address: parseRepositoryUrl(`${server.baseUrl}/team/tool`, { allowHttp: true }),
          http: client,
          dir,
        });
        expect(await contentsOf(snapshot)).toMatchObject({ 'src/lib/c.ts': 'export const c = 3;\n' });
        const packs = await fs.readdir(path.join(dir, '.git', 'objects', 'pack'));
        expect(packs.filter((name) => name.endsWith('.idx'))).toHaveLength(1);
        const uploads = server.requests.slice(before).filter((line) => line.startsWith('POST'));
        // v2: the refs, then the pack. An older host (refs by GET): the v2 attempt, then isomorphic-git's fetch,
        // which leaves a git configuration behind where v2 writes only the pack, its index and `shallow`.
        expect(uploads).toHaveLength(2);
        expect(
          await fs.stat(path.join(dir, '.git', 'config')).then(
            () => true,
            () => false,
          ),
        ).toBe(!v2);
      });
  });
});
