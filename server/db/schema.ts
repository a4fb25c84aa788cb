import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One row per page view the web app reports; no IP address or user identifier is stored. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    path: text().notNull(),
    referrer: text(),
    viewportWidth: integer().notNull(),
    signedIn: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('page_views_created_at_idx').on(table.createdAt)],
);

/** Requests filed through the customer-support form; `reference` is what the person is told. */
export const supportTickets = pgTable('support_tickets', {
  id: uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  reference: text().notNull().unique(),
  name: text().notNull(),
  email: text().notNull(),
  topic: text().notNull(),
  message: text().notNull(),
  status: text().notNull().default('open'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
