import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profileSchema } from '../../../contracts/profiles.ts';
import { follows, userReports } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { people, type Person } from '../../test/people.ts';

describe('hidden follow counts, blocks and reports', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '203.0.113');
  const profileOf = async (key: string, reader?: Person) =>
    profileSchema.parse((await request('GET', `/api/profiles/${key}`, reader)).json());
  const follow = (key: string, as: Person, method: 'PUT' | 'DELETE' = 'PUT') =>
    request(method, `/api/profiles/${key}/follow`, as);
  const block = (key: string, as: Person, method: 'PUT' | 'DELETE' = 'PUT') =>
    request(method, `/api/profiles/${key}/block`, as);

  it('hides follower and following counts and lists from everyone but the owner', async () => {
    const shy = await signUp('Shy');
    const fan = await signUp('Fan');
    await follow(shy.id, fan);
    const saved = await request('PATCH', '/api/profiles/me', shy, { hideFollowCounts: true });
    expect(saved.json()).toMatchObject({ hideFollowCounts: true, followers: 1, following: 0 });

    expect(await profileOf(shy.id, fan)).toMatchObject({ followers: null, following: null });
    expect(await profileOf(shy.id)).toMatchObject({ followers: null, following: null });
    expect(await profileOf(shy.id, shy)).toMatchObject({ followers: 1, following: 0 });
    // The rest of the profile stays public.
    expect(await profileOf(shy.id, fan)).toMatchObject({ cards: 0, likes: 0, rank: 'B' });

    for (const direction of ['followers', 'following']) {
      const hidden = await request('GET', `/api/profiles/${shy.id}/${direction}`, fan);
      expect(hidden.statusCode).toBe(403);
      expect(hidden.json().error.code).toBe('profiles/connections-hidden');
      expect((await request('GET', `/api/profiles/${shy.id}/${direction}`, shy)).statusCode).toBe(200);
    }
    // Following someone who hides their counts does not reveal them.
    const other = await signUp('Other');
    expect((await follow(shy.id, other)).json()).toEqual({ following: true, followers: null });

    await request('PATCH', '/api/profiles/me', shy, { hideFollowCounts: false });
    expect(await profileOf(shy.id, fan)).toMatchObject({ followers: 2, following: 0 });
  });

  it('blocking ends the follows both ways and stops the blocked person following again', async () => {
    const ada = await signUp('Blocker');
    const troll = await signUp('Troll');
    await follow(ada.id, troll);
    await follow(troll.id, ada);

    expect((await block(troll.id, ada)).json()).toEqual({ blocked: true });
    expect(await profileOf(ada.id, ada)).toMatchObject({ followers: 0, following: 0 });
    expect(await profileOf(troll.id, troll)).toMatchObject({ followers: 0, following: 0 });
    expect(await context.db.orm.select().from(follows).where(eq(follows.followerKey, troll.id))).toEqual([]);
    expect(await profileOf(troll.id, ada)).toMatchObject({ blockedByMe: true, followedByMe: false });

    const refused = await follow(ada.id, troll);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('profiles/blocked');
    // Nor does the blocker follow someone they block.
    expect((await follow(troll.id, ada)).statusCode).toBe(403);
    expect(await profileOf(ada.id, ada)).toMatchObject({ followers: 0 });

    const list = (await request('GET', '/api/profiles/me/blocks', ada)).json();
    expect(list.items.map((item: { key: string }) => item.key)).toEqual([troll.id]);

    expect((await block(troll.id, ada, 'DELETE')).json()).toEqual({ blocked: false });
    expect((await follow(ada.id, troll)).json()).toEqual({ following: true, followers: 1 });
  });

  it('leaves people blocked either way out of the follower and following lists the reader opens', async () => {
    const reader = await signUp('List Reader');
    const popular = await signUp('Popular');
    const blocker = await signUp('Blocks Reader');
    const blocked = await signUp('Blocked By Reader');
    const friend = await signUp('Friend');
    for (const person of [blocker, blocked, friend]) {
      await follow(popular.id, person);
      await follow(person.id, popular);
    }
    await block(reader.id, blocker);
    await block(blocked.id, reader);
    const handles = async (direction: string, as?: Person) =>
      (
        (await request('GET', `/api/profiles/${popular.id}/${direction}`, as)).json().items as {
          key: string;
        }[]
      )
        .map((item) => item.key)
        .sort();
    for (const direction of ['followers', 'following']) {
      expect(await handles(direction, reader), direction).toEqual([friend.id]);
      expect(await handles(direction), direction).toEqual([blocker.id, blocked.id, friend.id].sort());
    }
  });

  it('refuses blocking yourself, or while signed out', async () => {
    const ada = await signUp('Self Blocker');
    expect((await block(ada.id, ada)).statusCode).toBe(400);
    expect((await request('PUT', `/api/profiles/${ada.id}/block`)).statusCode).toBe(401);
  });

  it('keeps counters exact when blocks race with follows', async () => {
    const ada = await signUp('Racer');
    const others = await Promise.all([0, 1, 2, 3].map((i) => signUp(`Racer friend ${i}`)));
    const operations = others.flatMap((other) => [
      follow(ada.id, other),
      follow(other.id, ada),
      block(other.id, ada),
      follow(ada.id, other),
    ]);
    const results = await Promise.all(operations);
    expect(results.every((result) => [200, 403].includes(result.statusCode))).toBe(true);
    // Every pair ended blocked, so nothing may remain between them.
    const mine = await profileOf(ada.id, ada);
    expect(mine).toMatchObject({ followers: 0, following: 0 });
  });

  it('stores a report for the administrators, and refuses bad ones', async () => {
    const ada = await signUp('Reporter');
    const spammer = await signUp('Spammer');
    const filed = await request('POST', `/api/profiles/${spammer.id}/reports`, ada, {
      reason: 'spam',
      details: 'Posts the same link under every card.',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const [row] = await context.db.orm.select().from(userReports).where(eq(userReports.id, filed.json().id));
    expect(row).toMatchObject({
      reporterKey: ada.id,
      reportedKey: spammer.id,
      reason: 'spam',
      details: 'Posts the same link under every card.',
      status: 'open',
    });

    const badReason = await request('POST', `/api/profiles/${spammer.id}/reports`, ada, { reason: 'meh' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().error.details.fields[0].path).toBe('reason');
    expect(
      (await request('POST', `/api/profiles/${ada.id}/reports`, ada, { reason: 'spam' })).statusCode,
    ).toBe(400);
    expect(
      (await request('POST', `/api/profiles/${spammer.id}/reports`, undefined, { reason: 'spam' }))
        .statusCode,
    ).toBe(401);
    const reports = await context.db.orm
      .select()
      .from(userReports)
      .where(eq(userReports.reporterKey, ada.id));
    expect(reports).toHaveLength(1);
  });

  it('lets nobody edit another person’s profile', async () => {
    const ada = await signUp('Owner');
    const mallory = await signUp('Mallory');
    // The only edit route is /me: it edits the signed-in person's own profile, whatever key is named.
    await request('PATCH', `/api/profiles/me`, mallory, { bio: 'hacked' });
    expect((await profileOf(ada.id)).bio).toBe('');
    const direct = await request('PATCH', `/api/profiles/${ada.id}`, mallory, { bio: 'hacked' });
    expect(direct.statusCode).toBe(404);
    expect((await profileOf(ada.id)).bio).toBe('');
  });
});

describe('pages of people', () => {
  const context = setupTestApp();
  const { signUp, request } = people(context, '203.0.114');

  it('misses nobody when follows share a millisecond', async () => {
    const star = await signUp('Busy star');
    const fans = await Promise.all([1, 2, 3].map((i) => signUp(`Same moment fan ${i}`)));
    // Microseconds apart: a cursor kept to the millisecond would skip the ones between pages.
    await context.db.orm.insert(follows).values(
      fans.map((fan, i) => ({
        followerKey: fan.id,
        followeeKey: star.id,
        createdAt: sql.raw(`'2026-01-01 00:00:00.000${i + 1}00+00'::timestamptz`),
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (
        await request('GET', `/api/profiles/${star.id}/followers?limit=1${cursor ? `&cursor=${cursor}` : ''}`)
      ).json() as { items: { key: string }[]; nextCursor: string | null };
      seen.push(...page.items.map((item) => item.key));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(fans.map((fan) => fan.id).reverse());
    const bad = await request(
      'GET',
      `/api/profiles/${star.id}/followers?cursor=${Buffer.from('["x","y"]').toString('base64url')}`,
    );
    expect(bad.statusCode).toBe(400);
  });
});
