import { api, pathOf } from '../lib/api';
import type { Scenario } from './scenario';

/**
 * Sign-in is bound by argon2id (19 MiB, t=2) on purpose, so it is measured for capacity rather
 * than at a fixed rate. Four connections match libuv's four threads that run the hashes.
 * Only failed attempts count towards the rate limit, so a correct password can be repeated.
 */
export const signinScenario: Scenario = {
  name: 'signin',
  mode: { kind: 'capacity', connections: 4 },
  notes:
    'POST /api/users/signin with a valid staff account, closed loop on 4 connections: throughput is the argon2id-bound sign-in capacity of the server. Every request creates a session.',
  request: ({ options }) => ({
    method: 'POST',
    path: pathOf(api.auth.signin),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: options.email, password: options.password }),
  }),
};
