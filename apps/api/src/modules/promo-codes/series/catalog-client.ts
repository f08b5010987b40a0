import type { Customization } from '@pult/contract';
import { HttpError, notFound } from '../../../lib/http-errors';

/** The external catalog, as the series service sees it: one question, "which project is this basket?". */
export interface Catalog {
  customization(basketId: string): Promise<Customization>;
}

/**
 * The catalog's customization check: `GET {CATALOG_URL}/api/calc-basket/?id=`, no token, 5 s.
 * Refusals: 503 CATALOG_NOT_CONFIGURED without a URL; 404 CUSTOMIZATION_NOT_FOUND when the answer
 * names no project; 502 CATALOG_ERROR carrying the catalog's own errors joined by commas (people
 * are shown those words as they are); 502 BAD_GATEWAY when it failed without saying why.
 */
export const catalogClient = (catalogUrl: string | undefined, timeoutMs = 5000): Catalog => ({
  customization: (basketId) => fetchCustomization(catalogUrl, basketId, timeoutMs),
});

export async function fetchCustomization(
  catalogUrl: string | undefined,
  basketId: string,
  timeoutMs = 5000,
): Promise<Customization> {
  if (!catalogUrl)
    throw new HttpError(503, 'CATALOG_NOT_CONFIGURED', 'Catalog is not configured (CATALOG_URL is not set)');
  const url = new URL('/api/calc-basket/', catalogUrl);
  url.searchParams.set('id', basketId);
  let body: { result?: unknown; data?: { data?: { nameProject?: unknown } }; errors?: unknown };
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    body = (await response.json().catch(() => ({}))) as typeof body;
    if (!response.ok || body.result === false) throw new CatalogRefusal(errorsText(body.errors));
  } catch (error) {
    throw loadError(error instanceof CatalogRefusal ? error.message : '');
  }
  const nameProject = body.data?.data?.nameProject;
  if (typeof nameProject !== 'string' || nameProject.trim() === '')
    throw notFound('CUSTOMIZATION_NOT_FOUND', 'Customization not found');
  return { basketId, nameProject };
}

class CatalogRefusal extends Error {}

function errorsText(errors: unknown): string {
  const list = Array.isArray(errors) ? errors : errors && typeof errors === 'object' ? Object.values(errors) : [];
  return list
    .map((e) => (typeof e === 'string' ? e : e && typeof e === 'object' && 'message' in e ? String(e.message) : ''))
    .filter(Boolean)
    .join(', ');
}

const loadError = (serverErrors: string) =>
  serverErrors
    ? new HttpError(502, 'CATALOG_ERROR', serverErrors)
    : new HttpError(502, 'BAD_GATEWAY', 'Error loading customization');
