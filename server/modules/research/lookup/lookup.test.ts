import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { paperMetadataSchema } from '../../../../contracts/research.ts';
import { presetOutboundFetch } from '../../../lib/outbound-fetch/index.ts';
import { lookupArxiv, lookupDoi, type LookupDeps } from './lookup.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const crossrefWork = fixture('crossref-work-10.1109-mc.2009.263.json');
const arxivFeed = fixture('arxiv-1708.05031.xml');
const arxivEmpty = fixture('arxiv-empty.xml');

type TestServer = { origin: string; seen: string[] };
const servers: http.Server[] = [];

async function serve(
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<TestServer> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    handle(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** Crossref and arXiv as they answer: the works route (DOI raw or encoded, any case) and the query route. */
function services(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith('/works/')) {
    const doi = decodeURIComponent(url.pathname.slice('/works/'.length)).toLowerCase();
    if (doi === '10.1109/mc.2009.263') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(crossrefWork);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Resource not found.');
    }
    return;
  }
  if (url.pathname === '/api/query') {
    const id = url.searchParams.get('id_list') ?? '';
    res.writeHead(200, { 'content-type': 'application/atom+xml; charset=utf-8' });
    res.end(/^1708\.05031(v\d+)?$/.test(id) ? arxivFeed : arxivEmpty);
    return;
  }
  res.writeHead(404);
  res.end();
}

function depsFor(origin: string, overrides: Partial<LookupDeps> = {}): LookupDeps {
  return {
    fetch: presetOutboundFetch({ timeoutMs: 2000 }),
    crossrefBaseUrl: origin,
    arxivBaseUrl: origin,
    enabled: true,
    userAgent: 'CARD WEB (+https://cards.example.org)',
    ...overrides,
  };
}

const koren = {
  title: 'Matrix Factorization Techniques for Recommender Systems',
  authors: [
    { name: 'Yehuda Koren' },
    { name: 'Robert Bell' },
    { name: 'Chris Volinsky', orcid: '0000-0002-1825-0097' },
  ],
  venue: 'Computer',
  year: 2009,
  doi: '10.1109/mc.2009.263',
  url: 'https://doi.org/10.1109/mc.2009.263',
  abstract:
    'As the Netflix Prize competition has demonstrated, matrix factorization models are superior to classic nearest-neighbor techniques for producing product recommendations, allowing the incorporation of additional information such as implicit feedback, temporal effects, and confidence levels.',
  tags: [],
  references: [
    { doi: '10.1145/1401890.1401944' },
    {
      doi: '10.1109/ICDM.2007.90',
      text: 'R. Bell and Y. Koren, "Scalable Collaborative Filtering with Jointly Derived Neighborhood Interpolation Weights," Proc. IEEE Int\'l Conf. Data Mining (ICDM 07), IEEE CS Press, 2007, pp. 43-52.',
    },
    { doi: '10.1145/1557019.1557072' },
    {
      title: 'Item-Based Collaborative Filtering Recommendation Algorithms',
      text: "sarwar, Item-Based Collaborative Filtering Recommendation Algorithms, Proc. 10th Int'l Conf. World Wide Web, 2001",
    },
    {
      text: 'S. Funk, "Netflix Update: Try This at Home," Dec. 2006; http://sifter.org/~simon/journal/20061211.html.',
    },
    {
      title: 'Probabilistic Matrix Factorization',
      text: 'salakhutdinov, Probabilistic Matrix Factorization, Proc. Advances in Neural Information Processing Systems 20 (NIPS 07), 2008',
    },
    { text: 'bennett, Proc. KDD Cup and Workshop, 2007' },
  ],
};

const ncf = {
  title: 'Neural Collaborative Filtering',
  authors: ['Xiangnan He', 'Lizi Liao', 'Hanwang Zhang', 'Liqiang Nie', 'Xia Hu', 'Tat-Seng Chua'].map(
    (name) => ({
      name,
    }),
  ),
  arxivId: '1708.05031',
  venue: 'Proceedings of the 26th International Conference on World Wide Web (WWW 2017), pages 173-182',
  year: 2017,
  doi: '10.1145/3038912.3052569',
  url: 'http://arxiv.org/abs/1708.05031v2',
  tags: [],
};

