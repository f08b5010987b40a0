import type { PromoTheme } from '@pult/contract';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const imageUrl = (base: string, path: string | null) =>
  path ? (/^https?:\/\//.test(path) ? path : `${base}/${path}`) : null;

/** What a code check found; the page says it in words, never which other codes exist. */
export type LandingOutcome = 'valid' | 'used' | 'blocked' | 'expired' | 'notStarted' | 'unknown' | 'empty' | 'limited';

export interface LandingResult {
  outcome: LandingOutcome;
  /** The code as checked (normalised), kept in the field and used in the app link. */
  code: string;
  /** For a valid code: the planner app's link and the stores to get the app from. */
  appLink?: string;
  stores?: { label: string; url: string }[];
}

const MESSAGES: Record<LandingOutcome, string> = {
  valid: 'Код действителен. Откройте приложение, чтобы активировать его.',
  used: 'Этот код уже активирован.',
  blocked: 'Этот код заблокирован.',
  expired: 'Срок действия акции закончился.',
  notStarted: 'Акция ещё не началась.',
  unknown: 'Такого кода нет. Проверьте, правильно ли он введён.',
  empty: 'Введите промокод.',
  limited: 'Слишком много попыток. Попробуйте позже.',
};

function renderResult(result: LandingResult): string {
  const ok = result.outcome === 'valid';
  const links = ok
    ? [
        result.appLink ? `<a class="app" href="${escapeHtml(result.appLink)}">Открыть в приложении</a>` : '',
        result.stores?.length
          ? `<p class="stores">Нет приложения? Установите его: ${result.stores
              .map((store) => `<a href="${escapeHtml(store.url)}" rel="noopener">${escapeHtml(store.label)}</a>`)
              .join(' · ')}</p>`
          : '',
      ].join('')
    : '';
  return `<section class="result ${ok ? 'ok' : 'fail'}" role="status" data-outcome="${result.outcome}">
<p>${MESSAGES[result.outcome]}</p>${links}</section>`;
}

/**
 * The public landing page of a series, drawn with its theme: the page the theme editor previews.
 * Every text is escaped and colours are validated hex values, so a theme cannot inject markup.
 * No scripts: the form posts to the page itself, which answers with the check's `result`.
 */
export function renderLanding(
  theme: PromoTheme,
  filesBase: string,
  seriesName: string,
  seriesId: number,
  projectName: string,
  result?: LandingResult,
): string {
  const { colors, texts, images } = theme;
  const logo = imageUrl(filesBase, images.logo);
  const banner = imageUrl(filesBase, images.banner);
  const background = imageUrl(filesBase, images.background);
  const bg = background
    ? `background:${colors.background} url('${encodeURI(background)}') center/cover no-repeat`
    : `background:${colors.background}`;
  const value = result?.code ? ` value="${escapeHtml(result.code)}"` : '';
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${texts.headline || seriesName} — ${projectName}`)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;${bg};color:${colors.text};min-height:100vh;display:flex;align-items:center;justify-content:center}
main{max-width:480px;width:100%;padding:32px 24px;text-align:center;box-sizing:border-box}
img.logo{max-height:64px;max-width:60%;margin-bottom:24px}img.banner{width:100%;border-radius:12px;margin-bottom:24px}
h1{font-size:28px;margin:0 0 12px}p{font-size:16px;opacity:.85;margin:0 0 24px}
form{display:flex;gap:8px;flex-wrap:wrap;justify-content:center}
input{flex:1 1 200px;padding:12px 14px;font-size:16px;border:1px solid ${colors.primary};border-radius:8px;text-transform:uppercase;direction:ltr}
footer{margin-top:32px;font-size:13px;opacity:.8}
button,a.app{padding:12px 20px;font-size:16px;border:0;border-radius:8px;background:${colors.primary};color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
.result{margin-top:24px;padding:16px;border-radius:12px;background:rgba(255,255,255,.85);color:#1a1a1a}
.result p{margin:0 0 12px;opacity:1}.result.fail p{margin:0}.result .stores{margin:12px 0 0;font-size:14px}
.result .stores a{color:inherit}
</style></head>
<body><main data-testid="promo-landing">
${logo ? `<img class="logo" src="${escapeHtml(logo)}" alt="">` : ''}
${banner ? `<img class="banner" src="${escapeHtml(banner)}" alt="">` : ''}
<h1>${escapeHtml(texts.headline)}</h1>
<p>${escapeHtml(texts.subtitle)}</p>
<form method="post" action="/promo/${seriesId}"><input name="code"${value} placeholder="Промокод" aria-label="Промокод" autocomplete="off" maxlength="64" required><button type="submit">${escapeHtml(texts.buttonText)}</button></form>
${result ? renderResult(result) : ''}
<footer>${escapeHtml(projectName)}</footer>
</main></body></html>`;
}
