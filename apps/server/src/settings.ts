import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z.url().optional();
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** Every setting, parsed once at boot. README's settings table lists the same names. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  APP_NAME: z.string().min(1).default('Folio'),
  APP_URL: optionalUrl,
  SITES_DOMAIN: z.string().min(1).default('folio.localhost'),
  /**
   * Where own domains point (shown as the DNS records to add, and checked): the host name a
   * CNAME record names (default: the app's host name), and the addresses A / AAAA records name
   * (comma-separated; for a domain's apex, which cannot have a CNAME).
   */
  SITES_HOST: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9.-]+$/, 'a host name')
      .optional(),
  ),
  SITES_IPV4: z
    .string()
    .default('')
    .refine((v) => v.split(',').every((a) => a.trim() === '' || isIP(a.trim()) === 4), {
      message: 'comma-separated IPv4 addresses',
    }),
  SITES_IPV6: z
    .string()
    .default('')
    .refine((v) => v.split(',').every((a) => a.trim() === '' || isIP(a.trim()) === 6), {
      message: 'comma-separated IPv6 addresses',
    }),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  /** Server processes on this machine (node:cluster); more than 1 needs DATABASE_URL. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Shared rate-limit counters (and other cross-process state) in Redis; else the database. */
  REDIS_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  MAIL_FROM: z.string().default('Folio <no-reply@folio.localhost>'),
  SUPPORT_EMAIL: z.string().default('support@folio.localhost'),
  CONTACT_FORM_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  REQUIRE_EMAIL_VERIFICATION: z.preprocess(emptyToUndefined, bool.optional()),
  GOOGLE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  PAYPAL_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  PAYPAL_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  PAYPAL_API_BASE: z.url().default('https://api-m.sandbox.paypal.com'),
  /**
   * The id PayPal gave the webhook pointing at /api/paypal/webhook (developer dashboard): the
   * notifications' signatures are verified against it. Unset: webhooks are refused (503) and only
   * the reconciliation job settles pending payments.
   */
  PAYPAL_WEBHOOK_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9]+$/, 'letters and digits only (the webhook id PayPal shows)')
      .max(50)
      .optional(),
  ),
  /** The PayPal JS SDK script the pricing page loads; unset = PayPal's own. */
  PAYPAL_SDK_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  SALE_PERCENT: z.coerce.number().min(0).max(90).default(50),
  SALE_ENDS_AT: z.iso.datetime().default('2025-05-29T23:59:59Z'),
  PAYPAL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  PLAN_JOB_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
  HOSTING_JOB_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
  JOB_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  SITE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  AI_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  AI_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  AI_MODEL: z.preprocess(emptyToUndefined, z.string().optional()),
  /**
   * Longest wait for the AI endpoint's answer; past it the built-in result is answered. The
   * default is the parser's AI_TIMEOUT_MS (not imported: the supervisor reads these settings and
   * loads no package).
   */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8_000),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  PARSE_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Failed parses one account may have in an hour (a failed parse costs no credit). */
  PARSE_FAILURE_LIMIT: z.coerce.number().int().min(1).default(10),
  /**
   * Proxies whose X-Forwarded-For (client address: rate limits, visitor counts) and
   * X-Forwarded-Host are believed: a proxy-addr list of addresses, ranges or names
   * (`loopback`, `linklocal`, `uniquelocal`), or true/false. Default `loopback`: a proxy on
   * this machine (Caddy). A proxy elsewhere (another container, a load balancer) is named by
   * its address or range; trusting whole private networks would let any machine on them
   * forge its address.
   */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((v): string | boolean => (v === 'true' ? true : v === 'false' ? false : v)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Settings extends Omit<Env, 'REQUIRE_EMAIL_VERIFICATION' | 'APP_URL'> {
  APP_URL: string;
  /** Resolved: explicit setting, else on exactly when real mail (SMTP_URL) is configured. */
  REQUIRE_EMAIL_VERIFICATION: boolean;
  DATA_DIR: string;
}

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}

/** Parses the environment; throws SettingsError listing every bad variable. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new SettingsError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = result.data;
  return {
    ...e,
    DATA_DIR: path.resolve(e.DATA_DIR),
    APP_URL: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    REQUIRE_EMAIL_VERIFICATION: e.REQUIRE_EMAIL_VERIFICATION ?? Boolean(e.SMTP_URL),
  };
}
