import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { accounts, apiLogin, signIn, signInAsClientAdmin } from './helpers.ts';

/** The seeded sandbox WhatsApp Cloud number of the demo company ('Demo WhatsApp'). */
const DEMO_WA = '106540352242922';

const unique = () => `${Date.now() % 1e8}`.padStart(8, '0');

/** The customer writes from the sandbox phone's HTTP helper, as the phone page does. */
async function customerSays(request: APIRequestContext, name: string, phone: string, text: string) {
  const response = await request.post('/sandbox/phone/api/send', {
    data: { provider: 'whatsapp', account: DEMO_WA, name, phone, text },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** What the customer's phone shows of the thread with a business number. */
async function thread(request: APIRequestContext, account: string, phone: string) {
  const response = await request.get('/sandbox/phone/api/thread', {
    params: { provider: 'whatsapp', account, phone },
  });
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as { messages: { direction: 'in' | 'out'; text: string }[] };
}

const received = async (request: APIRequestContext, account: string, phone: string) =>
  (await thread(request, account, phone)).messages.filter((m) => m.direction === 'out').map((m) => m.text);

/** Three customers write first, so that they are contacts of the demo company. */
async function threeCustomers(request: APIRequestContext, id: string) {
  const customers = ['A', 'B', 'C'].map((letter, i) => ({
    name: `Blast ${id} ${letter}`,
    phone: `62877${id}${i + 1}`,
  }));
  for (const customer of customers)
    await customerSays(request, customer.name, customer.phone, `Hi from ${customer.name}`);
  return customers;
}

/**
 * A second WhatsApp Cloud number with its own active integration, whose first send the sandbox
 * answers with a rate limit: the blast on it waits `retryAfter` seconds, long enough to pause it.
 */
async function slowIntegration(page: Page, id: string, retryAfter: number) {
  const { request } = page;
  const number = `7${id}`;
  expect(
    (await request.post('/sandbox/phone/api/whatsapp/numbers', { data: { phone_number_id: number } })).ok(),
  ).toBe(true);
  const { access_token } = await apiLogin(page, accounts.clientAdmin);
  const headers = { Authorization: `Bearer ${access_token}` };
  const platforms = (await (await request.get('/api/integrations/platforms', { headers })).json()).data as {
    id: number;
    platform_name: string;
  }[];
  const platform = platforms.find((p) => p.platform_name === 'WhatsApp Cloud API')!;
  const body = {
    type: 'message_platform',
    integration_id: platform.id,
    title: `Slow WA ${id}`,
    integration_contact: number,
  };
  const created = await request.post('/api/integrations', { headers, data: body });
  expect(created.status(), await created.text()).toBe(201);
  const integrationId = (await created.json()).data.id as number;
  const activated = await request.put(`/api/integrations/id/${integrationId}`, {
    headers,
    data: { ...body, status: 'active' },
  });
  expect(activated.ok(), await activated.text()).toBeTruthy();
  const failNext = await request.post('/sandbox/whatsapp/_sandbox/fail-next', {
    data: { kind: 'rate_limit', retryAfter, phone_number_id: number },
  });
  expect(failNext.ok()).toBeTruthy();
  return { number, integrationId, headers };
}

const openPage = async (page: Page) => {
  await page.goto('/client/messages/blast');
  await expect(page.getByRole('heading', { level: 2, name: 'Message Blast' })).toBeVisible();
};

test('a blast to three contacts picked in Select Contacts reaches them and moves to History', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = unique();
  const customers = await threeCustomers(page.request, id);
  const title = `Blast ${id}`;
  const text = `Flash sale ${id}: 20% off today`;

  await signInAsClientAdmin(page);
  await openPage(page);
  await expect(page.getByRole('heading', { name: 'Running Blasts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View History' })).toBeVisible();
  await page.getByRole('button', { name: 'New Blast' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Blast Message' });

  // Validated on submit and on change.
  await dialog.getByRole('button', { name: 'Create Blast' }).click();
  for (const message of [
    'Title is required',
    'Integration is required',
    'Recipient type is required',
    'Message is required',
  ])
    await expect(dialog.getByText(message)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await expect(dialog.getByText('Title is required')).toBeHidden();
  await dialog.getByRole('combobox', { name: 'Integration' }).click();
  await page.getByRole('option', { name: /^Demo WhatsApp/ }).click();
  await dialog.getByRole('combobox', { name: 'Recipient Type' }).click();
  await page.getByRole('option', { name: 'Select Contacts' }).click();
  await dialog.getByRole('button', { name: 'Create Blast' }).click();
  await expect(dialog.getByText('Please select at least one contact')).toBeVisible();

  // The message: counter, the 500 limit, and scripts stripped after a second without typing.
  const message = dialog.getByRole('textbox', { name: 'Message' });
  await message.fill('x'.repeat(501));
  await expect(dialog.getByText('Message must be less than 500 characters')).toBeVisible();
  await expect(dialog.getByTestId('message-counter')).toHaveText('501/500 characters');
  await message.fill(`${text}<script>alert(1)</script>`);
  await expect(message).toHaveValue(text, { timeout: 3000 });
  await expect(dialog.getByTestId('message-counter')).toHaveText(`${text.length}/500 characters`);

  // Select Contacts: server search, select-all counts every match, then three ticked by hand.
  await dialog.getByTestId('pick-contacts').click();
  const picker = page.getByRole('dialog', { name: 'Select Contacts' });
  await picker.getByRole('textbox', { name: 'Search by name or phone...' }).fill(`Blast ${id}`);
  await expect(picker.getByRole('checkbox', { name: /^Blast / })).toHaveCount(3);
  await picker.getByRole('checkbox', { name: 'Select all contacts matching the search' }).check();
  await expect(picker.getByTestId('picker-count')).toHaveText('3 selected');
  await picker.getByRole('checkbox', { name: 'Select all contacts matching the search' }).uncheck();
  await expect(picker.getByTestId('picker-count')).toHaveText('0 selected');
  for (const customer of customers) await picker.getByRole('checkbox', { name: customer.name }).check();
  await expect(picker.getByTestId('picker-count')).toHaveText('3 selected');
  await picker.getByRole('button', { name: 'Confirm Selection' }).click();
  await expect(picker).toBeHidden();
  await expect(dialog.getByTestId('pick-contacts')).toHaveText('3 contacts selected');

  await dialog.getByRole('button', { name: 'Create Blast' }).click();
  await expect(page.getByText('Blast message created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // It sends, leaves the running list and shows in History with every recipient reached.
  await expect(page.getByTestId('blast-card').filter({ hasText: title })).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole('button', { name: 'View History' }).click();
  const history = page.getByRole('dialog', { name: 'Message Blast History' });
  await history.getByRole('textbox', { name: 'Search by title...' }).fill(title);
  const entry = history.getByTestId('history-card').filter({ hasText: title });
  await expect(entry).toHaveAttribute('data-status', 'completed');
  await expect(entry.getByTestId('blast-total')).toContainText('3');
  await expect(entry.getByTestId('blast-successful')).toContainText('100%');
  await expect(entry.getByTestId('blast-failed')).toContainText('0%');
  await history.getByRole('textbox', { name: 'Search by title...' }).fill(`nothing-${id}`);
  await expect(history.getByText('No messages blast found.')).toBeVisible();

  // The Excel download holds the blast.
  const downloading = page.waitForEvent('download');
  await history.getByRole('button', { name: 'Download Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('history.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  expect(rows[0]).toEqual(expect.arrayContaining(['Title', 'Total', 'Successful', 'Failed']));
  expect(rows.find((row) => row[0] === title)).toEqual(
    expect.arrayContaining([title, 'Demo WhatsApp', text, 3, 3, 0]),
  );

  // Every customer's phone got the message.
  for (const customer of customers) {
    await expect.poll(() => received(page.request, DEMO_WA, customer.phone)).toContain(text);
  }
});

test('a running blast pauses and resumes from its card, then completes', async ({ page }) => {
  test.setTimeout(120_000);
  const id = unique();
  const customers = await threeCustomers(page.request, id);
  const slow = await slowIntegration(page, id, 20);
  const title = `Paused blast ${id}`;
  const text = `Held message ${id}`;
  const form = {
    title,
    integration_id: String(slow.integrationId),
    recipent_type: 'contact',
    recipent_contact: customers.map((c) => `${c.phone}@c.us`).join(','),
    message: text,
    status: 'running',
  };
  const created = await page.request.post('/api/blasts', { headers: slow.headers, multipart: form });
  expect(created.status(), await created.text()).toBe(201);

  await signInAsClientAdmin(page);
  await openPage(page);
  const card = page.getByTestId('blast-card').filter({ hasText: title });
  await expect(card).toHaveAttribute('data-status', 'running');
  await expect(card).toContainText(`Integration: Slow WA ${id}`);
  // Held by the provider's retry-after before every recipient got it.
  await expect(card.getByTestId('blast-progress')).toHaveText(/^(0|33\.3|66\.7)%$/);
  await expect(card.getByTestId('blast-sent')).toHaveText(/^[0-2]\/3 sent$/);

  await card.getByRole('button', { name: `Pause ${title}` }).click();
  await expect(page.getByText('Status changed successfully').first()).toBeVisible();
  await expect(card).toHaveAttribute('data-status', 'paused');
  await expect(card.getByTestId('blast-status')).toHaveText('Paused');

  await card.getByRole('button', { name: `Resume ${title}` }).click();
  await expect(card).toHaveAttribute('data-status', 'running');
  // Once the provider's retry-after has passed it sends everything and leaves the list.
  await expect(card).toHaveCount(0, { timeout: 45_000 });
  for (const customer of customers) {
    await expect.poll(() => received(page.request, slow.number, customer.phone)).toContain(text);
  }
});

test('an Excel list with bad rows is refused and the rows are shown', async ({ page }) => {
  const id = unique();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Recipients');
  sheet.addRow(['phone', 'name']);
  sheet.addRow([`62877${id}9`, 'Good']);
  sheet.addRow(['12345', 'Short']);
  sheet.addRow(['', 'No phone']);
  const file = Buffer.from(await book.xlsx.writeBuffer());

  await signInAsClientAdmin(page);
  await openPage(page);
  await page.getByRole('button', { name: 'New Blast' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Blast Message' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(`Excel ${id}`);
  await dialog.getByRole('combobox', { name: 'Integration' }).click();
  await page.getByRole('option', { name: /^Demo WhatsApp/ }).click();
  await dialog.getByRole('combobox', { name: 'Recipient Type' }).click();
  await page.getByRole('option', { name: 'Upload Excel' }).click();
  await dialog.getByRole('textbox', { name: 'Message' }).fill(`Excel ${id}`);
  await dialog.getByRole('button', { name: 'Create Blast' }).click();
  await expect(dialog.getByText('File is required')).toBeVisible();

  // The template downloads with the bearer.
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download Template' }).click();
  expect((await downloading).suggestedFilename()).toBe('blast-template.xlsx');

  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'recipients.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('phone\n62811'),
  });
  await expect(dialog.getByText('Only .xlsx or .xls files are allowed')).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'recipients.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await dialog.getByRole('button', { name: 'Create Blast' }).click();
  await expect(
    page.getByText('2 rows have an invalid recipient: row 3 (12345), row 4 (empty)'),
  ).toBeVisible();
  const rows = dialog.getByTestId('bad-rows');
  await expect(rows.getByRole('row', { name: /3 12345 Invalid phone number/ })).toBeVisible();
  await expect(rows.getByRole('row', { name: /4 \(empty\) Invalid phone number/ })).toBeVisible();
});

test('a client user reads blasts but cannot start one', async ({ page }) => {
  await signIn(page, accounts.clientUser);
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await openPage(page);
  await expect(page.getByRole('button', { name: 'View History' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Running Blasts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Blast' })).toHaveCount(0);
});

test.describe('phone, dark', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

  test('the blast page and its dialogs fit a 390 px phone in dark mode', async ({ page }) => {
    await signInAsClientAdmin(page);
    await openPage(page);
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await expect(page.getByRole('button', { name: 'New Blast' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('blasts-390-dark.png') });

    await page.getByRole('button', { name: 'New Blast' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Blast Message' });
    await dialog.getByRole('combobox', { name: 'Recipient Type' }).click();
    await page.getByRole('option', { name: 'Upload Excel' }).click();
    await expect(dialog.getByRole('button', { name: 'Download Template' })).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('blasts-create-390-dark.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'View History' }).click();
    const history = page.getByRole('dialog', { name: 'Message Blast History' });
    await expect(history.getByRole('button', { name: 'Download Excel' })).toBeVisible();
    expect((await history.boundingBox())!.width).toBeLessThanOrEqual(390);
    const background = await history.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await page.screenshot({ path: test.info().outputPath('blasts-history-390-dark.png') });
  });
});
