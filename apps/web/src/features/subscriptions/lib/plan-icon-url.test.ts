import { describe, expect, it } from 'vitest';
import { planIconUrl } from './plan-icon-url';

describe('planIconUrl', () => {
  it('puts a relative path under the files base', () => {
    expect(planIconUrl('plan-icons/a.png', '/files')).toBe('/files/plan-icons/a.png');
    expect(planIconUrl('/plan-icons/a.png', 'https://cdn.example.ru/pult/')).toBe(
      'https://cdn.example.ru/pult/plan-icons/a.png',
    );
  });

  it('keeps a full URL as it is', () => {
    expect(planIconUrl('https://img.example.ru/i.webp', '/files')).toBe('https://img.example.ru/i.webp');
  });

  it('shows nothing without an icon, before the config arrives, or for a climbing path', () => {
    expect(planIconUrl(null, '/files')).toBeUndefined();
    expect(planIconUrl('a.png', undefined)).toBeUndefined();
    expect(planIconUrl('../secret.png', '/files')).toBeUndefined();
  });
});
