import { expect, type Page } from '@playwright/test';

/** The accounts e2e/run.mjs seeds the fresh server with. */
export const accounts = {
  superAdmin: {
    email: process.env.SEED_SUPERADMIN_EMAIL ?? 'superadmin@e2e.example.com',
    password: process.env.SEED_SUPERADMIN_PASSWORD ?? 'Super-admin-e2e-1',
  },
  clientAdmin: {
    email: process.env.SEED_CLIENT_ADMIN_EMAIL ?? 'admin@e2e.example.com',
    password: process.env.SEED_CLIENT_ADMIN_PASSWORD ?? 'Client-admin-e2e-1',
  },
  clientUser: {
    email: process.env.SEED_CLIENT_USER_EMAIL ?? 'agent@e2e.example.com',
    password: process.env.SEED_CLIENT_USER_PASSWORD ?? 'Client-user-e2e-1',
  },
};

export async function signIn(page: Page, account: { email: string; password: string }, remember = false) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  if (remember) await page.getByRole('switch', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signInAsClientAdmin(page: Page) {
  await signIn(page, accounts.clientAdmin);
  await expect(page).toHaveURL(/\/client\/dashboard$/);
}

export async function signInAsSuperAdmin(page: Page) {
  await signIn(page, accounts.superAdmin);
  await expect(page).toHaveURL(/\/super-admin\/dashboard$/);
}

/** Signs in through the API and returns the tokens (for preparing data). */
export async function apiLogin(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post('/api/auth/login', {
    data: { username: account.email, password: account.password },
  });
  expect(response.ok()).toBeTruthy();
  return (await response.json()).data as { access_token: string; refresh_token: string };
}

/**
 * Changes the stored session while no app page is running (from a same-origin API page), so that
 * nothing the app still does writes its in-memory session back over the change.
 */
export async function editStorage(page: Page, edit: () => void) {
  await page.goto('/api/health');
  await page.evaluate(edit);
}

/**
 * Adds a fresh agent to the demo company through the API, signed in as its client admin. Journeys
 * that change an account (its password, its status) use one of these so that the seeded accounts
 * stay as every other journey expects them.
 */
export async function addClientUser(page: Page, fullName: string, email: string) {
  const admin = await apiLogin(page, accounts.clientAdmin);
  const account = { email, password: 'Password-123' };
  const created = await page.request.post('/api/users', {
    headers: { Authorization: `Bearer ${admin.access_token}` },
    data: { full_name: fullName, ...account, phone: '628123456789', roles: ['client_user'] },
  });
  expect(created.status()).toBe(201);
  return account;
}
