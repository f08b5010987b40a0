import { resolve } from 'node:path';
// The one file, not the whole contract: the configuration is read first thing at start.
import { DEEPLINK_RULE, isAllowedDeeplink } from '@pult/contract/deeplink';
import { z } from 'zod';
import { parseTrustProxy } from './lib/trust-proxy';

/**
 * The configuration (README "Configuration"), parsed once. Nothing else reads process.env,
 * so every knob is listed here with its default.
 */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /**
   * The push services on, comma-separated (`fcm,rustore,hms`): each device's delivery goes through its
   * own provider; `log` stands in for any provider that is not on (providers/index.ts).
   */
  PUSH_PROVIDER: z
    .string()
    .regex(
      /^\s*(log|fcm|webpush|rustore|hms)\s*(,\s*(log|fcm|webpush|rustore|hms)\s*)*$/,
      'log, fcm, webpush, rustore, hms, comma-separated',
    )
    .default('log'),
  /** Service-account JSON file for FCM HTTP v1. */
  FCM_CREDENTIALS: z.string().optional(),
  /** FCM's API base; tests point it at a local fake. */
  FCM_BASE_URL: z.string().url().default('https://fcm.googleapis.com'),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default('mailto:admin@example.com'),
  /** RuStore Push (VK): the project id and service token from the RuStore console. */
  RUSTORE_PROJECT_ID: z.string().optional(),
  RUSTORE_SERVICE_TOKEN: z.string().optional(),
  RUSTORE_BASE_URL: z.string().url().default('https://vkpns.rustore.ru'),
  /** Huawei Push Kit: the app id and secret (OAuth client credentials) from AppGallery Connect. */
  HMS_APP_ID: z.string().optional(),
  HMS_CLIENT_SECRET: z.string().optional(),
  HMS_BASE_URL: z.string().url().default('https://push-api.cloud.huawei.com'),
  HMS_TOKEN_URL: z.string().url().default('https://oauth-login.cloud.huawei.com/oauth2/v3/token'),
  CATALOG_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  /** Enables «Обновить из Telegram» on channels (a bot token from @BotFather). */
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  /** The Bot API's base; tests point it at a local fake. */
  TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Where a checked promo code goes from the landing page: the planner app's link, `{code}` filled in.
   * The same rule as a notification's deeplink (contract deeplink.ts): planner:// or https://.
   */
  APP_PROMO_DEEPLINK: z
    .string()
    .refine((value) => value.includes('{code}'), 'must contain {code}')
    .refine((value) => isAllowedDeeplink(value.replaceAll('{code}', 'CODE')), `must be ${DEEPLINK_RULE}`)
    .default('planner://promo?code={code}'),
  /** The planner app in the stores: the landing page's fallback when the app is not installed. */
  APP_STORE_URL: z.string().url().optional(),
  GOOGLE_PLAY_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * A slow client may not hold a connection for ever (lib/slow-requests.ts). Seconds for a request's
   * headers to arrive; seconds for its body, each REQUEST_BODY_MIN_RATE bytes received adding one more
   * (a 10 MB upload may take hours over a slow link, one byte every 5 s is cut off after 30 s). The
   * answer, once the body is in, is never timed: a long export streams for as long as it needs. 0 turns
   * a limit off.
   */
  REQUEST_HEADERS_TIMEOUT: z.coerce.number().min(0).default(30),
  REQUEST_BODY_TIMEOUT: z.coerce.number().min(0).default(30),
  REQUEST_BODY_MIN_RATE: z.coerce.number().positive().default(1000),
  /** Which reverse proxies may set X-Forwarded-For: off by default (lib/trust-proxy.ts). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'object' && !Array.isArray(parsed)) {
        context.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  /**
   * Turns on GET /metrics (Prometheus), answered only with `Authorization: Bearer <METRICS_TOKEN>`;
   * unset, /metrics is 404 (docs/operations.md).
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * The key the TOTP secrets are encrypted with in the database (AES-256-GCM, lib/secret-box.ts). Unset:
   * DATA_DIR/secrets.key, created on the first start. Every process of one installation needs the same.
   */
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Where the built SPA lives; the server serves it when the folder exists. */
  WEB_DIST: z.string().optional(),
  /**
   * Scheduled backups (modules/backups, docs/operations.md): a cron expression in UTC, five fields (or
   * six with seconds first). Its shape is checked here and its values when the server starts, where
   * the parser is loaded only if a schedule is set. Unset: no scheduled backups.
   */
  BACKUP_CRON: z
    .string()
    .trim()
    .regex(/^(\S+\s+){4,5}\S+$/, 'must be a cron expression of 5 fields (6 with seconds), e.g. "0 3 * * *"')
    .optional(),
  /** Where scheduled backups go; default DATA_DIR/backups. Put it on another disk than DATA_DIR. */
  BACKUP_DIR: z.string().optional(),
  /** How many scheduled archives to keep in BACKUP_DIR (the oldest beyond it are removed). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
});

export type Env = z.infer<typeof schema> & { publicUrl: string; dataDir: string; backupDir: string };

const emptyToUndefined = (source: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(emptyToUndefined(source));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = resolve(source.INIT_CWD ?? process.cwd(), env.DATA_DIR);
  return {
    ...env,
    // Relative to where the command was typed (npm's INIT_CWD), not to the workspace npm switched
    // into: `npm start`, `npm run dev` and `npm run serve` from the repository root all use ./data.
    dataDir,
    backupDir: env.BACKUP_DIR ? resolve(source.INIT_CWD ?? process.cwd(), env.BACKUP_DIR) : resolve(dataDir, 'backups'),
    publicUrl: (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/$/, ''),
  };
}
