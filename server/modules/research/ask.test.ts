import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { entitlementsFor } from '../../../contracts/premium.ts';
import { askResultSchema, projectSchema } from '../../../contracts/research.ts';
import { researchQuestions } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { startLlmServer } from '../../test/llm-server.ts';
import { people, type Person } from '../../test/people.ts';
import { researchHelpers, uniqueWord } from '../../test/research.ts';

const llm = await startLlmServer();
afterAll(() => llm.close());

describe('Ask the library with a language model', () => {
  const context = setupTestApp({
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'test-model',
    LLM_API_KEY: 'local-key',
  });
  const { signUp, request } = people(context, '198.18.72');
  const { newPaper } = researchHelpers(context, request);
  beforeEach(() => {
    llm.reply = () => ({
      kind: 'json',
      text: 'Factorization learns latent factors [1]. It generalises to anything [99]. Some say otherwise.',
    });
  });

  /** A project of `person` holding a paper about factorization, with their note on it. */
  async function project(person: Person, word: string) {
    const paper = await newPaper(person, {
      title: `Factorization ${word}`,
      abstract: 'Latent factors explain ratings.',
    });
    await request('PUT', `/api/research/notes/${paper}`, person, { body: `My note: factorization ${word}.` });
    const created = projectSchema.parse(
      (await request('POST', '/api/research/projects', person, { title: 'Review' })).json(),
    );
    await request('PUT', `/api/research/projects/${created.id}/papers/${paper}`, person, {});
    return { id: created.id, paper };
  }
  function ask(person: Person, projectId: string, question: string) {
    return request('POST', `/api/research/projects/${projectId}/ask`, person, { question });
  }

  it('answers in sentences that cite the sources given, and says which are unsupported', async () => {
    const ada = await signUp('Ada');
    const word = uniqueWord();
    const { id, paper } = await project(ada, word);
    const before = llm.requests.length;
    const response = await ask(ada, id, `How does factorization ${word} work?`);
    expect(response.statusCode, response.body).toBe(200);
    const result = askResultSchema.parse(response.json());
    expect(result.mode).toBe('model');
    expect(result.notice).toBeNull();
    expect(result.sources.map((source) => [source.n, source.paperId, source.kind, source.text])).toEqual([
      [1, paper, 'note', `My note: factorization ${word}.`],
      [2, paper, 'summary', `Factorization ${word}. Latent factors explain ratings.`],
    ]);
    expect(result.sentences).toEqual([
      { text: 'Factorization learns latent factors.', sources: [1], supported: true },
      { text: 'It generalises to anything.', sources: [], supported: false },
      { text: 'Some say otherwise.', sources: [], supported: false },
    ]);
    // The model was given the numbered sources.
    expect(llm.requests.length).toBe(before + 1);
    const prompt = llm.requests.at(-1)!.body.messages!.find((message) => message.role === 'user')!.content;
    expect(prompt).toContain(`[1] Factorization ${word} (note): My note: factorization ${word}.`);
  });

  it('falls back to the passages when the model fails', async () => {
    const ada = await signUp('Ada');
    const word = uniqueWord();
    const { id } = await project(ada, word);
    llm.reply = () => ({ kind: 'error', status: 400, body: { error: { message: 'Bad request' } } });
    const result = askResultSchema.parse((await ask(ada, id, `Why factorization ${word}?`)).json());
    expect(result).toMatchObject({
      mode: 'passages',
      sentences: [],
      notice: 'The language model could not answer just now, so here are the best matching passages.',
    });
    expect(result.sources).toHaveLength(2);
  });

  it('refuses once the day’s questions are used up, without asking the model', async () => {
    const ada = await signUp('Ada');
    const word = uniqueWord();
    const { id } = await project(ada, word);
    const allowed = entitlementsFor(false).assistantRequestsPerDay;
    expect((await ask(ada, id, `Factorization ${word}?`)).statusCode).toBe(200);
    await context.db.orm
      .insert(researchQuestions)
      .values(Array.from({ length: allowed - 2 }, () => ({ profileKey: ada.id, projectId: id })));
    expect((await ask(ada, id, `Factorization ${word}?`)).statusCode).toBe(200);
    const before = llm.requests.length;
    const refused = await ask(ada, id, `Factorization ${word}?`);
    expect(refused.statusCode).toBe(429);
    expect(errorEnvelopeSchema.parse(refused.json()).error.code).toBe('research/ask-limit');
    expect(llm.requests.length).toBe(before);
    // A question nothing matches costs nothing and is answered with a notice.
    const unmatched = askResultSchema.parse((await ask(ada, id, 'Quantum chromodynamics?')).json());
    expect(unmatched).toEqual({
      mode: 'passages',
      sentences: [],
      sources: [],
      notice: 'Nothing in this project’s papers, notes or PDFs matches the question. Try other words.',
    });
    // Someone else's quota is their own.
    const bob = await signUp('Bob');
    const other = uniqueWord();
    const theirs = await project(bob, other);
    expect((await ask(bob, theirs.id, `Factorization ${other}?`)).statusCode).toBe(200);
  });
});
