import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  builderEventSchema,
  builderSessionSchema,
  type BuilderEvent,
} from '../../../contracts/blog-builder.ts';
import { entitlementsFor } from '../../../contracts/premium.ts';
import { blogBuilderRuns } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { cardFactory } from '../../test/cards.ts';
import { startLlmServer, type RecordedRequest } from '../../test/llm-server.ts';
import { people, type Person } from '../../test/people.ts';
import { composerNotices } from './service.ts';

const llm = await startLlmServer();
afterAll(() => llm.close());

function eventsOf(body: string): BuilderEvent[] {
  return body
    .split('\n')
    .filter(Boolean)
    .map((line) => builderEventSchema.parse(JSON.parse(line)));
}
const versionIn = (events: BuilderEvent[]) =>
  (events.find((event) => event.t === 'version') as Extract<BuilderEvent, { t: 'version' }>).version;
const system = (request: RecordedRequest) =>
  request.body.messages?.find((message) => message.role === 'system')?.content ?? '';

const outlineAnswer = '{"title": "Ranking well", "sections": [{"heading": "Basics", "sources": [2, 1, 7]}]}';
const sectionAnswer = 'Ranking orders items [1]. Recall counts hits [2][9]. Nobody knows why.';

describe('the blog builder with a language model', () => {
  const context = setupTestApp({
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'test-model',
    LLM_PRICE_INPUT_PER_MTOK: '1',
    LLM_PRICE_OUTPUT_PER_MTOK: '2',
    // Long enough for every answer here, short enough for a hung one to end the test soon.
    LLM_TIMEOUT_SECONDS: '3',
  });
  const { signUp, request } = people(context, '198.18.82');
  const factory = cardFactory(context);
  beforeEach(() => {
    llm.reply = (recorded) =>
      system(recorded).startsWith('You plan')
        ? { kind: 'stream', text: outlineAnswer }
        : { kind: 'stream', text: sectionAnswer };
  });

  async function session(person: Person) {
    const one = await factory.card(person.id, {
      title: 'Ranking',
      body: 'Ranking orders items.',
      tags: ['ir'],
    });
    const two = await factory.card(person.id, { title: 'Recall', body: 'Recall counts hits.', tags: ['ir'] });
    const created = builderSessionSchema.parse(
      (await request('POST', '/api/blog-builder/sessions', person, { cardIds: [one.id, two.id] })).json(),
    );
    return { id: created.id, one: one.id, two: two.id };
  }
  const step = async (person: Person, id: string, name: 'outline' | 'draft', body: object = {}) => {
    const response = await request('POST', `/api/blog-builder/sessions/${id}/${name}`, person, body);
    expect(response.statusCode, response.body).toBe(200);
    return eventsOf(response.body);
  };

  it('streams the outline and the draft, drops citations of cards that are not sources, flags unsourced sentences', async () => {
    const ada = await signUp('Ada');
    const { id, one, two } = await session(ada);
    const outline = await step(ada, id, 'outline');
    expect(outline[0]).toEqual({ t: 'mode', mode: 'model', notice: null });
    expect(outline.slice(1, -2).every((event) => event.t === 'delta')).toBe(true);
    expect(
      outline
        .filter((event) => event.t === 'delta')
        .map((event) => event.text)
        .join(''),
    ).toBe(outlineAnswer);
    // Source 7 is not among the two sources: dropped.
    expect(outline.at(-2)).toEqual({
      t: 'outline',
      outline: { title: 'Ranking well', sections: [{ heading: 'Basics', cardIds: [two, one] }] },
    });
    const usage = outline.at(-1) as Extract<BuilderEvent, { t: 'usage' }>;
    expect(usage.usage).toMatchObject({
      modelAvailable: true,
      requestsToday: 1,
      requestsPerDay: entitlementsFor(false).assistantRequestsPerDay,
    });
    expect(usage.usage.completionTokens).toBe(Math.ceil(outlineAnswer.length / 4));
    expect(usage.usage.cost).toBe(
      Math.round(usage.usage.promptTokens * 1 + usage.usage.completionTokens * 2) / 1_000_000,
    );

    const draft = await step(ada, id, 'draft');
    expect(draft.map((event) => event.t)).toEqual([
      'mode',
      ...Array<string>(sectionAnswer.match(/\S+\s*/g)!.length).fill('delta'),
      'version',
      'usage',
    ]);
    const version = versionIn(draft);
    expect(version).toMatchObject({ number: 1, mode: 'model', complete: true });
    expect(version.draft).toEqual({
      title: 'Ranking well',
      sections: [
        {
          heading: 'Basics',
          paragraphs: [
            {
              sentences: [
                { text: 'Ranking orders items.', cardIds: [one] },
                { text: 'Recall counts hits.', cardIds: [two] },
                { text: 'Nobody knows why.', cardIds: [] },
              ],
            },
          ],
        },
      ],
    });
    // The section's prompt listed the sources by number.
    const prompt = llm.requests.at(-1)!.body.messages!.find((message) => message.role === 'user')!.content;
    expect(prompt).toContain('[1] Ranking (tags: ir)\nRanking orders items.');
  });

  it('keeps what the model wrote before it stopped as an incomplete version, and a retry completes it', async () => {
    const ada = await signUp('Ada');
    const { id } = await session(ada);
    await step(ada, id, 'outline');
    llm.reply = () => ({ kind: 'stream', text: 'Ranking orders items [1]. Recall', drop: true });
    const broken = await step(ada, id, 'draft');
    expect(broken.map((event) => event.t).slice(-3)).toEqual(['version', 'error', 'usage']);
    const partial = versionIn(broken);
    expect(partial).toMatchObject({ number: 1, complete: false });
    expect(partial.draft.sections[0]!.paragraphs[0]!.sentences.map((s) => s.text)).toEqual([
      'Ranking orders items.',
      'Recall',
    ]);
    expect(broken.at(-2)).toMatchObject({ t: 'error', code: 'common/service-unavailable' });
    llm.reply = () => ({ kind: 'stream', text: sectionAnswer });
    const retried = versionIn(await step(ada, id, 'draft'));
    expect(retried).toMatchObject({ number: 2, complete: true });
    const current = builderSessionSchema.parse(
      (await request('GET', `/api/blog-builder/sessions/${id}`, ada)).json(),
    );
    expect(current.versions.map((v) => [v.number, v.complete])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it('keeps what the model wrote when it hangs mid-answer past its time, and says it took too long', async () => {
    const ada = await signUp('Ada');
    const { id } = await session(ada);
    await step(ada, id, 'outline');
    // The model writes a sentence and a half, then nothing more; LLM_TIMEOUT_SECONDS ends the call.
    llm.reply = () => ({ kind: 'stream', text: 'Ranking orders items [1]. Recall', stall: true });
    const hung = await step(ada, id, 'draft');
    expect(hung.map((event) => event.t).slice(-3)).toEqual(['version', 'error', 'usage']);
    expect(versionIn(hung)).toMatchObject({ number: 1, complete: false });
    expect(versionIn(hung).draft.sections[0]!.paragraphs[0]!.sentences.map((s) => s.text)).toEqual([
      'Ranking orders items.',
      'Recall',
    ]);
    expect(hung.at(-2)).toEqual({
      t: 'error',
      code: 'common/service-unavailable',
      message:
        'The language model took too long; what it wrote is kept as an incomplete version. Retry the step, or use the composer.',
    });
  });

  it('uses the composer with a notice once the day’s allowance is used, and when asked', async () => {
    const ada = await signUp('Ada');
    const { id } = await session(ada);
    const asked = await step(ada, id, 'outline', { mode: 'composer' });
    expect(asked[0]).toEqual({ t: 'mode', mode: 'composer', notice: composerNotices.asked });
    const allowed = entitlementsFor(false).assistantRequestsPerDay;
    await context.db.orm
      .insert(blogBuilderRuns)
      .values(Array.from({ length: allowed }, () => ({ profileKey: ada.id, step: 'outline' })));
    const before = llm.requests.length;
    const events = await step(ada, id, 'outline');
    expect(events[0]).toEqual({ t: 'mode', mode: 'composer', notice: composerNotices.limit });
    expect(events.map((event) => event.t)).toEqual(['mode', 'outline', 'usage']);
    expect(llm.requests.length).toBe(before);
    // The allowance is one number: Ask the library and the card assistant see it used up too.
    expect((events.at(-1) as Extract<BuilderEvent, { t: 'usage' }>).usage.requestsToday).toBe(allowed);
  });
});
