import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { limits } from '../../../contracts/limits.ts';
import { supportTicketResponseSchema } from '../../../contracts/support.ts';
import { supportTickets } from '../../db/schema.ts';
import { setupTestApp } from '../../test/app.ts';
import { createSupportRepository } from './repository.ts';
import { createSupportService } from './service.ts';

const validTicket = {
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  topic: 'study',
  message: 'My review queue shows cards twice.',
};

describe('POST /api/support/tickets', () => {
  const context = setupTestApp();
  const post = (payload: object, remoteAddress = '203.0.113.10') =>
    context.app.inject({ method: 'POST', url: '/api/support/tickets', payload, remoteAddress });

  it('files the ticket and answers with its reference', async () => {
    const response = await post({ ...validTicket, name: '  Ada Lovelace  ' });
    expect(response.statusCode).toBe(201);
    const body = supportTicketResponseSchema.parse(response.json());
    const [row] = await context.db.orm
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.reference, body.reference));
    expect(row).toMatchObject({ ...validTicket, status: 'open' });
  });

  it('lists each bad field and files nothing', async () => {
    const before = (await context.db.orm.select().from(supportTickets)).length;
    const response = await post(
      { name: '', email: 'not-an-email', topic: 'weather', message: 'short' },
      '203.0.113.11',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields).toEqual([
      { path: 'name', message: 'Please tell us your name' },
      { path: 'email', message: 'Enter a valid email address' },
      { path: 'topic', message: 'Choose a topic' },
      { path: 'message', message: 'Please write at least 10 characters' },
    ]);
    expect(await context.db.orm.select().from(supportTickets)).toHaveLength(before);
  });

  it('limits how many tickets one address can file in an hour', async () => {
    for (let i = 0; i < limits.supportTicketsPerHour; i++) {
      expect((await post(validTicket, '198.51.100.20')).statusCode).toBe(201);
    }
    expect((await post(validTicket, '198.51.100.20')).statusCode).toBe(429);
  });

  it('never loses a ticket to a reference that is already taken', async () => {
    const references = ['CW-AAAA-AAAA', 'CW-AAAA-AAAA', 'CW-BBBB-BBBB'];
    const service = createSupportService(createSupportRepository(context.db.orm), () => references.shift()!);
    const first = await service.fileTicket({ ...validTicket, topic: 'bug' });
    const second = await service.fileTicket({ ...validTicket, topic: 'bug' });
    expect(first.reference).toBe('CW-AAAA-AAAA');
    expect(second.reference).toBe('CW-BBBB-BBBB');
  });
});
