import { describe, expect, it } from 'vitest';
import { deviceName } from './device-name';

describe('deviceName', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
      { browser: 'Chrome', os: 'Windows' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36 Edg/140.0',
      { browser: 'Edge', os: 'Windows' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
      { browser: 'Safari', os: 'iOS' },
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0', { browser: 'Firefox', os: 'Linux' }],
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/139.0 YaBrowser/25.6 Mobile Safari/537.36',
      { browser: 'Яндекс Браузер', os: 'Android' },
    ],
  ])('%s', (agent, expected) => {
    expect(deviceName(agent)).toEqual(expected);
  });

  it('is null for nothing recognisable', () => {
    expect(deviceName(null)).toBeNull();
    expect(deviceName('curl/8.5.0')).toBeNull();
  });
});
