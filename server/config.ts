import path from 'node:path';
import { z } from 'zod';

/** One OpenID Connect provider from OIDC_PROVIDERS. */
export const oidcProviderSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'id: lowercase letters, digits and -, at most 40'),
  name: z.string().min(1).max(60),
  discoveryUrl: z.url({ protocol: /^https?$/ }),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  scopes: z.array(z.string()).default(['openid', 'email', 'profile']),
});
export type OidcProvider = z.infer<typeof oidcProviderSchema>;

const oidcProvidersJson = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Must be a JSON array of providers' });
      return z.NEVER;
    }
  })
  .pipe(z.array(oidcProviderSchema));

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every environment variable the server reads, with its default. The README's table mirrors this schema. */
export const configSchema = z
  .object({
    // Production unless said otherwise, so `npm start` is safe to expose; `npm run dev` and the tests say so.
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('localhost'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'Must be a postgres:// or postgresql:// URL' })
      .optional(),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'Must be an http:// or https:// URL' }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_SECRET: z.string().min(32, 'Must be at least 32 characters').optional(),
    TRUST_PROXY: booleanString.default(false),
    ANONYMOUS_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(600),
    SEED_DEMO: booleanString.default(true),
    WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'Must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().min(3).default('CARD WEB <no-reply@localhost>'),
    ALLOWED_HOSTS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .default([]),
    AUTHORIZED_DOMAINS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((domain) => domain.trim().toLowerCase())
          .filter(Boolean),
      )
      .optional(),
    ADMIN_EMAILS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .default([]),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_PROVIDERS: oidcProvidersJson.default([]),
    PUBLIC_API_KEY: z
      .string()
      .regex(/^[\w-]{16,128}$/, 'Must be 16 to 128 letters, digits, - or _')
      .optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_\S+$/, 'Must be a Stripe secret or restricted key (sk_… or rk_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\S+$/, 'Must be a webhook signing secret (whsec_…)')
      .optional(),
    STRIPE_PRICE_ID: z
      .string()
      .regex(/^price_\S+$/, 'Must be a Stripe price id (price_…)')
      .optional(),
    STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: 'Must be an http:// or https:// URL' }).optional(),
    LLM_BASE_URL: z.url({ protocol: /^https?$/, error: 'Must be an http:// or https:// URL' }).optional(),
    LLM_API_KEY: z.string().min(1).optional(),
    LLM_MODEL: z.string().trim().min(1).max(200).optional(),
    /** How long a model may take to start answering, then to finish, in seconds (the client's defaults: 60, 180). */
    LLM_FIRST_BYTE_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3_600).optional(),
    LLM_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3_600).optional(),
    // What the model costs, in US dollars per million tokens, so the blog builder can show a step's cost.
    LLM_PRICE_INPUT_PER_MTOK: z.coerce.number().min(0).max(10_000).optional(),
    LLM_PRICE_OUTPUT_PER_MTOK: z.coerce.number().min(0).max(10_000).optional(),
    // Whether the server may fetch from the internet for people (DOI and arXiv lookups); off where it has none.
    OUTBOUND_FETCH: booleanString.default(true),
    CROSSREF_URL: z
      .url({ protocol: /^https?$/, error: 'Must be an http:// or https:// URL' })
      .default('https://api.crossref.org'),
    ARXIV_URL: z
      .url({ protocol: /^https?$/, error: 'Must be an http:// or https:// URL' })
      .default('https://export.arxiv.org'),
    // How long one DOI or arXiv lookup may take, addresses, redirects and body included.
    LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    // The repository extractor: origins of self-hosted forges it may fetch from though they are not public
    // addresses or speak http (exact origins, comma-separated), and the caps of one run.
    EXTRACTOR_TRUSTED_ORIGINS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .url({ protocol: /^https?$/, error: 'Each entry must be an http:// or https:// origin' })
            .refine(
              (entry) => new URL(entry).origin === entry.replace(/\/+$/, ''),
              'Each entry must be an origin',
            ),
        ),
      )
      .transform((entries) => entries.map((entry) => new URL(entry).origin))
      .default([]),
    EXTRACTOR_MAX_FETCH_MB: z.coerce.number().int().min(1).max(10_240).default(500),
    EXTRACTOR_MAX_FILES: z.coerce.number().int().min(100).max(1_000_000).default(200_000),
    EXTRACTOR_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(7_200).default(900),
  })
  .superRefine((env, ctx) => {
    if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'Required when GOOGLE_CLIENT_ID is set',
      });
    }
    const stripe = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const;
    const missing = stripe.filter((name) => !env[name]);
    // Half a Stripe setup takes money without granting premium, or the reverse; production must not start so.
    if (env.NODE_ENV === 'production' && missing.length > 0 && missing.length < stripe.length) {
      for (const name of missing) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `Required when ${stripe.filter((other) => !missing.includes(other)).join(' and ')} is set`,
        });
      }
    }
    // An address without a model (or the reverse) is a setup left half done: say so rather than run without.
    if (env.LLM_BASE_URL && !env.LLM_MODEL)
      ctx.addIssue({ code: 'custom', path: ['LLM_MODEL'], message: 'Required when LLM_BASE_URL is set' });
    if (env.LLM_MODEL && !env.LLM_BASE_URL)
      ctx.addIssue({ code: 'custom', path: ['LLM_BASE_URL'], message: 'Required when LLM_MODEL is set' });
    if ((env.LLM_PRICE_INPUT_PER_MTOK === undefined) !== (env.LLM_PRICE_OUTPUT_PER_MTOK === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [
          env.LLM_PRICE_INPUT_PER_MTOK === undefined
            ? 'LLM_PRICE_INPUT_PER_MTOK'
            : 'LLM_PRICE_OUTPUT_PER_MTOK',
        ],
        message: 'Set both model prices, or neither',
      });
    if (env.LLM_API_KEY && !env.LLM_BASE_URL)
      ctx.addIssue({ code: 'custom', path: ['LLM_BASE_URL'], message: 'Required when LLM_API_KEY is set' });
    // One instance on its embedded database generates its secret and keeps it in DATA_DIR (main.ts); instances
    // that share an external database must share the secret too, so it cannot be generated by each.
    if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message:
          'Required in production with DATABASE_URL (at least 32 random characters, the same for every instance)',
      });
    }
  });

