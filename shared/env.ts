/**
 * The environment, parsed once at boot. Every variable the shop reads is here (and in .env.example).
 * No I/O: callers pass `process.env` and decide what to do with the error.
 */
import { z } from 'zod';
import { DEFAULT_SHOP, shopFacts } from './shop';
import { parseShopHolidays } from './holidays';
import { parseTestimonials } from './testimonials';
import { zipStateMismatch } from './zipStates';

const optional = z
  .string()
  .transform((v) => (v.trim() === '' ? undefined : v.trim()))
  .optional();
const port = z.coerce.number().int().min(0).max(65535);
/**
 * Upload bytes one web process takes in per second, all uploads together, in MB. Uploads are parsed,
 * hashed and written on the event loop that answers everything else: at 64 MB/s four loopback
 * uploads took the API's p99 to 20× idle on a busy two-core host, at 16 MB/s it stayed within 1.5×
 * (bench/README.md). 16 MB/s is two to eight customers' lines at once; with S3 the bytes go straight
 * to the bucket and never reach this limit.
 */
export const DEFAULT_UPLOAD_INTAKE_MB_PER_SECOND = 16;
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
/** A yes/no that is yes unless set to false (or 0). */
const boolDefaultTrue = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v !== 'false' && v !== '0');
/** A yes/no whose default depends on other settings: unset stays undefined. */
const maybeBool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));
/** A worker not heard from for this long is presumed dead and its jobs run again elsewhere. */
export const DEFAULT_WORKER_DEAD_AFTER_SECONDS = 30;
/**
 * How long a worker stopped by SIGTERM waits for its running jobs before it exits: longer than the
 * time limit of an analysis or a sheet report (60 s, worker/src/pdfJobs.ts), so one started just
 * before a deploy still ends on the worker that started it.
 */
export const DEFAULT_WORKER_DRAIN_SECONDS = 90;
/**
 * Password hashing cost, log2 of scrypt's N: 17 is production's strength (128 MiB, ~0.4 s a hash).
 * Tests set it low so the suite does not spend minutes hashing; production refuses anything weaker.
 */
export const PRODUCTION_PASSWORD_HASH_LOG_N = 17;
/** Below this scrypt is too cheap to mean anything, even in a test. */
export const MIN_PASSWORD_HASH_LOG_N = 10;
/** 2^20 holds 1 GiB per hash: more would not fit a web process. */
export const MAX_PASSWORD_HASH_LOG_N = 20;

export const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-0123456789';
export const DEV_ADMIN_USERNAME = 'admin';
export const DEV_ADMIN_PASSWORD = 'blueprint-admin';
/**
 * Where the footer links the source of the running version when SOURCE_URL is unset: a placeholder
 * on a reserved domain, never someone's real repository. The AGPL (README) asks a deployment to set
 * SOURCE_URL to its repository at the deployed commit.
 */
