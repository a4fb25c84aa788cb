import { useMutation } from '@tanstack/react-query';
import { supportTicketResponseSchema } from '../../../contracts/support.ts';
import type { SupportTicketRequest, SupportTicketResponse } from '../../../contracts/support.ts';
import { apiFetch } from '../../lib/api.ts';
import type { ApiError } from '../../lib/api.ts';

/** `POST /api/support/tickets`: files a ticket and returns its reference. */
export function createSupportTicket(request: SupportTicketRequest): Promise<SupportTicketResponse> {
  return apiFetch('/api/support/tickets', {
    method: 'POST',
    body: request,
    schema: supportTicketResponseSchema,
  });
}

export function useCreateSupportTicket() {
  return useMutation<SupportTicketResponse, ApiError, SupportTicketRequest>({
    mutationFn: createSupportTicket,
  });
}