describe('lookupDoi', () => {
  it.each(['10.1109/MC.2009.263', 'doi:10.1109/MC.2009.263', 'https://doi.org/10.1109/MC.2009.263'])(
    'finds %s on Crossref',
    async (input) => {
      const server = await serve(services);
      const result = await lookupDoi(input, depsFor(server.origin));
      expect(result).toEqual({ found: true, paper: koren });
      if (result.found) expect(paperMetadataSchema.parse(result.paper)).toEqual(koren);
      expect(server.seen).toEqual(['/works/10.1109%2FMC.2009.263']);
    },
  );

  it('says Crossref has no record of an unknown DOI', async () => {
    const server = await serve(services);
    expect(await lookupDoi('10.1234/nothing.here', depsFor(server.origin))).toEqual({
      found: false,
      reason: 'not-found',
      message:
        'Crossref has no record of 10.1234/nothing.here; check the DOI, or fill in the fields by hand.',
    });
    expect(server.seen).toEqual(['/works/10.1234%2Fnothing.here']);
  });

  it('says Crossref did not answer in time when it stalls', async () => {
    const server = await serve(() => {}); // never answers
    const started = Date.now();
    const result = await lookupDoi(
      '10.1109/MC.2009.263',
      depsFor(server.origin, { fetch: presetOutboundFetch({ timeoutMs: 300 }) }),
    );
    expect(result).toEqual({
      found: false,
      reason: 'unreachable',
      message: 'Crossref did not answer in time; try again later or fill in the fields by hand.',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses to follow Crossref to a private address, and says so', async () => {
    const inside = await serve(services);
    const crossref = await serve((_req, res) => {
      res.writeHead(301, { location: `${inside.origin}/works/10.1109%2FMC.2009.263` });
      res.end();
    });
    expect(await lookupDoi('10.1109/MC.2009.263', depsFor(crossref.origin))).toEqual({
      found: false,
      reason: 'unreachable',
      message:
        'Crossref redirected the request to a private, local or reserved address, which this server does not fetch from; fill in the fields by hand.',
    });
    expect(crossref.seen).toHaveLength(1);
    expect(inside.seen).toEqual([]);
  });

  it('makes no request when looking up is turned off', async () => {
    const server = await serve(services);
    expect(await lookupDoi('10.1109/MC.2009.263', depsFor(server.origin, { enabled: false }))).toEqual({
      found: false,
      reason: 'disabled',
      message: 'Looking papers up on the internet is turned off on this server; fill in the fields by hand.',
    });
    expect(server.seen).toEqual([]);
  });

  it('says so when Crossref answers something that is not a work', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Maintenance</body></html>');
    });
    expect(await lookupDoi('10.1109/MC.2009.263', depsFor(server.origin))).toEqual({
      found: false,
      reason: 'invalid-response',
      message: 'Crossref gave an answer this server cannot read; fill in the fields by hand.',
    });
  });

  it('says Crossref is failing on a server error', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(503);
      res.end();
    });
    expect(await lookupDoi('10.1109/MC.2009.263', depsFor(server.origin))).toEqual({
      found: false,
      reason: 'unreachable',
      message: 'Crossref answered with an error (HTTP 503); try again later or fill in the fields by hand.',
    });
  });

  it('asks nothing for text that is not a DOI', async () => {
    const server = await serve(services);
    expect(await lookupDoi('Matrix factorization', depsFor(server.origin))).toEqual({
      found: false,
      reason: 'invalid-input',
      message: 'That is not a DOI; a DOI looks like 10.1109/MC.2009.263.',
    });
    expect(server.seen).toEqual([]);
  });
});

describe('lookupArxiv', () => {
  it.each([
    ['1708.05031', '/api/query?id_list=1708.05031'],
    ['arXiv:1708.05031v2', '/api/query?id_list=1708.05031v2'],
    ['https://arxiv.org/abs/1708.05031', '/api/query?id_list=1708.05031'],
  ])('finds %s on arXiv', async (input, path) => {
    const server = await serve(services);
    const result = await lookupArxiv(input, depsFor(server.origin));
    expect(result.found).toBe(true);
    if (!result.found) return;
    const { abstract, ...rest } = result.paper;
    expect(rest).toEqual(ncf);
    expect(abstract).toMatch(
      /^In recent years, deep neural networks have yielded immense success on speech recognition,/,
    );
    expect(abstract).toMatch(/ offers better recommendation performance\.$/);
    expect(abstract).not.toMatch(/\n| {2}/);
    expect(paperMetadataSchema.parse(result.paper)).toEqual(result.paper);
    expect(server.seen).toEqual([path]);
  });

  it('says arXiv has no paper with an unknown id (an empty feed)', async () => {
    const server = await serve(services);
    expect(await lookupArxiv('2411.99999', depsFor(server.origin))).toEqual({
      found: false,
      reason: 'not-found',
      message: 'arXiv has no paper 2411.99999; check the id, or fill in the fields by hand.',
    });
    expect(server.seen).toEqual(['/api/query?id_list=2411.99999']);
  });

  it('says arXiv did not answer in time when it stalls', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/atom+xml' });
      res.write('<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">');
    });
    const result = await lookupArxiv(
      '1708.05031',
      depsFor(server.origin, { fetch: presetOutboundFetch({ timeoutMs: 300 }) }),
    );
    expect(result).toEqual({
      found: false,
      reason: 'unreachable',
      message: 'arXiv did not answer in time; try again later or fill in the fields by hand.',
    });
  });

  it('makes no request when looking up is turned off', async () => {
    const server = await serve(services);
    expect((await lookupArxiv('1708.05031', depsFor(server.origin, { enabled: false }))).found).toBe(false);
    expect(server.seen).toEqual([]);
  });
});
