import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { accounts, apiLogin, signInAsClientAdmin } from './helpers.ts';

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

/** What the demo number sent to a customer's phone. */
async function received(request: APIRequestContext, phone: string) {
  const response = await request.get('/sandbox/phone/api/thread', {
    params: { provider: 'whatsapp', account: DEMO_WA, phone },
  });
  expect(response.ok()).toBeTruthy();
  const { messages } = (await response.json()) as { messages: { direction: 'in' | 'out'; text: string }[] };
  return messages.filter((message) => message.direction === 'out').map((message) => message.text);
}

/** Asia/Jakarta's wall clock at an instant, as the form takes it: 'YYYY-MM-DD' and 'HH:mm:ss'. */
function jakarta(instant: Date) {
  const text = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Jakarta',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  const [date, time] = text.split(' ');
  return { date: date!, time: time! };
}

/** The next Monday 09:00:00 in Jakarta (UTC+7, no daylight saving) after now, as a UTC instant. */
function nextMondayNine(now: Date) {
  const { date } = jakarta(now);
  const candidate = new Date(`${date}T02:00:00Z`);
  while (candidate.getUTCDay() !== 1 || candidate <= now) candidate.setUTCDate(candidate.getUTCDate() + 1);
  return candidate;
}

const pick = async (page: Page, scope: Locator, field: string, option: string | RegExp) => {
  await scope.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
};

/** Types a wall-clock time into one of the dialog's time pickers. */
async function setTime(scope: Locator, field: string, value: { date: string; time: string }) {
  const date = scope.getByRole('textbox', { name: `${field} date` });
  await date.fill(value.date);
  await scope.getByRole('spinbutton', { name: `${field} hours` }).click();
  await expect(date).toHaveValue(value.date);
  await scope.page().keyboard.type(value.time.replaceAll(':', ''));
  await expect(scope.getByRole('spinbutton', { name: `${field} seconds` })).toHaveValue(value.time.slice(6));
}

const openPage = async (page: Page) => {
  await page.goto('/client/messages/scheduled');
  await expect(page.getByRole('heading', { level: 2, name: 'Scheduled Messages' })).toBeVisible();
  await expect(page.getByText('Manage automated and recurring messages')).toBeVisible();
};

test.use({ timezoneId: 'UTC' });

