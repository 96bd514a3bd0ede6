import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accounts, apiLogin, signIn, signInAsSuperAdmin } from './helpers.ts';

/**
 * The Billing page ('Tagihan', client-area §2) against the real server and its Xendit sandbox.
 * Every journey makes its own company (the super admin creates it through the API; it starts on
 * the free package), so none depends on another or on the demo company.
 */

interface Tenant {
  email: string;
  password: string;
  companyName: string;
}

async function createTenant(request: APIRequestContext, page: Page): Promise<Tenant> {
  const { access_token } = await apiLogin(page, accounts.superAdmin);
  const headers = { Authorization: `Bearer ${access_token}` };
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const companyName = `Billing Co ${tag}`;
  const created = await request.post('/api/admin/billings/company', {
    headers,
    data: {
      company_name: companyName,
      industry: 'Technology',
      city: 'Jakarta',
      status: 'active',
      contact_email: `billing-${tag}@e2e.example.com`,
      contact_phone: '6281234567890',
      address: 'Jl. Sudirman 1',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const companyId = (await created.json()).data.company.id as number;
  const email = `billing-admin-${tag}@e2e.example.com`;
  const password = 'Billing-admin-1';
  const user = await request.post('/api/client/companies/register-user', {
    headers,
    data: {
      full_name: 'Billing Admin',
      email,
      password,
      phone: '6281234567891',
      company_id: companyId,
      roles: ['client_admin'],
    },
  });
  expect(user.status(), await user.text()).toBe(201);
  return { email, password, companyName };
}

async function openBilling(page: Page, tenant: Tenant) {
  await signIn(page, tenant);
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await page.goto('/client/billing');
  await expect(page.getByRole('heading', { level: 2, name: 'Tagihan' })).toBeVisible();
}

/** 'Upgrade Paket' → package → channel → 'Lanjutkan Pembayaran'; answers the invoice number shown. */
async function buy(page: Page, packageName: string, channelName: string, total: string) {
  await page.getByRole('button', { name: 'Upgrade Paket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade Paket' });
  const proceed = dialog.getByRole('button', { name: 'Lanjutkan Pembayaran' });
  await expect(proceed).toBeDisabled();
  await dialog.getByRole('radio', { name: packageName }).check();
  await expect(proceed).toBeDisabled();
  await dialog.getByRole('radio', { name: channelName }).check();
  await expect(dialog.getByTestId('price-total')).toHaveText(total);
  await proceed.click();
  const detail = page.getByRole('dialog', { name: 'Detail Invoice' });
  await expect(detail.getByTestId('invoice-detail')).toBeVisible();
  await expect(detail.getByText('pending', { exact: true })).toBeVisible();
  const number = (await detail.getByText(/^INV-/).textContent())?.trim() ?? '';
  expect(number).toMatch(/^INV-\d{6}-\d{5}$/);
  return { detail, number };
}

/** Pays the pending invoice on the sandbox's payment page, as a person would. */
async function payOnSandbox(page: Page, paymentUrl: string) {
  const payer = await page.context().newPage();
  await payer.goto(paymentUrl);
  await expect(payer.getByRole('heading', { name: 'Xendit sandbox payment' })).toBeVisible();
  await payer.getByRole('button', { name: 'Pay' }).click();
  await expect(payer.locator('#status')).toHaveText('SUCCEEDED');
  await expect(payer.locator('#callback')).toContainText('200');
  await payer.close();
}

test('a client admin upgrades by virtual account, pays on the sandbox page, and the super admin sees it paid', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const tenant = await createTenant(request, page);
  await openBilling(page, tenant);

  // Starts on the free package with its quota.
  const current = page.getByTestId('current-package');
  await expect(current.getByText('Paket Saat Ini')).toBeVisible();
  await expect(current.getByRole('heading', { name: 'Free' })).toBeVisible();
  await expect(current.getByTestId('usage-wa')).toContainText('Terpakai 0 dari 100');
  await expect(current.getByTestId('usage-ai')).toContainText('Sisa 50');
  await expect(page.getByRole('button', { name: 'Bayar Sekarang' })).toHaveCount(0);

  const { detail, number } = await buy(page, 'Basic', 'BCA Virtual Account', 'Rp 154.000');
  await expect(detail.getByTestId('va-number')).toHaveText(/^\d{10,}$/);
  await expect(detail.getByText('BCA Virtual Account')).toBeVisible();
  await expect(detail.getByText('Rp 150.000')).toBeVisible();
  await expect(detail.getByText('Rp 4.000')).toBeVisible();
  // No paid date before payment.
  await expect(detail.getByText('Dibayar', { exact: true })).toHaveCount(0);
  const paymentUrl = await detail.getByRole('link', { name: 'Buka Halaman Pembayaran' }).getAttribute('href');
  expect(paymentUrl).toContain('/sandbox/xendit/pay/');
  await detail.getByRole('button', { name: 'Tutup' }).click();

  // The pending invoice card; no second upgrade while it waits; 'Bayar Sekarang' shows.
  const pending = page.getByTestId('pending-invoice');
  await expect(pending.getByText('Menunggu Pembayaran')).toBeVisible();
  await expect(pending.getByTestId('pending-number')).toHaveText(number);
  await expect(pending.getByTestId('pending-total')).toHaveText('Rp 154.000');
  await expect(pending.getByText('Biaya Admin (BCA Virtual Account)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade Paket' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Bayar Sekarang' })).toBeVisible();
  // The pending invoice is not in the history.
  await expect(page.getByTestId('billing-history').getByText(number)).toHaveCount(0);

  await payOnSandbox(page, paymentUrl ?? '');

  // The page notices the payment by itself: fresh quota of the new package.
  await expect(current.getByRole('heading', { name: 'Basic' })).toBeVisible({ timeout: 15_000 });
  await expect(current.getByText('Rp 150.000')).toBeVisible();
  await expect(current.getByTestId('usage-wa')).toContainText('Terpakai 0 dari 2.000');
  await expect(current.getByTestId('usage-wa')).toContainText('Sisa 2.000');
  await expect(current.getByTestId('usage-ai')).toContainText('Sisa 1.000');
  await expect(current.getByTestId('usage-wa')).toContainText('0% terpakai');
  await expect(current.getByTestId('period')).toHaveText(/\d{4} – .*\d{4}/);
  await expect(pending).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Bayar Sekarang' })).toHaveCount(0);
  // Pro is still higher: upgrading is offered again.
  await expect(page.getByRole('button', { name: 'Upgrade Paket' })).toBeVisible();

  // History: the paid invoice, with its download and its detail (paid date now shown).
  const row = page.getByTestId('history-row').filter({ hasText: number });
  await expect(row.getByText('paid', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Unduh Invoice ${number}` })).toBeVisible();
  await row.getByRole('button', { name: `Detail Invoice ${number}` }).click();
  const paid = page.getByRole('dialog', { name: 'Detail Invoice' });
  await expect(paid.getByText('paid', { exact: true })).toBeVisible();
  await expect(paid.getByText('Dibayar', { exact: true })).toBeVisible();
  await paid.getByRole('button', { name: 'Tutup' }).click();

  // The super admin finds it in Transaction History, paid.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsSuperAdmin(admin);
  await admin.goto('/super-admin/transactions');
  await expect(admin.getByRole('heading', { level: 2, name: 'Transaction History' })).toBeVisible();
  const search = admin.getByRole('textbox', { name: /Search invoice number/ });
  await search.fill(number);
  await search.press('Enter');
  const table = admin.getByTestId('transactions-table');
  await expect(table.getByRole('row')).toHaveCount(2);
  const txRow = table.getByRole('row').filter({ hasText: number });
  await expect(txRow.getByText('paid', { exact: true })).toBeVisible();
  await expect(txRow).toContainText('Basic');
  await expect(txRow).toContainText('Virtual Account');
  await expect(txRow).toContainText('Rp 154.000');
  await expect(txRow).toContainText('Rp 4.000');
  await txRow.getByRole('button', { name: `Details of ${number}` }).click();
  const txDetail = admin.getByRole('dialog', { name: 'Transaction Details' });
  await expect(txDetail.getByText('PAID', { exact: true })).toBeVisible();
  await expect(txDetail.getByText(tenant.companyName)).toBeVisible();
  await expect(txDetail.getByTestId('paid-at')).not.toHaveText('-');
  await expect(txDetail.getByTestId('expired-at')).toHaveText('-');
  await adminContext.close();
});

test('a QRIS invoice shows a QR image rendered from the QRIS string', async ({ page, request }) => {
  test.setTimeout(60_000);
  const tenant = await createTenant(request, page);
  await openBilling(page, tenant);
  const { detail, number } = await buy(page, 'Pro', 'QRIS', 'Rp 451.500');
  await expect(detail.getByText('QRIS', { exact: true }).first()).toBeVisible();
  const image = detail.getByRole('img', { name: `Kode QRIS untuk invoice ${number}` });
  await expect(image).toBeVisible();
  const size = await image.evaluate((img: HTMLImageElement) => ({
    width: img.naturalWidth,
    src: img.src,
  }));
  expect(size.src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
  expect(size.width).toBeGreaterThan(100);
  await expect(detail.getByTestId('va-number')).toHaveCount(0);
});

test('a paid invoice downloads as a PDF', async ({ page, request }) => {
  test.setTimeout(60_000);
  const tenant = await createTenant(request, page);
  await openBilling(page, tenant);
  const { detail, number } = await buy(page, 'Basic', 'BNI Virtual Account', 'Rp 154.000');
  const paymentUrl = await detail.getByRole('link', { name: 'Buka Halaman Pembayaran' }).getAttribute('href');
  // The sandbox page's Pay form, posted directly.
  const paid = await request.post(`${paymentUrl}/pay`, { form: {} });
  expect(paid.ok()).toBeTruthy();
  await expect(detail.getByText('paid', { exact: true })).toBeVisible({ timeout: 15_000 });

  const downloading = page.waitForEvent('download');
  await detail.getByRole('button', { name: 'Unduh Invoice' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test.describe('phone, dark', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

  test('the billing page and its dialogs fit a 390 px phone in dark mode', async ({ page, request }) => {
    test.setTimeout(60_000);
    const tenant = await createTenant(request, page);
    await openBilling(page, tenant);
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await expect(page.getByTestId('current-package')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const { detail } = await buy(page, 'Basic', 'BCA Virtual Account', 'Rp 154.000');
    await expect(detail.getByTestId('va-number')).toBeVisible();
    await detail.getByRole('button', { name: 'Tutup' }).click();
    await expect(page.getByTestId('pending-invoice')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Dark cards: the page background is dark, not white.
    const background = await page
      .getByTestId('pending-invoice')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
  });
});
