import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profileSchema } from '../../../contracts/profiles.ts';
import { follows, profiles, users } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { handleFrom } from './service.ts';

const password = 'Correct-Horse-42';

describe('profiles and follows', () => {
  const context = setupTestApp();
  let ip = 1;

  async function signUp(name: string) {
    const address = `198.51.100.${ip % 250}`;
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}.${ip}@example.org`;
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name, email, password },
      remoteAddress: address,
      headers: { origin: context.config.PUBLIC_URL },
    });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = ([] as string[])
      .concat(response.headers['set-cookie'] as string[])
      .map((c) => c.split(';')[0])
      .join('; ');
    ip++;
    return { id: (response.json() as { user: { id: string } }).user.id, email, cookie, address };
  }

  const getProfile = (key: string, cookie?: string) =>
    context.app.inject({
      method: 'GET',
      url: `/api/profiles/${encodeURIComponent(key)}`,
      headers: cookie ? { cookie } : {},
    });
  const follow = (key: string, as: { cookie: string; address: string }, method: 'PUT' | 'DELETE' = 'PUT') =>
    context.app.inject({
      method,
      url: `/api/profiles/${key}/follow`,
      remoteAddress: as.address,
      headers: { cookie: as.cookie, origin: context.config.PUBLIC_URL },
    });

  it('creates a profile with the seed’s defaults for every new account', async () => {
    const ada = await signUp('Ada Lovelace');
    const own = profileSchema.parse((await getProfile(ada.id, ada.cookie)).json());
    expect(own).toMatchObject({
      key: ada.id,
      displayName: 'Ada Lovelace',
      email: ada.email,
      rank: 'B',
      bio: '',
      following: 0,
      followers: 0,
      cards: 0,
      likes: 0,
      isSubscribed: false,
      followedByMe: false,
    });
    expect(own.handle).toMatch(/^ada_lovelace/);
    // Others do not see contact details.
    const seen = (await getProfile(ada.id)).json();
    expect(seen.email).toBeNull();
    expect(seen.phoneNumber).toBeNull();
  });

  it('gives every account its own handle', async () => {
    const first = await signUp('Same Name');
    const second = await signUp('Same Name');
    const a = (await getProfile(first.id)).json().handle;
    const b = (await getProfile(second.id)).json().handle;
    expect(a).not.toBe(b);
    expect(b).toMatch(/^[a-z0-9_]{3,30}$/);
    expect(handleFrom('Zoë Ñúñez-O’Brien')).toBe('zoe_nunez_o_brien');
    expect(handleFrom('李')).toBe('user');
  });

  it('refuses a key with a colon and answers an unknown key with not-found', async () => {
    const colon = await getProfile('tenant:42');
    expect(colon.statusCode).toBe(400);
    expect(colon.json().error.code).toBe('auth/argument-error');
    const unknown = await getProfile('no-such-user');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('common/not-found');
  });

  it('follows and unfollows, idempotently, with counters on both sides', async () => {
    const ada = await signUp('Ada');
    const bob = await signUp('Bob');
    expect((await follow(bob.id, ada)).json()).toEqual({ following: true, followers: 1 });
    expect((await follow(bob.id, ada)).json()).toEqual({ following: true, followers: 1 });
    expect((await getProfile(bob.id, ada.cookie)).json()).toMatchObject({ followers: 1, followedByMe: true });
    expect((await getProfile(ada.id)).json()).toMatchObject({ following: 1 });
    expect((await follow(bob.id, ada, 'DELETE')).json()).toEqual({ following: false, followers: 0 });
    expect((await getProfile(ada.id)).json()).toMatchObject({ following: 0 });
  });

  it('refuses following yourself, and following while signed out', async () => {
    const ada = await signUp('Solo');
    const self = await follow(ada.id, ada);
    expect(self.statusCode).toBe(400);
    const anonymous = await context.app.inject({ method: 'PUT', url: `/api/profiles/${ada.id}/follow` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('auth/unauthenticated');
  });

  it('keeps the counters equal to the rows under many concurrent follows and unfollows', async () => {
    const people = [];
    for (let i = 0; i < 6; i++) people.push(await signUp(`Crowd ${i}`));
    const operations = [];
    for (let round = 0; round < 8; round++) {
      for (const from of people) {
        for (const to of people) {
          if (from === to) continue;
          operations.push(
            follow(to.id, from, (round + from.id.length + to.id.length) % 3 === 0 ? 'DELETE' : 'PUT'),
          );
        }
      }
    }
    const results = await Promise.all(operations);
    expect(
      results.filter((response) => response.statusCode !== 200).map((response) => response.body),
    ).toEqual([]);

    const keys = people.map((person) => person.id);
    const rows = await context.db.orm
      .select({
        key: profiles.key,
        following: profiles.following,
        followers: profiles.followers,
        actualFollowing: sql<number>`(SELECT count(*)::int FROM ${follows} WHERE ${follows.followerKey} = ${profiles.key})`,
        actualFollowers: sql<number>`(SELECT count(*)::int FROM ${follows} WHERE ${follows.followeeKey} = ${profiles.key})`,
      })
      .from(profiles)
      .where(inArray(profiles.key, keys));
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row.following).toBe(row.actualFollowing);
      expect(row.followers).toBe(row.actualFollowers);
    }
  });

  it('removes the profile and its edges with the account', async () => {
    const gone = await signUp('Leaving');
    const stays = await signUp('Staying');
    await follow(stays.id, gone);
    await context.db.orm.delete(users).where(eq(users.id, gone.id));
    expect((await getProfile(gone.id)).statusCode).toBe(404);
    expect(await context.db.orm.select().from(follows).where(eq(follows.followerKey, gone.id))).toEqual([]);
  });
});
