import type { User } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { actionsFor } from './user-actions';
import { toUpdateBody, userToForm } from './user-form';

const user: User = {
  id: 3,
  email: 'anna@example.com',
  phoneNumber: '+79161234567',
  firstName: 'Анна',
  lastName: null,
  role: 'user',
  status: 'active',
  avatar: null,
  createdAt: '2025-01-01T00:00:00Z',
  lastSeenAt: null,
  register: null,
  version: 1,
};

describe('user edit form', () => {
  it('sends only what changed, and a cleared field as null', () => {
    const values = { ...userToForm(user), phoneNumber: '', lastName: 'Петрова', role: 'editor' as const };
    expect(toUpdateBody(values, user)).toEqual({ phoneNumber: null, lastName: 'Петрова', role: 'editor' });
  });

  it('takes a phone typed the Russian way for the stored one, and sends a new one as typed', () => {
    expect(toUpdateBody({ ...userToForm(user), phoneNumber: '8 916 123-45-67' }, user)).toEqual({});
    expect(toUpdateBody({ ...userToForm(user), phoneNumber: '8 903 285-94-89' }, user)).toEqual({
      phoneNumber: '8 903 285-94-89',
    });
  });

  it('sends nothing for an untouched form and a password only when typed', () => {
    expect(toUpdateBody(userToForm(user), user)).toEqual({});
    expect(toUpdateBody({ ...userToForm(user), password: 'long-enough' }, user)).toEqual({ password: 'long-enough' });
  });
});

describe('actions per status', () => {
  it('offers only the transitions that mean something', () => {
    expect(actionsFor('active')).toEqual(['logout', 'block', 'delete']);
    expect(actionsFor('blocked')).toEqual(['logout', 'unblock', 'delete']);
    expect(actionsFor('deleted')).toEqual(['restore']);
  });
});
