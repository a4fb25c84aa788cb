import fs from 'node:fs';
import path from 'node:path';
import git, { type HttpClient } from 'isomorphic-git';
import { AppError } from '../../lib/app-error.ts';
import { OutboundFetchError } from '../../lib/outbound-fetch/index.ts';
import { safeEntryPath } from '../../lib/archive/index.ts';
import { FetchProtocolError, fetchPackV2 } from './git-fetch.ts';
import { indexPack } from './pack-index.ts';
import { openObjectStore, PackError, parseTree, treeOfCommit } from './pack-reader.ts';
import { splitRefAndPath, type RepositoryAddress } from './repository-url.ts';

/** One file of the fetched commit. */
export interface RepositoryFile {
  /** From the repository's root, checked (nothing in it can leave the root). */
  path: string;
  /** git's id of its content: two files with the same id are the same bytes. */
  oid: string;
  read(): Promise<Uint8Array>;
}

/** A repository at one commit, as fetched: the files under the folder asked for. */
export interface RepositorySnapshot {
  /** The commit's id. */
  commit: string;
  /** The branch, tag or commit id it was fetched at. */
  ref: string;
  /** The folder asked for, '' for the whole repository. */
  folder: string;
  files: RepositoryFile[];
}

export interface FetchRepositoryInput {
  address: RepositoryAddress;
  /** A branch, tag or commit id; by default the one in the address, else the repository's default branch. */
  ref?: string | undefined;
  /** A folder of the repository (`packages/core`); by default the one in the address, else the root. */
  folder?: string | undefined;
  /** For a private repository: sent for this run only, never stored. */
  token?: string | undefined;
  /** The outbound HTTP client (`gitHttpClient`). */
  http: HttpClient;
  /** The run's own temporary folder (`withTempDir`); the git objects go there. */
  dir: string;
}

const commitId = /^[0-9a-f]{40}$/i;

/** isomorphic-git's HTTP errors carry the status in `data`. */
function statusOf(error: unknown): number | undefined {
  const data = (error as { code?: string; data?: { statusCode?: number } } | undefined)?.data;
  return typeof data?.statusCode === 'number' ? data.statusCode : undefined;
}

/** The catalogue error for a failure to reach or read the repository. */
function fetchFailure(
  error: unknown,
  input: { address: RepositoryAddress; token?: string | undefined },
): AppError {
  if (error instanceof AppError) return error;
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  const outbound =
    error instanceof OutboundFetchError ? error : cause instanceof OutboundFetchError ? cause : undefined;
  if (outbound) {
    if (outbound.kind === 'too-large')
      return new AppError('extractor/too-large', { message: outbound.message, cause: error });
    if (outbound.kind === 'timeout' || outbound.kind === 'network')
      return new AppError('extractor/unreachable', { message: outbound.message, cause: error });
    if (outbound.kind !== 'http')
      return new AppError('extractor/host-refused', { message: outbound.message, cause: error });
  }
  if (error instanceof PackError)
    return new AppError('extractor/unreachable', {
      message: `${input.address.name} sent a pack that does not read as git's: ${error.message}`,
      cause: error,
    });
  if (error instanceof FetchProtocolError && error.status === undefined)
    return new AppError('extractor/unreachable', {
      message: `${input.address.name}: ${error.message}`,
      cause: error,
    });
  // Asked for credentials with none given: the repository is private (or hidden as if it did not exist).
  if ((error as { code?: string } | undefined)?.code === 'UserCanceledError')
    return new AppError('extractor/needs-token', { cause: error });
  const status =
    statusOf(error) ?? outbound?.status ?? (error instanceof FetchProtocolError ? error.status : undefined);
  if (status === 401 || status === 403)
    return new AppError(input.token ? 'extractor/token-refused' : 'extractor/needs-token', { cause: error });
  if (status === 404) return new AppError('extractor/not-a-repository', { cause: error });
  return new AppError('extractor/unreachable', {
    message: `${input.address.host} did not answer as a git repository does.`,
    cause: error,
  });
}

