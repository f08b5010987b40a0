import { type LimitRule, reserveAttempt } from '../../../lib/rate-limit';
import type { ServiceContext } from '../../../lib/service-context';
import { currentSettings } from '../../settings';
import { codesRepository } from '../codes/codes-repository';
import { seriesRepository } from '../series/series-repository';
import { themeOf } from '../theme/theme';
import { type LandingOutcome, type LandingResult, renderLanding } from './landing-page';

/** A page this small needs no framework; what may be said about it goes in the headers. */
export interface LandingPage {
  html: string;
  /** Where the page may load images from: its own origin, and the files host when that is another. */
  imgSrc: string;
  /** Seconds until the address may check again, when it checked too often. */
  retryAfter?: number;
}

/**
 * Checks per address. The answer tells a valid code from an unknown one, so every check counts, not
 * only failures: 20 per quarter hour is plenty for a person and hopeless for guessing 8+ characters.
 */
export const LANDING_CHECKS_PER_IP: LimitRule = { max: 20, windowMs: 15 * 60_000 };

const STATUS_OUTCOMES = { new: 'valid', activated: 'used', blocked: 'blocked' } as const;

async function loadSeries(ctx: ServiceContext, id: number) {
  const series = await seriesRepository.head(ctx.db, id);
  if (series?.status !== 'enabled') return null;
  const filesBase = ctx.storage.publicBaseUrl;
  const imgSrc = filesBase.startsWith('http') ? `'self' ${new URL(filesBase).origin}` : "'self'";
  return { series, filesBase, imgSrc };
}

/** The page of a loaded series, with the answer to a checked code when there is one. */
async function drawPage(
  ctx: ServiceContext,
  { series, filesBase, imgSrc }: NonNullable<Awaited<ReturnType<typeof loadSeries>>>,
  result?: LandingResult & { retryAfter?: number },
): Promise<LandingPage> {
  const { projectName } = await currentSettings(ctx);
  return {
    html: renderLanding(themeOf(series.theme), filesBase, series.name, series.id, projectName, result),
    imgSrc,
    ...(result?.retryAfter ? { retryAfter: result.retryAfter } : {}),
  };
}

export const landingService = {
  /** The landing page of an enabled series; null while it is disabled or unknown (both answer the same 404). */
  page: async (ctx: ServiceContext, id: number): Promise<LandingPage | null> => {
    const found = await loadSeries(ctx, id);
    if (!found) return null;
    return drawPage(ctx, found);
  },

  /**
   * The landing page again, saying what the code typed into it is. Only this series' codes are looked
   * at; nothing is redeemed here: the planner app does that, signed in, through the link.
   */
  check: async (ctx: ServiceContext, id: number, rawCode: string): Promise<LandingPage | null> => {
    const found = await loadSeries(ctx, id);
    if (!found) return null;
    const { series } = found;
    const code = rawCode.trim().toUpperCase().slice(0, 64);
    const result = await checkCode(ctx, series, code);
    return drawPage(ctx, found, result);
  },
};

async function checkCode(
  ctx: ServiceContext,
  series: { id: number; startsAt: Date | null; endsAt: Date | null },
  code: string,
): Promise<LandingResult & { retryAfter?: number }> {
  if (!code) return { outcome: 'empty', code };
  const now = ctx.clock.now();
  const reservation = await reserveAttempt(ctx.db, `promo-landing:ip:${ctx.ip}`, LANDING_CHECKS_PER_IP, now);
  if (!reservation.allowed) return { outcome: 'limited', code, retryAfter: reservation.retryAfter };
  const status = await codesRepository.statusInSeries(ctx.db, series.id, code);
  let outcome: LandingOutcome = status ? STATUS_OUTCOMES[status] : 'unknown';
  // Dates matter only for a code that could still be redeemed: a used one stays «used».
  if (outcome === 'valid' && series.endsAt && series.endsAt <= now) outcome = 'expired';
  if (outcome === 'valid' && series.startsAt && series.startsAt > now) outcome = 'notStarted';
  if (outcome !== 'valid') return { outcome, code };
  // A valid code is sent to the planner app (its link, `{code}` filled in) or, without it, to the stores.
  const urls = ctx.deps.urls;
  const stores = [
    ...(urls.appStore ? [{ label: 'App Store', url: urls.appStore }] : []),
    ...(urls.googlePlay ? [{ label: 'Google Play', url: urls.googlePlay }] : []),
  ];
  return { outcome, code, appLink: urls.promoDeeplink.replaceAll('{code}', encodeURIComponent(code)), stores };
}
