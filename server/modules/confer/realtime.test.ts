import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  conversationSchema,
  messageSchema,
  realtimeCloseCodes,
  type Message,
} from '../../../contracts/confer.ts';
import { setupTestApp } from '../../test/app.ts';
import { people, type Person } from '../../test/people.ts';
import { connectRealtime, eventOf } from '../../test/realtime.ts';

describe('the realtime connection', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '198.18.40');
  beforeAll(async () => {
    await context.app.listen({ port: 0, host: '127.0.0.1' });
  });

  async function channel(owner: Person, name = `room-${randomUUID().slice(0, 8)}`) {
    const response = await request('POST', '/api/confer/channels', owner, { name });
    expect(response.statusCode, response.body).toBe(201);
    return conversationSchema.parse(response.json());
  }
  async function send(person: Person, conversationId: string, body: string, extra: object = {}) {
    const response = await request('POST', `/api/confer/conversations/${conversationId}/messages`, person, {
      clientId: randomUUID(),
      body,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return messageSchema.parse(response.json());
  }

  it('delivers a message to a member as it is sent', async () => {
    const ada = await signUp('Ada Realtime');
    const bob = await signUp('Bob Realtime');
    const room = await channel(ada);
    expect((await request('PUT', `/api/confer/conversations/${room.id}/membership`, bob)).statusCode).toBe(
      200,
    );
    const client = await connectRealtime(context.app, bob);
    const sent = await send(ada, room.id, 'Hello, **Bob**');
    const event = await client.next(eventOf('message', (e) => e.message.id === sent.id));
    expect(event.message.body).toBe('Hello, **Bob**');
    expect(event.message.seq).toBe(sent.seq);
    await client.close();
  });

  it('sends a thread reply’s event before its root’s, under consecutive numbers', async () => {
    const ada = await signUp('Ada Reply Order');
    const bob = await signUp('Bob Reply Order');
    const room = await channel(ada);
    await request('PUT', `/api/confer/conversations/${room.id}/membership`, bob);
    const client = await connectRealtime(context.app, bob);
    const root = await send(ada, room.id, 'A question');
    // The root's own event first, so that on a busy machine it cannot arrive among the ones in question.
    await client.next(eventOf('message', (e) => e.message.id === root.id));
    const since = client.events.length;
    const reply = await send(ada, room.id, 'An answer', { threadRootId: root.id });
    const rootChanged = await client.next(
      eventOf('message', (e) => e.message.id === root.id),
      { since },
    );
    const events = client.events.slice(since).flatMap((e) => (e.type === 'message' ? [e.message] : []));
    expect(events.map((message) => message.id)).toEqual([reply.id, root.id]);
    expect(rootChanged.message).toMatchObject({ replyCount: 1, changeSeq: reply.seq + 1 });
    expect(reply.changeSeq).toBe(reply.seq);
    // The reply does not move the conversation in the list; a timeline message does.
    const list = await request('GET', '/api/confer/conversations', bob);
    const listed = (
      list.json() as { items: { id: string; lastSeq: number; lastMessageAt: string }[] }
    ).items.find((item) => item.id === room.id);
    expect(listed).toMatchObject({ lastSeq: reply.seq + 1, lastMessageAt: root.createdAt });
    await client.close();
  });

  it('refuses a connection that is not signed in, or from another site', async () => {
    await expect(connectRealtime(context.app, undefined)).rejects.toMatchObject({ status: 401 });
    const ada = await signUp('Ada Origin');
    await expect(connectRealtime(context.app, ada, { origin: 'https://evil.example' })).rejects.toMatchObject(
      {
        status: 403,
      },
    );
  });

  it('keeps every message of a conversation in order, and catches up after a disconnect with nothing missed or twice', async () => {
    const ada = await signUp('Ada Order');
    const bob = await signUp('Bob Order');
    const room = await channel(ada);
    await request('PUT', `/api/confer/conversations/${room.id}/membership`, bob);
    const client = await connectRealtime(context.app, bob);
    const first = await Promise.all([1, 2, 3, 4, 5].map((n) => send(ada, room.id, `message ${n}`)));
    const last = first.reduce((a, b) => (a.seq > b.seq ? a : b));
    await client.next(eventOf('message', (e) => e.message.id === last.id));
    const seen = client.events.flatMap((e) => (e.type === 'message' ? [e.message.seq] : []));
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const known = Math.max(...seen);
    await client.close();

    // While Bob is away, more messages, an edit and a reaction.
    const later: Message[] = [];
    for (const n of [6, 7, 8]) later.push(await send(ada, room.id, `message ${n}`));
    expect(
      (await request('PATCH', `/api/confer/messages/${first[0]!.id}`, ada, { body: 'message 1, edited' }))
        .statusCode,
    ).toBe(200);
    expect((await request('PUT', `/api/confer/messages/${later[0]!.id}/reactions/👍`, ada)).statusCode).toBe(
      200,
    );

    const back = await connectRealtime(context.app, bob);
    const changes = await request('GET', `/api/confer/conversations/${room.id}/changes?after=${known}`, bob);
    const body = changes.json() as { items: Message[]; upTo: number; more: boolean };
    expect(body.more).toBe(false);
    expect(body.items.map((m) => m.body)).toEqual([
      'message 7',
      'message 8',
      'message 1, edited',
      'message 6',
    ]);
    expect(new Set(body.items.map((m) => m.id)).size).toBe(body.items.length);
    const changeSeqs = body.items.map((m) => m.changeSeq);
    expect(changeSeqs).toEqual([...changeSeqs].sort((a, b) => a - b));
    expect(body.upTo).toBe(Math.max(...changeSeqs));
    expect(body.items.find((m) => m.body === 'message 6')?.reactions).toEqual([
      { emoji: '👍', count: 1, mine: false },
    ]);
    await back.close();
  });

  it('closes a connection beyond the per-person limit', async () => {
    const ada = await signUp('Ada Many');
    const clients = [];
    for (let i = 0; i < 10; i++) clients.push(await connectRealtime(context.app, ada));
    const extra = await connectRealtime(context.app, ada, { expectReady: false });
    expect(await extra.closed).toBe(realtimeCloseCodes.tooManyConnections);
    await Promise.all(clients.map((client) => client.close()));
  });

  it('never sends a conversation’s events to someone who may not read it', async () => {
    const ada = await signUp('Ada Secret');
    const bob = await signUp('Bob Secret');
    const eve = await signUp('Eve Secret');
    const direct = conversationSchema.parse(
      (await request('POST', '/api/confer/direct', ada, { keys: [bob.id] })).json(),
    );
    const hidden = await channel(ada);
    const privateRoom = conversationSchema.parse(
      (
        await request('POST', '/api/confer/channels', ada, {
          name: `hush-${randomUUID().slice(0, 8)}`,
          private: true,
        })
      ).json(),
    );
    const eveClient = await connectRealtime(context.app, eve);
    // Eve may watch a public channel she has not joined, but not a private one.
    eveClient.send({ type: 'watch', conversationId: hidden.id });
    eveClient.send({ type: 'watch', conversationId: privateRoom.id });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await send(ada, direct.id, 'Just for Bob');
    await send(ada, privateRoom.id, 'Members only');
    const open = await send(ada, hidden.id, 'For everyone');
    await eveClient.next(eventOf('message', (event) => event.message.id === open.id));
    const bodies = eveClient.events.flatMap((event) =>
      event.type === 'message' ? [event.message.body] : [],
    );
    expect(bodies).toEqual(['For everyone']);
    await eveClient.close();
  });

  it('tells a person’s other tabs about their read position, and about a conversation they left', async () => {
    const ada = await signUp('Ada Tabs');
    const bob = await signUp('Bob Tabs');
    const room = await channel(ada);
    await request('PUT', `/api/confer/conversations/${room.id}/membership`, bob);
    const message = await send(ada, room.id, 'Read me');
    const tab = await connectRealtime(context.app, bob);
    await request('PUT', `/api/confer/conversations/${room.id}/read`, bob, { seq: message.seq });
    const read = await tab.next(eventOf('read', (event) => event.conversationId === room.id));
    expect(read.readSeq).toBe(message.seq);
    await request('DELETE', `/api/confer/conversations/${room.id}/membership`, bob);
    await tab.next(eventOf('conversation-removed', (event) => event.conversationId === room.id));
    const after = await send(ada, room.id, 'Gone');
    const check = await connectRealtime(context.app, ada);
    await check.close();
    expect(tab.events.some((event) => event.type === 'message' && event.message.id === after.id)).toBe(false);
    await tab.close();
  });

  it('answers an event it does not know with an error, and keeps the connection', async () => {
    const ada = await signUp('Ada Garbage');
    const client = await connectRealtime(context.app, ada);
    client.socket.send('not json');
    client.send({ type: 'typing', conversationId: 'nope' } as never);
    const error = await client.next(eventOf('error'));
    expect(error.code).toBe('common/validation-failed');
    client.send({ type: 'watch-presence', keys: [ada.id] });
    await client.next(
      eventOf('presence', (event) => event.profileKey === ada.id && event.status === 'online'),
    );
    await client.close();
  });

  it('asks clients to catch up when the server lost its listening connection, and goes on delivering', async () => {
    const ada = await signUp('Ada Resync');
    const bob = await signUp('Bob Resync');
    const room = await channel(ada);
    await request('PUT', `/api/confer/conversations/${room.id}/membership`, bob);
    const client = await connectRealtime(context.app, bob);
    await context.db.orm.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'cardweb-realtime' and datname = current_database()`,
    );
    await client.next(eventOf('resync'), { timeoutMs: 10_000 });
    const after = await send(ada, room.id, 'Still here');
    await client.next(eventOf('message', (event) => event.message.id === after.id));
    await client.close();
  });

  it('shows nobody the presence of someone who blocked them', async () => {
    const ada = await signUp('Ada Hidden');
    const bob = await signUp('Bob Hidden');
    const cat = await signUp('Cat Hidden');
    // Ada and Bob share a direct message, Bob follows Cat; then Ada blocks Bob.
    await request('POST', '/api/confer/direct', ada, { keys: [bob.id] });
    await context.db.orm.execute(
      sql`insert into follows (follower_key, followee_key) values (${bob.id}, ${cat.id})`,
    );
    await context.db.orm.execute(
      sql`insert into blocks (blocker_key, blocked_key) values (${ada.id}, ${bob.id})`,
    );
    const adaClient = await connectRealtime(context.app, ada);
    const bobClient = await connectRealtime(context.app, bob);
    bobClient.send({ type: 'watch-presence', keys: [ada.id, cat.id] });
    await bobClient.next(eventOf('presence', (event) => event.profileKey === cat.id));
    adaClient.send({ type: 'presence', status: 'away' });
    const catClient = await connectRealtime(context.app, cat);
    await bobClient.next(
      eventOf('presence', (event) => event.profileKey === cat.id && event.status === 'online'),
    );
    expect(bobClient.events.some((event) => event.type === 'presence' && event.profileKey === ada.id)).toBe(
      false,
    );
    await Promise.all([adaClient.close(), bobClient.close(), catClient.close()]);
  });

  it('shows a person’s presence only to people who share a conversation or a follow with them', async () => {
    const ada = await signUp('Ada Presence');
    const bob = await signUp('Bob Presence');
    const cat = await signUp('Cat Presence');
    const dan = await signUp('Dan Presence');
    const eve = await signUp('Eve Presence');
    // Bob shares a direct message with Ada; Cat follows Ada; Dan only sits in a public channel with her.
    expect((await request('POST', '/api/confer/direct', bob, { keys: [ada.id] })).statusCode).toBe(200);
    await context.db.orm.execute(
      sql`insert into follows (follower_key, followee_key) values (${cat.id}, ${ada.id})`,
    );
    const room = await channel(ada);
    await request('PUT', `/api/confer/conversations/${room.id}/membership`, dan);
    const adaClient = await connectRealtime(context.app, ada);
    const seen = async (watcher: Person) => {
      const client = await connectRealtime(context.app, watcher);
      client.send({ type: 'watch-presence', keys: [ada.id, watcher.id] });
      await client.next(eventOf('presence', (event) => event.profileKey === watcher.id));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await client.close();
      return client.events.some((event) => event.type === 'presence' && event.profileKey === ada.id);
    };
    expect(await seen(bob)).toBe(true);
    expect(await seen(cat)).toBe(true);
    expect(await seen(dan)).toBe(false);
    expect(await seen(eve)).toBe(false);
    // Ada sees whom she is followed by too (a follow either way counts).
    expect(
      await (async () => {
        const client = await connectRealtime(context.app, ada);
        client.send({ type: 'watch-presence', keys: [cat.id] });
        const event = await client.next(eventOf('presence', (e) => e.profileKey === cat.id));
        await client.close();
        return event.status;
      })(),
    ).toBe('offline');
    await adaClient.close();
  });

  it('limits how fast a connection may send frames, and closes one that floods', async () => {
    const ada = await signUp('Ada Flood');
    const room = await channel(ada);
    const client = await connectRealtime(context.app, ada);
    // Thousands of frames, each of which would need the database.
    for (let i = 0; i < 5000; i++) {
      client.send({ type: 'watch', conversationId: room.id });
      client.send({ type: 'watch-presence', keys: [ada.id] });
    }
    expect(await client.closed).toBe(realtimeCloseCodes.tooManyFrames);
    // The server kept answering everyone else meanwhile.
    expect((await context.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // A tab that sends what a tab sends is never limited.
    const calm = await connectRealtime(context.app, ada);
    calm.send({ type: 'presence', status: 'online' });
    for (let i = 0; i < 20; i++) calm.send({ type: 'watch', conversationId: room.id });
    calm.send({ type: 'watch-presence', keys: [ada.id] });
    await calm.next(eventOf('presence', (event) => event.profileKey === ada.id));
    expect(calm.events.some((event) => event.type === 'error')).toBe(false);
    await calm.close();
  });
});
