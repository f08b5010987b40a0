import { z } from 'zod';

/** The interface languages the SPA ships (a leaf module: schemas anywhere may use it without an import cycle). */
export const locales = ['ru', 'en', 'zh', 'fr', 'ja'] as const;
export const locale = z.enum(locales);
export type Locale = z.infer<typeof locale>;
