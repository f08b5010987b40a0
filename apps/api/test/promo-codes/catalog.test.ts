import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchCustomization } from '../../src/modules/promo-codes/series/catalog-client';
import { type PromoFixture, promoFixture } from './promo-fixture';

// A stand-in for the external catalog (outside the product): the real client code talks HTTP to it.
let catalog: Server;
let catalogUrl = '';
const seen: string[] = [];

beforeAll(async () => {
  catalog = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push(
      `${req.method} ${url.pathname}?id=${url.searchParams.get('id')} token=${req.headers['api-token'] ?? 'none'}`,
    );
    const id = url.searchParams.get('id');
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (id === 'ok') return reply(200, { result: true, data: { data: { nameProject: 'Планер «Весна»' } } });
    if (id === 'empty') return reply(200, { result: true, data: { data: {} } });
    if (id === 'errors') return reply(200, { result: false, errors: ['Корзина удалена', 'Нет доступа'] });
    if (id === 'server-error') return reply(500, {});
    if (id === 'slow') return; // never answers
    return reply(404, { result: false, errors: [] });
  });
  await new Promise<void>((resolve) => catalog.listen(0, '127.0.0.1', resolve));
  catalogUrl = `http://127.0.0.1:${(catalog.address() as AddressInfo).port}`;
});
afterAll(async () => {
  catalog.closeAllConnections();
  await new Promise((resolve) => catalog.close(resolve));
});

describe('the catalog client', () => {
  it('returns nameProject and sends no token', async () => {
    expect(await fetchCustomization(catalogUrl, 'ok')).toEqual({ basketId: 'ok', nameProject: 'Планер «Весна»' });
    expect(seen.at(-1)).toBe('GET /api/calc-basket/?id=ok token=none');
  });

  it('says "customization not found" when nameProject is missing', async () => {
    await expect(fetchCustomization(catalogUrl, 'empty')).rejects.toMatchObject({
      statusCode: 404,
      code: 'CUSTOMIZATION_NOT_FOUND',
    });
  });

  it('joins the catalog’s own errors with commas', async () => {
    await expect(fetchCustomization(catalogUrl, 'errors')).rejects.toMatchObject({
      statusCode: 502,
      code: 'CATALOG_ERROR',
      message: 'Корзина удалена, Нет доступа',
    });
  });

  it('answers BAD_GATEWAY ("error loading customization") when the catalog gives no errors, fails or times out', async () => {
    const failed = { statusCode: 502, code: 'BAD_GATEWAY', message: 'Error loading customization' };
    for (const id of ['server-error', 'unknown'])
      await expect(fetchCustomization(catalogUrl, id)).rejects.toMatchObject(failed);
    await expect(fetchCustomization(catalogUrl, 'slow', 200)).rejects.toMatchObject(failed);
    await expect(fetchCustomization('http://127.0.0.1:1', 'ok', 500)).rejects.toMatchObject(failed);
  });

  it('says the catalog is not configured without CATALOG_URL', async () => {
    await expect(fetchCustomization(undefined, 'ok')).rejects.toMatchObject({
      statusCode: 503,
      code: 'CATALOG_NOT_CONFIGURED',
    });
  });
});

describe('customization through the API', () => {
  let f: PromoFixture;
  beforeAll(async () => {
    f = await promoFixture({ extraEnv: { CATALOG_URL: catalogUrl } });
  });
  afterAll(() => f.t.close());

  it('checks a basket id for the form', async () => {
    expect((await f.call('GET', '/api/promo-codes/customization?basketId=ok')).json()).toEqual({
      basketId: 'ok',
      nameProject: 'Планер «Весна»',
    });
    const missing = await f.call('GET', '/api/promo-codes/customization?basketId=empty');
    expect(missing.json()).toMatchObject({ statusCode: 404, code: 'CUSTOMIZATION_NOT_FOUND' });
    const refused = await f.call('GET', '/api/promo-codes/customization?basketId=errors');
    expect(refused.json()).toMatchObject({
      statusCode: 502,
      code: 'CATALOG_ERROR',
      message: 'Корзина удалена, Нет доступа',
    });
    expect((await f.call('GET', '/api/promo-codes/customization')).statusCode).toBe(400);
  });

  it('stores the project name with the series, and refuses a bad basket naming the field', async () => {
    const series = await f.createSeries({ basketId: 'ok' });
    expect((await f.call('GET', `/api/promo-codes/${(series as { id: number }).id}`)).json().basketName).toBe(
      'Планер «Весна»',
    );
    const bad = await f.call('POST', '/api/promo-codes', {
      name: 'B',
      codeLength: 8,
      codesCount: 1,
      planId: f.planId,
      durationDays: 1,
      basketId: 'errors',
    });
    expect(bad.statusCode).toBe(502);
    expect(bad.json()).toMatchObject({
      code: 'CATALOG_ERROR',
      message: 'Корзина удалена, Нет доступа',
      errors: { basketId: 'invalid' },
    });
  });
});
