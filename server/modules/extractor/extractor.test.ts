import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Extraction, StartExtraction } from '../../../contracts/extractor.ts';
import type { Job } from '../../../contracts/jobs.ts';
import { extractions, extractorUploads } from '../../db/schema.ts';
import { createLocalFileStore } from '../../lib/files/store.ts';
import { setupTestApp } from '../../test/app.ts';
import { startGitServer, type GitServer } from '../../test/git-server.ts';
import { people, type Person } from '../../test/people.ts';
import { createExtractorRepository } from './repository.ts';
import { sweepUploads } from './upload-sweep.ts';

// Built in pieces so that no secret scanner flags this file itself.
const github = `ghp_${'a1B2c3D4e5F6g7H8i9J0'}${'k1L2m3N4o5P6'}${'q7R8'}`;
let server: GitServer;
let commits: string[];
let changeCommits: string[];
// Read by setupTestApp's own beforeAll, which runs after this file's first one has started the git server.
const env: Record<string, string> = {};

beforeAll(async () => {
  server = await startGitServer({ token: 'sesame' });
  env.EXTRACTOR_TRUSTED_ORIGINS = server.baseUrl;
  ({ commits } = await server.createRepository('team/tool', [
    {
      message: 'first',
      files: {
        'README.md': '# Tool\n\nA tool.\n',
        'package.json': '{ "name": "tool" }\n',
        'src/a.ts': 'export const a = 1;\n',
        'src/add.ts':
          '/** Adds two numbers. */\nexport function add(x: number, y: number): number {\n  // the sum\n  const url = "http://x/*y*/";\n  return x + y;\n}\n',
        'src/big.ts': `export const big = [\n${'  1,\n'.repeat(3000)}];\n`,
        'docs/guide.md': 'A guide to the tool.\n'.repeat(50),
        'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
        'package-lock.json': '{}\n',
        '.gitignore': 'generated/\n',
        'config.ts': `export const token = "${github}";\nexport const other = 1;\n`,
      },
      tags: ['v1'],
    },
    { message: 'second', files: { 'src/b.ts': 'export const b = 2;\n' } },
  ]));
  await server.createRepository('team/mono', [
    {
      message: 'packages',
      files: {
        'README.md': '# Mono\n\nTwo packages that draw maps.\n',
        'package.json': '{ "name": "mono", "private": true, "workspaces": ["packages/*"] }\n',
        'packages/core/package.json': '{ "name": "@mono/core", "description": "Projections." }\n',
        'packages/core/index.ts': 'export function project(x: number) {\n  return x;\n}\n',
        'packages/cli/package.json': '{ "name": "@mono/cli", "dependencies": { "@mono/core": "1" } }\n',
        'packages/cli/index.ts':
          "import { project } from '@mono/core';\nexport const run = () => project(1);\n",
      },
    },
  ]);
  ({ commits: changeCommits } = await server.createRepository('team/changes', [
    {
      message: 'before',
      files: {
        'src/a.ts': 'export const a = 1;\n',
        'src/keep.ts': 'export const keep = true;\n',
        'docs/old.md': '# Old\n\nGone soon.\n',
        'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]),
      },
      tags: ['v1'],
    },
    {
      message: 'after',
      files: {
        'src/a.ts': 'export const a = 2;\nexport const more = 3;\n',
        'src/c.ts': `export const token = "${github}";\n`,
        'docs/old.md': null,
        'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 2]),
      },
      branches: ['feature'],
    },
  ]));
  await server.createRepository(
    'team/secret',
    [{ message: 'only', files: { 'key.ts': 'export const k = 1;\n' } }],
    {
      private: true,
    },
  );
});
afterAll(() => server?.close());

const context = setupTestApp(env);
const accounts = people(context, '10.20.1');
let ada: Person;
let bob: Person;

beforeAll(async () => {
  ada = await accounts.signUp('Ada');
  bob = await accounts.signUp('Bob');
});

function call(person: Person, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return context.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { cookie: person.cookie, origin: context.config.PUBLIC_URL },
    remoteAddress: person.address,
  });
}

