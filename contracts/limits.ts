/** Limits that both sides enforce; the server is the authority, the web app uses them for early feedback. */
export const limits = {
  /** Largest JSON body the API accepts, in bytes. */
  jsonBodyBytes: 1_048_576,
  /** Page views accepted per client IP per minute. */
  pageViewsPerMinute: 120,
  /** Support tickets accepted per client IP per hour. */
  supportTicketsPerHour: 10,
} as const;
