import { describe, expect, it } from 'vitest';
import { avatarUrl, initialsOf } from './avatar-url';

describe('avatar', () => {
  it('serves relative paths from /files and full URLs as they are', () => {
    expect(avatarUrl('avatars/1.png')).toBe('/files/avatars/1.png');
    expect(avatarUrl('/avatars/1.png')).toBe('/files/avatars/1.png');
    expect(avatarUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(avatarUrl('../secrets')).toBeUndefined();
    expect(avatarUrl(null)).toBeUndefined();
  });

  it('resolves relative paths against the files base the server announces', () => {
    expect(avatarUrl('avatars/1.png', 'https://s3.example.com/pult/')).toBe(
      'https://s3.example.com/pult/avatars/1.png',
    );
    expect(avatarUrl('https://cdn.example.com/a.png', 'https://s3.example.com/pult')).toBe(
      'https://cdn.example.com/a.png',
    );
  });

  it('falls back to initials', () => {
    expect(initialsOf({ firstName: 'Анна', lastName: 'Петрова', email: 'a@b.ru' })).toBe('АП');
    expect(initialsOf({ firstName: null, lastName: null, email: 'zoe@b.ru' })).toBe('Z');
  });
});
