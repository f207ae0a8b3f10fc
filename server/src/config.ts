import { randomBytes } from 'node:crypto';
import type { Agent } from 'node:https';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import proxyaddr from 'proxy-addr';
import webpush from 'web-push';
import { z } from 'zod';
import type { S3Settings } from './storage/s3';

/**
 * TRUST_PROXY as express's `trust proxy` setting: a hop count (`1`: the one proxy in front of
 * this server, whatever its address), or comma-separated addresses, CIDRs and proxy-addr's names
 * (`loopback`, `uniquelocal`, `linklocal`). Unset, `0` or `false` trusts nobody: the laptop case,
 * where X-Forwarded-For is anyone's to forge; `true` (believe whoever sends it) is refused for that
 * reason. Addresses are read here, so a typo stops the start instead of trusting nobody.
 */
const trustProxySchema = z
  .string()
  .default('false')
  .transform((given, ctx): false | number | string[] => {
    const value = given.trim().toLowerCase();
    if (value === 'false' || value === '0') return false;
    if (/^\d+$/u.test(value)) return Number(value);
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (value === 'true')
      return refuse('true would believe a forged X-Forwarded-For: give a hop count or addresses');
    const proxies = value.split(',').map((entry) => entry.trim());
    try {
      proxyaddr.compile(proxies);
    } catch (error) {
      return refuse((error as Error).message);
    }
    return proxies;
  });

/**
 * CORS_ORIGINS as the exact origins (`https://app.example.org`, a port when not the default) whose
 * pages may call the API from the browser. Browsers send `Origin` as scheme, host and port, so
 * that is all an entry may name: a path, a `*` or a `null` is refused here, so a typo stops the
 * start instead of letting nobody (or everybody) in.
 */
