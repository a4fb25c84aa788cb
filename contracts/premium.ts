import { z } from 'zod';

/** What a plan allows. Every limit that premium raises is a field here, and nowhere else. */
export const entitlementsSchema = z.object({
  /** Bytes of PDFs a person may keep in the PDF library. */
  pdfLibraryBytes: z.number().int().positive(),
  /** Questions to the chat assistant per day (UTC). */
  assistantRequestsPerDay: z.number().int().positive(),
  /** Runs of the blog-builder agent per day (UTC). */
  blogAgentRequestsPerDay: z.number().int().positive(),
  /** Repository extractions a person may have running at once. */
  extractorConcurrentRuns: z.number().int().positive(),
  /** Bytes of repositories and archives the extractor may read for a person per day (UTC); cached reruns are free. */
  extractorBytesPerDay: z.number().int().positive(),
  /** Retention curves per deck and per tag in Play's statistics (the forecast, heatmap and streak are for everyone). */
  advancedStudyStats: z.boolean(),
});
export type Entitlements = z.infer<typeof entitlementsSchema>;

export const planSchema = z.enum(['free', 'premium']);
export type Plan = z.infer<typeof planSchema>;

const megabyte = 1024 * 1024;

/**
 * The entitlement table: the one place that says what each plan gets. Studying, building, sharing, following
 * and chatting are not in it because they are never limited by plan.
 */
export const plans = {
  free: {
    pdfLibraryBytes: 250 * megabyte,
    assistantRequestsPerDay: 20,
    blogAgentRequestsPerDay: 3,
    extractorConcurrentRuns: 1,
    extractorBytesPerDay: 500 * megabyte,
    advancedStudyStats: false,
  },
  premium: {
    pdfLibraryBytes: 10 * 1024 * megabyte,
    assistantRequestsPerDay: 500,
    blogAgentRequestsPerDay: 50,
    extractorConcurrentRuns: 3,
    extractorBytesPerDay: 10 * 1024 * megabyte,
    advancedStudyStats: true,
  },
} as const satisfies Record<Plan, Entitlements>;

/** The entitlements of a person who is, or is not, a premium subscriber. */
export function entitlementsFor(isSubscribed: boolean): Entitlements {
  return plans[isSubscribed ? 'premium' : 'free'];
}

function bytesLabel(bytes: number): string {
  return bytes >= 1024 * megabyte ? `${bytes / (1024 * megabyte)} GB` : `${bytes / megabyte} MB`;
}

/**
 * The plan's entitlements as short sentences, in the table's order, for pages that list what a plan includes
 * (settings, the user guide). Written from the table so the words can never disagree with the numbers.
 */
export function describeEntitlements(entitlements: Entitlements): string[] {
  return [
    `${bytesLabel(entitlements.pdfLibraryBytes)} of PDFs in your PDF library`,
    `${entitlements.assistantRequestsPerDay.toLocaleString('en')} questions to the chat assistant a day`,
    `${entitlements.blogAgentRequestsPerDay.toLocaleString('en')} blog-builder agent runs a day`,
    `${bytesLabel(entitlements.extractorBytesPerDay)} of repositories read by the extractor a day, ${entitlements.extractorConcurrentRuns.toLocaleString('en')} ${entitlements.extractorConcurrentRuns === 1 ? 'extraction' : 'extractions'} at a time`,
    entitlements.advancedStudyStats
      ? 'Advanced study statistics: retention curves per deck and per tag'
      : 'Basic study statistics',
  ];
}

/** Where a subscription came from: bought through Stripe or granted by an administrator. */
export const subscriptionSourceSchema = z.enum(['stripe', 'admin']);
export type SubscriptionSource = z.infer<typeof subscriptionSourceSchema>;

/** `GET /api/billing/subscription`: the signed-in person's plan and what it allows. */
export const subscriptionStatusSchema = z.object({
  plan: planSchema,
  /** True while premium applies: status active or trialing, and the end date (if any) not yet passed. */
  active: z.boolean(),
  /** When premium ends or renews (ISO 8601); null when it has no end date or there is no subscription. */
  until: z.iso.datetime({ offset: true }).nullable(),
  source: subscriptionSourceSchema.nullable(),
  /** Stripe's status (`active`, `trialing`, `past_due`, `canceled`, …) or ours (`active`, `canceled`). */
  status: z.string().nullable(),
  entitlements: entitlementsSchema,
  /** Whether this server takes payments through Stripe Checkout. */
  checkoutAvailable: z.boolean(),
  /** Whether the person can open Stripe's billing portal (to cancel, or change the card). */
  portalAvailable: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** `POST /api/billing/checkout` and `/api/billing/portal`: the Stripe page to send the browser to. */
export const billingRedirectSchema = z.object({ url: z.url() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;

/** One subscription as administrators see it. */
export const adminSubscriptionSchema = z.object({
  profileKey: z.string(),
  handle: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  source: subscriptionSourceSchema,
  status: z.string(),
  active: z.boolean(),
  until: z.iso.datetime({ offset: true }).nullable(),
  /** The handle of the administrator who last granted or revoked it; null for Stripe's changes. */
  changedBy: z.string().nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

/** `GET /api/admin/subscriptions`: the current subscribers, most recently changed first. */
export const adminSubscriptionListSchema = z.object({ items: z.array(adminSubscriptionSchema) });
export type AdminSubscriptionList = z.infer<typeof adminSubscriptionListSchema>;

/** `GET /api/admin/profiles?q=`: people whose handle or email starts with `q` (a leading `@` is ignored). */
export const adminProfileSearchQuerySchema = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters').max(200),
});
export const adminProfileSchema = z.object({
  key: z.string(),
  handle: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  subscription: adminSubscriptionSchema.nullable(),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;
export const adminProfileListSchema = z.object({ items: z.array(adminProfileSchema) });
export type AdminProfileList = z.infer<typeof adminProfileListSchema>;

/** `PUT /api/admin/profiles/:key/premium`: grant premium, until a date in the future or with no end. */
export const premiumGrantSchema = z.object({
  until: z.iso.datetime({ offset: true, error: 'Enter a date and time' }).nullable().optional(),
});
export type PremiumGrant = z.infer<typeof premiumGrantSchema>;
