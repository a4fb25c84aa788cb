import { z } from 'zod';
import { profileUpdateSchema } from './profiles.ts';

/**
 * The identity error catalogue: the seed's codes plus ours, each with its HTTP status and the sentence a
 * person sees. The API answers `auth/<code>`; the web app may also raise the browser-only ones itself.
 */
export const authErrorCatalogue = {
  'auth/argument-error': {
    status: 400,
    message: 'This link is incomplete. Open it again from the email we sent.',
  },
  'auth/internal-error': {
    status: 500,
    message: 'Something went wrong while signing you in. Please try again.',
  },
  'auth/user-mismatch': {
    status: 400,
    message: 'Those credentials belong to a different account. Sign in again as yourself.',
  },
  'auth/user-not-found': { status: 404, message: 'There is no account with these details.' },
  'auth/multi-factor-auth-required': {
    status: 401,
    message: 'Enter the code from your authenticator app to finish signing in.',
  },
  'auth/operation-not-supported-in-this-environment': {
    status: 400,
    message: 'This way of signing in does not work in this browser. Try another way.',
  },
  'auth/web-storage-unsupported': {
    status: 0,
    message:
      'Your browser blocks site storage, so you cannot stay signed in. Allow storage for this site and try again.',
  },
  'auth/cancelled-popup-request': {
    status: 0,
    message: 'Another sign-in window was opened, so this one was closed.',
  },
  'auth/popup-closed-by-user': {
    status: 0,
    message: 'The sign-in window was closed before signing in finished.',
  },
  'auth/popup-blocked': {
    status: 0,
    message: 'Your browser blocked the sign-in window. Allow pop-ups for this site, or continue in this tab.',
  },
  'auth/network-request-failed': {
    status: 0,
    message: 'We could not reach CARD WEB. Check your connection and try again.',
  },
  'auth/unauthorized-domain': { status: 403, message: 'This site is not allowed to sign in to CARD WEB.' },
  'auth/invalid-api-key': {
    status: 400,
    message: 'This link was not made for this site. Open it from the email again.',
  },
  'auth/auth-domain-config-required': {
    status: 400,
    message: 'This sign-in provider is not set up on this server.',
  },
  'auth/invalid-auth-event': {
    status: 400,
    message: 'The sign-in could not be completed. Please start again.',
  },
  'auth/password-does-not-meet-requirements': {
    status: 400,
    message: 'Your password does not meet the requirements shown below.',
  },
  'auth/email-already-in-use': {
    status: 409,
    message: 'An account with this email already exists. Sign in instead.',
  },
  'auth/invalid-credential': { status: 401, message: 'The email or password is not correct.' },
  'auth/too-many-requests': {
    status: 429,
    message: 'Too many attempts. Please wait a moment and try again.',
  },
  'auth/user-disabled': {
    status: 403,
    message: 'This account has been disabled. Contact support if you think this is wrong.',
  },
  'auth/requires-recent-login': { status: 401, message: 'For your security, sign in again to do this.' },
  'auth/expired-action-code': { status: 410, message: 'This link has expired. Ask for a new one below.' },
  'auth/invalid-action-code': {
    status: 400,
    message: 'This link is not valid any more. It may have been used already. Ask for a new one below.',
  },
  'auth/unauthenticated': { status: 401, message: 'Please sign in first.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type AuthErrorCode = keyof typeof authErrorCatalogue;

/** What a new password must satisfy; served at `GET /api/auth/password-policy` and checked on every change. */
export const passwordPolicySchema = z.object({
  minLength: z.number().int(),
  maxLength: z.number().int(),
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireDigit: z.boolean(),
  requireSymbol: z.boolean(),
});
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

/** The rules each password is checked against, with the sentence shown beside each while typing. */
export function passwordRules(
  policy: PasswordPolicy,
): { id: string; label: string; test: (p: string) => boolean }[] {
  const rules = [
    {
      id: 'min-length',
      label: `At least ${policy.minLength} characters`,
      test: (p: string) => [...p].length >= policy.minLength,
    },
    {
      id: 'max-length',
      label: `At most ${policy.maxLength} characters`,
      test: (p: string) => [...p].length <= policy.maxLength,
    },
  ];
  if (policy.requireLowercase)
    rules.push({ id: 'lowercase', label: 'A lowercase letter', test: (p) => /\p{Ll}/u.test(p) });
  if (policy.requireUppercase)
    rules.push({ id: 'uppercase', label: 'An uppercase letter', test: (p) => /\p{Lu}/u.test(p) });
  if (policy.requireDigit) rules.push({ id: 'digit', label: 'A number', test: (p) => /\p{Nd}/u.test(p) });
  if (policy.requireSymbol)
    rules.push({ id: 'symbol', label: 'A symbol such as ! or #', test: (p) => /[^\p{L}\p{Nd}\s]/u.test(p) });
  return rules;
}

/** The rules `password` breaks (their labels); empty when it meets the policy. */
export function passwordProblems(policy: PasswordPolicy, password: string): string[] {
  return passwordRules(policy)
    .filter((rule) => !rule.test(password))
    .map((rule) => rule.label);
}

/** `GET /api/auth/config`: what the sign-in screens need to know about this deployment. */
export const authConfigSchema = z.object({
  /** The deployment's public client key; email action links carry it as `apiKey`. */
  apiKey: z.string(),
  authorizedDomains: z.array(z.string()),
  providers: z.object({
    emailPassword: z.boolean(),
    emailLink: z.boolean(),
    google: z.object({ clientId: z.string() }).nullable(),
    oidc: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  /** True when mail goes to the development outbox (`/dev/outbox`) instead of SMTP. */
  devOutbox: z.boolean(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

export const emailSchema = z.email('Enter a valid email address').max(254, 'At most 254 characters');

/** A display name: the profile's rule, so sign-up cannot store what profile editing refuses. */
const accountNameSchema = profileUpdateSchema.shape.displayName.unwrap();

/**
 * What the identity library's own endpoints (`/sign-up/email`, `/update-user`) may set on an account, by the
 * profile's rules: a display name, and no photo address (photos are uploaded from the profile).
 */
export const accountFieldsSchema = z
  .object({
    name: accountNameSchema.optional(),
    image: z.null({ error: 'Add a photo from your profile instead' }).optional(),
  })
  .loose();

/** The sign-up form; the password is checked against the policy separately so its rules show as you type. */
export const signUpRequestSchema = z.object({
  name: accountNameSchema,
  email: emailSchema,
  password: z.string().min(1, 'Choose a password'),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const signInRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password'),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** The signed-in user as the API reports it (a subset of the identity library's user). */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullish(),
  role: z.string().nullish(),
});
export type SessionUserResponse = z.infer<typeof sessionUserSchema>;

/** `GET /api/auth/get-session`: the current session, or null when signed out. */
export const getSessionResponseSchema = z
  .object({ user: sessionUserSchema, session: z.object({ id: z.string(), expiresAt: z.coerce.date() }) })
  .nullable();

/** Responses of sign-up and sign-in with email and password. */
export const signInResponseSchema = z.object({ user: sessionUserSchema }).loose();

/** The email action modes of the seed's action links (`/auth/action?mode=…`). */
export const actionModes = [
  'verifyEmail',
  'resetPassword',
  'signIn',
  'verifyAndChangeEmail',
  'recoverEmail',
  'revertSecondFactorAddition',
] as const;
export type ActionMode = (typeof actionModes)[number];

/** The query of an email action link; the page passes it on as the body of the action endpoints. */
export const actionLinkSchema = z.object({
  apiKey: z.string().min(1),
  oobCode: z.string().min(1),
  mode: z.enum(actionModes),
  continueUrl: z.string().optional(),
  lang: z.string().optional(),
  tenantId: z.string().optional(),
});
export type ActionLink = z.infer<typeof actionLinkSchema>;

/** `POST /api/auth/actions/check`: whether a link can be used, before the page asks anything of the user. */
export const actionCheckResponseSchema = z.object({
  mode: z.enum(actionModes),
  email: z.string().nullable(),
  continueUrl: z.string().nullable(),
  /**
   * The link is applied with a `newPassword`: always for `resetPassword`, and for `verifyEmail` when a password
   * was set before the address was proven (whoever set it may not own the address, so it does not survive).
   */
  newPasswordRequired: z.boolean().default(false),
});

/** `POST /api/auth/actions/apply`: carry the link out (with `newPassword` when the check asked for one). */
export const actionApplyRequestSchema = actionLinkSchema.extend({ newPassword: z.string().optional() });
export const actionApplyResponseSchema = z.object({
  mode: z.enum(actionModes),
  email: z.string().nullable(),
  signedIn: z.boolean(),
  continueUrl: z.string().nullable(),
});
export type ActionApplyResponse = z.infer<typeof actionApplyResponseSchema>;

/** `POST /api/auth/actions/resend`: ask for a fresh link after one expired or was used. */
export const actionResendRequestSchema = z.object({
  mode: z.enum(['verifyEmail', 'resetPassword', 'signIn']),
  email: emailSchema,
});

/** A message in the development outbox (`GET /api/dev/outbox`, not served in production). */
export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  createdAt: z.iso.datetime(),
});
export const outboxResponseSchema = z.object({ messages: z.array(outboxMessageSchema) });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
