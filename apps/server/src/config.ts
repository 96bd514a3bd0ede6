import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { ServiceAccount } from './providers/push/fcm.ts';

const bool = z.enum(['true', 'false', '1', '0', '']).transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads. The README's configuration table mirrors this. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ENCRYPTION_KEY: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_THROTTLE_MINUTES: z.coerce.number().int().min(1).default(15),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('AI Admin <no-reply@localhost>'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: bool.optional(),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(300_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: bool.optional(),
  SEED_SUPERADMIN_EMAIL: z.string().default('superadmin@example.com'),
  SEED_SUPERADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_CLIENT_ADMIN_EMAIL: z.string().default('admin@demo.example.com'),
  SEED_CLIENT_ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_CLIENT_USER_EMAIL: z.string().default('agent@demo.example.com'),
  SEED_CLIENT_USER_PASSWORD: z.string().min(8).optional(),
  // Messaging channels: real adapters; without a base URL they talk to the sandbox in this server.
  CHANNELS_SANDBOX: bool.optional(),
  TELEGRAM_API_BASE_URL: z.string().url().optional(),
  WHATSAPP_CLOUD_BASE_URL: z.string().url().optional(),
  WHATSAPP_CLOUD_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v21.0'),
  WHATSAPP_CLOUD_ACCESS_TOKEN: z.string().min(1).optional(),
  WHATSAPP_CLOUD_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_CLOUD_CALLBACK_OVERRIDE: bool.optional(),
  WAHA_BASE_URL: z.string().url().optional(),
  WAHA_API_KEY: z.string().min(1).optional(),
  XENDIT_BASE_URL: z.string().url().optional(),
  XENDIT_SECRET_KEY: z.string().min(1).optional(),
  XENDIT_CALLBACK_TOKEN: z.string().min(1).optional(),
  PAYMENTS_SANDBOX: bool.optional(),
  INVOICE_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_EMBEDDING_MODEL: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  AI_HUMAN_PAUSE_MINUTES: z.coerce.number().int().min(0).default(30),
  JOBS_POLL_MS: z.coerce.number().int().min(10).default(1000),
  PROCESS_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  BLAST_RATE_WHATSAPP_CLOUD: z.coerce.number().int().min(0).default(80),
  BLAST_RATE_WHATSAPP_WEB: z.coerce.number().int().min(0).default(20),
  BLAST_RATE_TELEGRAM: z.coerce.number().int().min(0).default(30),
  WEB_PUSH: bool.optional(),
  VAPID_PUBLIC_KEY: z.string().min(80).optional(),
  VAPID_PRIVATE_KEY: z.string().min(40).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'must start with mailto: or https:')
    .optional(),
  FCM_SERVICE_ACCOUNT: z.string().min(1).optional(),
  FCM_BASE_URL: z.string().url().default('https://fcm.googleapis.com'),
  N8N_BASE_URL: z.string().url().optional(),
  N8N_API_KEY: z.string().min(1).optional(),
  N8N_WEBHOOK_URL: z.string().url().optional(),
  N8N_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  METRICS_TOKEN: z.string().min(16).optional(),
  BLAST_LEASE_SECONDS: z.coerce.number().int().min(1).default(60),
});

export type Config = ReturnType<typeof loadConfig>;

