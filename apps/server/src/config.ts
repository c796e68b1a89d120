import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Everything the server reads from its environment. The only reader of `process.env`. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  SEED_DEMO: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(180).default(180),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  MAX_FAILED_LOGINS: z.coerce.number().int().min(1).default(5),
  /** The first login pause after MAX_FAILED_LOGINS failures; each further round doubles it. */
  LOGIN_LOCKOUT_SECONDS: z.coerce.number().int().min(1).default(60),
  LOGIN_LOCKOUT_MAX_SECONDS: z.coerce.number().int().min(1).default(3600),
  PASSWORD_RESET_MAILS_PER_HOUR: z.coerce.number().int().min(1).default(3),
  PASSWORD_RESET_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  WORKERS: booleanFromEnv.default(true),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Without SMTP_HOST, mail goes to the sandbox outbox the super admin reads in the portal. */
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: booleanFromEnv.default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().min(3).default('Sapa <no-reply@sapa.local>'),
  /** Where people open the portal; links in mail (password reset) point here. */
  PUBLIC_URL: z.url('PUBLIC_URL must be a URL such as https://portal.example.com').optional(),
  /** Where the WhatsApp Cloud API is reached: configuration of the deployment, never of a tenant. */
  WHATSAPP_GRAPH_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'WHATSAPP_GRAPH_BASE_URL must be an https:// URL' })
    .default('https://graph.facebook.com/v23.0'),
  /** Lets server-side calls reach http, loopback and private addresses (a provider on your own network, tests). */
  OUTBOUND_ALLOW_PRIVATE_NETWORKS: booleanFromEnv.default(false),
  /** Set: `/metrics` answers only `Authorization: Bearer <token>`; unset: only scrapers on this machine. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
});

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Set: PostgreSQL through node-postgres; unset: embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** Root secret every signing and encryption key is derived from; undefined means "read or create one in dataDir". */
  secretKey: string | undefined;
  seedDemo: boolean;
  logLevel: string;
  accessTokenTtlSeconds: number;
  sessionMaxDays: number;
  loginRateLimitPerMinute: number;
  maxFailedLogins: number;
  /** Login pause after `maxFailedLogins` failures, doubling each further round up to the max. */
  loginLockoutSeconds: number;
  loginLockoutMaxSeconds: number;
  /** Reset mails one address gets per hour; requests one source address may make per hour. */
  passwordResetMailsPerHour: number;
  passwordResetRequestsPerHour: number;
  /** Run background workers inside `serve`. */
  workers: boolean;
  webDist: string | undefined;
  trustProxy: boolean;
  /** null: sandbox outbox. */
  smtp: Readonly<{ host: string; port: number; secure: boolean; user?: string; password?: string }> | null;
  mailFrom: string;
  publicUrl: string;
  /** The WhatsApp Cloud API's base URL, version included. */
  whatsappGraphBaseUrl: string;
  /** Server-side calls may reach http, loopback and private addresses (refused unless set). */
  outboundAllowPrivateNetworks: boolean;
  /** undefined: `/metrics` answers loopback only. */
  metricsToken: string | undefined;
}>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!e.OUTBOUND_ALLOW_PRIVATE_NETWORKS && !e.WHATSAPP_GRAPH_BASE_URL.startsWith('https://')) {
    throw new ConfigError(
      'Invalid configuration:\n  WHATSAPP_GRAPH_BASE_URL: must be https:// unless OUTBOUND_ALLOW_PRIVATE_NETWORKS=true',
    );
  }
  const embedded = e.DATABASE_URL === undefined;
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    secretKey: e.SECRET_KEY,
    seedDemo: e.SEED_DEMO ?? embedded,
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    maxFailedLogins: e.MAX_FAILED_LOGINS,
    loginLockoutSeconds: e.LOGIN_LOCKOUT_SECONDS,
    loginLockoutMaxSeconds: Math.max(e.LOGIN_LOCKOUT_MAX_SECONDS, e.LOGIN_LOCKOUT_SECONDS),
    passwordResetMailsPerHour: e.PASSWORD_RESET_MAILS_PER_HOUR,
    passwordResetRequestsPerHour: e.PASSWORD_RESET_REQUESTS_PER_HOUR,
    workers: e.WORKERS,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    smtp: e.SMTP_HOST
      ? Object.freeze({
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          secure: e.SMTP_SECURE,
          ...(e.SMTP_USER ? { user: e.SMTP_USER } : {}),
          ...(e.SMTP_PASSWORD ? { password: e.SMTP_PASSWORD } : {}),
        })
      : null,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    whatsappGraphBaseUrl: e.WHATSAPP_GRAPH_BASE_URL.replace(/\/+$/, ''),
    outboundAllowPrivateNetworks: e.OUTBOUND_ALLOW_PRIVATE_NETWORKS,
    metricsToken: e.METRICS_TOKEN,
  });
}