export const DEFAULT_SOURCE_URL = 'https://git.example.com/blueprint-shop';

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(5000),
    /** The address the web process listens on (unset: every interface). */
    HOST: optional,
    /** Public origin used in emailed links, e.g. https://prints.example.com. Defaults to http://localhost:PORT. */
    APP_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATABASE_URL: optional,
    SESSION_SECRET: optional,
    ADMIN_USERNAME: optional,
    ADMIN_PASSWORD: optional,
    /**
     * The web process serves the built client (dist/web) beside the API, and /api/health reports ready
     * only once it can. False: the API alone (`npm run dev`, where Vite serves the pages).
     */
    SERVE_CLIENT: boolDefaultTrue,
    /** Behind one proxy: take the client's address and protocol from its X-Forwarded-* headers (rate limits are per customer). */
    TRUST_PROXY: bool,
    /** The public site is HTTPS: Secure cookies, HSTS. Defaults to TRUST_PROXY; false behind a plain-HTTP proxy. */
    COOKIE_SECURE: maybeBool,
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    /** Seconds without a heartbeat after which a worker's jobs are run again elsewhere (heartbeats every sixth of it). */
    WORKER_DEAD_AFTER_SECONDS: z.coerce.number().min(1).max(3600).default(DEFAULT_WORKER_DEAD_AFTER_SECONDS),
    /** Seconds a worker stopped by SIGTERM lets its running jobs finish before it exits (they then run again elsewhere). */
    WORKER_DRAIN_SECONDS: z.coerce.number().min(1).max(3600).default(DEFAULT_WORKER_DRAIN_SECONDS),
    FILE_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
    DATA_DIR: z.string().default('.data'),
    /** Upload bytes the web process takes in per second, all uploads together, in MB (0: no limit). */
    UPLOAD_INTAKE_MB_PER_SECOND: z.coerce.number().min(0).max(10_000).default(DEFAULT_UPLOAD_INTAKE_MB_PER_SECOND),
    S3_BUCKET: optional,
    S3_ENDPOINT: optional,
    S3_REGION: z.string().default('us-east-1'),
    S3_FORCE_PATH_STYLE: bool,
    AWS_ACCESS_KEY_ID: optional,
    AWS_SECRET_ACCESS_KEY: optional,
    STRIPE_SECRET_KEY: optional,
    STRIPE_PUBLISHABLE_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    /** Test-only: point the Stripe SDK at another host (a local fake), e.g. http://127.0.0.1:12111. */
    STRIPE_API_BASE: optional,
    EASYPOST_API_KEY: optional,
    EASYPOST_BASE_URL: optional,
    RESEND_API_KEY: optional,
    RESEND_BASE_URL: optional,
    /** The sender; by default the shop's name (SHOP_NAME) at orders@blueprintshop.local. */
    EMAIL_FROM: optional,
    SUPPORT_EMAIL: z.string().default(DEFAULT_SHOP.email),
    SUPPORT_PHONE: z.string().default(DEFAULT_SHOP.phone),
    /** The counter's address (shared/shop.ts has the defaults): shown to customers, the origin of rates and labels. */
    SHOP_NAME: optional,
    SHOP_STREET: optional,
    SHOP_CITY: optional,
    SHOP_STATE: optional,
    SHOP_ZIP: optional,
    /**
     * Changes to the closed days (the federal holidays are closed by default): YYYY-MM-DD
     * comma-separated closes a day, -YYYY-MM-DD opens on a federal holiday, e.g. 2026-12-24,-2026-11-11.
     * Read by parseShopHolidays, the one parser, so a typo stops the boot with its message.
     */
    SHOP_HOLIDAYS: optional.superRefine((value, ctx) => {
      try {
        parseShopHolidays(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
      }
    }),
    /** What customers said, shown on the landing page: a JSON array of {quote, name, role}; none when unset. */
    SHOP_TESTIMONIALS: optional.superRefine((value, ctx) => {
      try {
        parseTestimonials(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
      }
    }),
    /** The source of the running version, linked from every page's footer (the AGPL asks for it). */
    SOURCE_URL: z
      .url({ protocol: /^https?$/, error: 'SOURCE_URL must be an http(s) URL, e.g. https://github.com/you/blueprint-shop/tree/<commit>' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    /** log2 of scrypt's N for new password hashes (17 in production; tests run cheaper). */
    PASSWORD_HASH_LOG_N: z.coerce
      .number()
      .int({ error: 'PASSWORD_HASH_LOG_N must be a whole number (log2 of scrypt N), e.g. 17' })
      .min(MIN_PASSWORD_HASH_LOG_N, { error: `PASSWORD_HASH_LOG_N must be at least ${MIN_PASSWORD_HASH_LOG_N}` })
      .max(MAX_PASSWORD_HASH_LOG_N, { error: `PASSWORD_HASH_LOG_N must be at most ${MAX_PASSWORD_HASH_LOG_N}` })
      .default(PRODUCTION_PASSWORD_HASH_LOG_N),
  })
  .superRefine((env, ctx) => {
    if (env.STRIPE_SECRET_KEY && (!env.STRIPE_PUBLISHABLE_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'Stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together',
      });
    }
    if (env.COOKIE_SECURE && !env.TRUST_PROXY) {
      // Behind a proxy the shop learns that a request came over HTTPS only from X-Forwarded-Proto;
      // without it every Secure cookie would be refused over the proxy's plain HTTP.
      ctx.addIssue({
        code: 'custom',
        path: ['COOKIE_SECURE'],
        message: 'COOKIE_SECURE=true needs TRUST_PROXY=true (the proxy tells the shop the request came over HTTPS)',
      });
    }
    // Pickups pay the sales tax of the counter's state, which must be the state that owns its ZIP.
    const counter = shopFacts(env);
    const mismatch = zipStateMismatch(counter.zip, counter.state.toUpperCase());
    if (mismatch) ctx.addIssue({ code: 'custom', path: ['SHOP_ZIP'], message: `SHOP_ZIP and SHOP_STATE disagree: ${mismatch}` });
    if (env.NODE_ENV === 'production' && env.PASSWORD_HASH_LOG_N < PRODUCTION_PASSWORD_HASH_LOG_N) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_LOG_N'],
        message: `PASSWORD_HASH_LOG_N must be at least ${PRODUCTION_PASSWORD_HASH_LOG_N} when NODE_ENV=production (a cheaper hash is for tests)`,
      });
    }
    if (env.NODE_ENV === 'production' && env.SESSION_SECRET && env.SESSION_SECRET.length < 32) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'SESSION_SECRET must be at least 32 characters' });
    }
  });

