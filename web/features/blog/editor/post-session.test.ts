import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavePostInput, SavedPost } from '../../../../contracts/blog.ts';
import { ApiError } from '../../../lib/api.ts';
import { deferred } from '../../../test/api-stub.ts';
import { contentOf } from './content.ts';
import type { LocalCopy, LocalCopyStore } from './local-copy.ts';
import { PostSession, type PostSessionDependencies } from './post-session.ts';
import { editablePostFixture, postIds } from './test-fixtures.ts';

function memoryCopies(initial: LocalCopy[] = []): LocalCopyStore & { map: Map<string, LocalCopy> } {
  const map = new Map(initial.map((copy) => [copy.postId, copy]));
  return {
    map,
    read: (id) => map.get(id),
    write: (copy) => {
      map.set(copy.postId, copy);
      return true;
    },
    remove: (id) => {
      map.delete(id);
    },
  };
}

const networkError = () => new ApiError({ code: 'common/network-error', message: 'Offline', status: 0 });

function setup(overrides: Partial<PostSessionDependencies> = {}, copies = memoryCopies()) {
  const sent: SavePostInput[] = [];
  const save = vi.fn(async (_id: string, input: SavePostInput): Promise<SavedPost> => {
    sent.push(input);
    return { revision: input.baseRevision + 1, updatedAt: '2026-03-01T10:05:00.000Z' };
  });
  const dependencies: PostSessionDependencies = {
    save,
    load: async () => editablePostFixture(),
    copies,
    isOnline: () => true,
    now: () => Date.now(),
    ...overrides,
  };
  const session = new PostSession(editablePostFixture(), 'u-1', dependencies);
  session.start();
  return { session, sent, save, copies };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T12:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('PostSession autosave', () => {
  it('saves 800 ms after typing stops, once, from the loaded revision, then forgets the local copy', async () => {
    const { session, sent, copies } = setup();
    session.patch({ title: 'Spaced' });
    session.patch({ title: 'Spaced rep' });
    expect(session.getSnapshot().status).toBe('pending');
    expect(copies.map.get(postIds.draft)?.content.title).toBe('Spaced rep');

    await vi.advanceTimersByTimeAsync(799);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ title: 'Spaced rep', baseRevision: 3 });
    expect(session.getSnapshot()).toMatchObject({ status: 'saved', dirty: false });
    expect(copies.map.has(postIds.draft)).toBe(false);
  });

  it('saves at least every 5 seconds while typing goes on', async () => {
    const { session, sent } = setup();
    for (let key = 1; key <= 12; key++) {
      session.patch({ body: `typed ${key}` });
      await vi.advanceTimersByTimeAsync(500);
    }
    // Keys at 0, 0.5 s … 5.5 s: the first save went at 5 s, with what was typed by then.
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toBe('typed 10');
  });

  it('saves what was typed during a save right after it, from the revision the server answered', async () => {
    const answers: ReturnType<typeof deferred<SavedPost>>[] = [];
    const sent: SavePostInput[] = [];
    const { session } = setup({
      save: (_id, input) => {
        sent.push(input);
        const answer = deferred<SavedPost>();
        answers.push(answer);
        return answer.promise;
      },
    });
    session.patch({ body: 'first' });
    await vi.advanceTimersByTimeAsync(800);
    expect(sent).toHaveLength(1);

    session.patch({ body: 'first and second' });
    // Only one save in flight: nothing more is sent however long the first takes.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(1);
    expect(session.getSnapshot().status).toBe('saving');

    answers[0]?.resolve({ revision: 4, updatedAt: '2026-03-01T12:00:10.000Z' });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ body: 'first and second', baseRevision: 4 });
    answers[1]?.resolve({ revision: 5, updatedAt: '2026-03-01T12:00:11.000Z' });
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getSnapshot()).toMatchObject({ status: 'saved', dirty: false });
  });

  it('retries after a network error with growing delays, keeping the text on the device', async () => {
    let offline = true;
    const sent: SavePostInput[] = [];
    const { session, copies } = setup({
      save: async (_id, input) => {
        sent.push(input);
        if (offline) throw networkError();
        return { revision: input.baseRevision + 1, updatedAt: '2026-03-01T12:01:00.000Z' };
      },
    });
    session.patch({ body: 'on a train' });
    await vi.advanceTimersByTimeAsync(800);
    expect(session.getSnapshot().status).toBe('offline');
    expect(copies.map.get(postIds.draft)).toMatchObject({ baseRevision: 3 });

    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sent).toHaveLength(2);
    offline = false;
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(3);
    expect(session.getSnapshot()).toMatchObject({ status: 'saved', dirty: false });
    expect(copies.map.has(postIds.draft)).toBe(false);
  });

  it('stops at a conflict and keeps the text until the person reloads', async () => {
    const { session, copies } = setup({
      save: async () => {
        throw new ApiError({ code: 'blog/draft-conflict', message: 'Changed elsewhere', status: 409 });
      },
      load: async () => editablePostFixture({ title: 'Their title', revision: 7 }),
    });
    session.patch({ title: 'My title' });
    await vi.advanceTimersByTimeAsync(800);
    expect(session.getSnapshot()).toMatchObject({ status: 'conflict', dirty: true });
    expect(copies.map.get(postIds.draft)?.content.title).toBe('My title');

    await session.reload();
    expect(session.getSnapshot()).toMatchObject({ status: 'saved', dirty: false, contentVersion: 1 });
    expect(session.getSnapshot().content.title).toBe('Their title');
    expect(copies.map.has(postIds.draft)).toBe(false);
  });

  it('flushes before publishing: resolves true once the server has everything', async () => {
    const { session, sent } = setup();
    session.patch({ body: 'last words' });
    expect(await session.flush()).toBe(true);
    expect(sent).toEqual([expect.objectContaining({ body: 'last words', baseRevision: 3 })]);
  });

  it('sends what waits with keepalive as the page is hidden', async () => {
    const { session, save } = setup();
    session.patch({ body: 'closing' });
    session.flushOnHide();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledWith(postIds.draft, expect.objectContaining({ body: 'closing' }), {
      keepalive: true,
    });
  });

  it('is unharmed by StrictMode: start, dispose and start again save once', async () => {
    const { session, sent } = setup();
    session.dispose();
    session.start();
    session.patch({ body: 'once' });
    session.dispose();
    session.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toHaveLength(1);
  });
});

