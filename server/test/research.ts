import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  addPaperResultSchema,
  type AddPaperInput,
  type AddPaperResult,
  type PaperMetadata,
} from '../../contracts/research.ts';
import type { TestContext } from './app.ts';
import type { Person, people } from './people.ts';

/** `people(…).request`, as research tests call it. */
export type Request = ReturnType<typeof people>['request'];

/** A word no other test's papers hold, so each test decides exactly which papers match. */
export function uniqueWord(): string {
  return (
    randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 6)
      .padEnd(6, 'q') + 'x'
  );
}

/** A publishable paper record with a DOI of its own; `overrides` change any field. */
export function paperRecord(overrides: Partial<PaperMetadata> = {}): PaperMetadata {
  return {
    title: `A study of ${uniqueWord()}`,
    authors: [{ name: 'Ada Lovelace' }],
    year: 2020,
    doi: `10.5555/${randomUUID()}`,
    tags: [],
    ...overrides,
  };
}

/** Research's API for tests: adding papers and counting cards. */
export function researchHelpers(context: TestContext, request: Request) {
  /** Adds a paper as `person` through the API and returns the result (asserting 200). */
  async function addPaper(
    person: Person,
    paper: PaperMetadata,
    options: Omit<AddPaperInput, 'paper'> = {},
  ): Promise<AddPaperResult> {
    const response = await request('POST', '/api/research/papers', person, { paper, ...options });
    expect(response.statusCode, response.body).toBe(200);
    return addPaperResultSchema.parse(response.json());
  }

  /** Adds a new paper and returns its id (asserting it was created, not matched). */
  async function newPaper(
    person: Person,
    overrides: Partial<PaperMetadata> = {},
    options: Omit<AddPaperInput, 'paper'> = {},
  ): Promise<string> {
    const result = await addPaper(person, paperRecord(overrides), { addToQueue: false, ...options });
    expect(result.created).toBe(true);
    return result.id;
  }

  /** How many cards (of any kind, any state) the database holds. */
  async function cardCount(): Promise<number> {
    const result = await context.db.orm.execute<{ n: number }>(sql`select count(*)::int as n from cards`);
    return result.rows[0]!.n;
  }

  return { addPaper, newPaper, cardCount };
}
