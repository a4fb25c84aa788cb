import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { paperDetailSchema, researchCentreSchema, topicSchema } from '../../../contracts/research.ts';
import { profiles } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { people, type Person } from '../../test/people.ts';
import { researchHelpers, uniqueWord } from '../../test/research.ts';

describe('the research centre’s topics', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '198.18.70');
  const { newPaper } = researchHelpers(context, request);

  async function handleOf(person: Person) {
    const [row] = await context.db.orm
      .select({ handle: profiles.handle })
      .from(profiles)
      .where(eq(profiles.key, person.id));
    return row!.handle;
  }
  async function topicCount() {
    const result = await context.db.orm.execute<{ n: number }>(
      sql`select (select count(*) from research_topics)::int + (select count(*) from research_lists)::int as n`,
    );
    return result.rows[0]!.n;
  }
  async function canEdit(person?: Person) {
    return researchCentreSchema.parse((await request('GET', '/api/research/centre', person)).json()).canEdit;
  }

  it('are kept by editors: others are refused, an administrator grants the role', async () => {
    const [admin, eve] = [await signUp('Admin'), await signUp('Eve')];
    await context.db.orm.execute(sql`update users set role = 'admin' where id = ${admin.id}`);
    const word = uniqueWord();
    const paper = await newPaper(eve, { title: `Listed ${word}`, tags: [`t-${word}`] });
    const second = await newPaper(admin, { title: `Second ${word}` });
    const hidden = await newPaper(eve, { title: `Hidden ${word}` }, { visibility: 'private' });
    // A paper with other tags is not the topic's.
    await newPaper(eve, { title: `Elsewhere ${word}`, tags: [`other-${word}`] });
    const topic = {
      slug: `topic-${word}`,
      title: 'Recommender systems',
      introduction: 'Where to start.',
      tags: [`t-${word}`],
    };
    const list = {
      slug: 'start-here',
      title: 'Start here',
      description: 'In this order.',
      items: [
        { paperId: second, note: 'Read first.' },
        { paperId: paper, note: 'Then this.' },
      ],
    };

    expect(await canEdit(eve)).toBe(false);
    expect(await canEdit(undefined)).toBe(false);
    expect(await canEdit(admin)).toBe(true);
    const before = await topicCount();
    for (const [method, url, body] of [
      ['POST', '/api/research/topics', topic],
      ['PUT', `/api/research/topics/${topic.slug}/lists`, list],
    ] as const) {
      const refused = await request(method, url, eve, body);
      expect(refused.statusCode).toBe(403);
      expect(errorEnvelopeSchema.parse(refused.json()).error.code).toBe('research/not-editor');
    }
    expect(await topicCount()).toBe(before);

    const granted = await request('PUT', `/api/admin/research-editors/${await handleOf(eve)}`, admin);
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await request('PUT', `/api/admin/research-editors/${await handleOf(eve)}`, eve)).statusCode).toBe(
      403,
    );
    expect(await canEdit(eve)).toBe(true);

    const created = await request('POST', '/api/research/topics', eve, topic);
    expect(created.statusCode, created.body).toBe(200);
    const taken = await request('POST', '/api/research/topics', eve, topic);
    expect(errorEnvelopeSchema.parse(taken.json()).error.code).toBe('research/slug-taken');

    const withHidden = await request('PUT', `/api/research/topics/${topic.slug}/lists`, eve, {
      ...list,
      slug: 'hidden',
      items: [{ paperId: hidden, note: '' }],
    });
    expect(withHidden.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(withHidden.json()).error.details?.fields).toEqual([
      { path: 'items', message: 'A reading list can only hold papers shared publicly' },
    ]);

    const saved = await request('PUT', `/api/research/topics/${topic.slug}/lists`, eve, list);
    expect(saved.statusCode, saved.body).toBe(200);
    const later = await request('PUT', `/api/research/topics/${topic.slug}/lists`, eve, {
      slug: 'further',
      title: 'Further',
      items: [{ paperId: paper }],
    });
    expect(later.statusCode, later.body).toBe(200);

    // A paper without the topic's tags belongs to it through a list.
    const topicsOf = async (id: string) =>
      paperDetailSchema.parse((await request('GET', `/api/research/papers/${id}`)).json()).topics;
    expect(await topicsOf(second)).toEqual([{ slug: topic.slug, title: 'Recommender systems' }]);
    const shown = topicSchema.parse((await request('GET', `/api/research/topics/${topic.slug}`)).json());
    expect(shown).toMatchObject({
      slug: topic.slug,
      title: 'Recommender systems',
      introduction: 'Where to start.',
      tags: [`t-${word}`],
      paperCount: 1,
      listCount: 2,
    });
    expect(
      shown.lists.map((entry) => [
        entry.slug,
        entry.description,
        entry.items.map((item) => [item.paper.id, item.note]),
      ]),
    ).toEqual([
      [
        'start-here',
        'In this order.',
        [
          [second, 'Read first.'],
          [paper, 'Then this.'],
        ],
      ],
      ['further', '', [[paper, '']]],
    ]);
    // Saving a list again replaces its items and keeps its place.
    await request('PUT', `/api/research/topics/${topic.slug}/lists`, eve, {
      ...list,
      items: [{ paperId: paper, note: 'Only this now.' }],
    });
    const replaced = topicSchema.parse((await request('GET', `/api/research/topics/${topic.slug}`)).json());
    expect(await topicsOf(paper)).toEqual([{ slug: topic.slug, title: 'Recommender systems' }]);
    expect(replaced.lists.map((entry) => [entry.slug, entry.items.map((item) => item.note)])).toEqual([
      ['start-here', ['Only this now.']],
      ['further', ['']],
    ]);
    expect(await topicsOf(second)).toEqual([]);
    const centre = researchCentreSchema.parse((await request('GET', '/api/research/centre')).json());
    expect(centre.topics.find((entry) => entry.slug === topic.slug)).toMatchObject({
      paperCount: 1,
      listCount: 2,
    });

    // The role taken away: refused again.
    expect(
      (await request('DELETE', `/api/admin/research-editors/${await handleOf(eve)}`, admin)).statusCode,
    ).toBe(204);
    expect(
      (await request('DELETE', `/api/research/topics/${topic.slug}/lists/further`, eve)).statusCode,
    ).toBe(403);
    expect(await canEdit(eve)).toBe(false);
  });
});