export type RawEnv = z.infer<typeof EnvSchema>;

/** The parsed environment with development defaults filled in. */
export type Env = Omit<RawEnv, 'SESSION_SECRET' | 'ADMIN_USERNAME' | 'ADMIN_PASSWORD' | 'APP_URL' | 'COOKIE_SECURE' | 'SOURCE_URL' | 'EMAIL_FROM'> & {
  EMAIL_FROM: string;
  SESSION_SECRET: string;
  SOURCE_URL: string;
  ADMIN_USERNAME: string;
  ADMIN_PASSWORD: string;
  APP_URL: string;
  COOKIE_SECURE: boolean;
  /** Names of development defaults that were used, to print at start. */
  defaultsUsed: string[];
};

/**
 * Which process reads the environment: the web and worker processes (`app`) need the secrets and
 * the admin sign-in in production; the `release` step only migrates, so it needs only DATABASE_URL.
 */
export type EnvRole = 'app' | 'release';

const REQUIRED_IN_PRODUCTION = {
  app: ['SESSION_SECRET', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'DATABASE_URL'],
  release: ['DATABASE_URL'],
} as const satisfies Record<EnvRole, readonly (keyof RawEnv)[]>;

/** Parses the environment; throws an Error whose message lists every bad variable, one a line. */
export function parseEnv(source: Record<string, string | undefined>, role: EnvRole = 'app'): Env {
  const result = EnvSchema.safeParse(source);
  const problems = result.success ? [] : result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  if (source.NODE_ENV === 'production') {
    for (const key of REQUIRED_IN_PRODUCTION[role]) {
      if (!source[key]?.trim()) problems.push(`  ${key}: ${key} is required when NODE_ENV=production`);
    }
  }
  if (!result.success || problems.length > 0) {
    throw new Error(`Invalid configuration:\n${problems.join('\n')}\nSee .env.example for every variable.`);
  }
  const raw = result.data;
  const defaultsUsed: string[] = [];
  const pick = (key: string, value: string | undefined, fallback: string) => {
    if (value) return value;
    defaultsUsed.push(key);
    return fallback;
  };
  return {
    ...raw,
    SESSION_SECRET: pick('SESSION_SECRET', raw.SESSION_SECRET, DEV_SESSION_SECRET),
    ADMIN_USERNAME: pick('ADMIN_USERNAME', raw.ADMIN_USERNAME, DEV_ADMIN_USERNAME),
    ADMIN_PASSWORD: pick('ADMIN_PASSWORD', raw.ADMIN_PASSWORD, DEV_ADMIN_PASSWORD),
    APP_URL: (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
    COOKIE_SECURE: raw.COOKIE_SECURE ?? raw.TRUST_PROXY,
    SOURCE_URL: pick('SOURCE_URL', raw.SOURCE_URL, DEFAULT_SOURCE_URL),
    EMAIL_FROM: raw.EMAIL_FROM ?? `${shopFacts(raw).name} <orders@blueprintshop.local>`,
    defaultsUsed,
  };
}
