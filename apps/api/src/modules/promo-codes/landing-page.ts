import type { PromoTheme } from '@pult/contract';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const imageUrl = (base: string, path: string | null) =>
  path ? (/^https?:\/\//.test(path) ? path : `${base}/${path}`) : null;

/**
 * The public landing page of a series, drawn with its theme: the page the theme editor previews.
 * Every text is escaped and colours are validated hex values, so a theme cannot inject markup.
 */
export function renderLanding(theme: PromoTheme, filesBase: string, seriesName: string, projectName: string): string {
  const { colors, texts, images } = theme;
  const logo = imageUrl(filesBase, images.logo);
  const banner = imageUrl(filesBase, images.banner);
  const background = imageUrl(filesBase, images.background);
  const bg = background
    ? `background:${colors.background} url('${encodeURI(background)}') center/cover no-repeat`
    : `background:${colors.background}`;
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${texts.headline || seriesName} — ${projectName}`)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;${bg};color:${colors.text};min-height:100vh;display:flex;align-items:center;justify-content:center}
main{max-width:480px;width:100%;padding:32px 24px;text-align:center;box-sizing:border-box}
img.logo{max-height:64px;max-width:60%;margin-bottom:24px}img.banner{width:100%;border-radius:12px;margin-bottom:24px}
h1{font-size:28px;margin:0 0 12px}p{font-size:16px;opacity:.85;margin:0 0 24px}
form{display:flex;gap:8px;flex-wrap:wrap;justify-content:center}
input{flex:1 1 200px;padding:12px 14px;font-size:16px;border:1px solid ${colors.primary};border-radius:8px;text-transform:uppercase}
footer{margin-top:32px;font-size:13px;opacity:.6}
button{padding:12px 20px;font-size:16px;border:0;border-radius:8px;background:${colors.primary};color:#fff;cursor:pointer}
</style></head>
<body><main data-testid="promo-landing">
${logo ? `<img class="logo" src="${escapeHtml(logo)}" alt="">` : ''}
${banner ? `<img class="banner" src="${escapeHtml(banner)}" alt="">` : ''}
<h1>${escapeHtml(texts.headline)}</h1>
<p>${escapeHtml(texts.subtitle)}</p>
<form method="get" action="#"><input name="code" placeholder="Промокод" aria-label="Промокод" autocomplete="off"><button type="submit">${escapeHtml(texts.buttonText)}</button></form>
<footer>${escapeHtml(projectName)}</footer>
</main></body></html>`;
}
