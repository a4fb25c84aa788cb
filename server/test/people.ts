import { expect } from 'vitest';
import type { TestContext } from './app.ts';

/** A signed-up test account: its id (also its profile key), address, session cookie and client address. */
export type Person = { id: string; email: string; cookie: string; address: string };

const password = 'Correct-Horse-42';
let counter = 0;

/**
 * Account factory for server tests: each person signs up through the real API from their own client address,
 * so the identity library's per-address rate limits never couple two tests.
 */
export function people(context: TestContext, addressPrefix: string) {
  async function signUp(name: string, email?: string): Promise<Person> {
    counter++;
    const address = `${addressPrefix}.${counter % 250}`;
    const mail = email ?? `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}.${counter}@example.org`;
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name, email: mail, password },
      remoteAddress: address,
      headers: { origin: context.config.PUBLIC_URL },
    });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = ([] as string[])
      .concat(response.headers['set-cookie'] as string[])
      .map((c) => c.split(';')[0])
      .join('; ');
    return { id: (response.json() as { user: { id: string } }).user.id, email: mail, cookie, address };
  }

  /** A request as `person` (or signed out when omitted), from their address and the app's own origin. */
  function request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    person?: Person,
    payload?: object,
  ) {
    return context.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      ...(person ? { remoteAddress: person.address } : {}),
      headers: { ...(person ? { cookie: person.cookie } : {}), origin: context.config.PUBLIC_URL },
    });
  }

  return { signUp, request };
}
