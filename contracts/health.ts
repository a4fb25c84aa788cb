import { z } from 'zod';

/** `GET /api/health`: liveness of the API and its database. */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['embedded', 'external']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
