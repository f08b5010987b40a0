import type { Page } from '@playwright/test';
import { createFetchClient, type Plan, type Subscription, sessionOf, type User } from '@pult/contract';
import { ACCOUNTS, BASE_URL } from '../accounts';
import { expect } from '../fixtures';

/**
 * Test data made through the API with an admin token, the way staff would make it in the app, by
 * the contract's typed client: a set-up call that no longer fits the API fails the typecheck.
 */

/** A 4×4 red PNG: a real image the server's content check accepts. */
export const PNG_ICON = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==',
  'base64',
);

export const SVG_ICON = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>alert(1)</script></svg>',
);

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** The admin's token, signed in through the API. */
export const adminToken = async (): Promise<string> =>
  sessionOf(
    await createFetchClient(BASE_URL).auth.signin({
      body: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password },
    }),
  ).apiToken;

/** The typed client of the contract, calling as the holder of `token`. */
export const apiAs = (token: string) => createFetchClient(BASE_URL, token);

export const createPlan = (token: string, title = unique('Тариф')): Promise<Plan> =>
  apiAs(token).plans.create({
    body: { title, description: 'Для проверки', price: 29900, period: 'month', durationDays: 30, features: ['Темы'] },
  });

export const getPlan = async (token: string, id: number): Promise<Plan | undefined> =>
  (await apiAs(token).plans.list()).items.find((plan) => plan.id === id);

export const createPlannerUser = (token: string, name: string, phone?: string): Promise<User> => {
  const email = `planner.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@mail.test`;
  return apiAs(token).users.create({
    body: { email, firstName: name, role: 'user', ...(phone ? { phoneNumber: phone } : {}) },
  });
};

/** Starts an active subscription and records a zero-amount `grant` transaction. */
export const grant = (token: string, userId: number, planId: number): Promise<Subscription> =>
  apiAs(token).subscriptions.grant({ params: { userId, planId } });

/** Switches a plan off, as the plans screen's switch does. */
export const disablePlan = (token: string, id: number): Promise<Plan> =>
  apiAs(token).plans.manage({ params: { id, action: 'disable' } });

/**
 * Picks an option in the open antd Select. Its visible options carry their label as a title; the
 * role="option" elements are an off-screen copy for screen readers and cannot be clicked.
 */
export const pickOption = (page: Page, label: string) =>
  page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }).click();

/**
 * For a single-choice select, which closes once a value is picked: a click during the dropdown's
 * opening animation can be swallowed, so pick again until the dropdown has closed.
 */
export const pickSingleOption = async (page: Page, label: string) => {
  const dropdown = page.locator('.ant-select-dropdown:visible');
  // The click that opens it can land late on a loaded machine: with no dropdown yet, the loop below
  // would see "closed" and return before anything was picked.
  await expect(dropdown.first()).toBeVisible();
  await expect(async () => {
    if ((await dropdown.count()) > 0) await dropdown.getByTitle(label, { exact: true }).click({ timeout: 2000 });
    await expect(dropdown).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
};
