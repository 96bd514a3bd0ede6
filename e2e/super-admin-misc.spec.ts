import { expect, test } from '@playwright/test';
import { accounts, apiLogin, signInAsSuperAdmin } from './helpers.ts';

test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('Menu actions: two created in one submission, one deleted after the browser confirmation', async ({
  page,
}) => {
  const id = unique();
  await signInAsSuperAdmin(page);
  await page.goto('/super-admin/menu-action');
  await page.getByRole('button', { name: 'Create Action' }).click();
  const form = page.getByRole('dialog', { name: 'Create Action' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Action code is required')).toBeVisible();
  await expect(form.getByText('Action name is required')).toBeVisible();
  await form.getByRole('textbox', { name: 'Action code' }).first().fill(`E2E_A_${id}`);
  await form.getByRole('textbox', { name: 'Action name' }).first().fill(`First ${id}`);
  await form.getByRole('button', { name: 'Add another action' }).click();
  await form.getByRole('textbox', { name: 'Action code' }).nth(1).fill(`E2E_B_${id}`);
  await form.getByRole('textbox', { name: 'Action name' }).nth(1).fill(`Second ${id}`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Menu Action created successfully')).toBeVisible();

  await page.getByRole('textbox', { name: 'Search menu actions...' }).fill(id);
  await expect(page.getByTestId('menu-action-card')).toHaveCount(2);
  page.once('dialog', async (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete this menu action?');
    await dialog.accept();
  });
  await page.getByRole('button', { name: `Delete E2E_A_${id}` }).click();
  await expect(page.getByText('Menu Action deleted successfully')).toBeVisible();
  await expect(page.getByTestId('menu-action-card')).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Search menu actions...' }).fill(`nothing-${id}`);
  await expect(page.getByText('No menu actions found')).toBeVisible();
});

test('the dashboard shows the platform figures and real system health', async ({ page }) => {
  await signInAsSuperAdmin(page);
  await expect(page.getByLabel('Total Companies')).toHaveText(/^\d+$/);
  await expect(page.getByLabel('Active Customers')).toHaveText(/^\d+$/);
  await expect(page.getByLabel('Total Users')).toHaveText(/^\d+$/);
  await expect(page.getByLabel('Total Revenue')).toHaveText(/^Rp \d/);
  const health = page.getByTestId('system-health');
  await expect(health.getByText('Healthy')).toBeVisible();
  await expect(health.getByTestId('health-CPU')).toHaveText(/%$/);
  await expect(health.getByTestId('health-Database')).toContainText('Reachable');
});

test('the Notification page counts unread ones and marks one read', async ({ page }) => {
  const id = unique();
  const name = `E2E Notified ${id}`;
  await signInAsSuperAdmin(page);
  const { access_token } = await apiLogin(page, accounts.superAdmin);
  const created = await page.request.post('/api/admin/billings/company', {
    headers: { Authorization: `Bearer ${access_token}` },
    data: {
      company_name: name,
      industry: 'Education',
      city: 'Yogyakarta',
      status: 'active',
      contact_email: `notified-${id}@e2e.example.com`,
      contact_phone: '628123456789',
      address: 'Jl. Malioboro 1',
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/super-admin/notification');
  await expect(page.getByTestId('unread-summary')).toHaveText(/^You have \d+ unread notifications$/);
  const before = Number((await page.getByTestId('unread-summary').textContent())?.match(/\d+/)?.[0]);
  const row = page.getByTestId('notification-row').filter({ hasText: name });
  await expect(row).toContainText('Company created');
  await expect(row.getByText('Transaction')).toBeVisible();
  await expect(row).toContainText('just now');
  await row.getByRole('button', { name: 'Mark as read' }).click();
  await expect(row.getByText('Read', { exact: true })).toBeVisible();
  await expect(page.getByTestId('unread-summary')).toHaveText(`You have ${before - 1} unread notifications`);
});
