import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outboxMessages } from '../db/schema.ts';
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
    let cookie = cookiesOf(response.headers['set-cookie']);
    // ADMIN_EMAILS makes an administrator only of a verified address: follow the mailed link, as its owner would.
    if (context.config.ADMIN_EMAILS.includes(mail.toLowerCase())) cookie = await verify(mail, address);
    return { id: (response.json() as { user: { id: string } }).user.id, email: mail, cookie, address };
  }

  function cookiesOf(setCookie: string | string[] | number | undefined): string {
    return ([] as string[])
      .concat(setCookie as string[])
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  /** Verifies `email` through the link in the development outbox; returns the session cookie it signs in. */
  async function verify(email: string, address: string): Promise<string> {
    const [mail] = await context.db.orm
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, email))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    const link = mail?.links.find((url) => url.includes('mode=verifyEmail'));
    expect(link, `no verification mail to ${email}`).toBeTruthy();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/actions/apply',
      // The password chosen at sign-up does not survive verification; the owner sets it again.
      payload: { ...Object.fromEntries(new URL(link!).searchParams), newPassword: password },
      remoteAddress: address,
      headers: { origin: context.config.PUBLIC_URL },
    });
    expect(response.statusCode, response.body).toBe(200);
    return cookiesOf(response.headers['set-cookie']);
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
