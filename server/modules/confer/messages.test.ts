import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { snippetMarks } from '../../../contracts/cards.ts';
import {
  changesSchema,
  conferLimits,
  conversationSchema,
  messagePageSchema,
  messageSchema,
  messageSearchResultsSchema,
  threadSchema,
  type Message,
} from '../../../contracts/confer.ts';
import { cardDrafts, cards, messages, userReports } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { cardFactory } from '../../test/cards.ts';
import { people, type Person } from '../../test/people.ts';

describe('messages', () => {
  const context = setupTestApp({ ADMIN_EMAILS: 'messages-admin@example.org,messages-admin-2@example.org' });
  const { signUp, request } = people(context, '198.18.43');
  const make = cardFactory(context);

  async function room(owner: Person, ...members: Person[]) {
    const response = await request('POST', '/api/confer/channels', owner, {
      name: `room-${randomUUID().slice(0, 8)}`,
    });
    const conversation = conversationSchema.parse(response.json());
    for (const member of members)
      expect(
        (await request('PUT', `/api/confer/conversations/${conversation.id}/membership`, member)).statusCode,
      ).toBe(200);
    return conversation;
  }
  async function send(
    person: Person,
    conversationId: string,
    body: string,
    extra: object = {},
  ): Promise<Message> {
    const response = await request('POST', `/api/confer/conversations/${conversationId}/messages`, person, {
      clientId: randomUUID(),
      body,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return messageSchema.parse(response.json());
  }
  async function summary(person: Person, conversationId: string) {
    return conversationSchema.parse(
      (await request('GET', `/api/confer/conversations/${conversationId}`, person)).json(),
    );
  }
  const handleOf = async (person: Person) =>
    ((await request('GET', `/api/profiles/${person.id}`, person)).json() as { handle: string }).handle;

  it('sends a message once per key, even when the same key is sent twice at once', async () => {
    const ada = await signUp('Ada Once');
    const { id } = await room(ada);
    const clientId = randomUUID();
    const post = () =>
      request('POST', `/api/confer/conversations/${id}/messages`, ada, { clientId, body: 'Only once' });
    const [a, b] = await Promise.all([post(), post()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(messageSchema.parse(a.json()).id).toBe(messageSchema.parse(b.json()).id);
    const third = await post();
    expect(third.statusCode).toBe(200);
    const stored = await context.db.orm.select().from(messages).where(eq(messages.conversationId, id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.seq).toBe(1);
  });

  it('refuses an empty or too long message, and a key used elsewhere, storing nothing', async () => {
    const ada = await signUp('Ada Bad');
    const { id } = await room(ada);
    const other = await room(ada);
    for (const body of ['   \n ', 'x'.repeat(conferLimits.messageChars + 1)]) {
      const response = await request('POST', `/api/confer/conversations/${id}/messages`, ada, {
        clientId: randomUUID(),
        body,
      });
      expect(response.statusCode).toBe(400);
    }
    const used = await send(ada, id, 'Here');
    const reused = await request('POST', `/api/confer/conversations/${other.id}/messages`, ada, {
      clientId: used.clientId,
      body: 'There',
    });
    expect(reused.statusCode).toBe(400);
    const stored = await context.db.orm.select().from(messages).where(eq(messages.authorKey, ada.id));
    expect(stored.map((row) => row.body)).toEqual(['Here']);
  });

  it('edits and deletes by the author only; a deleted message stays as a marker', async () => {
    const ada = await signUp('Ada Edit');
    const bob = await signUp('Bob Edit');
    const { id } = await room(ada, bob);
    const message = await send(ada, id, 'Frist');
    expect(
      (await request('PATCH', `/api/confer/messages/${message.id}`, bob, { body: 'Mine' })).json(),
    ).toMatchObject({
      error: { code: 'confer/not-the-author' },
    });
    const edited = messageSchema.parse(
      (await request('PATCH', `/api/confer/messages/${message.id}`, ada, { body: 'First' })).json(),
    );
    expect(edited).toMatchObject({ body: 'First', seq: message.seq });
    expect(edited.editedAt).not.toBeNull();
    expect(edited.changeSeq).toBeGreaterThan(message.changeSeq);
    expect((await request('DELETE', `/api/confer/messages/${message.id}`, bob)).statusCode).toBe(403);
    const deleted = messageSchema.parse(
      (await request('DELETE', `/api/confer/messages/${message.id}`, ada)).json(),
    );
    expect(deleted).toMatchObject({ deleted: true, removed: false, body: '' });
    const page = messagePageSchema.parse(
      (await request('GET', `/api/confer/conversations/${id}/messages`, bob)).json(),
    );
    expect(page.items.map((item) => [item.id, item.deleted])).toEqual([[message.id, true]]);
    expect(
      (await request('PATCH', `/api/confer/messages/${message.id}`, ada, { body: 'Back' })).statusCode,
    ).toBe(404);
  });

  it('counts reactions per emoji, once per person, and knows which are the reader’s', async () => {
    const ada = await signUp('Ada React');
    const bob = await signUp('Bob React');
    const eve = await signUp('Eve React');
    const { id } = await room(ada, bob);
    const message = await send(ada, id, 'React to me');
    const react = (person: Person, emoji: string, on = true) =>
      request(
        on ? 'PUT' : 'DELETE',
        `/api/confer/messages/${message.id}/reactions/${encodeURIComponent(emoji)}`,
        person,
      );
    await react(ada, '🎉');
    await react(bob, '🎉');
    const twice = await react(bob, '🎉');
    const afterBob = messageSchema.parse(twice.json());
    expect(afterBob.reactions).toEqual([{ emoji: '🎉', count: 2, mine: true }]);
    // A repeat changes nothing, not even the change number.
    expect(afterBob.changeSeq).toBe(messageSchema.parse((await react(bob, '🎉')).json()).changeSeq);
    expect((await react(eve, '🎉')).json()).toMatchObject({ error: { code: 'confer/not-a-member' } });
    expect((await react(ada, '💩')).statusCode).toBe(400);
    const back = messageSchema.parse((await react(bob, '🎉', false)).json());
    expect(back.reactions).toEqual([{ emoji: '🎉', count: 1, mine: false }]);
  });

  it('keeps replies in threads: counted on their root, out of the timeline, in the changes', async () => {
    const ada = await signUp('Ada Thread');
    const bob = await signUp('Bob Thread');
    const { id } = await room(ada, bob);
    const root = await send(ada, id, 'Question?');
    const reply = await send(bob, id, 'Answer.', { threadRootId: root.id });
    await send(ada, id, 'Thanks!', { threadRootId: root.id });
    const bad = await request('POST', `/api/confer/conversations/${id}/messages`, ada, {
      clientId: randomUUID(),
      body: 'Nested',
      threadRootId: reply.id,
    });
    expect(bad.statusCode).toBe(400);
    const thread = threadSchema.parse(
      (await request('GET', `/api/confer/messages/${root.id}/thread`, bob)).json(),
    );
    expect(thread.root.replyCount).toBe(2);
    expect(thread.replies.map((item) => item.body)).toEqual(['Answer.', 'Thanks!']);
    // A link to a reply asks for the thread it is in.
    const fromReply = threadSchema.parse(
      (await request('GET', `/api/confer/messages/${reply.id}/thread`, ada)).json(),
    );
    expect(fromReply.root.id).toBe(root.id);
    expect(fromReply.replies.map((item) => item.id)).toEqual(thread.replies.map((item) => item.id));
    const page = messagePageSchema.parse(
      (await request('GET', `/api/confer/conversations/${id}/messages`, bob)).json(),
    );
    expect(page.items.map((item) => item.body)).toEqual(['Question?']);
    const changes = changesSchema.parse(
      (await request('GET', `/api/confer/conversations/${id}/changes?after=0`, bob)).json(),
    );
    expect(changes.items.map((item) => item.body)).toEqual(['Answer.', 'Thanks!', 'Question?']);
    expect(changes.upTo).toBe(page.upTo);
  });

  it('counts unread messages and mentions from the read position, which only moves forward', async () => {
    const ada = await signUp('Ada Unread');
    const bob = await signUp('Bob Unread');
    const { id } = await room(ada, bob);
    const bobHandle = await handleOf(bob);
    await send(ada, id, 'One');
    await send(ada, id, `Two, @${bobHandle}`);
    const root = await send(ada, id, 'Three');
    await send(ada, id, `In a thread, @${bobHandle.toUpperCase()}`, { threadRootId: root.id });
    await send(bob, id, 'My own');
    expect(await summary(bob, id)).toMatchObject({ unread: 3, mentions: 2, readSeq: 0 });
    expect(await summary(ada, id)).toMatchObject({ unread: 1, mentions: 0 });

    const read = await request('PUT', `/api/confer/conversations/${id}/read`, bob, { seq: root.seq });
    expect(read.json()).toEqual({ readSeq: root.seq });
    expect(await summary(bob, id)).toMatchObject({ unread: 0, mentions: 1 });
    expect((await request('PUT', `/api/confer/conversations/${id}/read`, bob, { seq: 1 })).json()).toEqual({
      readSeq: root.seq,
    });
    // A position past the end is the end.
    const end = await request('PUT', `/api/confer/conversations/${id}/read`, bob, { seq: 1_000_000 });
    expect(end.json()).toEqual({ readSeq: (await summary(bob, id)).lastSeq });
    expect(await summary(bob, id)).toMatchObject({ unread: 0, mentions: 0 });
  });

  it('pages through history both ways and catches up on changes in pages', async () => {
    const ada = await signUp('Ada Pages');
    const { id } = await room(ada);
    const sent: Message[] = [];
    for (let i = 1; i <= 9; i++) sent.push(await send(ada, id, `m${i}`));
    const newest = messagePageSchema.parse(
      (await request('GET', `/api/confer/conversations/${id}/messages?limit=4`, ada)).json(),
    );
    expect(newest.items.map((item) => item.body)).toEqual(['m6', 'm7', 'm8', 'm9']);
    expect(newest).toMatchObject({ hasOlder: true, hasNewer: false, upTo: sent[8]!.seq });
    const older = messagePageSchema.parse(
      (
        await request(
          'GET',
          `/api/confer/conversations/${id}/messages?limit=4&before=${newest.items[0]!.seq}`,
          ada,
        )
      ).json(),
    );
    expect(older.items.map((item) => item.body)).toEqual(['m2', 'm3', 'm4', 'm5']);
    expect(older).toMatchObject({ hasOlder: true, hasNewer: true });
    const after = messagePageSchema.parse(
      (
        await request('GET', `/api/confer/conversations/${id}/messages?limit=3&after=${sent[1]!.seq}`, ada)
      ).json(),
    );
    expect(after.items.map((item) => item.body)).toEqual(['m3', 'm4', 'm5']);
    expect(after).toMatchObject({ hasOlder: true, hasNewer: true });
    const both = await request('GET', `/api/confer/conversations/${id}/messages?before=5&after=2`, ada);
    expect(both.statusCode).toBe(400);

    let cursor = 0;
    const caught: string[] = [];
    for (;;) {
      const page = changesSchema.parse(
        (await request('GET', `/api/confer/conversations/${id}/changes?after=${cursor}&limit=4`, ada)).json(),
      );
      caught.push(...page.items.map((item) => item.body));
      cursor = page.upTo;
      if (!page.more) break;
    }
    expect(caught).toEqual(sent.map((message) => message.body));
    expect(cursor).toBe(sent[8]!.seq);
  });

  it('embeds the public and unlisted cards a message links to, on this site only', async () => {
    const ada = await signUp('Ada Embed');
    const writer = await make.author();
    const open = await make.card(writer, { title: 'Open card' });
    const unlisted = await make.card(writer, { title: 'Unlisted card', visibility: 'unlisted' });
    const closed = await make.card(writer, { title: 'Private card', visibility: 'private' });
    const { id } = await room(ada);
    const site = new URL(context.config.PUBLIC_URL).origin;
    const message = await send(
      ada,
      id,
      `See /cards/${open.id}, ${site}/cards/${unlisted.id}, /cards/${closed.id} and https://elsewhere.example/cards/${open.id}`,
    );
    expect(message.embeds.map((card) => card.title)).toEqual(['Open card', 'Unlisted card']);
  });

  it('finds messages by their words only where the reader may read them, threads included', async () => {
    const ada = await signUp('Ada Search');
    const bob = await signUp('Bob Search');
    const eve = await signUp('Eve Search');
    const open = await room(ada, bob);
    const secret = conversationSchema.parse(
      (await request('POST', '/api/confer/direct', ada, { keys: [bob.id] })).json(),
    );
    const root = await send(ada, open.id, 'Who knows about axolotls?');
    await send(bob, open.id, 'Axolotls regrow their limbs.', { threadRootId: root.id });
    await send(ada, secret.id, 'A secret about axolotl care.');
    const search = async (person: Person, query: string) =>
      messageSearchResultsSchema.parse((await request('GET', `/api/confer/search?${query}`, person)).json());

    const forBob = await search(bob, 'q=axolotl');
    expect(forBob.items.map((item) => item.message.body).sort()).toEqual(
      ['A secret about axolotl care.', 'Axolotls regrow their limbs.', 'Who knows about axolotls?'].sort(),
    );
    expect(forBob.items.find((item) => item.message.threadRootId)?.snippet).toBe(
      `${snippetMarks.start}Axolotls${snippetMarks.end} regrow their limbs.`,
    );
    const forEve = await search(eve, 'q=axolotl');
    expect(forEve.items.map((item) => item.message.body).sort()).toEqual(
      ['Axolotls regrow their limbs.', 'Who knows about axolotls?'].sort(),
    );
    expect((await search(bob, `q=axolotl&author=@${await handleOf(bob)}`)).items).toHaveLength(1);
    expect((await search(bob, `q=axolotl&conversationId=${secret.id}`)).items).toHaveLength(1);
    expect(
      (await request('GET', `/api/confer/search?q=axolotl&conversationId=${secret.id}`, eve)).statusCode,
    ).toBe(404);
    const paged = await search(bob, 'q=axolotl&limit=2');
    expect(paged.items).toHaveLength(2);
    const rest = await search(bob, `q=axolotl&limit=2&cursor=${paged.nextCursor}`);
    expect(rest.items).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
  });

  it('files reports of others’ messages and saves a message as a draft card', async () => {
    const ada = await signUp('Ada Report');
    const bob = await signUp('Bob Report');
    const { id } = await room(ada, bob);
    const message = await send(bob, id, 'Buy cheap watches **now**');
    const report = await request('POST', `/api/confer/messages/${message.id}/reports`, ada, {
      reason: 'spam',
      details: 'Ads',
    });
    expect(report.statusCode, report.body).toBe(201);
    const [stored] = await context.db.orm
      .select()
      .from(userReports)
      .where(eq(userReports.messageId, message.id));
    expect(stored).toMatchObject({
      reporterKey: ada.id,
      reportedKey: bob.id,
      reason: 'spam',
      status: 'open',
    });
    expect(
      (await request('POST', `/api/confer/messages/${message.id}/reports`, bob, { reason: 'spam' }))
        .statusCode,
    ).toBe(400);
    const admin = await signUp('Admin Report', 'messages-admin@example.org');
    const reports = (await request('GET', '/api/admin/reports', admin)).json() as {
      items: { message: { id: string; body: string; removed: boolean } | null }[];
    };
    expect(reports.items.find((item) => item.message?.id === message.id)?.message).toMatchObject({
      body: 'Buy cheap watches **now**',
      removed: false,
    });

    const direct = conversationSchema.parse(
      (await request('POST', '/api/confer/direct', ada, { keys: [bob.id] })).json(),
    );
    const tip = await send(bob, direct.id, '# Spacing\nReview the day after, then a week after.');
    const saved = await request('POST', `/api/confer/messages/${tip.id}/card`, ada);
    expect(saved.statusCode, saved.body).toBe(201);
    const { cardId } = saved.json() as { cardId: string };
    const [card] = await context.db.orm.select().from(cards).where(eq(cards.id, cardId));
    const [draft] = await context.db.orm.select().from(cardDrafts).where(eq(cardDrafts.cardId, cardId));
    expect(card).toMatchObject({
      authorKey: ada.id,
      status: 'draft',
      visibility: 'private',
      title: 'Spacing',
    });
    expect(draft?.body).toContain('Review the day after, then a week after.');
    expect(draft?.body).toContain(`written by @${await handleOf(bob)}`);
  });

  it('limits how fast a person sends, with a clear error', async () => {
    const ada = await signUp('Ada Fast');
    const { id } = await room(ada);
    for (let i = 0; i < conferLimits.messagesPerWindow; i++) await send(ada, id, `fast ${i}`);
    const refused = await request('POST', `/api/confer/conversations/${id}/messages`, ada, {
      clientId: randomUUID(),
      body: 'too fast',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'confer/rate-limited',
        details: { retryAfterSeconds: conferLimits.messageWindowSeconds },
      },
    });
  });

  it('lets administrators remove messages and pause someone’s messages', async () => {
    const ada = await signUp('Ada Mod');
    const bob = await signUp('Bob Mod');
    const admin = await signUp('Admin Mod', 'messages-admin-2@example.org');
    const { id } = await room(ada, bob);
    const message = await send(bob, id, 'Something awful');
    expect((await request('DELETE', `/api/admin/confer/messages/${message.id}`, ada)).statusCode).toBe(403);
    const removed = messageSchema.parse(
      (await request('DELETE', `/api/admin/confer/messages/${message.id}`, admin)).json(),
    );
    expect(removed).toMatchObject({ deleted: true, removed: true, body: '' });

    const until = new Date(Date.now() + 3600_000).toISOString();
    expect(
      (await request('PUT', `/api/admin/confer/mutes/${bob.id}`, ada, { until, reason: 'Spam' })).statusCode,
    ).toBe(403);
    const muted = await request('PUT', `/api/admin/confer/mutes/${bob.id}`, admin, { until, reason: 'Spam' });
    expect(muted.statusCode, muted.body).toBe(200);
    const refused = await request('POST', `/api/confer/conversations/${id}/messages`, bob, {
      clientId: randomUUID(),
      body: 'Hi',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'confer/muted' } });
    expect((refused.json() as { error: { message: string } }).error.message).toContain('Spam');
    const past = new Date(Date.now() - 1000).toISOString();
    expect(
      (await request('PUT', `/api/admin/confer/mutes/${bob.id}`, admin, { until: past, reason: 'x' }))
        .statusCode,
    ).toBe(400);
    expect((await request('DELETE', `/api/admin/confer/mutes/${bob.id}`, admin)).statusCode).toBe(204);
    await send(bob, id, 'Sorry');
  });
});
