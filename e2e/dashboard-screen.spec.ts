import { expect, type Page, test } from '@playwright/test';
import { signInAsClientAdmin } from './helpers.ts';

const METRICS = [
  'Total Chats',
  'Total Blasts',
  'Total Knowledge',
  'Total Tickets',
  'Total Integrations',
  'Total Schedulings',
];
const TRENDS = ['Chat Trends', 'Blast Trends', 'Knowledge Trends', 'Ticket Trends'];

const metric = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
const metricValue = async (page: Page, label: string) => {
  const text = await metric(page, label).getByTestId('metric-value').innerText();
  return Number(text.replace(/\D/g, ''));
};

test('the dashboard shows six cards and four trends; a customised choice survives a reload', async ({
  page,
}) => {
  await signInAsClientAdmin(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
  for (const label of METRICS) await expect(metric(page, label).getByTestId('metric-value')).toBeVisible();
  for (const label of TRENDS) await expect(page.getByText(label, { exact: true })).toBeVisible();
  // The trend's range is the last 30 days unless another is picked.
  await expect(page.getByRole('button', { name: 'Date range' })).toContainText(
    /\d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}/,
  );

  await page.getByRole('button', { name: 'Customize' }).click();
  const dialog = page.getByRole('dialog', { name: 'Customize Dashboard' });
  await dialog.getByRole('checkbox', { name: 'Total Blasts' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Ticket Trends' }).uncheck();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(metric(page, 'Total Blasts')).toHaveCount(0);
  await expect(page.getByText('Ticket Trends', { exact: true })).toHaveCount(0);

  await page.reload();
  await expect(metric(page, 'Total Chats').getByTestId('metric-value')).toBeVisible();
  await expect(metric(page, 'Total Blasts')).toHaveCount(0);
  await expect(page.getByText('Chat Trends', { exact: true })).toBeVisible();
  await expect(page.getByText('Ticket Trends', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Customize' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Total Blasts' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Show all' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(metric(page, 'Total Blasts')).toBeVisible();
});

test('a new customer message adds to Total Chats and to today in the chat trend', async ({ page }) => {
  await signInAsClientAdmin(page);
  await expect(metric(page, 'Total Chats').getByTestId('metric-value')).toBeVisible();
  const before = await metricValue(page, 'Total Chats');

  const sent = await page.request.post('/sandbox/phone/api/send', {
    data: {
      provider: 'whatsapp',
      account: '106540352242922',
      name: 'Dashboard Tester',
      phone: `62812${Date.now().toString().slice(-7)}`,
      text: 'Halo, apakah toko buka hari ini?',
    },
  });
  expect(sent.ok()).toBeTruthy();

  await page.reload();
  await expect.poll(() => metricValue(page, 'Total Chats'), { timeout: 10_000 }).toBe(before + 1);
  await expect(page.getByText('Chat Trends', { exact: true })).toBeVisible();
});

test('on a phone in dark mode the cards stack in one column without sideways scrolling', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await signInAsClientAdmin(page);
  await expect(metric(page, 'Total Chats').getByTestId('metric-value')).toBeVisible();
  expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
  const first = await metric(page, 'Total Chats').boundingBox();
  const second = await metric(page, 'Total Blasts').boundingBox();
  expect(first && second && second.y > first.y && Math.abs(second.x - first.x) < 2).toBeTruthy();
  await expect(page.getByRole('button', { name: 'Customize' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});

test('a picked date range asks for that range', async ({ page }) => {
  await signInAsClientAdmin(page);
  await expect(page.getByText('Chat Trends', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Date range' }).click();
  await page.locator('[data-direction="previous"]').first().click();
  const days = page.locator('button.mantine-DatePickerInput-day:not([data-outside])');
  const asked = page.waitForRequest(
    /\/api\/messages\/statistics\/trend\?start_date=\d{4}-\d{2}-01&end_date=\d{4}-\d{2}-02$/,
  );
  await days.nth(0).click();
  await days.nth(1).click();
  await asked;
  await expect(page.getByRole('button', { name: 'Date range' })).toContainText(
    /01\/\d{2}\/\d{4} – 02\/\d{2}\/\d{4}/,
  );
});

test('failed statistics and trends say so', async ({ page }) => {
  await page.route('**/api/messages/statistics', (route) =>
    route.fulfill({ status: 500, json: { status_code: 500, message: '', data: null, error: 'internal' } }),
  );
  await page.route('**/api/messages/statistics/trend*', (route) =>
    route.fulfill({ status: 500, json: { status_code: 500, message: '', data: null, error: 'internal' } }),
  );
  await signInAsClientAdmin(page);
  await expect(page.getByText('Failed to fetch message statistics')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Failed to fetch trend data')).toBeVisible({ timeout: 15_000 });
});
