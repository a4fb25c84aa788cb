import { describe, expect, it } from 'vitest';
import { supportTicketResponseSchema } from '../../../contracts/support.ts';
import { newTicketReference } from './service.ts';

describe('newTicketReference', () => {
  it('makes references that are easy to read back and unlikely to repeat', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const reference = newTicketReference();
      expect(reference).toMatch(/^CW-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      expect(supportTicketResponseSchema.shape.reference.safeParse(reference).success).toBe(true);
      seen.add(reference);
    }
    expect(seen.size).toBe(2000);
  });
});