export type RawConfig = z.infer<typeof configSchema>;

/** The validated configuration with derived values; built once at start-up and passed down. */
export type Config = Omit<RawConfig, 'PUBLIC_URL' | 'AUTHORIZED_DOMAINS'> & {
  PUBLIC_URL: string;
  /** Sites that may use the API from a browser and appear in action links: host names or full origins. */
  AUTHORIZED_DOMAINS: string[];
  /** AUTHORIZED_DOMAINS and PUBLIC_URL as origins (scheme, host, port); a bare host name means https. */
  authorizedOrigins: string[];
  /** Host names a request's Host may name: PUBLIC_URL's, ALLOWED_HOSTS, and loopback names outside production. */
  allowedHosts: string[];
  dataDir: string;
  webDistDir: string;
  isProduction: boolean;
  /** Stripe billing, when all three of its settings are present; otherwise administrators grant premium. */
  stripe: { secretKey: string; webhookSecret: string; priceId: string; apiBase: URL | undefined } | undefined;
  /** An OpenAI-compatible chat completions endpoint, when LLM_BASE_URL and LLM_MODEL are set. */
  llm:
    | {
        baseUrl: string;
        apiKey: string | undefined;
        model: string;
        firstByteTimeoutMs?: number;
        totalTimeoutMs?: number;
      }
    | undefined;
  /** The model's prices in US dollars per million tokens, when both LLM_PRICE_* are set. */
  llmPrices: { inputPerMTok: number; outputPerMTok: number } | undefined;
};

