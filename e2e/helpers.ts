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
 * Adds a fresh agent to the demo company (or the company of `companyAdmin`) through the API. Journeys
 * that change an account (its password, its status) use one of these so that the seeded accounts
 * stay as every other journey expects them.
 */
export async function addClientUser(
  page: Page,
  fullName: string,
  email: string,
  companyAdmin: { email: string; password: string } = accounts.clientAdmin,
) {
  const admin = await apiLogin(page, companyAdmin);
  const account = { email, password: 'Password-123' };
  const created = await page.request.post('/api/users', {
    headers: { Authorization: `Bearer ${admin.access_token}` },
    data: { full_name: fullName, ...account, phone: '628123456789', roles: ['client_user'] },
  });
  expect(created.status()).toBe(201);
  return account;
}

/**
 * A company of its own with a client admin, made by the super admin through the API, for journeys
 * whose events reach a whole company (notifications, the bot menu) while others run beside them.
 */
export async function createCompanyWithAdmin(page: Page, id: string) {
  const { request } = page;
  const superAdmin = { Authorization: `Bearer ${(await apiLogin(page, accounts.superAdmin)).access_token}` };
  const created = await request.post('/api/admin/billings/company', {
    headers: superAdmin,
    data: {
      company_name: `E2E Co ${id}`,
      industry: 'E-commerce',
      city: 'Bandung',
      status: 'active',
      contact_email: `company-${id}@e2e.example.com`,
      contact_phone: '6281234567890',
      address: 'Jl. Braga 1',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { company } = ((await created.json()) as { data: { company: { id: number } } }).data;
  const admin = { email: `admin-${id}@e2e.example.com`, password: 'Company-admin-1' };
  const registered = await request.post('/api/client/companies/register-user', {
    headers: superAdmin,
    data: {
      full_name: 'Company Admin',
      ...admin,
      phone: '6281234567891',
      company_id: company.id,
      roles: ['client_admin'],
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { companyId: company.id, admin, superAdmin };
}
