import type { ServiceContext } from '../../lib/service-context';
import { currentSettings } from '../settings';
import { renderLanding } from './landing-page';
import { seriesRepository } from './series-repository';
import { themeOf } from './theme';

/** A page this small needs no framework; what may be said about it goes in the headers. */
export interface LandingPage {
  html: string;
  /** Where the page may load images from: its own origin, and the files host when that is another. */
  imgSrc: string;
}

export const landingService = {
  /** The landing page of an enabled series; null while it is disabled or unknown (both answer the same 404). */
  page: async (ctx: ServiceContext, id: number): Promise<LandingPage | null> => {
    const series = await seriesRepository.head(ctx.db, id);
    if (series?.status !== 'enabled') return null;
    const filesBase = ctx.storage.publicBaseUrl;
    const imgSrc = filesBase.startsWith('http') ? `'self' ${new URL(filesBase).origin}` : "'self'";
    const { projectName } = await currentSettings(ctx);
    return { html: renderLanding(themeOf(series.theme), filesBase, series.name, projectName), imgSrc };
  },
};