/** Host names that always mean this machine. */
const loopbackHosts = ['localhost', '127.0.0.1', '::1'];

/** A host name as compared: lower case, without the brackets of an IPv6 address. */
export function bareHost(host: string): string {
  return host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/** The origin an AUTHORIZED_DOMAINS entry stands for: itself when it is one, https for a bare host name. */
function originOf(entry: string): string | undefined {
  try {
    const url = new URL(entry.includes('://') ? entry : `https://${entry}`);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return (url.protocol === 'http:' || url.protocol === 'https:') && bare ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Thrown when the environment is invalid; its message names every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; an invalid value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings in a .env file or a shell mean "not set", not "set to nothing".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      return `  ${name}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  const port = raw.PORT;
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const isProduction = raw.NODE_ENV === 'production';
  // localhost is a default only outside production (any loopback origin passes there anyway, see action-links.ts).
  const authorizedDomains = raw.AUTHORIZED_DOMAINS ?? [
    ...new Set([...(isProduction ? [] : ['localhost']), new URL(publicUrl).hostname]),
  ];
  const badDomain = authorizedDomains.find((entry) => originOf(entry) === undefined);
  if (badDomain !== undefined) {
    throw new ConfigError(
      `Invalid configuration:\n  AUTHORIZED_DOMAINS: ${badDomain} is neither a host name nor an http(s) origin`,
    );
  }
  return {
    ...raw,
    PUBLIC_URL: publicUrl,
    AUTHORIZED_DOMAINS: authorizedDomains,
    authorizedOrigins: [
      ...new Set([new URL(publicUrl).origin, ...authorizedDomains.map((entry) => originOf(entry)!)]),
    ],
    allowedHosts: [
      ...new Set([
        bareHost(new URL(publicUrl).hostname),
        ...raw.ALLOWED_HOSTS.map(bareHost),
        // A browser reaching a development server by another loopback name than PUBLIC_URL's is no rebinding.
        ...(raw.NODE_ENV === 'production' && !loopbackHosts.includes(bareHost(new URL(publicUrl).hostname))
          ? []
          : loopbackHosts),
      ]),
    ],
    dataDir: path.resolve(raw.DATA_DIR),
    webDistDir: path.resolve(raw.WEB_DIST_DIR),
    isProduction,
    stripe:
      raw.STRIPE_SECRET_KEY && raw.STRIPE_WEBHOOK_SECRET && raw.STRIPE_PRICE_ID
        ? {
            secretKey: raw.STRIPE_SECRET_KEY,
            webhookSecret: raw.STRIPE_WEBHOOK_SECRET,
            priceId: raw.STRIPE_PRICE_ID,
            apiBase: raw.STRIPE_API_BASE ? new URL(raw.STRIPE_API_BASE) : undefined,
          }
        : undefined,
    llm:
      raw.LLM_BASE_URL && raw.LLM_MODEL
        ? {
            baseUrl: raw.LLM_BASE_URL.replace(/\/+$/, ''),
            apiKey: raw.LLM_API_KEY,
            model: raw.LLM_MODEL,
            ...(raw.LLM_FIRST_BYTE_TIMEOUT_SECONDS !== undefined
              ? { firstByteTimeoutMs: Math.round(raw.LLM_FIRST_BYTE_TIMEOUT_SECONDS * 1000) }
              : {}),
            ...(raw.LLM_TIMEOUT_SECONDS !== undefined
              ? { totalTimeoutMs: Math.round(raw.LLM_TIMEOUT_SECONDS * 1000) }
              : {}),
          }
        : undefined,
    llmPrices:
      raw.LLM_PRICE_INPUT_PER_MTOK !== undefined && raw.LLM_PRICE_OUTPUT_PER_MTOK !== undefined
        ? { inputPerMTok: raw.LLM_PRICE_INPUT_PER_MTOK, outputPerMTok: raw.LLM_PRICE_OUTPUT_PER_MTOK }
        : undefined,
  };
}
