import { readFileSync } from 'node:fs';
import {
  type APIRequestContext,
  type APIResponse,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { apiLogin, createCompanyWithAdmin, signIn } from './helpers.ts';

/**
 * The Chat Menu screen and the bot menu it drives, end to end. The journey turns the bot on for
 * a whole company, so it makes a company of its own (the super admin creates it through the API)
 * with its own sandbox WhatsApp Cloud number: journeys running beside it on the demo company are
 * not answered by this bot.
 */

const FIXTURE = new URL('./fixtures/order-status.n8n.json', import.meta.url);
const unique = () => `${Date.now() % 1e8}`.padStart(8, '0');

interface Tenant {
  email: string;
  password: string;
  headers: { Authorization: string };
  number: string;
  workflowName: string;
}

async function asJson<T>(response: APIResponse, status: number) {
  expect(response.status(), await response.text()).toBe(status);
  return ((await response.json()) as { data: T }).data;
}

/**
 * A company with a client admin, an active WhatsApp Cloud integration on a fresh sandbox number
 * and an active workflow made from the order-status template (imported under `workflowName`).
 */
async function createTenant(page: Page, id: string): Promise<Tenant> {
  const { request } = page;
  const { admin: account, superAdmin } = await createCompanyWithAdmin(page, id);
  const workflowName = `Order status ${id}`;
  const [template] = await asJson<{ id: number }[]>(
    await request.post('/api/workflows/import', {
      headers: superAdmin,
      data: { ...JSON.parse(readFileSync(FIXTURE, 'utf8')), name: workflowName },
    }),
    201,
  );

  const headers = { Authorization: `Bearer ${(await apiLogin(page, account)).access_token}` };
  const number = `9${id}`;
  expect(
    (await request.post('/sandbox/phone/api/whatsapp/numbers', { data: { phone_number_id: number } })).ok(),
  ).toBe(true);
  const platforms = await asJson<{ id: number; platform_name: string }[]>(
    await request.get('/api/integrations/platforms', { headers }),
    200,
  );
  const body = {
    type: 'message_platform',
    integration_id: platforms.find((p) => p.platform_name === 'WhatsApp Cloud API')!.id,
    title: `Menu WA ${id}`,
    integration_contact: number,
  };
  const integration = await asJson<{ id: number }>(
    await request.post('/api/integrations', { headers, data: body }),
    201,
  );
  await asJson(
    await request.put(`/api/integrations/id/${integration.id}`, {
      headers,
      data: { ...body, status: 'active' },
    }),
    200,
  );
  await asJson(
    await request.post('/api/workflow/company', {
      headers,
      data: { workflow_id: template!.id, n8n_workflow_integration_ids: [integration.id], status: true },
    }),
    201,
  );
  return { ...account, headers, number, workflowName };
}

/** The customer writes to the tenant's number from the sandbox phone's HTTP helper. */
async function customerSays(
  request: APIRequestContext,
  tenant: Tenant,
  name: string,
  phone: string,
  text: string,
) {
  const response = await request.post('/sandbox/phone/api/send', {
    data: { provider: 'whatsapp', account: tenant.number, name, phone, text },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** What the customer's phone received from the business, oldest first. */
async function received(request: APIRequestContext, tenant: Tenant, phone: string) {
  const response = await request.get('/sandbox/phone/api/thread', {
    params: { provider: 'whatsapp', account: tenant.number, phone },
  });
  expect(response.ok()).toBeTruthy();
  const thread = (await response.json()) as { messages: { direction: 'in' | 'out'; text: string }[] };
  return thread.messages.filter((m) => m.direction === 'out').map((m) => m.text);
}

/** Picks an option of a Mantine select. */
async function choose(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).click();
}

test('a two-level chat menu runs a workflow for the customer who picks it', async ({ page }) => {
  test.setTimeout(120_000);
  const id = unique();
  const tenant = await createTenant(page, id);
  const customer = `Rina ${id}`;
  const phone = `62856${id}`;

  await signIn(page, tenant);
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await page.goto('/client/chat-menu');
  await expect(page.getByRole('heading', { level: 2, name: 'Chat Menu' })).toBeVisible();
  await expect(page.getByText('No chat menu found')).toBeVisible();
  const useBot = page.getByRole('switch', { name: 'Use Bot Menu' });
  await expect(useBot).not.toBeChecked();

  await page.getByRole('button', { name: 'Config Chat Menu' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Chat Menu' });

  // Refusals: no name, then missing fields.
  await dialog.getByRole('button', { name: 'Add New Menu' }).click();
  await expect(page.getByText('Please fill at least one menu name')).toBeVisible();
  await expect(dialog).toContainText('Enter menu name');
  await expect(dialog).toContainText('Enter description');
  await expect(dialog).toContainText('Workflow is required');
  await expect(dialog).toContainText('Action is required');
  await dialog.getByRole('textbox', { name: 'Menu Name', exact: true }).fill('Orders');
  await dialog.getByRole('button', { name: 'Add Child Menu' }).click();
  await dialog.getByRole('button', { name: 'Add New Menu' }).click();
  await expect(page.getByText('Please fill all required fields correctly')).toBeVisible();
  const child = dialog.getByRole('group', { name: 'Child menu 1' });
  await expect(child).toContainText('Child menu name is required');
  await expect(child).toContainText('Description is required');

  // The parent 'Orders' and its child 'Order status', which runs the workflow.
  await dialog.getByRole('textbox', { name: 'Description' }).first().fill('Everything about your orders');
  await choose(page, dialog.getByRole('combobox', { name: 'Workflow' }).first(), tenant.workflowName);
  await choose(page, dialog.getByRole('combobox', { name: 'Action' }).first(), 'Reply with the description');
  await child.getByRole('textbox', { name: 'Child Menu Name' }).fill('Order status');
  await child.getByRole('textbox', { name: 'Description' }).fill('Where is my order?');
  await choose(page, child.getByRole('combobox', { name: 'Workflow' }), tenant.workflowName);
  await choose(page, child.getByRole('combobox', { name: 'Action' }), 'Run the workflow');
  await dialog.getByRole('button', { name: 'Add New Menu' }).click();
  const table = dialog.getByRole('table', { name: 'Temporary Menu List' });
  await expect(table.getByTestId('temporary-menu-row')).toHaveCount(1);
  await expect(table).toContainText('Orders');
  await expect(table).toContainText('Order status');
  await expect(dialog.getByRole('textbox', { name: 'Menu Name', exact: true })).toHaveValue('');

  // A second entry goes into the list and out again; the first is edited in place.
  await dialog.getByRole('textbox', { name: 'Menu Name', exact: true }).fill('Talk to us');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('A person answers');
  await choose(page, dialog.getByRole('combobox', { name: 'Workflow' }), tenant.workflowName);
  await choose(page, dialog.getByRole('combobox', { name: 'Action' }), 'Hand over to a person');
  await dialog.getByRole('button', { name: 'Add New Menu' }).click();
  await expect(table.getByTestId('temporary-menu-row')).toHaveCount(2);
  await table.getByRole('button', { name: 'Remove Talk to us' }).click();
  await expect(table.getByTestId('temporary-menu-row')).toHaveCount(1);
  await table.getByRole('button', { name: 'Edit Orders' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Menu Name', exact: true })).toHaveValue('Orders');
  await dialog.getByRole('button', { name: 'Update Menu' }).click();
  await expect(table.getByTestId('temporary-menu-row')).toHaveCount(1);

  await dialog.getByRole('button', { name: 'Save All Menus' }).click();
  await expect(page.getByText('Chat menu created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('chat-menu-card').filter({ hasText: 'Orders' });
  await expect(card).toContainText('1. Orders');
  await card.getByRole('button', { name: 'Show child menus of Orders' }).click();
  await expect(card.getByTestId('chat-menu-child')).toContainText('1. Order status');
  await expect(card.getByTestId('chat-menu-child')).toContainText('Run the workflow');
  await page.screenshot({ path: test.info().outputPath('chat-menu.png') });

  // The bot menu goes on.
  await useBot.click({ force: true });
  await expect(page.getByText('Chat configuration saved successfully')).toBeVisible();
  await expect(useBot).toBeChecked();

  // The customer opens the menu, picks Orders, then Order status: the workflow answers.
  const last = async () => (await received(page.request, tenant, phone)).at(-1) ?? '';
  await customerSays(page.request, tenant, customer, phone, 'menu');
  await expect.poll(last, { timeout: 20_000 }).toContain('1. Orders');
  await customerSays(page.request, tenant, customer, phone, '1');
  await expect.poll(last, { timeout: 20_000 }).toContain('1. Order status');
  await customerSays(page.request, tenant, customer, phone, '1');
  const answer = `Order status for ${customer}: shipped`;
  await expect.poll(last, { timeout: 20_000 }).toBe(answer);

  // The conversation shows the bot's answers too.
  await page.goto(`/client/messages/${encodeURIComponent(`${phone}@c.us`)}`);
  await expect(page.getByTestId('chat-bubble').filter({ hasText: answer })).toHaveAttribute(
    'data-from-me',
    'true',
  );

  // Deleting the menu takes its child with it.
  await page.goto('/client/chat-menu');
  await page.getByRole('button', { name: 'Delete Orders' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete chat menu' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Chat menu deleted successfully')).toBeVisible();
  await expect(page.getByText('No chat menu found')).toBeVisible();
});

test('the chat menu screen works on a 390×844 phone in dark mode', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const page = await context.newPage();
  const tenant = await createTenant(page, unique());
  await signIn(page, tenant);
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await page.goto('/client/chat-menu');
  await expect(page.getByRole('heading', { level: 2, name: 'Chat Menu' })).toBeVisible();
  expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
  await expect(page.getByRole('button', { name: 'Config Chat Menu' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Config Chat Menu' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Chat Menu' });
  await dialog.getByRole('textbox', { name: 'Menu Name', exact: true }).fill('Orders');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Everything about your orders');
  await choose(page, dialog.getByRole('combobox', { name: 'Workflow' }), tenant.workflowName);
  await choose(page, dialog.getByRole('combobox', { name: 'Action' }), 'Reply with the description');
  await dialog.getByRole('button', { name: 'Add New Menu' }).click();
  await expect(dialog.getByRole('table', { name: 'Temporary Menu List' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save All Menus' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('chat-menu-390-dark.png') });
  await context.close();
});
