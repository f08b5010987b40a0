import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS } from '../accounts';
import { expect } from '../fixtures';

/** Test data made through the API with an admin token, the way staff would make it in the app. */

/** A 4×4 red PNG: a real image the server's content check accepts. */
export const PNG_ICON = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==',
  'base64',
);

export const SVG_ICON = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>alert(1)</script></svg>',
);

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

export const adminToken = async (request: APIRequestContext): Promise<string> => {
  const response = await request.post('/api/users/signin', {
    data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { apiToken: string }).apiToken;
};

export interface PlanData {
  id: number;
  title: string;
  description: string;
  enabled: boolean;
  icon: string | null;
}

export const createPlan = async (request: APIRequestContext, token: string, title = unique('Тариф')) => {
  const response = await request.post('/api/subscriptions/desc', {
    headers: { 'Api-Token': token },
    data: { title, description: 'Для проверки', price: 29900, period: 'month', durationDays: 30, features: ['Темы'] },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as PlanData;
};

export const getPlan = async (request: APIRequestContext, token: string, id: number): Promise<PlanData | undefined> => {
  const response = await request.get('/api/subscriptions/desc', { headers: { 'Api-Token': token } });
  return ((await response.json()) as { items: PlanData[] }).items.find((plan) => plan.id === id);
};

export const createPlannerUser = async (request: APIRequestContext, token: string, name: string, phone?: string) => {
  const email = `planner.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@mail.test`;
  const response = await request.post('/api/users', {
    headers: { 'Api-Token': token },
    data: { email, firstName: name, role: 'user', ...(phone ? { phoneNumber: phone } : {}) },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: number; email: string; phoneNumber: string | null };
};

/** Starts an active subscription and records a zero-amount `grant` transaction. */
export const grant = async (request: APIRequestContext, token: string, userId: number, planId: number) => {
  const response = await request.get(`/api/subscriptions/subscribe-by-admin/${userId}/${planId}`, {
    headers: { 'Api-Token': token },
  });
  expect(response.status(), await response.text()).toBe(200);
};

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
