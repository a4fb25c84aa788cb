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

  const patch = (payload: object, as?: { cookie: string; address: string }) =>
    context.app.inject({
      method: 'PATCH',
      url: '/api/profiles/me',
      payload,
      ...(as ? { remoteAddress: as.address } : {}),
      headers: { ...(as ? { cookie: as.cookie } : {}), origin: context.config.PUBLIC_URL },
    });

  it('edits your own profile, storing the phone as E.164, and saves nothing when a field is wrong', async () => {
    const ada = await signUp('Editor');
    const saved = await patch(
      { displayName: 'Ada L.', bio: 'Counting machines.', phoneNumber: '+44 20 7946 0958', country: 'GB' },
      ada,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      displayName: 'Ada L.',
      bio: 'Counting machines.',
      phoneNumber: '+442079460958',
      country: 'GB',
    });

    const bad = await patch({ displayName: 'Changed', phoneNumber: '12345', country: 'XX' }, ada);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields).toEqual([
      { path: 'phoneNumber', message: 'Enter the number with its country code, like +44 20 7946 0958' },
      { path: 'country', message: 'Choose a country from the list' },
    ]);
    expect((await getProfile(ada.id, ada.cookie)).json()).toMatchObject({
      displayName: 'Ada L.',
      country: 'GB',
    });

    const tooLong = await patch({ bio: 'x'.repeat(281) }, ada);
    expect(tooLong.json().error.details.fields).toEqual([{ path: 'bio', message: 'At most 280 characters' }]);
    expect((await patch({ phoneNumber: null, country: null }, ada)).json()).toMatchObject({
      phoneNumber: null,
      country: null,
    });
  });

  it('lets nobody edit a profile without signing in', async () => {
    const response = await patch({ bio: 'not mine' });
    expect(response.statusCode).toBe(401);
  });

  it('finds a profile by its handle, whatever the letter case', async () => {
    const ada = await signUp('Handle Person');
    const { handle } = (await getProfile(ada.id)).json() as { handle: string };
    const found = await context.app.inject({
      method: 'GET',
      url: `/api/profiles/by-handle/${handle.toUpperCase()}`,
    });
    expect(found.json().key).toBe(ada.id);
    const bad = await context.app.inject({ method: 'GET', url: '/api/profiles/by-handle/no' });
    expect(bad.statusCode).toBe(400);
  });

  it('lists followers and following a page at a time, newest first', async () => {
    const star = await signUp('Star');
    const fans = [];
    for (let i = 0; i < 5; i++) {
      const fan = await signUp(`Fan ${i}`);
      await follow(star.id, fan);
      fans.push(fan);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: {
        statusCode: number;
        json: () => { items: { key: string }[]; nextCursor: string | null };
      } = await context.app.inject({
        method: 'GET',
        url: `/api/profiles/${star.id}/followers?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(page.statusCode).toBe(200);
      const body = page.json();
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items.map((item) => item.key));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(fans.map((fan) => fan.id).reverse());
    const following = await context.app.inject({
      method: 'GET',
      url: `/api/profiles/${fans[0]!.id}/following`,
    });
    expect(following.json().items.map((item: { key: string }) => item.key)).toEqual([star.id]);
    const badCursor = await context.app.inject({
      method: 'GET',
      url: `/api/profiles/${star.id}/followers?cursor=nope`,
    });
    expect(badCursor.statusCode).toBe(400);
  });
});