const corsOriginsSchema = z
  .string()
  .default('')
  .transform((given, ctx): string[] => {
    const origins: string[] = [];
    for (const entry of given.split(',').map((part) => part.trim())) {
      if (!entry) continue;
      const url = URL.canParse(entry) ? new URL(entry) : null;
      // An origin's URL is the origin and a slash: with a path, a query or a user it is no origin.
      if (!url || !/^https?:$/u.test(url.protocol) || url.href !== `${url.origin}/`) {
        ctx.addIssue({
          code: 'custom',
          message: `${entry} is not an origin: give scheme, host, port (https://app.example.org)`,
        });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  /** Reverse proxies whose X-Forwarded-For is believed; unset: none. */
  TRUST_PROXY: trustProxySchema,
  /** Origins whose pages may call the API with a Bearer token; unset: no cross-origin access. */
  CORS_ORIGINS: corsOriginsSchema,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Live events between processes through Redis pub/sub instead of PostgreSQL NOTIFY. */
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Bumps <no-reply@localhost>'),
  APP_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Payments (issue 28): unset, payments are off and everything else works. */
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  /** The webhook endpoint's signing secret (whsec_…); required with the key. */
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  /** Where Stripe's API answers (tests: a local fake); Stripe's own API when unset. */
  STRIPE_API_BASE: z.string().url().optional(),
  /** The external donation page the pricing pages link to; hidden when unset. */
  DONATION_URL: z
    .string()
    .url()
    .refine((url) => /^https?:\/\//iu.test(url), 'DONATION_URL must be an http(s) address')
    .optional(),
  /** Worker processes on PostgreSQL (default: one per core); PGlite always runs one. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Where the built client lives; the server falls back to a notice when it is missing. */
  CLIENT_DIST: z.string().default('./dist/client'),
  /** The longest an API request may wait for its answer before it is answered 503. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Web Push (VAPID) keys; generated once into DATA_DIR/vapid.json when unset. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** Who push services may contact about this server: a mailto: or https: URL. */
  VAPID_SUBJECT: z.string().optional(),
  /** How often each process looks for people due an e-mail digest; 0 turns it off (tests). */
  DIGEST_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
  /** Comma-separated e-mails whose accounts are site admins (at start and when verified). */
  ADMIN_EMAILS: z.string().optional(),
  /** Uploaded files go to this S3 bucket instead of DATA_DIR/uploads. */
  S3_BUCKET: z.string().optional(),
  /** An S3-compatible service (MinIO, R2…); AWS when unset. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Both or neither: without them the AWS SDK's default credential chain applies. */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style URLs (endpoint/bucket/key); default true when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
  /** A Nominatim-compatible geocoder for place search; unset: the built-in offline gazetteer. */
  GEOCODER_URL: z.string().url().optional(),
  /** Raster map tiles for /location ({z}/{x}/{y} template); unset: the shipped world outline. */
  TILE_URL: z.string().url().optional(),
  /** Sign-in with an OpenID Connect provider: both client id and secret, or neither. */
  OIDC_ISSUER: z.string().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** The provider's name on the sign-in button ('Continue with Google'). */
  OIDC_PROVIDER_NAME: z.string().trim().min(1).max(40).optional(),
  /** Where the AI providers' APIs answer (tests and proxies point them elsewhere). */
  GROQ_BASE_URL: z.string().url().default('https://api.groq.com/openai/v1'),
  GEMINI_BASE_URL: z.string().url().default('https://generativelanguage.googleapis.com/v1beta'),
  /**
   * The self-hosted, OpenAI-compatible model servers people may use (comma-separated address
   * prefixes, e.g. `http://127.0.0.1:11434/v1`). None by default: an address a person types is
   * fetched by this server, so only the operator may point it inside its own network.
   */
  AI_SELF_HOSTED_URLS: z
    .string()
    .optional()
    .transform((list) =>
      (list ?? '')
        .split(',')
        .map((url) => url.trim().replace(/\/+$/u, ''))
        .filter(Boolean),
    )
    .pipe(z.array(z.string().url())),
  /** The longest a call to an AI provider may take before it counts as failed. */
  AI_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * Tokens (in and out) one person may spend through the AI helpers in a calendar month (UTC),
   * across all their configs; 0 turns the helpers off. Premium accounts get PREMIUM_AI_CAP_FACTOR
   * times it (billing/allowances.ts).
   */
  AI_MONTHLY_TOKEN_CAP: z.coerce.number().int().min(0).max(1_000_000_000).default(200_000),
  /**
   * The model a self-hosted, OpenAI-compatible server transcribes audio with (its
   * `/audio/transcriptions`): speaches names its Whisper models, whisper.cpp's server ignores it.
   */
  AI_SELF_HOSTED_TRANSCRIPTION_MODEL: z.string().trim().min(1).max(200).default('whisper-1'),
});

export type Config = ReturnType<typeof loadConfig>;

/** The secret is generated once into DATA_DIR so a laptop needs no setup and restarts keep it. */
function appSecret(dataDir: string, given?: string): string {
  if (given) return given;
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The Web Push key pair, from the environment or generated once into DATA_DIR/vapid.json. It is
 * read here, when the configuration loads, so that on PostgreSQL the primary process writes the
 * file before it forks and every worker signs with the same pair (several machines set the
 * variables instead). Browsers subscribe with the public key: a new pair orphans every subscription.
 */
function vapidKeys(dataDir: string, given: { publicKey?: string; privateKey?: string }) {
  if (given.publicKey && given.privateKey)
    return { publicKey: given.publicKey, privateKey: given.privateKey };
  // Half a pair would sign with a generated key that no subscription was made with.
  if (given.publicKey || given.privateKey)
    throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file))
    return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** The S3 settings when S3_BUCKET is set (else files stay on the local disk). */
function s3Settings(parsed: z.infer<typeof envSchema>): S3Settings | null {
  if (!parsed.S3_BUCKET) return null;
  // Half a key pair would silently fall back to whatever credentials the SDK finds.
  if (!parsed.S3_ACCESS_KEY_ID !== !parsed.S3_SECRET_ACCESS_KEY)
    throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  return {
    bucket: parsed.S3_BUCKET,
    endpoint: parsed.S3_ENDPOINT,
    region: parsed.S3_REGION,
    accessKeyId: parsed.S3_ACCESS_KEY_ID,
    secretAccessKey: parsed.S3_SECRET_ACCESS_KEY,
    forcePathStyle: parsed.S3_FORCE_PATH_STYLE
      ? ['true', '1'].includes(parsed.S3_FORCE_PATH_STYLE)
      : Boolean(parsed.S3_ENDPOINT),
  };
}

/** Google's issuer: the provider when only OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set. */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

/** Sign-in with an OpenID Connect provider (auth/oidc.ts), when configured. */
export interface OidcSettings {
  /** The issuer identifier as given: its discovery document and ID tokens must name it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown on the button: 'Continue with {providerName}'. */
  providerName: string;
  /** An http:// issuer on this machine (127.0.0.1 or localhost), for local testing. */
  allowHttp: boolean;
}

/** Hosts an http:// issuer may be on: nothing but this machine sees its traffic. */
const LOCAL_ISSUER_HOSTS = new Set(['127.0.0.1', 'localhost']);

/**
 * The OIDC settings, or null when OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are unset. The issuer must
 * be https: its discovery document says where the browser is sent and which keys sign the ID
 * tokens, so a plain-http one could be rewritten on the way. Only an issuer on this machine
 * (http://127.0.0.1 or http://localhost, any port) is taken over http, for local testing and a
 * provider run beside the app. Anything else stops the start with the reason.
 */
function oidcSettings(parsed: z.infer<typeof envSchema>): OidcSettings | null {
  const clientId = parsed.OIDC_CLIENT_ID?.trim();
  const clientSecret = parsed.OIDC_CLIENT_SECRET?.trim();
  if (!clientId && !clientSecret) {
    if (parsed.OIDC_ISSUER || parsed.OIDC_PROVIDER_NAME)
      throw new Error(
        'OIDC_ISSUER and OIDC_PROVIDER_NAME need OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set both, or unset them',
      );
    return null;
  }
  if (!clientId || !clientSecret)
    throw new Error('Set both OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or neither');
  const issuer = (parsed.OIDC_ISSUER ?? GOOGLE_ISSUER).trim();
  const url = URL.canParse(issuer) ? new URL(issuer) : null;
  if (!url || url.search || url.hash || url.username || url.password)
    throw new Error(
      `OIDC_ISSUER is not an issuer address (https://accounts.google.com): ${issuer}`,
    );
  const local = url.protocol === 'http:' && LOCAL_ISSUER_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !local)
    throw new Error(
      `OIDC_ISSUER must be an https:// address (http:// only on 127.0.0.1 or localhost): ${issuer}`,
    );
  return {
    issuer,
    clientId,
    clientSecret,
    providerName: parsed.OIDC_PROVIDER_NAME ?? 'Google',
    allowHttp: local,
  };
}

/** Payments through Stripe (billing/stripe-client.ts), when STRIPE_SECRET_KEY is set. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_BASE taken apart for stripe-node; null: Stripe's own API. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | null;
}

/**
 * The Stripe settings, or null (payments off) without STRIPE_SECRET_KEY. With the key the webhook
 * secret is required: without it no event could be verified, so nobody would ever turn premium.
 */
function stripeSettings(parsed: z.infer<typeof envSchema>): StripeSettings | null {
  if (!parsed.STRIPE_SECRET_KEY) {
    if (parsed.STRIPE_WEBHOOK_SECRET || parsed.STRIPE_API_BASE)
      throw new Error('STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE need STRIPE_SECRET_KEY');
    return null;
  }
  if (!parsed.STRIPE_WEBHOOK_SECRET)
    throw new Error('STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET (the webhook signing secret)');
  let api: StripeSettings['api'] = null;
  if (parsed.STRIPE_API_BASE) {
    const url = new URL(parsed.STRIPE_API_BASE);
    if (!/^https?:$/u.test(url.protocol) || (url.pathname !== '/' && url.pathname !== ''))
      throw new Error(`STRIPE_API_BASE is an origin (https://api.stripe.com): ${url.href}`);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    api = {
      host: url.hostname,
      port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
      protocol,
    };
  }
  return {
    secretKey: parsed.STRIPE_SECRET_KEY,
    webhookSecret: parsed.STRIPE_WEBHOOK_SECRET,
    api,
  };
}

/** The address of MAIL_FROM (`Name <address>` or a bare address) as a mailto: URL. */
const mailtoOf = (mailFrom: string) => `mailto:${/<([^>]+)>/u.exec(mailFrom)?.[1] ?? mailFrom}`;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // An empty variable (`DATABASE_URL= npm start`) means unset, as shells and .env files use it.
  const parsed = envSchema.parse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  const dataDir = path.resolve(parsed.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    /** Empty when PORT is 0 (tests): the server fills it in once it knows its port. */
    publicUrl: parsed.PUBLIC_URL ?? (parsed.PORT ? `http://localhost:${parsed.PORT}` : ''),
    trustProxy: parsed.TRUST_PROXY,
    corsOrigins: parsed.CORS_ORIGINS,
    dataDir,
    databaseUrl: parsed.DATABASE_URL,
    redisUrl: parsed.REDIS_URL,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    appSecret: appSecret(dataDir, parsed.APP_SECRET),
    /**
     * Production on PostgreSQL with the secret generated into DATA_DIR: it still starts (real
     * PostgreSQL stays one variable away), and start.ts warns, since processes on another machine
     * would hold another secret and could not read the AI keys encrypted under this one.
     */
    appSecretIsLocal:
      parsed.NODE_ENV === 'production' && Boolean(parsed.DATABASE_URL) && !parsed.APP_SECRET,
    logLevel: parsed.LOG_LEVEL,
    clientDist: path.resolve(parsed.CLIENT_DIST),
    workers: parsed.DATABASE_URL ? (parsed.WEB_CONCURRENCY ?? availableParallelism()) : 1,
    /** Set when more workers were asked for than the database allows (PGlite), to say so. */
    workersRefused: !parsed.DATABASE_URL && (parsed.WEB_CONCURRENCY ?? 1) > 1,
    secureCookies: (parsed.PUBLIC_URL ?? '').startsWith('https://'),
    requestTimeoutMs: parsed.REQUEST_TIMEOUT_MS,
    vapid: {
      ...vapidKeys(dataDir, {
        publicKey: parsed.VAPID_PUBLIC_KEY,
        privateKey: parsed.VAPID_PRIVATE_KEY,
      }),
      subject: parsed.VAPID_SUBJECT ?? mailtoOf(parsed.MAIL_FROM),
    },
    /** The agent push requests go through; tests put one here that trusts their own endpoint. */
    pushAgent: undefined as Agent | undefined,
    adminEmails: (parsed.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    /** Null: uploaded files on the local disk under DATA_DIR/uploads. */
    s3: s3Settings(parsed),
    digestIntervalMs: parsed.DIGEST_INTERVAL_MS ?? (parsed.NODE_ENV === 'test' ? 0 : 5 * 60_000),
    geocoderUrl: parsed.GEOCODER_URL,
    tileUrl: parsed.TILE_URL ?? null,
    /** Null: no sign-in with an OpenID provider (the button is hidden, its routes answer 404). */
    oidc: oidcSettings(parsed),
    /** Null: payments are off (every billing row answers 503; the plans still show). */
    stripe: stripeSettings(parsed),
    donationUrl: parsed.DONATION_URL ?? null,
    ai: {
      groqBaseUrl: parsed.GROQ_BASE_URL.replace(/\/+$/u, ''),
      geminiBaseUrl: parsed.GEMINI_BASE_URL.replace(/\/+$/u, ''),
      timeoutMs: parsed.AI_REQUEST_TIMEOUT_MS,
      selfHostedUrls: parsed.AI_SELF_HOSTED_URLS,
      monthlyTokenCap: parsed.AI_MONTHLY_TOKEN_CAP,
      selfHostedTranscriptionModel: parsed.AI_SELF_HOSTED_TRANSCRIPTION_MODEL,
    },
  };
}