/** The branch and tag names a ref list holds (`main`, `release/2.0`, `v1`) with their commits, and the default branch. */
function namesOf(
  refs: { ref: string; oid: string; target?: string | undefined; peeled?: string | undefined }[],
) {
  const names = new Map<string, string>();
  let defaultBranch: string | undefined;
  for (const { ref, oid, target, peeled } of refs) {
    if (ref === 'HEAD' && target?.startsWith('refs/heads/'))
      defaultBranch = target.slice('refs/heads/'.length);
    const name = /^refs\/(?:heads|tags)\/(.+?)(?:\^\{\})?$/.exec(ref)?.[1];
    // An annotated tag names a tag object; what it points at is the commit.
    if (name) names.set(name, peeled ?? oid);
  }
  return { names, defaultBranch };
}

/** Where a repository's run reads: the ref, the commit it names now, and the folder. */
export interface ResolvedRepository {
  ref: string;
  commit: string;
  folder: string;
}

const credentials = (token: string | undefined) => () =>
  token ? { username: 'x-access-token', password: token } : { cancel: true };

/**
 * Asks the host which commit the ref names (one small request, with the person's token, so it also checks that
 * they may read the repository): a branch, a tag, a commit id, or the default branch; a ref and folder written in
 * the address are split by the refs that exist.
 */
export async function resolveRepository(
  input: Omit<FetchRepositoryInput, 'dir'>,
): Promise<ResolvedRepository> {
  const { address, http, token } = input;
  let ref = input.ref?.trim() || undefined;
  let folder = input.folder?.trim().replace(/^\/+|\/+$/g, '') ?? '';
  try {
    const refs = await git.listServerRefs({
      http,
      url: address.cloneUrl,
      onAuth: credentials(token),
      protocolVersion: 2,
      symrefs: true,
      peelTags: true,
    });
    const { names, defaultBranch } = namesOf(refs);
    if (ref === undefined && address.refAndPath) {
      const split = splitRefAndPath(address.refAndPath, new Set(names.keys()));
      if (!split)
        throw new AppError('extractor/ref-not-found', {
          message: `${address.name} has no branch, tag or commit “${address.refAndPath.join('/')}”.`,
        });
      ref = split.ref;
      if (!input.folder) folder = split.path;
    }
    ref ??= defaultBranch;
    if (!ref)
      throw new AppError('extractor/ref-not-found', { message: `${address.name} has no default branch.` });
    const commit = names.get(ref) ?? (commitId.test(ref) ? ref.toLowerCase() : undefined);
    if (!commit)
      throw new AppError('extractor/ref-not-found', {
        message: `${address.name} has no branch, tag or commit “${ref}”.`,
      });
    return { ref, commit, folder };
  } catch (error) {
    throw fetchFailure(error, input);
  }
}

/** isomorphic-git's fetch of the ref, for a host that does not speak protocol v2. */
async function fetchWithIsomorphicGit(
  input: Omit<FetchRepositoryInput, 'ref' | 'folder'> & { resolved: ResolvedRepository },
): Promise<string> {
  const { address, http, dir, token, resolved } = input;
  const url = address.cloneUrl;
  await git.init({ fs, dir });
  await git.addRemote({ fs, dir, remote: 'origin', url, force: true });
  const fetched = await git.fetch({
    fs,
    http,
    dir,
    url,
    ref: resolved.ref,
    remoteRef: resolved.ref,
    singleBranch: true,
    depth: 1,
    tags: false,
    onAuth: credentials(token),
  });
  if (!fetched.fetchHead)
    throw new AppError('extractor/ref-not-found', {
      message: `${address.name} has nothing at “${resolved.ref}”.`,
    });
  return fetched.fetchHead;
}

/**
 * Fetches the commit `resolved` names, at depth 1, into `dir`'s git folder as one pack and its index; returns
 * the commit fetched. Protocol v2's fetch, indexed with the platform's zlib and SHA-1 (decision 035); a host
 * that does not speak v2 is fetched from with isomorphic-git.
 */
export async function fetchCommit(
  input: Omit<FetchRepositoryInput, 'ref' | 'folder'> & { resolved: ResolvedRepository },
): Promise<string> {
  const { address, http, dir, token, resolved } = input;
  try {
    let pack: Buffer;
    try {
      pack = await fetchPackV2({
        http,
        cloneUrl: address.cloneUrl,
        commit: resolved.commit,
        headers: token
          ? { Authorization: `Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}` }
          : {},
      });
    } catch (error) {
      if (error instanceof FetchProtocolError && error.notV2) return await fetchWithIsomorphicGit(input);
      throw error;
    }
    const index = indexPack(pack);
    const name = `pack-${pack.subarray(pack.length - 20).toString('hex')}`;
    const folder = path.join(dir, '.git', 'objects', 'pack');
    await fs.promises.mkdir(folder, { recursive: true });
    await fs.promises.writeFile(path.join(folder, `${name}.pack`), pack);
    await fs.promises.writeFile(path.join(folder, `${name}.idx`), index);
    await fs.promises.writeFile(path.join(dir, '.git', 'shallow'), `${resolved.commit}\n`);
    return resolved.commit;
  } catch (error) {
    throw fetchFailure(error, input);
  }
}

