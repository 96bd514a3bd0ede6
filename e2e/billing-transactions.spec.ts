import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accounts, apiLogin, signInAsSuperAdmin } from './helpers.ts';

/**
 * Transaction History (super-admin §2, §4, §7). The journey makes its own company and invoices
 * through the API and the sandbox, so it depends on no other journey.
 */

async function companyWithInvoices(request: APIRequestContext, page: Page) {
  const { access_token } = await apiLogin(page, accounts.superAdmin);
  const admin = { Authorization: `Bearer ${access_token}` };
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const created = await request.post('/api/admin/billings/company', {
    headers: admin,
    data: {
      company_name: `Tx Co ${tag}`,
      industry: 'Finance',
      city: 'Bandung',
      status: 'active',
      contact_email: `tx-${tag}@e2e.example.com`,
      contact_phone: '6281234567892',
      address: 'Jl. Asia Afrika 2',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const companyId = (await created.json()).data.company.id as number;
  const email = `tx-admin-${tag}@e2e.example.com`;
  const password = 'Tx-admin-e2e-1';
  const registered = await request.post('/api/client/companies/register-user', {
    headers: admin,
    data: {
      full_name: 'Tx Admin',
      email,
      password,
      phone: '6281234567893',
      company_id: companyId,
      roles: ['client_admin'],
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const client = await apiLogin(page, { email, password });
  const headers = { Authorization: `Bearer ${client.access_token}` };
  const packages = (await (await request.get('/api/admin/packages?limit=100', { headers })).json()).data as {
    id: number;
    name: string;
  }[];
  const channels = (await (await request.get('/api/channels?limit=100', { headers })).json()).data as {
    id: number;
    name: string;
  }[];
  const upgrade = async (packageName: string, channelName: string) => {
    const response = await request.post('/api/billings/upgrade', {
      headers,
      data: {
        package_id: packages.find((p) => p.name === packageName)?.id,
        payment_channel_id: channels.find((c) => c.name === channelName)?.id,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).data as { invoice_number: string; payment_url: string };
  };
  // One expired (the person lets it expire on the sandbox page), then one left pending.
  const expired = await upgrade('Basic', 'BCA Virtual Account');
  expect((await request.post(`${expired.payment_url}/expire`, { form: {} })).ok()).toBeTruthy();
  const pending = await upgrade('Pro', 'QRIS');
  return { tag, expired: expired.invoice_number, pending: pending.invoice_number };
}

test('transactions: search on Enter, status badges, details with dates only where they apply', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const data = await companyWithInvoices(request, page);
  await signInAsSuperAdmin(page);
  await page.goto('/super-admin/transactions');
  await expect(page.getByRole('heading', { level: 2, name: 'Transaction History' })).toBeVisible();
  const table = page.getByTestId('transactions-table');
  for (const column of [
    'Invoice Number',
    'Package',
    'Payment Method',
    'Amount',
    'Admin Fee',
    'Status',
    'Date',
    'Action',
  ]) {
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  // At most 10 per page.
  expect(await table.locator('tbody tr').count()).toBeLessThanOrEqual(10);

  // Typing alone does not search; Enter does.
  const search = page.getByRole('textbox', { name: /Search invoice number/ });
  await search.fill(`Tx Co ${data.tag}`);
  await page.waitForTimeout(300);
  await search.press('Enter');
  // The free invoice of the company's creation, the expired one and the pending one.
  await expect(table.locator('tbody tr')).toHaveCount(3);
  const expiredRow = table.getByRole('row').filter({ hasText: data.expired });
  const pendingRow = table.getByRole('row').filter({ hasText: data.pending });
  const expiredBadge = expiredRow.getByText('expired', { exact: true });
  const pendingBadge = pendingRow.getByText('pending', { exact: true });
  await expect(expiredBadge).toBeVisible();
  await expect(pendingBadge).toBeVisible();
  // Mantine's light badges: red for expired, yellow for pending.
  expect(await expiredBadge.evaluate((el) => el.closest('[data-status]')?.getAttribute('style'))).toContain(
    'red',
  );
  expect(await pendingBadge.evaluate((el) => el.closest('[data-status]')?.getAttribute('style'))).toContain(
    'yellow',
  );
  await expect(pendingRow).toContainText('QRIS');
  await expect(pendingRow).toContainText('Rp 451.500');

  await expiredRow.getByRole('button', { name: `Details of ${data.expired}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Transaction Details' });
  await expect(dialog.getByText('EXPIRED', { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('expired-at')).not.toHaveText('-');
  await expect(dialog.getByTestId('paid-at')).toHaveText('-');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await pendingRow.getByRole('button', { name: `Details of ${data.pending}` }).click();
  await expect(dialog.getByText('PENDING', { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('expired-at')).toHaveText('-');
  await expect(dialog.getByTestId('paid-at')).toHaveText('-');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await search.fill('no-such-invoice-anywhere');
  await search.press('Enter');
  await expect(page.getByText('No transactions found')).toBeVisible();
});

test.describe('phone, dark', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

  test('transactions become cards on a 390 px phone in dark mode', async ({ page, request }) => {
    test.setTimeout(60_000);
    const data = await companyWithInvoices(request, page);
    await signInAsSuperAdmin(page);
    await page.goto('/super-admin/transactions');
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    const search = page.getByRole('textbox', { name: /Search invoice number/ });
    await search.fill(data.expired);
    await search.press('Enter');
    const card = page.getByTestId('transaction-card').filter({ hasText: data.expired });
    await expect(card).toBeVisible();
    await expect(page.getByTestId('transaction-card')).toHaveCount(1);
    await expect(page.getByTestId('transactions-table')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.getByRole('button', { name: `Details of ${data.expired}` }).click();
    await expect(
      page.getByRole('dialog', { name: 'Transaction Details' }).getByText('EXPIRED', { exact: true }),
    ).toBeVisible();
  });
});
