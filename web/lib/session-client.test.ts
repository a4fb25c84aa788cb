import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { getSessionResponseSchema } from '../../contracts/auth.ts';
import { parseSessionResponse, type SessionResponse } from './session-client.ts';

const user = {
  id: 'u_ada',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  emailVerified: true,
  image: 'https://images.example/ada.png',
};
const session = { id: 's-1', expiresAt: '2030-01-01T00:00:00.000Z' };

// The start-up check reads the answer by hand to keep zod off the first page; these bodies hold it to the
// contract's schema, so a change to the contract that the hand-written reader misses fails here.
const bodies: [string, unknown][] = [
  ['signed out', null],
  ['a session', { user, session }],
  ['a user without image or role', { user: { ...user, image: undefined }, session }],
  ['null image and role', { user: { ...user, image: null, role: null }, session }],
  ['a role', { user: { ...user, role: 'admin' }, session }],
  ['extra keys everywhere', { user: { ...user, banned: false }, session: { ...session, token: 't' }, x: 1 }],
  ['a numeric expiry', { user, session: { ...session, expiresAt: 1_900_000_000_000 } }],
  ['a null expiry (zod coerces it to 1970)', { user, session: { ...session, expiresAt: null } }],
  ['no body', undefined],
  ['a string', 'null'],
  ['an array', [user]],
  ['no session', { user }],
  ['no user', { session }],
  ['a session that is an array', { user, session: [session] }],
  ['an unreadable expiry', { user, session: { ...session, expiresAt: 'soon' } }],
  ['no expiry', { user, session: { id: 's-1' } }],
  ['a numeric session id', { user, session: { ...session, id: 1 } }],
  ['a numeric user id', { user: { ...user, id: 7 }, session }],
  ['no name', { user: { ...user, name: undefined }, session }],
  ['a null email', { user: { ...user, email: null }, session }],
  ['emailVerified as text', { user: { ...user, emailVerified: 'true' }, session }],
  ['a numeric image', { user: { ...user, image: 5 }, session }],
  ['a boolean role', { user: { ...user, role: true }, session }],
  ['the error envelope', { error: { code: 'common/internal-error', message: 'Something went wrong.' } }],
];

describe('parseSessionResponse', () => {
  it.each(bodies)('reads %s as getSessionResponseSchema does', (_label, body) => {
    // Bodies come off the wire as JSON, so compare on what JSON makes of them.
    const json: unknown = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
    const expected = getSessionResponseSchema.safeParse(json);
    expect(parseSessionResponse(json)).toEqual(expected.success ? expected.data : undefined);
  });

  it('has the contract’s type', () => {
    expectTypeOf<SessionResponse>().toEqualTypeOf<z.output<typeof getSessionResponseSchema>>();
  });
});