test('a weekly schedule: created, toggled, edited, its recipients shown, and deleted; a once schedule fires into History', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const id = unique();
  const customers = ['A', 'B'].map((letter, i) => ({
    name: `Sched ${id} ${letter}`,
    phone: `62878${id}${i + 1}`,
  }));
  for (const customer of customers)
    await customerSays(page.request, customer.name, customer.phone, `Hi from ${customer.name}`);

  await signInAsClientAdmin(page);
  await openPage(page);
  await expect(page.getByRole('button', { name: 'View History' })).toBeVisible();

  // The dialog: every required field named, then the clearing rules.
  await page.getByRole('button', { name: 'Schedule Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Message' });
  await dialog.getByRole('button', { name: 'Create Schedule' }).click();
  for (const message of [
    'Title is required',
    'Description is required',
    'Schedule type is required',
    'Start time is required',
    'Integration is required',
    'Recipient type is required',
  ])
    await expect(dialog.getByText(message)).toBeVisible();
  await pick(page, dialog, 'Schedule Type', 'Repeat');
  await dialog.getByRole('button', { name: 'Create Schedule' }).click();
  await expect(dialog.getByText('Repeat type is required')).toBeVisible();
  await expect(dialog.getByText('End time is required')).toBeVisible();
  await pick(page, dialog, 'Repeat Type', 'Weekly');
  await pick(page, dialog, 'Day', 'Monday');
  await pick(page, dialog, 'Repeat Type', 'Monthly');
  await expect(dialog.getByRole('combobox', { name: 'Day', exact: true })).toHaveValue('');
  await pick(page, dialog, 'Schedule Type', 'Once');
  await expect(dialog.getByText('End Time', { exact: true })).toBeHidden();
  await expect(dialog.getByRole('combobox', { name: 'Repeat Type' })).toBeHidden();
  await pick(page, dialog, 'Schedule Type', 'Repeat');
  await expect(dialog.getByRole('combobox', { name: 'Repeat Type' })).toHaveValue('');

  // A weekly schedule on Monday 09:00 Jakarta time for two picked contacts.
  const title = `Weekly ${id}`;
  const now = new Date();
  const today = jakarta(now).date;
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Description' }).fill(`Weekly news ${id}`);
  await pick(page, dialog, 'Repeat Type', 'Weekly');
  await setTime(dialog, 'Start Time', { date: today, time: '09:00:00' });
  await setTime(dialog, 'End Time', {
    date: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`,
    time: '09:00:00',
  });
  await pick(page, dialog, 'Day', 'Monday');
  await pick(page, dialog, 'Integration', /^Demo WhatsApp/);
  await pick(page, dialog, 'Recipient Type', 'Select Contacts');
  await expect(dialog.getByTestId('pick-contacts')).toHaveText('Click to select contacts');
  await dialog.getByTestId('pick-contacts').click();
  const picker = page.getByRole('dialog', { name: 'Select Contacts' });
  await picker.getByRole('textbox', { name: 'Search by name or phone...' }).fill(`Sched ${id}`);
  for (const customer of customers) await picker.getByRole('checkbox', { name: customer.name }).check();
  await picker.getByRole('button', { name: 'Confirm Selection' }).click();
  await expect(dialog.getByTestId('pick-contacts')).toHaveText('2 contacts selected');
  await dialog.getByRole('button', { name: 'Create Schedule' }).click();
  await expect(page.getByText('Schedule created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The card: active, Monday, the next run in the browser's time (UTC here: 02:00), two recipients.
  const card = page.getByTestId('schedule-card').filter({ hasText: title });
  await expect(card).toHaveAttribute('data-status', 'active');
  await expect(card.getByTestId('schedule-repeat')).toHaveText('Weekly on Monday');
  const next = nextMondayNine(now);
  const expected = `${String(next.getUTCDate()).padStart(2, '0')}/${String(next.getUTCMonth() + 1).padStart(2, '0')}/${next.getUTCFullYear()} 02:00`;
  await expect(card.getByTestId('schedule-next-run')).toHaveText(expected);
  await expect(card.getByTestId('schedule-recipients')).toHaveText('2');
  await expect(card.getByTestId('schedule-last-sent')).toHaveText('Never');
  await expect(card.getByTestId('schedule-executions')).toContainText('0');

  // The recipients view.
  await card.getByRole('button', { name: `Recipients of ${title}` }).click();
  const recipients = page.getByRole('dialog', { name: `Recipients: ${title}` });
  for (const customer of customers) await expect(recipients.getByText(customer.name)).toBeVisible();
  await expect(recipients.getByText('0 received')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(recipients).toBeHidden();

  // The toggle: active → running → active.
  await card.getByRole('switch', { name: `Set ${title} to running` }).click({ force: true });
  await expect(page.getByText('Status changed successfully').first()).toBeVisible();
  await expect(card).toHaveAttribute('data-status', 'running');
  await expect(card.getByRole('switch', { name: `Set ${title} to active` })).toBeChecked();
  await card.getByRole('switch', { name: `Set ${title} to active` }).click({ force: true });
  await expect(card).toHaveAttribute('data-status', 'active');

  // Edit: a new title and status; the saved recipients stay.
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Scheduled Message' });
  await expect(edit.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await expect(edit.getByTestId('pick-contacts')).toHaveText('2 contacts selected');
  await expect(edit.getByText('Download Template')).toBeHidden();
  const edited = `${title} edited`;
  await edit.getByRole('textbox', { name: 'Title' }).fill(edited);
  await pick(page, edit, 'Status', 'Paused');
  await edit.getByRole('button', { name: 'Update Schedule' }).click();
  await expect(page.getByText('Schedule updated successfully')).toBeVisible();
  const editedCard = page.getByTestId('schedule-card').filter({ hasText: edited });
  await expect(editedCard).toHaveAttribute('data-status', 'paused');
  await expect(editedCard.getByTestId('schedule-recipients')).toHaveText('2');

  // A once schedule due now to every contact matching the search: it fires and moves to History.
  const once = `Once ${id}`;
  const text = `Right now ${id}`;
  await page.getByRole('button', { name: 'Schedule Message' }).click();
  await dialog.getByRole('textbox', { name: 'Title' }).fill(once);
  await dialog.getByRole('textbox', { name: 'Description' }).fill(text);
  await pick(page, dialog, 'Schedule Type', 'Once');
  await setTime(dialog, 'Start Time', jakarta(new Date()));
  await pick(page, dialog, 'Integration', /^Demo WhatsApp/);
  await pick(page, dialog, 'Recipient Type', 'Select Contacts');
  await dialog.getByTestId('pick-contacts').click();
  await picker.getByRole('textbox', { name: 'Search by name or phone...' }).fill(`Sched ${id}`);
  await expect(picker.getByRole('checkbox', { name: /^Sched / })).toHaveCount(2);
  await picker.getByRole('checkbox', { name: 'Select all contacts matching the search' }).check();
  await expect(picker.getByTestId('picker-count')).toHaveText('2 selected');
  await picker.getByRole('button', { name: 'Confirm Selection' }).click();
  await dialog.getByRole('button', { name: 'Create Schedule' }).click();
  await expect(page.getByText('Schedule created successfully')).toBeVisible();
  // The list asks again once it is due; the fired schedule leaves it.
  await expect(page.getByTestId('schedule-card').filter({ hasText: once })).toHaveCount(0, {
    timeout: 20_000,
  });
  for (const customer of customers)
    await expect.poll(() => received(page.request, customer.phone), { timeout: 30_000 }).toContain(text);

  await page.getByRole('button', { name: 'View History' }).click();
  const history = page.getByRole('dialog', { name: 'Schedule History' });
  await history.getByRole('textbox', { name: 'Search by title...' }).fill(once);
  const entry = history.getByTestId('history-card').filter({ hasText: once });
  await expect(entry).toHaveAttribute('data-status', 'completed');
  await expect(entry.getByTestId('schedule-status')).toHaveText('Completed');
  await expect(entry).toContainText(text);
  await expect(entry).toContainText('Once');
  await expect(entry.getByTestId('schedule-executions')).toContainText('1');
  await expect(entry.getByTestId('schedule-total')).toContainText('2');
  await history.getByRole('textbox', { name: 'Search by title...' }).fill(`nothing-${id}`);
  await expect(history.getByText('No schedules found.')).toBeVisible();

  // The Excel download holds it.
  const downloading = page.waitForEvent('download');
  await history.getByRole('button', { name: 'Download Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('history-schedule.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const rows = book.worksheets[0]!.getSheetValues().map((row) => (Array.isArray(row) ? row.slice(1) : []));
  expect(rows[1]).toEqual(expect.arrayContaining(['Title', 'Description', 'Recipients', 'Total']));
  expect(rows.find((row) => row?.[0] === once)).toEqual(expect.arrayContaining([once, text, 'once', 2]));
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // Delete, after the confirmation.
  await editedCard.getByRole('button', { name: `Delete ${edited}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Schedule' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Schedule deleted successfully')).toBeVisible();
  await expect(editedCard).toHaveCount(0);
});

