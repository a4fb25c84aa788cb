// A smart-HTTP git server on loopback for tests: git's own `git http-backend` behind a small Node server, serving
// bare repositories the test builds with the git command line. Private repositories answer 401 without the
// token (as a Basic password, the way forges take personal access tokens).
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One commit of a fixture repository: files to write (null deletes), then branch and tag names to point at it. */
export interface FixtureCommit {
  message: string;
  files: Record<string, string | Buffer | null>;
  /** Branches created at this commit (the first commit is always on `main`). */
  branches?: string[];
  tags?: string[];
}

export interface GitServer {
  /** e.g. `http://127.0.0.1:41234`; a repository is at `${baseUrl}/<name>.git` (a name may be `owner/repo`). */
  baseUrl: string;
  /**
   * Makes `<name>.git` from `commits` on `main` in order (each may start branches and tags); answers each
   * commit's id. A private one needs `token` as the password of Basic authentication.
   */
  createRepository(
    name: string,
    commits: FixtureCommit[],
    options?: { private?: boolean },
  ): Promise<{ commits: string[] }>;
  /**
   * Makes `<name>.git` of one commit holding every file of `folder` (a large corpus, written to disk by the
   * caller); the folder becomes a git work tree on the way.
   */
  createRepositoryFromFolder(name: string, folder: string): Promise<{ commit: string }>;
  /** Requests served, as `METHOD path`, to see what a client asked. */
  requests: string[];
  /** Holds every request from now on until the answer is called (a run caught half-way, for cancellation). */
  hold(): () => void;
  close(): Promise<void>;
}

const gitEnvironment = {
  GIT_AUTHOR_NAME: 'Fixture',
  GIT_AUTHOR_EMAIL: 'fixture@example.org',
  GIT_COMMITTER_NAME: 'Fixture',
  GIT_COMMITTER_EMAIL: 'fixture@example.org',
  GIT_CONFIG_NOSYSTEM: '1',
  HOME: os.tmpdir(),
};

async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('git', args, { cwd, env: { ...process.env, ...gitEnvironment } });
  return stdout.trim();
}

/** Whether the request carries `token` as a Basic password (any user name, as forges accept). */
function authorized(request: IncomingMessage, token: string): boolean {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return false;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  return decoded.slice(decoded.indexOf(':') + 1) === token;
}

/** Runs `git http-backend` as the CGI program it is for one request, relaying its headers and body. */
function backend(root: string, request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const child = spawn('git', ['http-backend'], {
    env: {
      ...process.env,
      ...gitEnvironment,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: request.method ?? 'GET',
      CONTENT_TYPE: request.headers['content-type'] ?? '',
      // A client gzips a large request; http-backend inflates it when told.
      HTTP_CONTENT_ENCODING: request.headers['content-encoding'] ?? '',
      GIT_PROTOCOL: String(request.headers['git-protocol'] ?? ''),
      REMOTE_ADDR: '127.0.0.1',
    },
  });
  request.pipe(child.stdin);
  // A client that hangs up early leaves the pipe broken; the response below ends either way.
  child.stdin.on('error', () => {});
  let head = Buffer.alloc(0);
  let headersSent = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (headersSent) {
      response.write(chunk);
      return;
    }
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end === -1) return;
    let status = 200;
    for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
      else response.setHeader(name, value);
    }
    response.writeHead(status);
    headersSent = true;
    response.write(head.subarray(end + 4));
  });
  child.on('close', () => {
    if (!headersSent) response.writeHead(500);
    response.end();
  });
  child.on('error', () => {
    if (!headersSent) response.writeHead(500);
    response.end();
  });
}

/** Starts the server on a free loopback port, with its repositories in a temporary folder removed on close. */
export async function startGitServer(options: { token?: string; port?: number } = {}): Promise<GitServer> {
  const token = options.token ?? 'test-token';
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'git-server-'));
  const privateRepositories = new Set<string>();
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  let held: Promise<void> | undefined;
  const server = http.createServer(async (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(`${request.method} ${pathname}`);
    if (held) await held;
    const repository = /^\/(.+?\.git)\//.exec(pathname)?.[1];
    if (repository && privateRepositories.has(repository) && !authorized(request, token)) {
      response.writeHead(401, { 'www-authenticate': 'Basic realm="fixture"' }).end('Authentication required');
      return;
    }
    backend(root, request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    hold() {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = undefined;
          resolve();
        };
      });
      return release;
    },
    async createRepositoryFromFolder(name, folder) {
      await git(folder, 'init', '--quiet', '--initial-branch=main');
      await git(folder, 'add', '--all');
      await git(folder, 'commit', '--quiet', '-m', 'corpus');
      const commit = await git(folder, 'rev-parse', 'HEAD');
      const bare = path.join(root, `${name}.git`);
      await fs.mkdir(path.dirname(bare), { recursive: true });
      await git(root, 'clone', '--quiet', '--bare', folder, bare);
      return { commit };
    },
    async createRepository(name, commits, repositoryOptions = {}) {
      const work = await fs.mkdtemp(path.join(os.tmpdir(), 'git-fixture-'));
      try {
        await git(work, 'init', '--quiet', '--initial-branch=main');
        const ids: string[] = [];
        for (const commit of commits) {
          for (const [file, content] of Object.entries(commit.files)) {
            const target = path.join(work, file);
            if (content === null) await fs.rm(target, { force: true });
            else {
              await fs.mkdir(path.dirname(target), { recursive: true });
              await fs.writeFile(target, content);
            }
          }
          await git(work, 'add', '--all');
          await git(work, 'commit', '--quiet', '--allow-empty', '-m', commit.message);
          ids.push(await git(work, 'rev-parse', 'HEAD'));
          for (const branch of commit.branches ?? []) await git(work, 'branch', branch);
          for (const tag of commit.tags ?? []) await git(work, 'tag', tag);
        }
        const bare = path.join(root, `${name}.git`);
        await fs.mkdir(path.dirname(bare), { recursive: true });
        await git(root, 'clone', '--quiet', '--bare', work, bare);
        if (repositoryOptions.private) privateRepositories.add(`${name}.git`);
        return { commits: ids };
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}
