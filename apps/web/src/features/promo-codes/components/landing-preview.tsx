import type { PromoTheme } from '@pult/contract';
import type { CSSProperties } from 'react';
import { storedFileUrl } from '../../../lib/resources/stored-file-url';

interface Props {
  theme: PromoTheme;
  filesBaseUrl: string | undefined;
  /** The page's height in CSS pixels: the viewport the preview pretends to be. */
  height: number;
}

/**
 * The public landing page (`GET /promo/:id`, drawn by the API's landing-page.ts) redrawn in React with the
 * same layout and sizes, so what the editor shows is what a visitor gets. Colours and images
 * are the theme's own values, hence inline styles here; the fixed layout lives in the CSS file.
 */
export const LandingPreview = ({ theme, filesBaseUrl, height }: Props) => {
  const { colors, texts, images } = theme;
  const logo = storedFileUrl(images.logo, filesBaseUrl);
  const banner = storedFileUrl(images.banner, filesBaseUrl);
  const background = storedFileUrl(images.background, filesBaseUrl);
  const page: CSSProperties = {
    minHeight: height,
    color: colors.text,
    background: background
      ? `${colors.background} url("${encodeURI(background)}") center / cover no-repeat`
      : colors.background,
  };
  return (
    // A picture of another page inside this one: no landmark and no <h1> of its own (the screen has
    // one main and one h1); the headline is a level-2 heading of the preview.
    <div className="landing" style={page} data-testid="landing-preview">
      <div className="landing-main">
        {logo ? <img className="landing-logo" src={logo} alt="" /> : null}
        {banner ? <img className="landing-banner" src={banner} alt="" /> : null}
        <h2 className="landing-headline">{texts.headline}</h2>
        <p className="landing-subtitle">{texts.subtitle}</p>
        <form className="landing-form" onSubmit={(event) => event.preventDefault()}>
          <input
            className="landing-input"
            style={{ borderColor: colors.primary }}
            placeholder="Промокод"
            aria-label="Промокод"
            tabIndex={-1}
            readOnly
          />
          <button
            className="landing-button"
            type="button"
            tabIndex={-1}
            style={{ background: colors.primary }}
            data-testid="landing-preview-button"
          >
            {texts.buttonText}
          </button>
        </form>
      </div>
    </div>
  );
};