test.describe('phone, dark', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

  test('the schedules and the Schedule dialog fit a 390 px phone in dark mode', async ({ page }) => {
    // A monthly schedule to all contacts, made through the API, so that a card is there.
    const title = `Monthly phone ${unique()}`;
    const { access_token } = await apiLogin(page, accounts.clientAdmin);
    const headers = { Authorization: `Bearer ${access_token}` };
    const integrations = (await (await page.request.get('/api/integrations', { headers })).json()).data as {
      id: number;
      title: string;
    }[];
    const { date } = jakarta(new Date());
    const created = await page.request.post('/api/schedules', {
      headers,
      multipart: {
        title,
        description: 'A long monthly reminder that wraps over several lines on a narrow phone screen',
        schedule_type: 'repeat',
        repeat_type: 'monthly',
        day: '15',
        start_time: `${date}T10:00:00Z`,
        end_time: `${Number(date.slice(0, 4)) + 1}${date.slice(4)}T10:00:00Z`,
        integration_id: String(integrations.find((item) => item.title === 'Demo WhatsApp')!.id),
        recipent_type: 'all_contact',
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await signInAsClientAdmin(page);
    await openPage(page);
    const card = page.getByTestId('schedule-card').filter({ hasText: title });
    await expect(card.getByTestId('schedule-repeat')).toHaveText('Monthly on day 15');
    await expect(card.getByTestId('schedule-recipients')).toHaveText('All contacts');
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await expect(page.getByRole('button', { name: 'Schedule Message' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('schedules-390-dark.png'), fullPage: true });

    await page.getByRole('button', { name: 'Schedule Message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Message' });
    await pick(page, dialog, 'Schedule Type', 'Repeat');
    await pick(page, dialog, 'Repeat Type', 'Monthly');
    await expect(dialog.getByRole('combobox', { name: 'Day', exact: true })).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    const background = await dialog.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await page.screenshot({ path: test.info().outputPath('schedule-dialog-390-dark.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await card.getByRole('button', { name: `Delete ${title}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete Schedule' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(card).toHaveCount(0);
  });
});
