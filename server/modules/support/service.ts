import { randomInt } from 'node:crypto';
import type { SupportTicketRequest, SupportTicketResponse } from '../../../contracts/support.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SupportRepository } from './repository.ts';

// Crockford's base32 without I, L, O and U: a reference read out over the phone cannot be misheard.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A reference like `CW-7K2Q-9XHP`: 40 random bits, easy to read back. */
export function newTicketReference(): string {
  const part = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `CW-${part()}-${part()}`;
}

/** Files customer-support tickets. */
export function createSupportService(repository: SupportRepository, makeReference = newTicketReference) {
  return {
    async fileTicket(request: SupportTicketRequest): Promise<SupportTicketResponse> {
      // A clash is one in a trillion per ticket, but an acknowledged ticket must never be lost to one.
      for (let attempt = 0; attempt < 5; attempt++) {
        const ticket = await repository.insertTicket({ ...request, reference: makeReference() });
        if (ticket) return { reference: ticket.reference, createdAt: ticket.createdAt.toISOString() };
      }
      throw new AppError('common/internal-error', { message: 'Could not allocate a ticket reference.' });
    },
  };
}
