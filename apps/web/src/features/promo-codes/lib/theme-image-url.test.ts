import { describe, expect, it } from 'vitest';
import { themeImageUrl } from './theme-image-url';

describe('theme image url', () => {
  it('resolves stored paths against the files base', () => {
    expect(themeImageUrl('/files', 'promo/1/logo.png')).toBe('/files/promo/1/logo.png');
    expect(themeImageUrl('https://cdn.example.ru/pult/', '/promo/1/logo.png')).toBe(
      'https://cdn.example.ru/pult/promo/1/logo.png',
    );
  });

  it('keeps full URLs, and refuses nothing or a climb out', () => {
    expect(themeImageUrl('/files', 'https://img.example.ru/a.png')).toBe('https://img.example.ru/a.png');
    expect(themeImageUrl('/files', null)).toBeNull();
    expect(themeImageUrl('/files', '../secret')).toBeNull();
    expect(themeImageUrl(undefined, 'a.png')).toBeNull();
  });
});
