import { describe, expect, it } from 'vitest';
import { storedFileUrl } from './stored-file-url';

describe('storedFileUrl', () => {
  it('resolves relative paths against the files base the server announces, full URLs as they are', () => {
    expect(storedFileUrl('avatars/1.png', '/files')).toBe('/files/avatars/1.png');
    expect(storedFileUrl('/avatars/1.png', '/files')).toBe('/files/avatars/1.png');
    expect(storedFileUrl('avatars/1.png', 'https://s3.example.com/pult/')).toBe(
      'https://s3.example.com/pult/avatars/1.png',
    );
    expect(storedFileUrl('https://cdn.example.com/a.png', 'https://s3.example.com/pult')).toBe(
      'https://cdn.example.com/a.png',
    );
  });

  it('refuses paths that climb out of the base, and waits for the base before guessing', () => {
    expect(storedFileUrl('../secrets', '/files')).toBeUndefined();
    expect(storedFileUrl(null, '/files')).toBeUndefined();
    expect(storedFileUrl('avatars/1.png', undefined)).toBeUndefined();
  });
});
