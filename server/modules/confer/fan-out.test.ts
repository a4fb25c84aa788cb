import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conferLimits, conversationSchema, messageSchema, type Message } from '../../../contracts/confer.ts';
import { buildApp, type App } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { setupTestApp } from '../../test/app.ts';
import { people, type Person } from '../../test/people.ts';
import { connectRealtime, eventOf, realtimeUrl } from '../../test/realtime.ts';

// Two server instances on one PostgreSQL, as behind a load balancer: each has its own pool, its own listening
// connection and its own clients, and a change made through one reaches the other's clients.
describe('two server instances on one database', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '198.18.45');
  let second: App;
  let secondDb: Database;

  beforeAll(async () => {
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    const url = context.db.pool.options.connectionString;
    if (!url) throw new Error('No connection string');
    secondDb = openDatabase(url, context.db.kind, { max: 5 });
    second = await buildApp({ config: context.config, db: secondDb, version: '0.0.0-test' });
    await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
  });

  const onSecond = (person: Person) => connectRealtime(context.app, person, { url: realtimeUrl(second) });

  async function directMessage(from: Person, to: Person) {
    const response = await request('POST', '/api/confer/direct', from, { keys: [to.id] });
    return conversationSchema.parse(response.json());
  }

  it('delivers messages sent through one instance to clients of the other, in order and once', async () => {
    const ada = await signUp('Ada Two');
    const bob = await signUp('Bob Two');
    const { id } = await directMessage(ada, bob);
    const bobOnSecond = await onSecond(bob);
    const adaOnFirst = await connectRealtime(context.app, ada);
    const sent: Message[] = [];
    for (let i = 1; i <= conferLimits.messagesPerWindow; i++) {
      const response = await request('POST', `/api/confer/conversations/${id}/messages`, ada, {
        clientId: randomUUID(),
        body: `across ${i}`,
      });
      sent.push(messageSchema.parse(response.json()));
    }
    const last = sent.at(-1)!;
    await bobOnSecond.next(eventOf('message', (event) => event.message.id === last.id));
    const received = bobOnSecond.events.flatMap((event) => (event.type === 'message' ? [event.message] : []));
    expect(received.map((message) => message.body)).toEqual(sent.map((message) => message.body));
    expect(received.map((message) => message.seq)).toEqual(sent.map((message) => message.seq));
    // The sender's own other tab (on the first instance) hears them too.
    await adaOnFirst.next(eventOf('message', (event) => event.message.id === last.id));
    await Promise.all([bobOnSecond.close(), adaOnFirst.close()]);
  });

  it('carries typing and presence between instances', async () => {
    const ada = await signUp('Ada Typing');
    const bob = await signUp('Bob Typing');
    const { id } = await directMessage(ada, bob);
    const bobOnSecond = await onSecond(bob);
    bobOnSecond.send({ type: 'watch-presence', keys: [ada.id] });
    await bobOnSecond.next(
      eventOf('presence', (event) => event.profileKey === ada.id && event.status === 'offline'),
    );

    const adaOnFirst = await connectRealtime(context.app, ada);
    await bobOnSecond.next(
      eventOf('presence', (event) => event.profileKey === ada.id && event.status === 'online'),
    );
    adaOnFirst.send({ type: 'typing', conversationId: id });
    const typing = await bobOnSecond.next(eventOf('typing', (event) => event.conversationId === id));
    expect(typing.profile.key).toBe(ada.id);

    adaOnFirst.send({ type: 'presence', status: 'away' });
    await bobOnSecond.next(
      eventOf('presence', (event) => event.profileKey === ada.id && event.status === 'away'),
    );
    await adaOnFirst.close();
    await bobOnSecond.next(
      eventOf('presence', (event) => event.profileKey === ada.id && event.status === 'offline'),
      {
        since: bobOnSecond.events.length - 1,
      },
    );
    await bobOnSecond.close();
  });

  it('subscribes a person’s open connections on every instance to a conversation they join', async () => {
    const ada = await signUp('Ada Join');
    const bob = await signUp('Bob Join');
    const bobOnSecond = await onSecond(bob);
    const { id } = await directMessage(ada, bob);
    await bobOnSecond.next(eventOf('conversation', (event) => event.conversationId === id));
    const response = await request('POST', `/api/confer/conversations/${id}/messages`, ada, {
      clientId: randomUUID(),
      body: 'Found you',
    });
    const sent = messageSchema.parse(response.json());
    await bobOnSecond.next(eventOf('message', (event) => event.message.id === sent.id));
    await bobOnSecond.close();
  });
});
