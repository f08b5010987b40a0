import { HttpError } from '../../lib/http-errors';

/**
 * The external catalog's customization check (seed §7 "Catalog"): `GET {CATALOG_URL}/api/calc-basket/?id=`,
 * no token, 5 s. Errors carry the seed §8 meanings: not configured, not found (no
 * `data.data.nameProject`), or the server's own errors joined by commas, else "error loading".
 */
export async function fetchCustomization(
  catalogUrl: string | undefined,
  basketId: string,
  timeoutMs = 5000,
): Promise<{ basketId: string; nameProject: string }> {
  if (!catalogUrl)
    throw new HttpError(503, 'Catalog is not configured (CATALOG_URL is not set)', {
      basketId: 'catalog not configured',
    });
  const url = new URL('/api/calc-basket/', catalogUrl);
  url.searchParams.set('id', basketId);
  let body: { result?: unknown; data?: { data?: { nameProject?: unknown } }; errors?: unknown };
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    body = (await response.json().catch(() => ({}))) as typeof body;
    if (!response.ok || body.result === false) throw new CatalogError(errorsText(body.errors));
  } catch (error) {
    if (error instanceof CatalogError) throw loadError(error.message);
    throw loadError(undefined);
  }
  const nameProject = body.data?.data?.nameProject;
  if (typeof nameProject !== 'string' || nameProject.trim() === '') {
    throw new HttpError(404, 'Customization not found', { basketId: 'customization not found' });
  }
  return { basketId, nameProject };
}

class CatalogError extends Error {}

function errorsText(errors: unknown): string {
  const list = Array.isArray(errors) ? errors : errors && typeof errors === 'object' ? Object.values(errors) : [];
  return list
    .map((e) => (typeof e === 'string' ? e : e && typeof e === 'object' && 'message' in e ? String(e.message) : ''))
    .filter(Boolean)
    .join(', ');
}

const loadError = (serverErrors: string | undefined) => {
  const message = serverErrors || 'Error loading customization';
  return new HttpError(502, message, { basketId: message });
};
