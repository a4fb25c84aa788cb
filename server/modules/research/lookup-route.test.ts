import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { lookupResultSchema } from '../../../contracts/research.ts';
import { setupTestApp } from '../../test/app.ts';
import { people } from '../../test/people.ts';
import { paperRecord, researchHelpers } from '../../test/research.ts';

const fixture = (name: string) => readFileSync(new URL(`./lookup/fixtures/${name}`, import.meta.url), 'utf8');

/** Crossref and arXiv on loopback, serving the fixtures; a stalling DOI and a redirecting one. */
async function startServices() {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/works/')) {
      const doi = decodeURIComponent(url.pathname.slice('/works/'.length)).toLowerCase();
      if (doi === '10.1109/mc.2009.263') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(fixture('crossref-work-10.1109-mc.2009.263.json'));
      } else if (doi === '10.5555/stall') {
        // Never answers: the lookup's own deadline ends it.
      } else if (doi === '10.5555/redirect') {
        res.writeHead(302, { location: 'http://10.0.0.1/works/10.5555/elsewhere' });
        res.end();
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('Resource not found.');
      }
      return;
    }
    if (url.pathname === '/api/query') {
      const id = url.searchParams.get('id_list') ?? '';
      res.writeHead(200, { 'content-type': 'application/atom+xml; charset=utf-8' });
      res.end(fixture(/^1708\.05031(v\d+)?$/.test(id) ? 'arxiv-1708.05031.xml' : 'arxiv-empty.xml'));
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const services = await startServices();
afterAll(() => services.close());

describe('looking papers up', () => {
  const context = setupTestApp({
    CROSSREF_URL: services.origin,
    ARXIV_URL: services.origin,
    LOOKUP_TIMEOUT_MS: '500',
  });
  const { signUp, request } = people(context, '198.18.66');
  const { newPaper } = researchHelpers(context, request);

  async function lookup(identifier: string, person: Parameters<typeof request>[2]) {
    const response = await request('POST', '/api/research/lookup', person, { identifier });
    expect(response.statusCode, response.body).toBe(200);
    return lookupResultSchema.parse(response.json());
  }

  it('finds a DOI on Crossref, and says when the paper is already here', async () => {
    const ada = await signUp('Ada');
    const found = await lookup('https://doi.org/10.1109/MC.2009.263', ada);
    expect(found).toMatchObject({
      found: true,
      existingId: null,
      paper: {
        title: 'Matrix Factorization Techniques for Recommender Systems',
        year: 2009,
        doi: '10.1109/mc.2009.263',
      },
    });
    const id = await newPaper(ada, { doi: '10.1109/MC.2009.263' });
    expect(await lookup('10.1109/mc.2009.263', ada)).toMatchObject({ found: true, existingId: id });
  });

  it('finds an arXiv id, and says what is not found', async () => {
    const ada = await signUp('Ada');
    expect(await lookup('arXiv:1708.05031v2', ada)).toMatchObject({
      found: true,
      existingId: null,
      paper: { title: 'Neural Collaborative Filtering' },
    });
    expect(await lookup('10.5555/nothing-here', ada)).toEqual({
      found: false,
      reason: 'not-found',
      message:
        'Crossref has no record of 10.5555/nothing-here; check the DOI, or fill in the fields by hand.',
    });
    expect(await lookup('2101.00001', ada)).toEqual({
      found: false,
      reason: 'not-found',
      message: 'arXiv has no paper 2101.00001; check the id, or fill in the fields by hand.',
    });
    expect(await lookup('not an identifier', ada)).toMatchObject({ found: false, reason: 'invalid-input' });
  });

  it('gives up after the configured time', async () => {
    const ada = await signUp('Ada');
    const started = Date.now();
    expect(await lookup('10.5555/stall', ada)).toEqual({
      found: false,
      reason: 'unreachable',
      message: 'Crossref did not answer in time; try again later or fill in the fields by hand.',
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses a redirect to a private address, with a message', async () => {
    const ada = await signUp('Ada');
    expect(await lookup('10.5555/redirect', ada)).toEqual({
      found: false,
      reason: 'unreachable',
      message:
        'Crossref redirected the request to a private, local or reserved address, which this server does not fetch from; fill in the fields by hand.',
    });
  });

  it('is for signed-in people', async () => {
    const response = await request('POST', '/api/research/lookup', undefined, { identifier: '10.1109/x' });
    expect(response.statusCode).toBe(401);
  });
});

describe('looking papers up, turned off', () => {
  const context = setupTestApp({
    OUTBOUND_FETCH: 'false',
    CROSSREF_URL: services.origin,
    ARXIV_URL: services.origin,
  });
  const { signUp, request } = people(context, '198.18.67');

  it('answers disabled without a request', async () => {
    const ada = await signUp('Ada');
    const before = services.seen.length;
    for (const identifier of ['10.1109/MC.2009.263', '1708.05031']) {
      const response = await request('POST', '/api/research/lookup', ada, { identifier });
      expect(lookupResultSchema.parse(response.json())).toEqual({
        found: false,
        reason: 'disabled',
        message:
          'Looking papers up on the internet is turned off on this server; fill in the fields by hand.',
      });
    }
    expect(services.seen.length).toBe(before);
    // Adding by hand still works.
    const added = await request('POST', '/api/research/papers', ada, { paper: paperRecord() });
    expect(added.statusCode).toBe(200);
  });
});