/** Reads the environment once; fails with the offending variable's name when one is malformed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = resolve(e.DATA_DIR);
  if (production && (!e.JWT_SECRET || !e.ENCRYPTION_KEY)) {
    throw new Error('Invalid configuration:\n  JWT_SECRET and ENCRYPTION_KEY are required in production');
  }
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir, 'jwt-secret'),
    // Encrypts provider secrets (bot tokens, webhook keys) at rest.
    encryptionKey: e.ENCRYPTION_KEY ?? persistentSecret(dataDir, 'encryption-key'),
    accessTokenTtl: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    loginThrottle: {
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      minutes: e.LOGIN_THROTTLE_MINUTES,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    webDistDir: resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    // The longest a client may take to send one whole request (headers and body); slower ones get
    // a 408 and the socket is closed. 5 minutes: a 50 MB knowledge file on a ~1.5 Mbit/s uplink.
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    // The embedded database seeds demo data on its first start; production only when asked.
    seed: e.SEED ?? !production,
    seedAccounts: {
      superAdmin: { email: e.SEED_SUPERADMIN_EMAIL, password: e.SEED_SUPERADMIN_PASSWORD },
      clientAdmin: { email: e.SEED_CLIENT_ADMIN_EMAIL, password: e.SEED_CLIENT_ADMIN_PASSWORD },
      clientUser: { email: e.SEED_CLIENT_USER_EMAIL, password: e.SEED_CLIENT_USER_PASSWORD },
    },
    // Messaging channels. `usesSandbox`: no base URL was given, so the default points at /sandbox/… here.
    channels: (() => {
      const local = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
      const trim = (url: string) => url.replace(/\/$/, '');
      return {
        sandbox: e.CHANNELS_SANDBOX ?? !production,
        telegram: {
          baseUrl: trim(e.TELEGRAM_API_BASE_URL ?? `${local}/sandbox/telegram`),
          usesSandbox: !e.TELEGRAM_API_BASE_URL,
        },
        whatsappCloud: {
          baseUrl: trim(e.WHATSAPP_CLOUD_BASE_URL ?? `${local}/sandbox/whatsapp`),
          usesSandbox: !e.WHATSAPP_CLOUD_BASE_URL,
          apiVersion: e.WHATSAPP_CLOUD_API_VERSION,
          accessToken:
            e.WHATSAPP_CLOUD_ACCESS_TOKEN ?? persistentSecret(dataDir, 'whatsapp-cloud-access-token'),
          appSecret: e.WHATSAPP_CLOUD_APP_SECRET ?? persistentSecret(dataDir, 'whatsapp-cloud-app-secret'),
          // Point the phone number's webhook override at the integration's URL on activation (Meta
          // then runs the verify-token handshake). On by default only against the built-in sandbox.
          callbackOverride: e.WHATSAPP_CLOUD_CALLBACK_OVERRIDE ?? !e.WHATSAPP_CLOUD_BASE_URL,
        },
        waha: {
          baseUrl: trim(e.WAHA_BASE_URL ?? `${local}/sandbox/waha`),
          usesSandbox: !e.WAHA_BASE_URL,
          apiKey: e.WAHA_API_KEY ?? persistentSecret(dataDir, 'waha-api-key'),
        },
      };
    })(),
    // Without XENDIT_BASE_URL the adapter talks to the sandbox mounted in this server (/sandbox/xendit).
    payments: {
      xenditBaseUrl: e.XENDIT_BASE_URL?.replace(/\/$/, ''),
      xenditSecretKey: e.XENDIT_SECRET_KEY ?? 'xnd_development_sandbox',
      callbackToken: e.XENDIT_CALLBACK_TOKEN ?? persistentSecret(dataDir, 'xendit-callback-token'),
      sandbox: e.PAYMENTS_SANDBOX ?? !production,
      expiryIntervalSeconds: e.INVOICE_EXPIRY_INTERVAL_SECONDS,
    },
    // The AI agent. Without LLM_BASE_URL it answers from the knowledge base's passages alone.
    ai: {
      llm: e.LLM_BASE_URL
        ? {
            baseUrl: e.LLM_BASE_URL.replace(/\/$/, ''),
            apiKey: e.LLM_API_KEY ?? 'none',
            model: e.LLM_MODEL,
            embeddingModel: e.LLM_EMBEDDING_MODEL,
            timeoutMs: e.LLM_TIMEOUT_MS,
          }
        : null,
      // A person's reply in a room silences the AI in that chat for this long.
      humanPauseMinutes: e.AI_HUMAN_PAUSE_MINUTES,
    },
    jobsPollMs: e.JOBS_POLL_MS,
    // 'api' answers HTTP only; 'worker' runs the background work only (jobs, blasts, schedules,
    // invoice expiry, SLA watch); 'all' does both. Several processes need PostgreSQL.
    role: e.PROCESS_ROLE,
    runsWorkers: e.PROCESS_ROLE !== 'api',
    // Blast messages per second per integration, across all processes; 0 turns the limit off.
    blastRates: {
      whatsapp_cloud: e.BLAST_RATE_WHATSAPP_CLOUD,
      whatsapp_web: e.BLAST_RATE_WHATSAPP_WEB,
      telegram: e.BLAST_RATE_TELEGRAM,
    } as Record<string, number>,
    // How long a worker's claim on blast recipients holds; a dead worker's claims free up after it.
    blastLeaseSeconds: e.BLAST_LEASE_SECONDS,
    // The workflow engine: n8n when N8N_BASE_URL is set, else the sandbox's fake n8n when the
    // sandbox is on, else none (templates and workflows are kept; activation waits for an engine).
    workflowEngine: (() => {
      const local = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
      const sandbox = !e.N8N_BASE_URL && (e.CHANNELS_SANDBOX ?? !production);
      if (!e.N8N_BASE_URL && !sandbox) return null;
      const baseUrl = (e.N8N_BASE_URL ?? `${local}/sandbox/n8n`).replace(/\/$/, '');
      return {
        sandbox,
        baseUrl,
        apiKey: e.N8N_API_KEY ?? persistentSecret(dataDir, 'n8n-api-key'),
        webhookUrl: (e.N8N_WEBHOOK_URL ?? baseUrl).replace(/\/$/, ''),
        timeoutMs: e.N8N_TIMEOUT_MS,
        // The demo's fake engine keeps its workflows beside the embedded database.
        sandboxFile: sandbox && e.NODE_ENV !== 'test' ? join(dataDir, 'sandbox-n8n.json') : undefined,
      };
    })(),
    // Prometheus scrapes /api/metrics with this bearer token; without one the endpoint is open.
    metricsToken: e.METRICS_TOKEN,
    push: {
      // Web Push is on unless turned off; without keys in the environment a pair is made on the
      // first start and kept in the database, so every process signs with the same one.
      webPush: e.WEB_PUSH ?? true,
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : null,
      vapidSubject: e.VAPID_SUBJECT ?? 'mailto:admin@localhost',
      fcm: e.FCM_SERVICE_ACCOUNT
        ? { account: serviceAccount(e.FCM_SERVICE_ACCOUNT), baseUrl: e.FCM_BASE_URL.replace(/\/$/, '') }
        : null,
    },
  };
}

/** FCM_SERVICE_ACCOUNT holds the service-account JSON itself or the path of its file. */
function serviceAccount(value: string): ServiceAccount {
  const text = value.trim().startsWith('{') ? value : readFileSync(resolve(value), 'utf8');
  const parsed = z
    .object({
      project_id: z.string().min(1),
      client_email: z.string().min(1),
      private_key: z.string().includes('PRIVATE KEY'),
      token_uri: z.string().url().default('https://oauth2.googleapis.com/token'),
    })
    .safeParse(
      (() => {
        try {
          return JSON.parse(text);
        } catch {
          return null;
        }
      })(),
    );
  if (!parsed.success) {
    throw new Error('Invalid configuration:\n  FCM_SERVICE_ACCOUNT: not a service-account key');
  }
  return parsed.data;
}

/** A development secret kept in the data folder so that tokens survive restarts. */
function persistentSecret(dataDir: string, name: string) {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
