import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accounts, apiLogin, signIn, signInAsClientAdmin } from './helpers.ts';

/**
 * The super-admin Audit Log (production-operations issue: "the audit log viewable by super
 * admins"). Journeys run two at a time and every one of them signs in, so the newest entries of
 * the whole log belong to whoever acted last: the journey acts as a super admin of its own, made
 * here, whose entries nobody else writes.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A fresh super admin who has changed one fresh company's status (an entry with details). */
async function freshSuperAdmin(page: Page, request: APIRequestContext) {
  const tag = unique();
  const root = await apiLogin(page, accounts.superAdmin);
  const account = { email: `audit-${tag}@e2e.example.com`, password: 'Audit-admin-e2e-1' };
  const created = await request.post('/api/admin/users', {
    headers: { Authorization: `Bearer ${root.access_token}` },
    data: { full_name: `Audit ${tag}`, ...account, phone: '628123456789', roles: ['super_admin'] },
  });
  expect(created.status(), await created.text()).toBe(201);

  const own = await apiLogin(page, account);
  const headers = { Authorization: `Bearer ${own.access_token}` };
  const company = await request.post('/api/admin/billings/company', {
    headers,
    data: {
      company_name: `Audit Co ${tag}`,
      industry: 'Education',
      city: 'Surabaya',
      status: 'active',
      contact_email: `audit-co-${tag}@e2e.example.com`,
      contact_phone: '628123456789',
      address: 'Jl. Tunjungan 1',
    },
  });
  expect(company.status(), await company.text()).toBe(201);
  const companyId = (await company.json()).data.company.id as number;
  const status = await request.put(`/api/client/companies/id/${companyId}/status`, {
    headers,
    data: { status: 'inactive' },
  });
  expect(status.status(), await status.text()).toBe(200);
  return { ...account, company: `Audit Co ${tag}` };
}

test('the super admin reads the audit log: own sign-in first, groups, search on Enter, details', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const admin = await freshSuperAdmin(page, request);
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/super-admin\/dashboard$/);

  const nav = page.getByRole('navigation', { name: 'sidebar' });
  // The entry sits right after Notification.
  await expect(nav.getByRole('link', { name: 'Notification', exact: true })).toBeVisible();
  const labels = await nav.getByRole('link').allTextContents();
  expect(labels.indexOf('Audit Log')).toBe(labels.indexOf('Notification') + 1);
  await nav.getByRole('link', { name: 'Audit Log', exact: true }).click();
  await expect(page).toHaveURL(/\/super-admin\/audit-log$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Audit Log', exact: true })).toBeVisible();
  await expect(page.getByTestId('audit-log-description')).toBeVisible();

  const table = page.getByTestId('audit-table');
  for (const column of ['When', 'Action', 'Company', 'Actor', 'Subject', 'IP', 'Details']) {
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  const rows = table.locator('tbody tr');
  expect(await rows.count()).toBeLessThanOrEqual(10);
  // Newest first: this super admin's latest entry on the first page is the sign-in just made.
  const mine = rows.filter({ hasText: admin.email });
  await expect(mine.first()).toContainText('auth.sign_in');
  await expect(mine.first()).toContainText('Signed in');
  await expect(mine.first()).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/);

  // The Sign-in group keeps only auth.* entries.
  await page.getByRole('combobox', { name: 'Action group' }).click();
  await page.getByRole('option', { name: 'Sign-in and sessions' }).click();
  await expect(page.getByTestId('audit-action-code').first()).toBeVisible();
  await expect
    .poll(async () =>
      (await table.getByTestId('audit-action-code').allTextContents()).every((code) =>
        code.startsWith('auth.'),
      ),
    )
    .toBe(true);

  // Typing alone does not search; Enter does. Then the top entry is this super admin's sign-in.
  const search = page.getByRole('textbox', { name: 'Search action, subject or e-mail...' });
  await search.fill(admin.email);
  await page.waitForTimeout(300);
  expect(await rows.count()).toBeGreaterThan(2);
  await search.press('Enter');
  // The UI sign-in and the API one made while preparing; the company change is not in this group.
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAttribute('data-action', 'auth.sign_in');
  await expect(rows.first()).toContainText(admin.email);
  await expect(rows.first()).toContainText('Signed in');

  // All groups: the company status change shows its details as JSON.
  await page.getByRole('combobox', { name: 'Action group' }).click();
  await page.getByRole('option', { name: 'All actions' }).click();
  await expect(rows).toHaveCount(3);
  const change = table.locator('[data-action="companies.status_changed"]');
  await expect(change).toContainText('Company status changed');
  await expect(change).toContainText(admin.company);
  await change.getByRole('button', { name: /^Details of entry \d+$/ }).click();
  const details = page.getByRole('dialog', { name: /^Details of entry \d+$/ });
  await expect(details.getByTestId('audit-details-json')).toContainText('"from": "active"');
  await expect(details.getByTestId('audit-details-json')).toContainText('"to": "inactive"');
  await page.screenshot({ path: test.info().outputPath('audit-log-desktop-details.png') });
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  await search.fill(`nothing-here-${unique()}`);
  await search.press('Enter');
  await expect(page.getByText('No audit entries found')).toBeVisible();
});

test.describe('phone, dark', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

  test('the audit log becomes cards on a 390 px phone in dark mode', async ({ page, request }) => {
    // A super admin of its own: the seeded one's saved theme is changed by journeys beside this one.
    const admin = await freshSuperAdmin(page, request);
    await signIn(page, admin);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Audit Log' }).click();
    await expect(page).toHaveURL(/\/super-admin\/audit-log$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Audit Log', exact: true })).toBeVisible();
    const search = page.getByRole('textbox', { name: 'Search action, subject or e-mail...' });
    await search.fill(admin.email);
    await search.press('Enter');
    const cards = page.getByTestId('audit-card');
    await expect(cards.filter({ hasText: 'auth.sign_in' }).first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(10);
    await expect(page.getByTestId('audit-table')).toHaveCount(0);
    // Dark cards on a dark page, and nothing wider than the phone.
    // The card's colour as seen: a translucent background (hover, light variants) over the page's.
    await page.mouse.move(0, 0);
    const seen = await cards.first().evaluate((el) => {
      const parse = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
      const [pr = 255, pg = 255, pb = 255] = parse(getComputedStyle(document.body).backgroundColor);
      const [r = 0, g = 0, b = 0, a = 1] = parse(getComputedStyle(el).backgroundColor);
      return r * a + pr * (1 - a) + g * a + pg * (1 - a) + b * a + pb * (1 - a);
    });
    expect(seen).toBeLessThan(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('audit-log-390-dark.png') });
  });
});

test('a client admin cannot open the audit log', async ({ page }) => {
  await signInAsClientAdmin(page);
  await expect(
    page.getByRole('navigation', { name: 'sidebar' }).getByRole('link', { name: 'Audit Log' }),
  ).toHaveCount(0);
  await page.goto('/super-admin/audit-log');
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await expect(page.getByTestId('client-shell')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toHaveCount(0);
  // Nor can its API be read.
  const { access_token } = await apiLogin(page, accounts.clientAdmin);
  const response = await page.request.get('/api/admin/audit-log', {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(response.status()).toBe(403);
});