async function start(person: Person, body: StartExtraction): Promise<Extraction> {
  const response = await call(person, 'POST', '/api/extractor/extractions', body);
  expect(response.statusCode, response.body).toBe(202);
  return response.json();
}

/** Reads the extraction until its job has ended (bounded). */
async function finished(person: Person, id: string): Promise<Extraction> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await call(person, 'GET', `/api/extractor/extractions/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const extraction = response.json() as Extraction;
    if (['succeeded', 'failed', 'cancelled'].includes(extraction.status)) return extraction;
    if (Date.now() > deadline) throw new Error(`Never finished: ${response.body}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const git = (path: string) => `${server.baseUrl}/${path}`;

describe('extracting a repository from a git host', () => {
  it('previews a branch: every file with its estimate and decision, and what to leave out', async () => {
    const started = await start(ada, { source: { kind: 'git', url: git('team/tool') }, mode: 'preview' });
    expect(started.status).toMatch(/queued|running/);
    const done = await finished(ada, started.id);
    expect(done.status, JSON.stringify(done)).toBe('succeeded');
    expect(done.ref).toBe('main');
    expect(done.commit).toBe(commits[1]);
    const byPath = Object.fromEntries(done.preview!.files.map((file) => [file.path, file]));
    expect(byPath['src/a.ts']).toMatchObject({ decision: 'include', reason: null });
    expect(byPath['src/a.ts']!.tokens).toBeGreaterThan(3);
    expect(byPath['logo.png']).toMatchObject({ decision: 'tree-only', reason: 'binary', tokens: 0 });
    expect(byPath['package-lock.json']).toMatchObject({ decision: 'exclude', reason: 'default-ignore' });
    // The largest thing taken is the first suggestion, with the tokens it would save.
    expect(done.preview!.suggestions[0]).toMatchObject({ glob: 'src/**' });
    expect(done.preview!.estimatedTokens).toBe(
      done.preview!.files.filter((f) => f.decision === 'include').reduce((sum, f) => sum + f.tokens, 0),
    );
    expect(done.document).toBeNull();
  });

  it('writes the document of the previewed commit, in parts, with the secret redacted, and caches it', async () => {
    const preview = await finished(
      ada,
      (await start(ada, { source: { kind: 'git', url: git('team/tool') }, mode: 'preview' })).id,
    );
    const rerun = await call(ada, 'POST', `/api/extractor/extractions/${preview.id}/rerun`, {
      mode: 'document',
      options: { exclude: ['docs/**'], partTokens: 1000, format: 'markdown' },
    });
    expect(rerun.statusCode, rerun.body).toBe(202);
    const done = await finished(ada, rerun.json().id);
    expect(done.status, JSON.stringify(done)).toBe('succeeded');
    expect(done.commit).toBe(preview.commit);
    const document = done.document!;
    expect(document.cached).toBe(false);
    expect(document.parts.length).toBeGreaterThan(1);
    expect(document.summary.files).toBe(document.parts.reduce((sum, part) => sum + part.files, 0));
    expect(document.secrets).toEqual([
      expect.objectContaining({ path: 'config.ts', line: 1, rule: expect.stringContaining('github') }),
    ]);

    const texts: string[] = [];
    for (const part of document.parts) {
      const response = await call(ada, 'GET', `/api/extractor/extractions/${done.id}/parts/${part.index}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/markdown');
      texts.push(response.body);
    }
    const all = texts.join('\n');
    expect(all).toContain('export const a = 1;');
    expect(all).not.toContain('A guide to the tool.');
    expect(all).not.toContain(github);
    expect(all).toContain('[REDACTED');
    expect(texts[1]).toMatch(/^# Part 2 of \d+ of /);

    const download = await call(ada, 'GET', `/api/extractor/extractions/${done.id}/parts/2?download=1`);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="team-tool.part-2-of-${document.parts.length}.md"`,
    );
    const zip = await call(ada, 'GET', `/api/extractor/extractions/${done.id}/download`);
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 3, 4]));

    // The same commit with the same options again: from the cache, nothing fetched.
    const before = server.requests.length;
    const again = await call(ada, 'POST', `/api/extractor/extractions/${preview.id}/rerun`, {
      mode: 'document',
      options: { exclude: ['docs/**'], partTokens: 1000, format: 'markdown' },
    });
    const cached = await finished(ada, again.json().id);
    expect(cached.document!.cached).toBe(true);
    expect(cached.bytesRead).toBeLessThan(2_000); // the ref list only
    // The ref list (one POST of `ls-refs`), and no second POST that would fetch a pack.
    expect(server.requests.slice(before).filter((request) => request.startsWith('POST'))).toHaveLength(1);
    expect(cached.document!.parts).toEqual(document.parts);

    // Nobody else reads it.
    expect((await call(bob, 'GET', `/api/extractor/extractions/${done.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', `/api/extractor/extractions/${done.id}/parts/1`)).statusCode).toBe(404);
  });

  it('keeps only signatures, or drops comments, with a real parser', async () => {
    const run = async (options: object) => {
      const done = await finished(
        ada,
        (await start(ada, { source: { kind: 'git', url: git('team/tool') }, mode: 'document', options })).id,
      );
      expect(done.status, JSON.stringify(done)).toBe('succeeded');
      return (await call(ada, 'GET', `/api/extractor/extractions/${done.id}/parts/1`)).body;
    };
    const signatures = await run({ signaturesOnly: true });
    expect(signatures).toContain(
      '/** Adds two numbers. */\nexport function add(x: number, y: number): number { … }',
    );
    expect(signatures).not.toContain('return x + y;');
    const uncommented = await run({ removeComments: true });
    expect(uncommented).toContain('const url = "http://x/*y*/";');
    expect(uncommented).not.toContain('// the sum');
    expect(uncommented).not.toContain('Adds two numbers');
  });

  it('reads a tag and a folder written in the address, and a commit by its id', async () => {
    const tagged = await finished(
      ada,
      (await start(ada, { source: { kind: 'git', url: git('team/tool/tree/v1/src') }, mode: 'preview' })).id,
    );
    expect(tagged.status, JSON.stringify(tagged)).toBe('succeeded');
    expect(tagged.commit).toBe(commits[0]);
    expect(tagged.preview!.files.map((file) => file.path)).toEqual(['src/a.ts', 'src/add.ts', 'src/big.ts']);

    const byCommit = await finished(
      ada,
      (await start(ada, { source: { kind: 'git', url: git('team/tool'), ref: commits[0] }, mode: 'preview' }))
        .id,
    );
    expect(byCommit.status, JSON.stringify(byCommit)).toBe('succeeded');
    expect(byCommit.preview!.files.map((file) => file.path)).not.toContain('src/b.ts');
  });

  it('says why when the ref, the folder or the repository is not there', async () => {
    const cases: [StartExtraction['source'], string][] = [
      [{ kind: 'git', url: git('team/tool'), ref: 'nope' }, 'extractor/ref-not-found'],
      [{ kind: 'git', url: git('team/tool'), folder: 'nowhere' }, 'extractor/path-not-found'],
      [{ kind: 'git', url: git('team/missing') }, 'extractor/not-a-repository'],
    ];
    for (const [source, code] of cases) {
      const done = await finished(ada, (await start(ada, { source, mode: 'preview' })).id);
      expect(done).toMatchObject({ status: 'failed', errorCode: code, preview: null, document: null });
    }
  });

  it('reads a private repository only with a token, which it keeps nowhere', async () => {
    const without = await finished(
      ada,
      (await start(ada, { source: { kind: 'git', url: git('team/secret') }, mode: 'document' })).id,
    );
    expect(without).toMatchObject({ status: 'failed', errorCode: 'extractor/needs-token' });
    const wrong = await finished(
      ada,
      (
        await start(ada, {
          source: { kind: 'git', url: git('team/secret') },
          token: 'guess',
          mode: 'document',
        })
      ).id,
    );
    expect(wrong).toMatchObject({ status: 'failed', errorCode: 'extractor/token-refused' });
    const right = await finished(
      ada,
      (
        await start(ada, {
          source: { kind: 'git', url: git('team/secret') },
          token: 'sesame',
          mode: 'document',
        })
      ).id,
    );
    expect(right.status, JSON.stringify(right)).toBe('succeeded');
    expect(right.source).toMatchObject({ kind: 'git', private: true });
    // Not in the extraction, its job, or the queue's own tables.
    const found = await context.db.pool.query(
      `select (select count(*) from extractions where source::text like '%sesame%' or options::text like '%sesame%')
            + (select count(*) from jobs where result::text like '%sesame%')
            + (select count(*) from pgboss.job where data::text like '%sesame%') as n`,
    );
    expect(Number(found.rows[0].n)).toBe(0);
  });

  it('refuses an address that is not a repository, or a host that is not public', async () => {
    const bad = await call(ada, 'POST', '/api/extractor/extractions', {
      source: { kind: 'git', url: 'not a url' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBe('extractor/invalid-url');
    const credentials = await call(ada, 'POST', '/api/extractor/extractions', {
      source: { kind: 'git', url: 'https://me:pw@github.com/a/b' },
    });
    expect(credentials.json().error.code).toBe('extractor/invalid-url');
    const loopback = await finished(
      ada,
      (await start(ada, { source: { kind: 'git', url: 'https://127.0.0.1/a/b' }, mode: 'preview' })).id,
    );
    expect(loopback).toMatchObject({ status: 'failed', errorCode: 'extractor/host-refused' });
  });
});

describe('module cards', () => {
  it('publishes a card per module and one for the repository, linked, once', async () => {
    const preview = await finished(
      ada,
      (await start(ada, { source: { kind: 'git', url: git('team/mono') }, mode: 'preview' })).id,
    );
    const early = await call(ada, 'POST', `/api/extractor/extractions/${preview.id}/cards`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('extractor/not-finished');

    const done = await finished(
      ada,
      (await start(ada, { source: { kind: 'git', url: git('team/mono') }, mode: 'document' })).id,
    );
    expect(done.status, JSON.stringify(done)).toBe('succeeded');
    expect(done.cards).toBeNull();
    const made = await call(ada, 'POST', `/api/extractor/extractions/${done.id}/cards`, {
      visibility: 'unlisted',
    });
    expect(made.statusCode, made.body).toBe(201);
    const { cards } = made.json() as { cards: { id: string; title: string; module: string | null }[] };
    expect(cards.map((card) => [card.title, card.module])).toEqual([
      ['team/mono', null],
      ['team/mono · @mono/cli', 'packages/cli'],
      ['team/mono · @mono/core', 'packages/core'],
    ]);
    // Twice is once.
    const again = await call(ada, 'POST', `/api/extractor/extractions/${done.id}/cards`, {});
    expect(again.json().cards).toEqual(cards);
    expect((await call(ada, 'GET', `/api/extractor/extractions/${done.id}`)).json().cards).toEqual(cards);

    const [repository, cli, core] = cards;
    const cliCard = (await call(ada, 'GET', `/api/cards/${cli!.id}`)).json();
    expect(cliCard).toMatchObject({ visibility: 'unlisted', tags: ['code', 'team-mono'] });
    expect(cliCard.body).toContain('[[team/mono · @mono/core]]');
    expect(cliCard.body).toContain(`/code_visualizer?extraction=${done.id}&path=packages%2Fcli`);
    const links = await context.db.pool.query(
      'select source_id, target_id from card_links where source_id = any($1::uuid[]) order by source_id, target_id',
      [[repository!.id, cli!.id, core!.id]],
    );
    const pairs = links.rows.map(
      (row: { source_id: string; target_id: string }) => `${row.source_id}>${row.target_id}`,
    );
    expect(pairs).toEqual(
      expect.arrayContaining([
        `${repository!.id}>${cli!.id}`,
        `${repository!.id}>${core!.id}`,
        `${cli!.id}>${core!.id}`,
        `${core!.id}>${cli!.id}`,
        `${cli!.id}>${repository!.id}`,
      ]),
    );
    expect((await call(bob, 'POST', `/api/extractor/extractions/${done.id}/cards`, {})).statusCode).toBe(404);
  });
});

describe('limits, cancellation and history', () => {
  it('cancels a run half-way, and refuses a second run at once on the free plan', async () => {
    const release = server.hold();
    try {
      const first = await start(bob, { source: { kind: 'git', url: git('team/tool') }, mode: 'preview' });
      const second = await call(bob, 'POST', '/api/extractor/extractions', {
        source: { kind: 'git', url: git('team/tool') },
      });
      expect(second.statusCode).toBe(429);
      expect(second.json().error.code).toBe('extractor/busy');
      const cancel = await call(bob, 'POST', `/api/jobs/${first.jobId}/cancel`);
      expect((cancel.json() as Job).status).toBe('cancelled');
      const done = await finished(bob, first.id);
      expect(done).toMatchObject({ status: 'cancelled', preview: null, document: null });
      // The run itself stops while the host still holds its request: it writes its own end.
      const deadline = Date.now() + 10_000;
      for (;;) {
        const [row] = await context.db.orm.select().from(extractions).where(eq(extractions.id, first.id));
        if (row?.status === 'cancelled') break;
        if (Date.now() > deadline) throw new Error(`The run never stopped: ${JSON.stringify(row)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      release();
    }
    // Free again.
    const next = await finished(
      bob,
      (await start(bob, { source: { kind: 'git', url: git('team/tool') }, mode: 'preview' })).id,
    );
    expect(next.status).toBe('succeeded');
  });

  it('stops at the daily volume, and lists and deletes the history', async () => {
    const carol = await accounts.signUp('Carol');
    const one = await finished(
      carol,
      (await start(carol, { source: { kind: 'git', url: git('team/tool') }, mode: 'document' })).id,
    );
    const list = await call(carol, 'GET', '/api/extractor/extractions');
    expect(list.json().items).toEqual([
      expect.objectContaining({
        id: one.id,
        status: 'succeeded',
        parts: 1,
        tokens: one.document!.summary.tokens,
      }),
    ]);
    const usage = (await call(carol, 'GET', '/api/extractor/usage')).json();
    expect(usage).toMatchObject({ running: 0, concurrentRuns: 1, bytesToday: one.bytesRead });
    expect(one.bytesRead).toBeGreaterThan(0);

    await context.db.orm
      .update(extractions)
      .set({ bytesRead: sql`${usage.bytesPerDay}::bigint` })
      .where(eq(extractions.id, one.id));
    const refused = await call(carol, 'POST', '/api/extractor/extractions', {
      source: { kind: 'git', url: git('team/tool') },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('extractor/daily-limit');

    expect((await call(bob, 'DELETE', `/api/extractor/extractions/${one.id}`)).statusCode).toBe(404);
    expect((await call(carol, 'DELETE', `/api/extractor/extractions/${one.id}`)).statusCode).toBe(204);
    expect((await call(carol, 'GET', '/api/extractor/extractions')).json().items).toEqual([]);
  });
});

describe('extracting an uploaded archive', () => {
  function upload(person: Person, name: string, bytes: Uint8Array) {
    return context.app.inject({
      method: 'POST',
      url: `/api/extractor/uploads?name=${encodeURIComponent(name)}`,
      payload: Buffer.from(bytes),
      headers: {
        cookie: person.cookie,
        origin: context.config.PUBLIC_URL,
        'content-type': 'application/octet-stream',
      },
      remoteAddress: person.address,
    });
  }

  it('reads a zip inside its one top folder, following its .gitignore', async () => {
    const dave = await accounts.signUp('Dave');
    const zip = zipSync({
      'project-main/README.md': strToU8('# Project\n'),
      'project-main/src/index.ts': strToU8('export const x = 1;\n'),
      'project-main/.gitignore': strToU8('out/\n'),
      'project-main/out/bundle.js': strToU8('var x = 1;\n'),
    });
    const uploaded = await upload(dave, 'project-main.zip', zip);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { sha256 } = uploaded.json();
    const done = await finished(
      dave,
      (await start(dave, { source: { kind: 'upload', sha256 }, mode: 'document' })).id,
    );
    expect(done.status, JSON.stringify(done)).toBe('succeeded');
    expect(done.source).toMatchObject({ kind: 'upload', name: 'project-main.zip' });
    const text = (await call(dave, 'GET', `/api/extractor/extractions/${done.id}/parts/1`)).body;
    expect(text).toContain('## Files');
    expect(text).toContain('src/index.ts');
    expect(text).not.toContain('bundle.js');
    // Another person cannot name Dave's upload.
    const theirs = await call(ada, 'POST', '/api/extractor/extractions', {
      source: { kind: 'upload', sha256 },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('forgets uploads not used for a week, and removes their bytes once no one’s upload names them', async () => {
    const [fay, gus] = [await accounts.signUp('Fay'), await accounts.signUp('Gus')];
    const zip = zipSync({ 'shared/README.md': strToU8('# Shared\n') });
    const sha256 = (await upload(fay, 'shared.zip', zip)).json().sha256 as string;
    expect((await upload(gus, 'same-bytes.zip', zip)).statusCode).toBe(201);
    const store = createLocalFileStore(path.join(context.dataDir, 'extractor', 'uploads'));
    const repository = createExtractorRepository(context.app.db.orm);
    const week = 7 * 24 * 60 * 60 * 1000;
    const age = (person: Person, days: number) =>
      context.app.db.orm
        .update(extractorUploads)
        .set({ createdAt: new Date(Date.now() - days * 24 * 60 * 60 * 1000) })
        .where(and(eq(extractorUploads.ownerKey, person.id), eq(extractorUploads.sha256, sha256)));

    // Fay's upload is old, Gus's is not: Fay's is forgotten, the bytes stay for Gus.
    await age(fay, 8);
    expect(await sweepUploads({ repository, uploads: store }, week)).toBe(0);
    const forgotten = await call(fay, 'POST', '/api/extractor/extractions', {
      source: { kind: 'upload', sha256 },
    });
    expect(forgotten.statusCode).toBe(404);
    expect(await store.has(sha256)).toBe(true);
    // Using an upload keeps it: Gus starts a run, which freshens his row, so an old date is taken back.
    await age(gus, 8);
    const used = await start(gus, { source: { kind: 'upload', sha256 }, mode: 'preview' });
    await finished(gus, used.id);
    expect(await sweepUploads({ repository, uploads: store }, week)).toBe(0);
    expect(await store.has(sha256)).toBe(true);
    // Once no one's upload names them, the bytes go.
    await age(gus, 8);
    expect(await sweepUploads({ repository, uploads: store }, week)).toBe(1);
    expect(await store.has(sha256)).toBe(false);
    // Uploaded again, the same bytes are kept again.
    expect((await upload(fay, 'shared.zip', zip)).statusCode).toBe(201);
    expect(await store.has(sha256)).toBe(true);
  });

  it('refuses what is not an archive, and fails a hostile one with its reason', async () => {
    const eve = await accounts.signUp('Eve');
    const text = await upload(eve, 'notes.zip', strToU8('just text'));
    expect(text.statusCode).toBe(422);
    expect(text.json().error.code).toBe('extractor/not-an-archive');

    const escaping = zipSync({ 'a/../../etc/passwd': strToU8('root') });
    const uploaded = await upload(eve, 'evil.zip', escaping);
    expect(uploaded.statusCode).toBe(201);
    const done = await finished(
      eve,
      (await start(eve, { source: { kind: 'upload', sha256: uploaded.json().sha256 }, mode: 'preview' })).id,
    );
    expect(done).toMatchObject({ status: 'failed', errorCode: 'extractor/archive-refused', preview: null });
  });
});

describe('comparing two refs (diff mode)', () => {
  it('writes the changed files as they are now and each diff, secrets redacted in both, pinned on rerun', async () => {
    const carol = await accounts.signUp('Carol');
    const started = await start(carol, {
      source: { kind: 'git', url: git('team/changes'), ref: 'feature', compareTo: 'v1' },
      mode: 'document',
    });
    const done = await finished(carol, started.id);
    expect(done.status, JSON.stringify(done)).toBe('succeeded');
    expect(done).toMatchObject({ ref: 'feature', commit: changeCommits[1], baseCommit: changeCommits[0] });
    expect(done.source).toMatchObject({ kind: 'git', compareTo: 'v1' });
    const summary = done.document!.summary;
    expect(summary.changes).toEqual({
      base: 'v1',
      baseCommit: changeCommits[0],
      added: 1,
      modified: 2,
      deleted: 1,
      additions: 3,
      deletions: 4,
      files: [
        { path: 'docs/old.md', status: 'deleted', additions: 0, deletions: 3 },
        { path: 'logo.png', status: 'modified', additions: null, deletions: null },
        { path: 'src/a.ts', status: 'modified', additions: 2, deletions: 1 },
        { path: 'src/c.ts', status: 'added', additions: 1, deletions: 0 },
      ],
    });
    // Only the changed files are in it, as they are now.
    expect(summary.files).toBe(2);
    const text = (await call(carol, 'GET', `/api/extractor/extractions/${done.id}/parts/1`)).body;
    expect(text).toContain('Changes from v1 (');
    expect(text).toContain('### src/a.ts\n');
    expect(text).not.toContain('src/keep.ts');
    expect(text).toContain(
      '### src/a.ts (diff)\n\n```diff\n--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1,2 @@\n-export const a = 1;\n+export const a = 2;\n+export const more = 3;\n```',
    );
    expect(text).toContain('--- a/docs/old.md\n+++ /dev/null\n@@ -1,3 +0,0 @@\n-# Old\n-\n-Gone soon.');
    expect(text).toContain('### logo.png (diff)\n\n```diff\nBinary file modified.\n```');
    // The token is redacted where the file is written and in its diff.
    expect(text).not.toContain(github);
    expect(text.match(/\[REDACTED /g)).toHaveLength(2);
    expect(done.document!.secrets.map((finding) => finding.path)).toEqual(['src/c.ts', 'src/c.ts']);

    // Another format and the same commits, though the branch could have moved: the comparison is pinned.
    const rerun = await call(carol, 'POST', `/api/extractor/extractions/${done.id}/rerun`, {
      mode: 'document',
      options: { format: 'xml' },
    });
    expect(rerun.statusCode, rerun.body).toBe(202);
    const again = await finished(carol, rerun.json().id);
    expect(again).toMatchObject({
      status: 'succeeded',
      commit: changeCommits[1],
      baseCommit: changeCommits[0],
    });
    const xml = (await call(carol, 'GET', `/api/extractor/extractions/${again.id}/parts/1`)).body;
    expect(xml).toContain('<diff path="src/a.ts">\n--- a/src/a.ts');

    // Module cards are of a whole repository, not of a comparison.
    const cards = await call(carol, 'POST', `/api/extractor/extractions/${done.id}/cards`, {});
    expect(cards.statusCode).toBe(409);
    expect(cards.json().error.code).toBe('extractor/cards-of-a-comparison');
  });

  it('says when the ref to compare with does not exist, and when nothing changed', async () => {
    const dan = await accounts.signUp('Dan');
    const missing = await finished(
      dan,
      (
        await start(dan, {
          source: { kind: 'git', url: git('team/changes'), compareTo: 'v9' },
          mode: 'document',
        })
      ).id,
    );
    expect(missing).toMatchObject({ status: 'failed', errorCode: 'extractor/ref-not-found' });
    const same = await finished(
      dan,
      (
        await start(dan, {
          source: { kind: 'git', url: git('team/changes'), ref: 'feature', compareTo: 'main' },
          mode: 'document',
        })
      ).id,
    );
    expect(same).toMatchObject({ status: 'failed', errorCode: 'extractor/nothing-selected' });
  });
});
