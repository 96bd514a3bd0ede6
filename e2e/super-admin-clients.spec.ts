import { expect, type Page, test } from '@playwright/test';
import { accounts, signIn, signInAsSuperAdmin } from './helpers.ts';

test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function openClients(page: Page) {
  await page
    .getByRole('navigation', { name: 'sidebar' })
    .getByRole('link', { name: 'Client Management' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Client Management' })).toBeVisible();
}

async function searchClient(page: Page, name: string) {
  const search = page.getByRole('textbox', { name: 'Search companies...' });
  await search.fill(name);
  await search.press('Enter');
}

async function cardAction(page: Page, name: string, action: string) {
  await page
    .getByTestId('company-card')
    .filter({ hasText: name })
    .getByRole('button', { name: 'Actions' })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('operator adds a client, registers its admin, suspends it and the admin loses access, then deletes it', async ({
  page,
  browser,
}) => {
  const id = unique();
  const name = `E2E Client ${id}`;
  await signInAsSuperAdmin(page);
  await openClients(page);

  await page.getByRole('button', { name: 'Tambah Client' }).click();
  const form = page.getByRole('dialog', { name: 'Tambah Client' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Company name is required')).toBeVisible();
  await expect(form.getByText('Industry is required')).toBeVisible();
  await expect(form.getByText('Contact email is required')).toBeVisible();
  await form.getByRole('textbox', { name: 'Company Name' }).fill(name);
  await form.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Technology' }).click();
  await form.getByRole('textbox', { name: 'City' }).fill('Bandung');
  await form.getByRole('textbox', { name: 'Contact Email' }).fill(`contact-${id}@e2e.example.com`);
  await form.getByRole('textbox', { name: 'Contact Phone' }).fill('0812');
  await form.getByRole('textbox', { name: 'Address' }).fill('Jl. Asia Afrika 1');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Format nomor telepon tidak valid (Contoh: 628123456789)')).toBeVisible();
  await form.getByRole('textbox', { name: 'Contact Phone' }).fill('628123456789');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Company created successfully')).toBeVisible();

  await searchClient(page, name);
  const card = page.getByTestId('company-card').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Aktif')).toBeVisible();
  await expect(card).toContainText('Technology · Bandung');

  // Detail: the company starts on the free package.
  await card.getByRole('button', { name: 'Detail' }).click();
  const detail = page.getByRole('dialog', { name: 'Company Detail' });
  await expect(detail.getByTestId('company-detail')).toContainText(name);
  await expect(detail).toContainText('Package usage');
  await page.keyboard.press('Escape');

  // Register New User: a client_admin of the new company.
  const adminEmail = `admin-${id}@e2e.example.com`;
  const adminPassword = 'Client-admin-e2e-1!';
  await cardAction(page, name, 'Add Admin');
  const register = page.getByRole('dialog', { name: new RegExp(`Register New User · ${name}`) });
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(register.getByText('Full name is required')).toBeVisible();
  await expect(register.getByText('Please fill in this field')).toBeVisible();
  await register.getByRole('textbox', { name: 'Full Name' }).fill(`Admin ${id}`);
  await register.getByRole('textbox', { name: 'Email' }).fill(adminEmail);
  await register.getByRole('textbox', { name: 'Password', exact: true }).fill(adminPassword);
  await register.getByRole('textbox', { name: 'Phone' }).fill('628123456780');
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('User registered successfully')).toBeVisible();

  // The admin signs in elsewhere.
  const other = await browser.newContext();
  const adminPage = await other.newPage();
  await signIn(adminPage, { email: adminEmail, password: adminPassword });
  await expect(adminPage).toHaveURL(/\/client\/dashboard$/);
  await expect(adminPage.getByTestId('company-name')).toHaveText(name);
  const token = await adminPage.evaluate(
    () => JSON.parse(localStorage.getItem('ai-admin.session') ?? '{}').accessToken as string,
  );
  expect(
    (await adminPage.request.get('/api/users', { headers: { Authorization: `Bearer ${token}` } })).ok(),
  ).toBe(true);

  // Suspend: the admin can no longer use the API or sign in.
  await cardAction(page, name, 'Suspend');
  await expect(page.getByText('Status successfully updated')).toBeVisible();
  await expect(card.getByText('Suspended')).toBeVisible();
  const denied = await adminPage.request.get('/api/users', { headers: { Authorization: `Bearer ${token}` } });
  expect(denied.ok()).toBe(false);
  await adminPage.evaluate(() => localStorage.clear());
  await signIn(adminPage, { email: adminEmail, password: adminPassword });
  await expect(
    adminPage.getByText('Your company account is suspended. Please contact support.'),
  ).toBeVisible();
  await other.close();

  // The status filter finds it among the suspended ones.
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByTestId('company-filters').getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Suspended' }).click();
  await expect(card).toHaveCount(1);
  await page.getByTestId('company-filters').getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Active' }).click();
  await expect(page.getByText('No companies found')).toBeVisible();
  await page.getByRole('button', { name: 'Reset filters' }).click();

  // Activate, edit, delete.
  await cardAction(page, name, 'Activate');
  await expect(card.getByText('Aktif')).toBeVisible();
  await cardAction(page, name, 'Edit Client');
  const edit = page.getByRole('dialog', { name: 'Edit Client' });
  await edit.getByRole('textbox', { name: 'City' }).fill('Surabaya');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Company updated successfully')).toBeVisible();
  await expect(card).toContainText('Technology · Surabaya');

  await cardAction(page, name, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Hapus Client' });
  await expect(confirm).toContainText('Apakah Anda yakin ingin menghapus client ini?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Client successfully deleted')).toBeVisible();
  await expect(page.getByText('No companies found')).toBeVisible();
});

test('Kelola enters the demo company and Back to Super Admin returns', async ({ page }) => {
  await signInAsSuperAdmin(page);
  await openClients(page);
  await searchClient(page, 'Demo Company');
  await page
    .getByTestId('company-card')
    .filter({ hasText: 'Demo Company' })
    .getByRole('button', { name: 'Kelola' })
    .click();
  await expect(page.getByText('Redirecting to dashboard...')).toBeVisible();
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await expect(page.getByTestId('company-name')).toHaveText('Demo Company');
  await page
    .getByRole('navigation', { name: 'sidebar' })
    .getByRole('button', { name: 'Back to Super Admin' })
    .click();
  await expect(page).toHaveURL(/\/super-admin\/dashboard$/);
  await expect(page.getByTestId('admin-identity')).toContainText(accounts.superAdmin.email);
});

test('the clients list fits a phone (390×844)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInAsSuperAdmin(page);
  await page.goto('/super-admin/clients');
  await expect(page.getByTestId('company-card').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tambah Client' })).toBeVisible();
  await expect(
    page.getByTestId('company-card').first().getByRole('button', { name: 'Kelola' }),
  ).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Tambah Client' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Tambah Client' }).getByRole('button', { name: 'Save' }),
  ).toBeVisible();
  await context.close();
});
