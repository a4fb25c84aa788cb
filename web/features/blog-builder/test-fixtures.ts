import type {
  BuilderDraft,
  BuilderEvent,
  BuilderSession,
  BuilderSource,
  BuilderUsage,
  BuilderVersion,
} from '../../../contracts/blog-builder.ts';

/** The id of test card `n` (1–255). */
export const cardId = (n: number) => `00000000-0000-4000-8000-0000000000${n.toString(16).padStart(2, '0')}`;

export const sessionId = '11111111-1111-4111-8111-111111111111';
export const postId = '22222222-2222-4222-8222-222222222222';

/** Source card `n`, by Grace. */
export function sourceFixture(n: number, overrides: Partial<BuilderSource> = {}): BuilderSource {
  return {
    id: cardId(n),
    title: `Card ${n}`,
    excerpt: `What card ${n} says.`,
    tags: ['ml'],
    author: {
      key: 'grace',
      handle: 'grace',
      displayName: 'Grace Hopper',
      photoURL: null,
      rank: null,
      isSubscribed: false,
    },
    tokens: 1000 * n,
    ...overrides,
  };
}

export function usageFixture(overrides: Partial<BuilderUsage> = {}): BuilderUsage {
  return {
    modelAvailable: true,
    requestsToday: 3,
    requestsPerDay: 20,
    promptTokens: 1200,
    completionTokens: 340,
    cost: null,
    ...overrides,
  };
}

/** A draft of two sections: one sentence of the first has no source. */
export const draftFixture: BuilderDraft = {
  title: 'Ranking for beginners',
  sections: [
    {
      heading: 'Why rank',
      paragraphs: [
        {
          sentences: [
            { text: 'People see only the top of a list.', cardIds: [cardId(2)] },
            { text: 'So order matters a lot.', cardIds: [] },
          ],
        },
      ],
    },
    {
      heading: 'How',
      paragraphs: [{ sentences: [{ text: 'Score each item, then sort.', cardIds: [cardId(1), cardId(2)] }] }],
    },
  ],
};

export function versionFixture(number: number, overrides: Partial<BuilderVersion> = {}): BuilderVersion {
  return {
    number,
    instruction: null,
    sectionIndex: null,
    mode: 'model',
    complete: true,
    createdAt: '2026-11-27T10:00:00.000Z',
    draft: draftFixture,
    ...overrides,
  };
}

/** A session with cards 1 and 2, and whatever `overrides` adds (an outline, versions). */
export function sessionFixture(overrides: Partial<BuilderSession> = {}): BuilderSession {
  return {
    id: sessionId,
    title: 'Ranking',
    sources: [sourceFixture(1), sourceFixture(2)],
    outline: null,
    versions: [],
    current: null,
    postId: null,
    usage: usageFixture(),
    updatedAt: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

export const outlineFixture = {
  title: 'Ranking for beginners',
  sections: [
    { heading: 'Why rank', cardIds: [cardId(2)] },
    { heading: 'How', cardIds: [cardId(1)] },
  ],
};

/** A session whose outline and first draft exist. */
export function draftedSession(overrides: Partial<BuilderSession> = {}): BuilderSession {
  const version = versionFixture(1);
  const { draft: _draft, ...summary } = version;
  return sessionFixture({ outline: outlineFixture, versions: [summary], current: version, ...overrides });
}

/** Events as the lines of an NDJSON body. */
export const ndjson = (events: BuilderEvent[]) =>
  events.map((event) => `${JSON.stringify(event)}\n`).join('');

/** A streamed answer with `chunks` as its body, each chunk sent as it is (lines may be cut anywhere). */
export function streamResponse(chunks: string[]): Response {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } },
  );
}

/** A streamed answer the test feeds event by event, to look at the page while it is being written. */
export function controlledStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } }),
    send(text: string) {
      controller?.enqueue(encoder.encode(text));
    },
    end() {
      // The page may have cancelled the body already (Stop).
      try {
        controller?.close();
      } catch {
        // Already closed.
      }
    },
  };
}
