import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  literatureMapSchema,
  paperPageSchema,
  projectSchema,
  queueItemSchema,
  researchHomeSchema,
} from '../../../contracts/research.ts';
import { pdfDocuments } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { people, type Person } from '../../test/people.ts';
import { researchHelpers, uniqueWord } from '../../test/research.ts';

describe('the research home', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '198.18.71');
  const { newPaper } = researchHelpers(context, request);

  async function move(person: Person, id: string, change: object) {
    const response = await request('PUT', `/api/research/queue/${id}`, person, change);
    expect(response.statusCode, response.body).toBe(200);
    return queueItemSchema.parse(response.json());
  }
  async function queue(person: Person) {
    return researchHomeSchema.parse((await request('GET', '/api/research/home', person)).json()).queue;
  }

  it('moves papers along the queue, noting when reading started and finished, in priority order', async () => {
    const ada = await signUp('Ada');
    const [first, second, third] = [await newPaper(ada), await newPaper(ada), await newPaper(ada)];

    const queued = await move(ada, first, {});
    expect([queued.status, queued.priority, queued.startedAt, queued.finishedAt]).toEqual([
      'to-read',
      2,
      null,
      null,
    ]);
    // Queueing it again changes nothing.
    expect(await move(ada, first, {})).toEqual(queued);
    const reading = await move(ada, first, { status: 'reading' });
    expect(reading.startedAt).not.toBeNull();
    expect(reading.finishedAt).toBeNull();
    const read = await move(ada, first, { status: 'read' });
    expect(read.startedAt).toBe(reading.startedAt);
    expect(read.finishedAt).not.toBeNull();
    // Priority alone keeps the dates.
    expect(await move(ada, first, { priority: 3 })).toMatchObject({
      status: 'read',
      priority: 3,
      startedAt: reading.startedAt,
      finishedAt: read.finishedAt,
    });
    const back = await move(ada, first, { status: 'to-read' });
    expect([back.startedAt, back.finishedAt]).toEqual([null, null]);
    // Straight to read: started and finished at once.
    const skipped = await move(ada, second, { status: 'read' });
    expect(skipped.startedAt).not.toBeNull();
    expect(skipped.finishedAt).toBe(skipped.startedAt);
    await move(ada, third, { priority: 1 });

    expect((await queue(ada)).map((item) => [item.paper.id, item.priority])).toEqual([
      [third, 1],
      [second, 2],
      [first, 3],
    ]);
    expect((await request('DELETE', `/api/research/queue/${second}`, ada)).statusCode).toBe(204);
    expect((await queue(ada)).map((item) => item.paper.id)).toEqual([third, first]);
  });

  it('finds papers with a PDF attached by the reader', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const tag = `t-${uniqueWord()}`;
    const withPdf = await newPaper(bob, { tags: [tag] });
    const onArxiv = await newPaper(bob, { tags: [tag], doi: undefined, arxivId: '2101.01234' });
    const without = await newPaper(bob, { tags: [tag] });
    await context.db.orm.insert(pdfDocuments).values({
      ownerKey: ada.id,
      fileHash: randomUUID(),
      fileName: 'paper.pdf',
      byteSize: 100,
      pageCount: 3,
      title: 'The PDF',
      paperCardId: withPdf,
    });
    const ids = async (person: Person, hasPdf: boolean) =>
      paperPageSchema
        .parse((await request('GET', `/api/research/papers?tag=${tag}&hasPdf=${hasPdf}`, person)).json())
        .items.map((item) => item.id)
        .sort();
    expect(await ids(ada, true)).toEqual([withPdf, onArxiv].sort());
    expect(await ids(ada, false)).toEqual([without]);
    // Ada's PDF is hers: for Bob only the arXiv paper has one.
    expect(await ids(bob, true)).toEqual([onArxiv]);
  });

  it('maps a project’s papers by their references and suggests what several of them cite', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const word = uniqueWord();
    const doiOf = () => `10.5555/${randomUUID()}`;
    const [doiB, doiX, doiY] = [doiOf(), doiOf(), doiOf()];
    const x = await newPaper(bob, { title: `Cited twice ${word}`, doi: doiX, arxivId: '2102.00002v3' });
    const y = await newPaper(bob, { title: `Cited once ${word}`, doi: doiY });
    const b = await newPaper(ada, {
      title: `B ${word}`,
      doi: doiB,
      references: [{ arxivId: '2102.00002v1' }, { title: `Cited twice ${word}` }],
    });
    const a = await newPaper(ada, {
      title: `A ${word}`,
      references: [{ doi: doiB.toUpperCase() }, { doi: doiX }, { doi: doiY }],
    });
    const c = await newPaper(ada, { title: `C ${word}` });
    const project = projectSchema.parse(
      (
        await request('POST', '/api/research/projects', ada, { title: 'Review', question: 'What works?' })
      ).json(),
    );
    for (const id of [a, b, c])
      expect(
        (await request('PUT', `/api/research/projects/${project.id}/papers/${id}`, ada, {})).statusCode,
      ).toBe(200);

    const response = await request('GET', `/api/research/projects/${project.id}/map`, ada);
    expect(response.statusCode, response.body).toBe(200);
    const map = literatureMapSchema.parse(response.json());
    expect(map.nodes.map((node) => [node.paper.id, node.inProject, node.citedByCount])).toEqual([
      [a, true, 0],
      [b, true, 1],
      [c, true, 0],
      [x, false, 2],
    ]);
    const edge = (from: string, to: string) => `${from}>${to}`;
    expect(map.edges.map((entry) => edge(entry.from, entry.to)).sort()).toEqual(
      [edge(a, b), edge(a, x), edge(b, x)].sort(),
    );
    expect(map.nodes.some((node) => node.paper.id === y)).toBe(false);

    // Another person's project is not there for Bob.
    for (const [method, url, body] of [
      ['GET', `/api/research/projects/${project.id}`, undefined],
      ['GET', `/api/research/projects/${project.id}/map`, undefined],
      ['PATCH', `/api/research/projects/${project.id}`, { title: 'Mine now' }],
      ['PUT', `/api/research/projects/${project.id}/papers/${x}`, {}],
      ['DELETE', `/api/research/projects/${project.id}/papers/${a}`, undefined],
      ['POST', `/api/research/projects/${project.id}/ask`, { question: 'What works?' }],
      ['DELETE', `/api/research/projects/${project.id}`, undefined],
    ] as const) {
      const refused = await request(method, url, bob, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(404);
    }
    const still = projectSchema.parse(
      (await request('GET', `/api/research/projects/${project.id}`, ada)).json(),
    );
    expect([still.title, still.papers.map((entry) => entry.paper.id)]).toEqual(['Review', [a, b, c]]);
  });
});