describe('PostSession restore offer', () => {
  const post = editablePostFixture();
  const copy = (overrides: Partial<LocalCopy>): LocalCopy => ({
    postId: postIds.draft,
    ownerKey: 'u-1',
    content: { ...contentOf(post), body: 'Unsaved words' },
    baseRevision: 3,
    writtenAt: Date.parse('2026-03-01T11:00:00.000Z'),
    ...overrides,
  });

  it('offers a newer copy, and restoring it saves it over the latest revision', async () => {
    const { session, sent } = setup({}, memoryCopies([copy({})]));
    expect(session.getSnapshot().restoreOffer?.content.body).toBe('Unsaved words');
    expect(session.getSnapshot().content.body).toBe('Review just before you forget.');
    session.acceptRestore();
    expect(session.getSnapshot()).toMatchObject({ restoreOffer: null, contentVersion: 1, dirty: true });
    await vi.advanceTimersByTimeAsync(800);
    expect(sent[0]).toMatchObject({ body: 'Unsaved words', baseRevision: 3 });
  });

  it('does not offer a copy older than the server text, another person’s, or the same text', () => {
    const older = copy({ baseRevision: 2, writtenAt: Date.parse('2026-03-01T09:00:00.000Z') });
    expect(setup({}, memoryCopies([older])).session.getSnapshot().restoreOffer).toBeNull();
    expect(
      setup({}, memoryCopies([copy({ ownerKey: 'u-2' })])).session.getSnapshot().restoreOffer,
    ).toBeNull();
    const same = copy({ content: contentOf(post) });
    expect(setup({}, memoryCopies([same])).session.getSnapshot().restoreOffer).toBeNull();
  });

  it('forgets a declined copy', () => {
    const { session, copies } = setup({}, memoryCopies([copy({})]));
    session.declineRestore();
    expect(session.getSnapshot().restoreOffer).toBeNull();
    expect(copies.map.has(postIds.draft)).toBe(false);
  });
});
