import type { Scenario } from './scenario';
import { signinScenario } from './signin';
import { usersEmailFilterScenario } from './users-email-filter';
import { usersPage1Scenario, usersPage1000Scenario, usersPageLastScenario } from './users-page';

/** Every scenario in the order `npm run bench` runs them; add new ones here. */
export const allScenarios: readonly Scenario[] = [
  signinScenario,
  usersPage1Scenario,
  usersPage1000Scenario,
  usersPageLastScenario,
  usersEmailFilterScenario,
];
