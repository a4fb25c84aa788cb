import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitServer, type GitServer } from './git-server.ts';

const run = promisify(execFile);
// The real git client, with no stored credentials and no prompt for them.
const client = (...args: string[]) =>
  run('git', args, {
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', HOME: os.tmpdir() },
  });

describe('the loopback git server the extractor’s tests fetch from', () => {
  let server: GitServer;
  let commits: string[];
  beforeAll(async () => {
    server = await startGitServer({ token: 'sesame' });
    ({ commits } = await server.createRepository('tool', [
      {
        message: 'first',
        files: { 'README.md': '# Tool\n', 'src/a.ts': 'export const a = 1;\n' },
        tags: ['v1'],
      },
      { message: 'second', files: { 'src/b.ts': 'export const b = 2;\n' }, branches: ['release/2.0'] },
      { message: 'third', files: { 'src/a.ts': null } },
    ]));
    await server.createRepository('secret', [{ message: 'only', files: { 'x.txt': 'x' } }], {
      private: true,
    });
  });
  afterAll(() => server.close());

  it('lists the branches and tags of a public repository over smart HTTP', async () => {
    const { stdout } = await client('ls-remote', `${server.baseUrl}/tool.git`);
    const refs = Object.fromEntries(
      stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t').reverse()),
    );
    expect(refs).toMatchObject({
      'refs/heads/main': commits[2],
      'refs/heads/release/2.0': commits[1],
      'refs/tags/v1': commits[0],
    });
    expect(server.requests).toContain('GET /tool.git/info/refs');
  });

  it('serves a shallow clone of one ref', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'git-clone-'));
    try {
      await client('clone', '--quiet', '--depth', '1', '--branch', 'v1', `${server.baseUrl}/tool.git`, dir);
      expect(await fs.readFile(path.join(dir, 'src/a.ts'), 'utf8')).toBe('export const a = 1;\n');
      await expect(fs.stat(path.join(dir, 'src/b.ts'))).rejects.toThrow();
      expect(server.requests).toContain('POST /tool.git/git-upload-pack');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('asks for the token on a private repository, and serves it with the token', async () => {
    await expect(client('ls-remote', `${server.baseUrl}/secret.git`)).rejects.toThrow(
      /Authentication failed|terminal prompts disabled|401/,
    );
    const withToken = server.baseUrl.replace('http://', 'http://anyone:sesame@');
    const { stdout } = await client('ls-remote', `${withToken}/secret.git`);
    expect(stdout).toContain('refs/heads/main');
  });
});