const MAX_TREE_DEPTH = 256;

/** The catalogue error for fetched objects that do not read as git's. */
function packFailure(name: string, error: unknown): unknown {
  if (!(error instanceof PackError)) return error;
  return new AppError('extractor/unreachable', {
    message: `${name} sent objects that do not read as git's: ${error.message}`,
    cause: error,
  });
}

/**
 * The files of `commit` under `folder` in a fetched repository: symbolic links and submodules are left out, and
 * no path can leave the root. Throws `extractor/path-not-found` when the folder holds nothing, and
 * `extractor/unreachable` when the fetched objects do not read as git objects.
 */
export async function listFiles(input: {
  dir: string;
  commit: string;
  folder: string;
  name: string;
  ref: string;
}): Promise<RepositoryFile[]> {
  const { dir, commit, folder } = input;
  const files: RepositoryFile[] = [];
  const prefix = folder === '' ? '' : `${folder}/`;
  try {
    const store = await openObjectStore(dir);
    const commitObject = store.read(commit);
    if (commitObject.type !== 'commit') throw new PackError(`${commit} is not a commit.`);
    const walk = (treeId: string, at: string, depth: number) => {
      // Deeper than any real repository; a hostile one would run the stack out.
      if (depth > MAX_TREE_DEPTH) throw new PackError(`Folders nest deeper than ${MAX_TREE_DEPTH} levels.`);
      const tree = store.read(treeId);
      if (tree.type !== 'tree') throw new PackError(`${treeId} is not a tree.`);
      for (const entry of parseTree(tree.data)) {
        const path = at === '' ? entry.name : `${at}/${entry.name}`;
        // Only the folder asked for, and the folders on the way to it.
        if (prefix && !path.startsWith(prefix) && !prefix.startsWith(`${path}/`)) continue;
        if (entry.mode === 0o040000) {
          walk(entry.oid, path, depth + 1);
          continue;
        }
        // Symbolic links (120000) point anywhere; submodules (160000) are other repositories.
        if (entry.mode !== 0o100644 && entry.mode !== 0o100755 && entry.mode !== 0o100664) continue;
        // A hostile server could name a tree entry `..`; nothing is written, but nothing like it is kept either.
        const safe = safeEntryPath(path);
        if (safe === null || !safe.startsWith(prefix)) continue;
        const { oid } = entry;
        files.push({
          path: safe,
          oid,
          read: () => {
            try {
              const blob = store.read(oid);
              if (blob.type !== 'blob') throw new PackError(`${safe} is not a file.`);
              return Promise.resolve(blob.data);
            } catch (error) {
              return Promise.reject(packFailure(input.name, error));
            }
          },
        });
      }
    };
    walk(treeOfCommit(commitObject.data), '', 0);
  } catch (error) {
    throw packFailure(input.name, error);
  }
  if (folder !== '' && files.length === 0)
    throw new AppError('extractor/path-not-found', {
      message: `${input.name} has no folder “${folder}” at ${input.ref}.`,
    });
  return files;
}

/**
 * Fetches one commit of a repository over smart HTTP, shallow (depth 1) and of that ref only, into `dir`, and
 * lists its files under the folder asked for; nothing is checked out or run. Throws `extractor/…` errors: no
 * such repository, a private one without (or with a refused) token, a host the outbound rules refuse or that
 * cannot be reached, an answer over the cap, no such ref, no such folder.
 */
export async function fetchRepository(input: FetchRepositoryInput): Promise<RepositorySnapshot> {
  const resolved = await resolveRepository(input);
  const commit = await fetchCommit({ ...input, resolved });
  const files = await listFiles({
    dir: input.dir,
    commit,
    folder: resolved.folder,
    name: input.address.name,
    ref: resolved.ref,
  });
  return { commit, ref: resolved.ref, folder: resolved.folder, files };
}
