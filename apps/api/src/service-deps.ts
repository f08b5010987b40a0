import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './env';
import { createMetrics, type Metrics } from './lib/metrics';
import { type SecretBox, secretBox, secretsKeyMaterial } from './lib/secret-box';
import { logMailer, type Mailer, smtpMailer } from './modules/auth';
import type { UndoableAction } from './modules/bulk-undos';
import type { JobKind } from './modules/jobs';
import { type Catalog, catalogClient } from './modules/promo-codes';
import { type DispatcherOptions, type PushProvider, providerFromEnv } from './modules/push';
import { type TelegramBotApi, telegramBotApi } from './modules/telegram-channels';

/** The installation's addresses, as the configuration gives them (never the request's Host). */
export interface AppUrls {
  /** PUBLIC_URL without a trailing slash: links in mail, share cards, the planner's file URLs. */
  public: string;
  /** Where the promo landing page sends people: the app's deep link and the two stores. */
  promoDeeplink: string;
  appStore?: string;
  googlePlay?: string;
}

/**
 * Everything outside the database a service may need, built once in `buildApp` and handed to every
 * service through its context (`ctx.deps`): routes never read a decorator or build a client, and a
 * test replaces a client by passing its own (docs/decisions/0032).
 */
export interface ServiceDeps {
  mailer: Mailer;
  push: PushProvider;
  /** The push dispatcher's batch size and crash hook (tests shrink and set them). */
  pushDispatch: Pick<DispatcherOptions, 'batchSize' | 'afterSend'>;
  catalog: Catalog;
  /** Undefined without TELEGRAM_BOT_TOKEN: channels are then kept by hand. */
  telegram: TelegramBotApi | undefined;
  urls: AppUrls;
  /** The app's Prometheus series (lib/metrics.ts): services count their outcomes on it. */
  metrics: Metrics;
  /** Every kind of background work the modules declare (their limits and progress, for the jobs screen). */
  jobKinds: readonly JobKind[];
  /** Every undoable bulk action the modules declare, for `POST /bulk-undos/:id` to put back. */
  undoActions: readonly UndoableAction[];
  /** BACKUP_CRON and BACKUP_KEEP, for the settings screen's backup card; undefined without a schedule. */
  backupSchedule: { cron: string; keep: number } | undefined;
  /** Seals the secrets the database keeps (TOTP) with SECRETS_KEY or the data folder's key file. */
  secrets: SecretBox;
}

/** The deps from the configuration; `given` replaces any of them (tests, the bench). */
export function buildServiceDeps(env: Env, log: FastifyBaseLogger, given: Partial<ServiceDeps> = {}): ServiceDeps {
  return {
    mailer:
      given.mailer ??
      (env.SMTP_URL ? smtpMailer(env.SMTP_URL, `Pult <no-reply@${new URL(env.publicUrl).hostname}>`) : logMailer(log)),
    push: given.push ?? providerFromEnv(env, log),
    pushDispatch: given.pushDispatch ?? {},
    catalog: given.catalog ?? catalogClient(env.CATALOG_URL),
    telegram:
      'telegram' in given
        ? given.telegram
        : env.TELEGRAM_BOT_TOKEN
          ? telegramBotApi(env.TELEGRAM_BOT_TOKEN, env.TELEGRAM_API_URL)
          : undefined,
    urls: given.urls ?? {
      public: env.publicUrl,
      promoDeeplink: env.APP_PROMO_DEEPLINK,
      appStore: env.APP_STORE_URL,
      googlePlay: env.GOOGLE_PLAY_URL,
    },
    metrics:
      given.metrics ??
      createMetrics({
        nodeDefaults: env.METRICS_TOKEN !== undefined,
        onReadError: (gauge, error) => log.warn({ err: error, gauge }, 'a metric could not be read for this scrape'),
      }),
    jobKinds: given.jobKinds ?? [],
    undoActions: given.undoActions ?? [],
    backupSchedule: env.BACKUP_CRON ? { cron: env.BACKUP_CRON, keep: env.BACKUP_KEEP } : undefined,
    secrets: given.secrets ?? secretBox(secretsKeyMaterial(env)),
  };
}
