import { describe, expect, it } from 'vitest';
import { displayName, initialsOf } from './person-name';

describe('person name', () => {
  it('falls back to initials of the name, else of the e-mail', () => {
    expect(initialsOf({ firstName: 'Анна', lastName: 'Петрова', email: 'a@b.ru' })).toBe('АП');
    expect(initialsOf({ firstName: null, lastName: null, email: 'zoe@b.ru' })).toBe('Z');
  });

  it('shows the full name, else the e-mail', () => {
    expect(displayName({ firstName: 'Анна', lastName: null, email: 'a@b.ru' })).toBe('Анна');
    expect(displayName({ firstName: ' ', lastName: '', email: 'a@b.ru' })).toBe('a@b.ru');
  });
});
