import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  channelDirectorySchema,
  conversationListSchema,
  conferSystemProfileKey,
  conversationSchema,
  memberListSchema,
  messagePageSchema,
  peopleSchema,
} from '../../../contracts/confer.ts';
import { setupTestApp } from '../../test/app.ts';
import { cardFactory } from '../../test/cards.ts';
import { people, type Person } from '../../test/people.ts';

describe('conversations', () => {
  const context = setupTestApp({ ADMIN_EMAILS: 'confer-admin@example.org' });
  const { signUp, request } = people(context, '198.18.42');
  const make = cardFactory(context);

  const name = () => `room-${randomUUID().slice(0, 8)}`;
  async function createChannel(owner: Person, body: object) {
    const response = await request('POST', '/api/confer/channels', owner, body);
    expect(response.statusCode, response.body).toBe(201);
    return conversationSchema.parse(response.json());
  }
  async function list(person: Person) {
    const response = await request('GET', '/api/confer/conversations', person);
    expect(response.statusCode, response.body).toBe(200);
    return conversationListSchema.parse(response.json());
  }
  async function send(person: Person, conversationId: string, body = 'Hello') {
    return request('POST', `/api/confer/conversations/${conversationId}/messages`, person, {
      clientId: randomUUID(),
      body,
    });
  }

  it('puts everyone in #general at sign-up, where CARD WEB (not a person) welcomes them', async () => {
    const ada = await signUp('Ada Newcomer');
    const general = (await list(ada)).items.find(
      (item) => item.kind === 'channel' && item.name === 'general',
    );
    expect(general).toMatchObject({ title: '#general', joined: true, unread: 1 });
    const page = messagePageSchema.parse(
      (await request('GET', `/api/confer/conversations/${general!.id}/messages`, ada)).json(),
    );
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.author).toMatchObject({ key: conferSystemProfileKey, displayName: 'CARD WEB' });
    expect(page.items[0]!.body).toContain('Welcome to Confer');
    // The system account cannot sign in: it has no password, and its role is no person's.
    const [account] = (
      await context.db.orm.execute<{ role: string; accounts: number }>(
        sql`select role, (select count(*)::int from accounts where user_id = users.id) as accounts from users where id = ${conferSystemProfileKey}`,
      )
    ).rows;
    expect(account).toEqual({ role: 'system', accounts: 0 });
    // Everyone who signs up later is in it too.
    const bob = await signUp('Bob Newcomer');
    expect((await list(bob)).items.some((item) => item.id === general!.id)).toBe(true);
  });

  it('makes a public channel its creator owns, which anyone can find, read, join and leave', async () => {
    const ada = await signUp('Ada Channel');
    const bob = await signUp('Bob Channel');
    const channelName = name();
    const room = await createChannel(ada, { name: `  ${channelName.toUpperCase()} `, topic: 'Graphs' });
    expect(room).toMatchObject({
      kind: 'channel',
      name: channelName,
      title: `#${channelName}`,
      topic: 'Graphs',
    });
    expect(room).toMatchObject({ joined: true, canManage: true, memberCount: 1 });

    const found = channelDirectorySchema.parse(
      (await request('GET', `/api/confer/channels?q=${channelName.slice(0, 6)}`, bob)).json(),
    );
    expect(found.items.map((item) => item.id)).toContain(room.id);
    const seen = conversationSchema.parse(
      (await request('GET', `/api/confer/conversations/${room.id}`, bob)).json(),
    );
    expect(seen).toMatchObject({ joined: false, canManage: false });
    // Reading before joining is allowed; writing is not.
    expect((await request('GET', `/api/confer/conversations/${room.id}/messages`, bob)).statusCode).toBe(200);
    expect((await send(bob, room.id)).json()).toMatchObject({ error: { code: 'confer/not-a-member' } });

    const joined = await request('PUT', `/api/confer/conversations/${room.id}/membership`, bob);
    expect(joined.json()).toMatchObject({ joined: true, memberCount: 2 });
    expect((await list(bob)).items.map((item) => item.id)).toContain(room.id);
    expect((await send(bob, room.id)).statusCode).toBe(201);
    expect((await request('DELETE', `/api/confer/conversations/${room.id}/membership`, bob)).statusCode).toBe(
      204,
    );
    expect((await list(bob)).items.map((item) => item.id)).not.toContain(room.id);
  });

  it('refuses a name in use and bad names, changing nothing', async () => {
    const ada = await signUp('Ada Names');
    const channelName = name();
    await createChannel(ada, { name: channelName });
    const again = await request('POST', '/api/confer/channels', ada, { name: channelName });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'confer/name-taken' } });
    const bad = await request('POST', '/api/confer/channels', ada, {
      name: 'No spaces here!',
      topic: 'x'.repeat(251),
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json() as { error: { details: { fields: { path: string }[] } } }).error.details
      .fields;
    expect(fields.map((field) => field.path).sort()).toEqual(['name', 'topic']);
    // Only the channel made above, besides #general.
    expect((await list(ada)).items.filter((item) => item.name !== 'general')).toHaveLength(1);
  });

  it('keeps a private channel invisible to all but its members, who invite others', async () => {
    const ada = await signUp('Ada Private');
    const bob = await signUp('Bob Private');
    const eve = await signUp('Eve Private');
    const room = await createChannel(ada, { name: name(), private: true });
    expect(room.kind).toBe('private');
    for (const path of ['', '/messages', '/members', '/changes?after=0'])
      expect((await request('GET', `/api/confer/conversations/${room.id}${path}`, eve)).statusCode).toBe(404);
    expect((await request('PUT', `/api/confer/conversations/${room.id}/membership`, eve)).statusCode).toBe(
      404,
    );
    expect((await send(eve, room.id)).statusCode).toBe(404);
    const directory = channelDirectorySchema.parse(
      (await request('GET', '/api/confer/channels', eve)).json(),
    );
    expect(directory.items.map((item) => item.id)).not.toContain(room.id);

    const invited = await request('POST', `/api/confer/conversations/${room.id}/members`, ada, {
      keys: [bob.id],
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect((await list(bob)).items.map((item) => item.id)).toContain(room.id);
    // A member may invite too; nobody can invite someone who is not there.
    const unknown = await request('POST', `/api/confer/conversations/${room.id}/members`, bob, {
      keys: ['nobody'],
    });
    expect(unknown.statusCode).toBe(400);
    const members = memberListSchema.parse(
      (await request('GET', `/api/confer/conversations/${room.id}/members`, bob)).json(),
    );
    expect(members.items.map((member) => [member.profile.key, member.role])).toEqual([
      [ada.id, 'owner'],
      [bob.id, 'member'],
    ]);
    expect(members.items.every((member) => member.presence === 'offline')).toBe(true);
  });

  it('gives the same people the same direct or group conversation, and none with someone blocked', async () => {
    const ada = await signUp('Ada Direct');
    const bob = await signUp('Bob Direct');
    const cat = await signUp('Cat Direct');
    const first = await request('POST', '/api/confer/direct', ada, { keys: [bob.id] });
    expect(first.statusCode, first.body).toBe(200);
    const direct = conversationSchema.parse(first.json());
    expect(direct).toMatchObject({ kind: 'direct', title: 'Bob Direct', memberCount: 2 });
    const fromBob = conversationSchema.parse(
      (await request('POST', '/api/confer/direct', bob, { keys: [ada.id] })).json(),
    );
    expect(fromBob.id).toBe(direct.id);
    expect(fromBob.title).toBe('Ada Direct');

    const group = conversationSchema.parse(
      (await request('POST', '/api/confer/direct', ada, { keys: [cat.id, bob.id, bob.id] })).json(),
    );
    expect(group).toMatchObject({ kind: 'group', memberCount: 3 });
    expect(group.others.map((other) => other.key).sort()).toEqual([bob.id, cat.id].sort());
    const again = conversationSchema.parse(
      (await request('POST', '/api/confer/direct', cat, { keys: [ada.id, bob.id] })).json(),
    );
    expect(again.id).toBe(group.id);

    expect((await request('POST', '/api/confer/direct', ada, { keys: [ada.id] })).statusCode).toBe(400);
    expect(
      (await request('DELETE', `/api/confer/conversations/${direct.id}/membership`, ada)).statusCode,
    ).toBe(400);

    // Blocking ends it: no new conversation, no new message, either way.
    await make.block(bob.id, ada.id);
    const blocked = await request('POST', '/api/confer/direct', ada, { keys: [bob.id] });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ error: { code: 'confer/blocked' } });
    expect((await send(ada, direct.id)).json()).toMatchObject({ error: { code: 'confer/blocked' } });
    expect((await send(bob, direct.id)).json()).toMatchObject({ error: { code: 'confer/blocked' } });
    // People search leaves the blocked out.
    const search = peopleSchema.parse((await request('GET', `/api/confer/people?q=bob`, ada)).json());
    expect(search.items.map((person) => person.key)).not.toContain(bob.id);
    // Both ways (decision 012): the one who blocks does not find the person they block either.
    const back = peopleSchema.parse((await request('GET', `/api/confer/people?q=ada`, bob)).json());
    expect(back.items.map((person) => person.key)).not.toContain(ada.id);
    expect(
      peopleSchema
        .parse((await request('GET', `/api/confer/people?q=Cat%20Dir`, ada)).json())
        .items.map((p) => p.key),
    ).toContain(cat.id);
  });

  it('lets the owner or an administrator rename, describe and archive a channel; archived channels are read-only', async () => {
    const ada = await signUp('Ada Archive');
    const bob = await signUp('Bob Archive');
    const admin = await signUp('Admin Archive', 'confer-admin@example.org');
    const room = await createChannel(ada, { name: name() });
    await request('PUT', `/api/confer/conversations/${room.id}/membership`, bob);
    const forbidden = await request('PATCH', `/api/confer/conversations/${room.id}`, bob, {
      topic: 'Mine now',
    });
    expect(forbidden.statusCode).toBe(403);
    const renamed = name();
    const changed = await request('PATCH', `/api/confer/conversations/${room.id}`, ada, {
      name: renamed,
      topic: 'New topic',
    });
    expect(changed.json()).toMatchObject({ name: renamed, topic: 'New topic' });
    const archived = await request('PATCH', `/api/confer/conversations/${room.id}`, admin, {
      archived: true,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ archived: true, canManage: true });
    const refused = await send(bob, room.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'confer/archived' } });
    expect((await request('GET', `/api/confer/conversations/${room.id}/messages`, bob)).statusCode).toBe(200);
    expect(
      (await request('PATCH', `/api/confer/conversations/${room.id}`, ada, { archived: false })).statusCode,
    ).toBe(200);
    expect((await send(bob, room.id)).statusCode).toBe(201);
    expect((await request('PATCH', `/api/confer/conversations/${room.id}`, ada, {})).statusCode).toBe(400);
  });

  it('answers 401 to everyone signed out', async () => {
    for (const [method, url] of [
      ['GET', '/api/confer/conversations'],
      ['POST', '/api/confer/channels'],
      ['GET', '/api/confer/search?q=x'],
    ] as const)
      expect(
        (await request(method, url, undefined, method === 'POST' ? { name: 'valid-name' } : undefined))
          .statusCode,
      ).toBe(401);
  });
});
