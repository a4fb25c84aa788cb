import { z } from 'zod';

export const supportTopics = ['account', 'cards', 'study', 'chat', 'billing', 'bug', 'other'] as const;

/** Human labels for the support topics, shared by the form and the confirmation. */
export const supportTopicLabels: Record<(typeof supportTopics)[number], string> = {
  account: 'Account and sign-in',
  cards: 'Cards and the builder',
  study: 'Studying and Play',
  chat: 'Confer (chat)',
  billing: 'Premium subscription',
  bug: 'Something is broken',
  other: 'Something else',
};

/** `POST /api/support/tickets`: a customer-support request from the contact form. */
export const supportTicketRequestSchema = z.object({
  name: z.string().trim().min(1, 'Please tell us your name').max(120, 'At most 120 characters'),
  email: z.email('Enter a valid email address').max(254),
  topic: z.enum(supportTopics, 'Choose a topic'),
  message: z
    .string()
    .trim()
    .min(10, 'Please write at least 10 characters')
    .max(5000, 'At most 5,000 characters'),
});
export type SupportTicketRequest = z.infer<typeof supportTicketRequestSchema>;

/** The stored ticket's public reference, shown to the person who filed it. */
export const supportTicketResponseSchema = z.object({
  reference: z.string().regex(/^CW-[0-9A-Z]{4}-[0-9A-Z]{4}$/),
  createdAt: z.iso.datetime(),
});
export type SupportTicketResponse = z.infer<typeof supportTicketResponseSchema>;
