import { describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../contracts/confer.ts';
import { ConversationStore, type ConversationSource } from './conversation-store.ts';
import { conversationIdOf, messageFixture, messageIdOf } from '../../test/confer-fixtures.ts';

const conversationId = conversationIdOf(1);

/**
 * A conversation as the server keeps it: every change takes the next number; pages and changes are answered
 * the way the real endpoints answer them (changes in the order of their numbers, `more` past `limit`).
 */
function fakeServer({ changesLimit = 500, pageSize = 50 } = {}) {
  let seq = 0;
  const messages = new Map<string, Message>();
  const calls = { page: [] as object[], changes: [] as number[], thread: [] as string[] };
  const byId = (id: string) => {
    const message = messages.get(id);
    if (!message) throw new Error(`No message ${id}`);
    return message;
  };
  const server = {
    calls,
    messages,
    get seq() {
      return seq;
    },
    /** A new message (a reply when `threadRootId` is given, which changes its root too). */
    send(body = '', threadRootId: string | null = null): Message {
      seq++;
      const message = messageFixture(seq, {
        body: body || `Message number ${seq}`,
        threadRootId,
      });
      messages.set(message.id, message);
      if (threadRootId) {
        seq++;
        const root = byId(threadRootId);
        messages.set(root.id, { ...root, replyCount: root.replyCount + 1, changeSeq: seq });
      }
      return message;
    },
    edit(id: string, body: string): Message {
      seq++;
      const message = { ...byId(id), body, editedAt: new Date().toISOString(), changeSeq: seq };
      messages.set(id, message);
      return message;
    },
    current(id: string): Message {
      return byId(id);
    },
    source: {
      async page(_id, position) {
        calls.page.push(position);
        const timeline = [...messages.values()]
          .filter((message) => message.threadRootId === null)
          .sort((a, b) => a.seq - b.seq);
        const limit = position.limit ?? pageSize;
        let items: Message[];
        if (position.after !== undefined) {
          items = timeline.filter((message) => message.seq > position.after!).slice(0, limit);
        } else {
          const before = position.before ?? Infinity;
          items = timeline.filter((message) => message.seq < before).slice(-limit);
        }
        const first = items[0]?.seq ?? 0;
        const last = items.at(-1)?.seq ?? 0;
        return {
          items,
          hasOlder: timeline.some((message) => message.seq < first),
          hasNewer:
            position.after !== undefined || position.before !== undefined
              ? timeline.some((message) => message.seq > last)
              : false,
          upTo: seq,
        };
      },
      async changes(_id, after) {
        calls.changes.push(after);
        const changed = [...messages.values()]
          .filter((message) => message.changeSeq > after)
          .sort((a, b) => a.changeSeq - b.changeSeq);
        const items = changed.slice(0, changesLimit);
        const more = changed.length > changesLimit;
        return { items, upTo: more ? items.at(-1)!.changeSeq : seq, more };
      },
      async thread(rootId) {
        calls.thread.push(rootId);
        const replies = [...messages.values()]
          .filter((message) => message.threadRootId === rootId)
          .sort((a, b) => a.seq - b.seq);
        return { root: byId(rootId), replies, hasNewer: false };
      },
    } satisfies ConversationSource,
  };
  return server;
}

const bodies = (store: ConversationStore) => store.timeline(conversationId).messages.map((m) => m.body);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the conversation store', () => {
  it('starts from the newest page and its number, applies the next change and ignores duplicates', async () => {
    const server = fakeServer();
    server.send('one');
    server.send('two');
    const store = new ConversationStore(server.source);
    await store.open(conversationId);
    expect(bodies(store)).toEqual(['one', 'two']);
    expect(store.timeline(conversationId).upTo).toBe(2);

    const three = server.send('three');
    store.receive(three);
    store.receive(three);
    // An older copy of a message already shown changes nothing.
    store.receive(messageFixture(1, { body: 'stale' }));
    expect(bodies(store)).toEqual(['one', 'two', 'three']);
    expect(store.timeline(conversationId).upTo).toBe(3);
    expect(server.calls.changes).toEqual([]);
  });

  it('fills a gap from the changes after the known number, in order, before the event that showed it', async () => {
    const server = fakeServer();
    server.send('one');
    const store = new ConversationStore(server.source);
    await store.open(conversationId);

    const two = server.send('two');
    const edited = server.edit(two.id, 'two, edited');
    const four = server.send('four');
    // Only the last event arrives: 2 and 3 were missed.
    store.receive(four);
    await flush();
    expect(server.calls.changes).toEqual([1]);
    expect(bodies(store)).toEqual(['one', 'two, edited', 'four']);
    expect(store.timeline(conversationId).upTo).toBe(4);

    // The missed events arriving late are duplicates now.
    store.receive(two);
    store.receive(edited);
    expect(bodies(store)).toEqual(['one', 'two, edited', 'four']);
    expect(server.calls.changes).toEqual([1]);
  });

  it('holds events that arrive while the first page loads, and takes those after its number', async () => {
    const server = fakeServer();
    server.send('one');
    const store = new ConversationStore(server.source);
    const opening = store.open(conversationId);
    // Already in the page (its number is not above the page's): ignored when the page arrives.
    store.receive(server.current(messageIdOf(1)));
    const two = server.send('two');
    store.receive(two);
    await opening;
    expect(bodies(store)).toEqual(['one', 'two']);
    expect(store.timeline(conversationId).upTo).toBe(2);
  });

  it('takes the events that arrive during a catch-up after it, in order, each once', async () => {
    const server = fakeServer();
    const store = new ConversationStore(server.source);
    await store.open(conversationId);
    server.send('one');
    const two = server.send('two');
    store.receive(two);
    // While the catch-up is on its way, more happens.
    const three = server.send('three');
    const four = server.send('four');
    store.receive(four);
    store.receive(three);
    store.receive(two);
    await flush();
    await flush();
    expect(bodies(store)).toEqual(['one', 'two', 'three', 'four']);
    expect(store.timeline(conversationId).upTo).toBe(4);
    expect(new Set(store.timeline(conversationId).messages.map((m) => m.id)).size).toBe(4);
  });

  it('asks for changes again while the server says there are more', async () => {
    const server = fakeServer({ changesLimit: 2 });
    const store = new ConversationStore(server.source);
    await store.open(conversationId);
    for (let n = 1; n <= 5; n++) server.send(`m${n}`);
    store.receive(server.current(messageIdOf(5)));
    await vi.waitFor(() => expect(store.timeline(conversationId).upTo).toBe(5));
    expect(server.calls.changes).toEqual([0, 2, 4]);
    expect(bodies(store)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('catches every loaded conversation up after a reconnection', async () => {
    const server = fakeServer();
    const first = server.send('one');
    const store = new ConversationStore(server.source);
    await store.open(conversationId);
    // Disconnected: an edit and a new message happen unseen.
    server.edit(first.id, 'one, edited');
    server.send('two');
    store.catchUpAll();
    await flush();
    expect(bodies(store)).toEqual(['one, edited', 'two']);
    expect(store.timeline(conversationId).upTo).toBe(3);
  });

  it('loads older pages before the loaded ones, keeping every message in order', async () => {
    const server = fakeServer({ pageSize: 3 });
    for (let n = 1; n <= 7; n++) server.send(`m${n}`);
    const store = new ConversationStore(server.source);
    await store.open(conversationId);
    expect(bodies(store)).toEqual(['m5', 'm6', 'm7']);
    expect(store.timeline(conversationId).hasOlder).toBe(true);
    await store.loadOlder(conversationId);
    expect(bodies(store)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6', 'm7']);
    await store.loadOlder(conversationId);
    expect(bodies(store)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
    expect(store.timeline(conversationId).hasOlder).toBe(false);
    expect(server.calls.page).toEqual([{}, { before: 5 }, { before: 2 }]);
  });

  it('opens at an older message, shows nothing past the loaded stretch, then goes to the newest', async () => {
    const server = fakeServer({ pageSize: 3 });
    for (let n = 1; n <= 20; n++) server.send(`m${n}`);
    const store = new ConversationStore(server.source);
    await store.open(conversationId, 12);
    expect(server.calls.page).toEqual([{ after: 1 }]);
    expect(bodies(store)).toEqual(['m2', 'm3', 'm4']);
    expect(store.timeline(conversationId).hasNewer).toBe(true);
    // A new message far past the stretch is known but not shown in it.
    store.receive(server.send('m21'));
    expect(bodies(store)).toEqual(['m2', 'm3', 'm4']);
    await store.jumpToLatest(conversationId);
    expect(bodies(store)).toEqual(['m19', 'm20', 'm21']);
    expect(store.timeline(conversationId).hasNewer).toBe(false);
  });

  it('keeps replies in their thread, out of the timeline, and moves the root’s reply count', async () => {
    const server = fakeServer();
    const root = server.send('question');
    const store = new ConversationStore(server.source);
    await store.open(conversationId);
    await store.openThread(conversationId, root.id);
    const reply = server.send('answer', root.id);
    store.receive(reply);
    store.receive(server.current(root.id));
    expect(bodies(store)).toEqual(['question']);
    expect(store.timeline(conversationId).messages[0]?.replyCount).toBe(1);
    const thread = store.thread(conversationId, root.id);
    expect(thread.root?.body).toBe('question');
    expect(thread.replies.map((m) => m.body)).toEqual(['answer']);
  });

  it('tells listeners about each message that appears live, once', async () => {
    const server = fakeServer();
    const store = new ConversationStore(server.source);
    await store.open(conversationId);
    const seen: string[] = [];
    store.onNewMessage((message) => seen.push(message.body));
    const one = server.send('one');
    store.receive(one);
    store.receive(one);
    server.send('two');
    store.receive(server.send('three'));
    await flush();
    store.receive(server.edit(one.id, 'one, edited'));
    expect(seen).toEqual(['one', 'two', 'three']);
  });

  it('keeps the newer copy when its own answer and the event race', async () => {
    const server = fakeServer();
    const one = server.send('one');
    const store = new ConversationStore(server.source);
    await store.open(conversationId);
    const edited = server.edit(one.id, 'edited');
    store.applyOwn(edited);
    expect(bodies(store)).toEqual(['edited']);
    // The event for the edit is the next number: applied, and changes nothing visible.
    store.receive(edited);
    expect(store.timeline(conversationId).upTo).toBe(2);
    // An answer older than what is shown is ignored.
    store.applyOwn(one);
    expect(bodies(store)).toEqual(['edited']);
  });
});
