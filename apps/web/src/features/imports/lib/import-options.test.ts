import { afterEach, describe, expect, it } from 'vitest';
import { backPath, recallMapping, rememberMapping } from './import-options';

afterEach(() => localStorage.clear());

describe('the columns remembered per kind', () => {
  it('offers the last mapping again by header text, wherever the columns now are', () => {
    rememberMapping('users', ['Почта', 'Контакт', 'Имя'], { email: 0, phoneNumber: 1, firstName: 2 });
    expect(recallMapping('users', ['Имя', 'Контакт', 'Почта', 'Город'])).toEqual({
      email: 2,
      phoneNumber: 1,
      firstName: 0,
    });
  });

  it('keeps each kind apart, and ignores headers the file does not have or junk in the storage', () => {
    rememberMapping('users', ['Почта'], { email: 0 });
    expect(recallMapping('tg-channels', ['Почта'])).toEqual({});
    expect(recallMapping('users', ['Адрес'])).toEqual({});
    localStorage.setItem('pult.import-mapping.users', '{not json');
    expect(recallMapping('users', ['Почта'])).toEqual({});
  });
});

describe('where the result leads back to', () => {
  it('is the screen the import was opened from', () => {
    expect(backPath('users', null)).toBe('/app/users');
    expect(backPath('tg-channels', null)).toBe('/app/common/tg-channels');
    expect(backPath('promo-codes', 7)).toBe('/app/promo-codes/7');
  });
});
