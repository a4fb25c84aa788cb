import { z } from 'zod';

/** `POST /api/analytics/pageviews`: one page view, reported by the web app on every route change. */
export const pageViewRequestSchema = z.object({
  path: z.string().min(1).max(2048).regex(/^\//, 'Must be a path that starts with "/"'),
  referrer: z.string().max(2048).optional(),
  viewportWidth: z.number().int().min(0).max(100_000),
  signedIn: z.boolean(),
});
export type PageViewRequest = z.infer<typeof pageViewRequestSchema>;
