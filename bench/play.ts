import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Deck, StudySession, StudySettings } from '../contracts/play.ts';
import type { Figure } from './lib/report.ts';

type Log = (line: string) => void;

/** Items due in the measured session: flashcards (one item each) and cloze cards (two deletions each). */
const FLASHCARDS = 300;
const CLOZE_CARDS = 100;
export const DUE_ITEMS = FLASHCARDS + CLOZE_CARDS * 2;
const WARM_UP_REQUESTS = 20;
const MEASURED_REQUESTS = 200;
const TAG = 'bench-play';

/** A person signed in through the API, with the session cookie to send. */
export interface BenchPerson {
  cookie: string;
  userId: string;
}

/** Signs a new person up through the API, as the web app does, and keeps the session cookie. */
export async function signUp(baseUrl: string, name: string): Promise<BenchPerson> {
  const email = `bench-${randomUUID().slice(0, 8)}@example.org`;
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name, email, password: 'Correct-Horse-42' }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const { user } = (await response.json()) as { user: { id: string } };
  return { cookie, userId: user.id };
}

/** A JSON call to the API as `person`; throws with the answer on anything but 2xx. */
export async function call<T>(
  baseUrl: string,
  person: BenchPerson,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      cookie: person.cookie,
      origin: baseUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/**
 * Publishes the person's study cards straight into the database (the API path is measured elsewhere): short
 * flashcards and two-deletion cloze cards, as a vocabulary or facts deck holds.
 */
async function insertCards(databaseUrl: string, authorKey: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into cards (author_key, title, body, type, fields, tags, visibility, status, version, published_at)
       select $1, 'Term ' || g, '', 'flashcard',
              jsonb_build_object('front', 'What does term ' || g || ' mean?', 'back', 'Meaning number ' || g || ', with an example sentence.'),
              array[$2], 'public', 'published', 1, now() - g * interval '1 minute'
       from generate_series(1, ${FLASHCARDS}) g`,
      [authorKey, TAG],
    );
    await client.query(
      `insert into cards (author_key, title, body, type, fields, tags, visibility, status, version, published_at)
       select $1, 'Fact ' || g,
              'The {{c1::capital ' || g || '}} lies on the {{c2::river ' || g || '}}, founded in year ' || g || '.',
              'cloze', '{}'::jsonb, array[$2], 'public', 'published', 1, now() - g * interval '1 minute'
       from generate_series(1, ${CLOZE_CARDS}) g`,
      [authorKey, TAG],
    );
  } finally {
    await client.end();
  }
}

/** Moves every studied item into the review state, due at some time in the past month. */
async function makeEverythingDue(databaseUrl: string, profileKey: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      `update review_states
       set state = 2, stability = 5 + random() * 20, difficulty = 3 + random() * 5, scheduled_days = 10,
           last_review = now() - interval '12 days', due = now() - (1 + random() * 29) * interval '1 day',
           learning_steps = 0, buried_until = null
       where profile_key = $1`,
      [profileKey],
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * The server's time to build a review session of DUE_ITEMS due items: a person with that many items due in
 * one deck asks for the session MEASURED_REQUESTS times, one request at a time (after a warm-up). The server
 * time is what its `Server-Timing` header says (arrival to serialised answer); the round trip adds loopback and
 * reading the answer on the client.
 * The items get their review state the way a person's do: the deck's new items are studied through the API
 * (every grade a real POST), then moved into the past so all of them are due.
 */
export async function measureStudySession(
  baseUrl: string,
  databaseUrl: string,
  label: string,
  log: Log,
): Promise<Figure[]> {
  const person = await signUp(baseUrl, 'Bench Student');
  await insertCards(databaseUrl, person.userId);
  const deck = await call<Deck>(baseUrl, person, 'POST', '/api/play/decks', {
    name: 'Bench deck',
    source: { kind: 'tags', tags: [TAG], scope: 'mine' },
    newPerDay: 9999,
    reviewsPerDay: 9999,
  });

  const first = await call<StudySession>(baseUrl, person, 'GET', `/api/play/decks/${deck.id}/session`);
  if (first.items.length !== DUE_ITEMS) {
    throw new Error(`the first session has ${first.items.length} items, not ${DUE_ITEMS}`);
  }
  // Burying siblings would hold back the second deletion of each cloze card until tomorrow.
  const settings = await call<StudySettings>(baseUrl, person, 'GET', '/api/play/settings');
  await call(baseUrl, person, 'PUT', '/api/play/settings', { ...settings, burySiblings: false });
  for (const item of first.items) {
    await call(baseUrl, person, 'POST', '/api/play/reviews', {
      id: randomUUID(),
      deckId: deck.id,
      cardId: item.cardId,
      itemKey: item.itemKey,
      rating: 3,
      durationMs: 4000,
    });
  }
  const due = await makeEverythingDue(databaseUrl, person.userId);
  if (due !== DUE_ITEMS) throw new Error(`${due} items have a review state, not ${DUE_ITEMS}`);

  const url = `${baseUrl}/api/play/decks/${deck.id}/session`;
  let bytes = 0;
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie: person.cookie } });
    const text = await response.text();
    const roundTrip = performance.now() - started;
    const body = JSON.parse(text) as StudySession;
    if (!response.ok || body.items.length !== DUE_ITEMS) {
      throw new Error(`the session answered ${response.status} with ${body.items?.length} items`);
    }
    const server = /app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
    if (server === undefined) throw new Error('the session answered without a Server-Timing header');
    bytes = Buffer.byteLength(text);
    return { server: Number(server), roundTrip };
  };
  for (let i = 0; i < WARM_UP_REQUESTS; i++) await once();
  const server: number[] = [];
  const roundTrip: number[] = [];
  for (let i = 0; i < MEASURED_REQUESTS; i++) {
    const times = await once();
    server.push(times.server);
    roundTrip.push(times.roundTrip);
  }
  server.sort((a, b) => a - b);
  roundTrip.sort((a, b) => a - b);
  const figures = { p50: percentile(server, 50), p95: percentile(server, 95) };
  log(
    `  session of ${DUE_ITEMS} due items (${Math.round(bytes / 1024)} KB): server p50 ${figures.p50.toFixed(1)} ms, ` +
      `p95 ${figures.p95.toFixed(1)} ms; round trip p50 ${percentile(roundTrip, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(roundTrip, 95).toFixed(1)} ms`,
  );
  const benchmark = `${label}: GET /api/play/decks/:id/session, ${DUE_ITEMS} items due`;
  return [
    {
      id: 'play.session500.server.p50',
      benchmark,
      name: 'Server time p50',
      unit: 'ms',
      better: 'lower',
      value: figures.p50,
    },
    {
      id: 'play.session500.server.p95',
      benchmark,
      name: 'Server time p95',
      unit: 'ms',
      better: 'lower',
      value: figures.p95,
    },
    {
      id: 'play.session500.roundTrip.p95',
      benchmark,
      name: 'Round trip p95 (with reading the answer)',
      unit: 'ms',
      better: 'lower',
      value: percentile(roundTrip, 95),
    },
    {
      id: 'play.session500.bytes',
      benchmark,
      name: 'Answer size',
      unit: 'bytes',
      better: 'lower',
      value: bytes,
    },
  ];
}
