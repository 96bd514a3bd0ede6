import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInAsClientAdmin } from './helpers.ts';

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

const waitLive = (page: Page) =>
  expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'open');

test('a customer writes, the agent answers live, ticks turn read, the room is downloaded and deleted', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const id = unique();
  const name = `Customer ${id}`;
  const phone = `62877${id}`;
  const room = `${phone}@c.us`;

  await signInAsClientAdmin(page);
  await page.goto('/client/messages');
  await expect(page.getByRole('heading', { level: 2, name: 'Conversations' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Use AI' })).toBeVisible();
  await waitLive(page);

  // The message appears in Conversations without a reload.
  await customerSays(page.request, name, phone, `Hello from ${id}`);
  const card = page.getByTestId('conversation-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`Hello from ${id}`);
  await expect(card).toContainText('WhatsApp');
  await expect(card).toContainText(/\d{2}\/\d{2}\/\d{4}, \d{2}\.\d{2}/);

  // The chat room: header, the bubble, and a new message arriving live.
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/client/messages/${phone}(%40|@)c\\.us$`));
  await expect(page.getByRole('heading', { name: `Chat with User ${phone}` })).toBeVisible();
  const bubbles = page.getByTestId('chat-bubble');
  await expect(bubbles.filter({ hasText: `Hello from ${id}` })).toBeVisible();
  await waitLive(page);
  await customerSays(page.request, name, phone, `Are you there ${id}?`);
  await expect(bubbles.filter({ hasText: `Are you there ${id}?` })).toHaveAttribute('data-read', 'false');
  await expect(page.getByText('New message received').first()).toBeVisible();

  // The agent answers: Shift+Enter adds a line, Enter sends.
  const input = page.getByRole('textbox', { name: /Type a message/ });
  await input.fill(`Yes ${id}, line one`);
  await input.press('Shift+Enter');
  await input.pressSequentially('line two');
  await expect(input).toHaveValue(`Yes ${id}, line one\nline two`);
  await input.press('Enter');
  await expect(input).toHaveValue('');
  const reply = bubbles.filter({ hasText: `Yes ${id}, line one` });
  await expect(reply).toHaveAttribute('data-from-me', 'true');
  await expect(reply).toHaveAttribute('data-status', /^(sent|delivered|read)$/);

  // The customer sees the answer on the phone page; looking at it turns the tick read.
  const phoneContext = await browser.newContext();
  const customer = await phoneContext.newPage();
  await customer.addInitScript((saved) => localStorage.setItem('sandbox-phone', JSON.stringify(saved)), {
    account: `whatsapp:${DEMO_WA}`,
    name,
    phone,
  });
  await customer.goto('/sandbox/phone');
  await expect(customer.locator('.bubble.out', { hasText: `Yes ${id}, line one` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(reply).toHaveAttribute('data-status', 'read', { timeout: 15_000 });
  await phoneContext.close();

  // Download the room.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download chat' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`chat_${room}.xlsx`);

  // Delete it, with the confirmation.
  await page.getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Create Ticket' })).toBeEnabled();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Item' });
  await expect(dialog).toContainText('Are you sure you want to delete this item?');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Room deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/client\/messages$/);
  await expect(page.getByTestId('conversation-card').filter({ hasText: name })).toHaveCount(0);
});

test('the chat room works on a 390×844 phone in dark mode', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const page = await context.newPage();
  const id = unique();
  const name = `Phone ${id}`;
  const phone = `62878${id}`;
  await customerSays(page.request, name, phone, `Dark mode hello ${id}`);
  await signInAsClientAdmin(page);
  await page.goto(`/client/messages/${encodeURIComponent(`${phone}@c.us`)}`);
  await expect(page.getByRole('heading', { name: `Chat with User ${phone}` })).toBeVisible();
  expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
  await expect(page.getByTestId('chat-bubble').filter({ hasText: `Dark mode hello ${id}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Type a message/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download chat' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The bubble is readable on the dark background.
  const colors = await page
    .getByTestId('chat-bubble')
    .first()
    .evaluate((el) => getComputedStyle(el).color);
  expect(colors).not.toBe('rgb(0, 0, 0)');
  // The attachment menu opens and does nothing.
  await page.getByRole('button', { name: 'Attach' }).click();
  await expect(page.getByRole('menuitem', { name: 'Image' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'File' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: test.info().outputPath('chat-room-390-dark.png') });
  await context.close();
});

test('a room the agent may not read sends them back to Conversations', async ({ page }) => {
  // This session's role comes without chat_read: the stored list and the role policies the shell loads.
  await page.route('**/api/rbac/roles**', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    for (const role of json.data ?? [])
      role.policies = role.policies.filter((policy: { action: string }) => policy.action !== 'chat_read');
    await route.fulfill({ response, json });
  });
  await signInAsClientAdmin(page);
  await page.evaluate(() => {
    const key = 'ai-admin.session';
    const session = JSON.parse(localStorage.getItem(key) ?? '{}');
    session.permissions = (session.permissions as string[]).filter((p) => p !== 'chat_read');
    localStorage.setItem(key, JSON.stringify(session));
  });
  await page.goto(`/client/messages/${encodeURIComponent('5511223344@telegram')}`);
  await expect(page).toHaveURL(/\/client\/messages$/);
  await expect(page.getByText("You don't have permission to read chat")).toBeVisible();
});
