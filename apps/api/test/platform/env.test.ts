import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/env';

describe('DATA_DIR', () => {
  it('resolves a relative folder against the directory the command was typed in (npm INIT_CWD)', () => {
    expect(loadEnv({ INIT_CWD: '/srv/pult' }).dataDir).toBe('/srv/pult/data');
    expect(loadEnv({ INIT_CWD: '/srv/pult', DATA_DIR: 'state' }).dataDir).toBe('/srv/pult/state');
  });

  it('keeps an absolute folder as it is', () => {
    expect(loadEnv({ INIT_CWD: '/srv/pult', DATA_DIR: '/var/lib/pult' }).dataDir).toBe('/var/lib/pult');
  });
});

describe('APP_PROMO_DEEPLINK', () => {
  it('is a planner:// or https:// link, as a notification deeplink must be', () => {
    expect(loadEnv({}).APP_PROMO_DEEPLINK).toBe('planner://promo?code={code}');
    expect(loadEnv({ APP_PROMO_DEEPLINK: 'https://planner.example/promo/{code}' }).APP_PROMO_DEEPLINK).toBe(
      'https://planner.example/promo/{code}',
    );
    expect(() => loadEnv({ APP_PROMO_DEEPLINK: 'javascript://x/%0Aalert({code})' })).toThrow(/APP_PROMO_DEEPLINK/);
  });
});
