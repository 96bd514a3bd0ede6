import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accounts, apiLogin, signInAsClientAdmin } from './helpers.ts';

/** The seeded sandbox WhatsApp Cloud number of the demo company ('Demo WhatsApp'). */
const DEMO_WA = '106540352242922';
const unique = () => `${Date.now() % 1e8}`.padStart(8, '0');

async function customerSays(request: APIRequestContext, name: string, phone: string, text: string) {
  const response = await request.post('/sandbox/phone/api/send', {
    data: { provider: 'whatsapp', account: DEMO_WA, name, phone, text },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** A small API caller as the client admin, for preparing data. */
async function adminApi(page: Page) {
  const { access_token } = await apiLogin(page, accounts.clientAdmin);
  const headers = { authorization: `Bearer ${access_token}` };
  return {
    post: (url: string, data: unknown) => page.request.post(url, { data, headers }),
    get: (url: string) => page.request.get(url, { headers }),
  };
}

async function makeCategory(page: Page, name: string) {
  const api = await adminApi(page);
  const response = await api.post('/api/tickets/categories', {
    name,
    description: `${name} issues`,
    default_sla: 120,
    icon: 'package',
  });
  expect(response.status()).toBe(201);
  return (await response.json()).data as { id: number; name: string };
}

async function makeTicket(
  page: Page,
  title: string,
  categoryId: number,
  dueDate: string,
  extra: object = {},
) {
  const api = await adminApi(page);
  const assignees = (await (await api.get('/api/tickets/assignees')).json()).data as {
    user_info: { id: number; full_name: string };
  }[];
  const response = await api.post('/api/tickets', {
    title,
    description: `${title} description`,
    assignee_id: assignees[0]!.user_info.id,
    category_id: categoryId,
    priority: 'medium',
    escalation_level: 'level 1',
    sla_target: 2,
    due_date: dueDate,
    tags: ['e2e'],
    ...extra,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as { id: number; ticket_number: string };
}

/** Picks an option of a Mantine Select/MultiSelect by its label. */
async function pick(
  page: Page,
  label: string | RegExp,
  option: string | RegExp,
  scope: Page | ReturnType<Page['getByRole']> = page,
) {
  await scope
    .getByRole('combobox', { name: label })
    .or(scope.getByRole('textbox', { name: label }))
    .first()
    .click({ force: true });
  await page.getByRole('option', { name: option }).first().click();
}

test('categories: validate, add, edit and delete; the empty text', async ({ page }) => {
  const id = unique();
  await signInAsClientAdmin(page);
  await page.goto('/client/tickets');
  await page.getByRole('link', { name: 'Configure' }).click();
  await expect(page).toHaveURL(/\/client\/tickets\/configuration$/);
  await expect(page.getByRole('heading', { name: 'Ticket Configuration' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Category' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('');
  await dialog.getByRole('textbox', { name: 'Default SLA (minutes)' }).fill('-5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await expect(dialog.getByText('Default SLA must be positive')).toBeVisible();
  await expect(dialog.getByText('Icon is required')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Name' }).fill(`Shipping ${id}`);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Late or lost parcels');
  await dialog.getByRole('textbox', { name: 'Default SLA (minutes)' }).fill('180');
  await pick(page, 'Icon', /Package/, dialog as never);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Ticket category created successfully')).toBeVisible();
  const card = page.getByTestId('category-card').filter({ hasText: `Shipping ${id}` });
  await expect(card).toContainText('180 minutes');
  await expect(card).toContainText('📦');

  await card.getByRole('button', { name: `Edit Shipping ${id}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Category' });
  await edit.getByRole('textbox', { name: 'Default SLA (minutes)' }).fill('240');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Ticket category updated successfully')).toBeVisible();
  await expect(card).toContainText('240 minutes');

  await card.getByRole('button', { name: `Delete Shipping ${id}` }).click();
  await page.getByRole('dialog', { name: 'Delete Category' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Category deleted successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('a ticket from a chat message, then created, filtered, assigned, commented and moved through statuses', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = unique();
  await makeCategory(page, `Delivery ${id}`);

  // From chat: a customer writes; the chat ticket call needs the customer name.
  const phone = `62878${id}`;
  await customerSays(page.request, `Buyer ${id}`, phone, `My parcel ${id} is late\nOrdered last week`);
  const api = await adminApi(page);
  const refused = await api.post('/api/tickets/chat', {
    chat_content: 'x',
    chat_id: `${phone}@c.us`,
    customer_name: '',
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toBe('Customer name is required to create a ticket');

  // The message's own Create Ticket opens the ticket dialog prefilled from it, and saves from chat.
  await signInAsClientAdmin(page);
  await page.goto(`/client/messages/${phone}@c.us`);
  await page.getByRole('button', { name: 'Create Ticket' }).click();
  const fromRoom = page.getByRole('dialog', { name: 'Create New Ticket' });
  await expect(fromRoom.getByText(`From chat ${phone}@c.us`)).toBeVisible();
  await expect(fromRoom.getByRole('textbox', { name: 'Title' })).toHaveValue(`My parcel ${id} is late`);
  await pick(page, 'Assignee', 'Demo Admin', fromRoom as never);
  await pick(page, 'Category', new RegExp(`Delivery ${id}`), fromRoom as never);
  await fromRoom.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(page.getByText('Ticket created successfully')).toBeVisible();
  const listed = await api.get(`/api/tickets?search=${encodeURIComponent(`My parcel ${id}`)}`);
  const chatTicket = (await listed.json()).data[0];
  expect(chatTicket).toMatchObject({
    resource_from: 'chat',
    resource_id: `${phone}@c.us`,
    customer_name: `Buyer ${id}`,
  });

  await page.goto(`/client/tickets/${chatTicket.id}`);
  await expect(page.getByRole('heading', { name: `My parcel ${id} is late` })).toBeVisible();
  await expect(page.getByTestId('details-panel')).toContainText(`Buyer ${id}`);
  await page.getByRole('button', { name: 'Ticket actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'To Chat' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'To Chat' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/messages/${phone}(%40|@)c\\.us$`));

  // Create through the dialog, with its validation.
  await page.goto('/client/tickets');
  await page.getByRole('button', { name: 'Create Ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Ticket' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('');
  await dialog.getByRole('textbox', { name: 'SLA Target (hours)' }).fill('0');
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await expect(dialog.getByText('Assignee is required')).toBeVisible();
  await expect(dialog.getByText('Category is required')).toBeVisible();
  await expect(dialog.getByText('SLA target must be at least 1 hour')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Title' }).fill(`Refund ${id}`);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Customer asks for a refund');
  await pick(page, 'Assignee', 'Demo Admin', dialog as never);
  await pick(page, 'Category', new RegExp(`Delivery ${id}`), dialog as never);
  await dialog.getByRole('textbox', { name: 'SLA Target (hours)' }).fill('3');
  await pick(page, 'Priority', 'High', dialog as never);
  await dialog.getByRole('textbox', { name: 'Tags' }).fill(' refund , vip ,, ');
  const due = new Date(Date.now() + 2 * 3_600_000 + 30 * 60_000);
  const local = new Date(due.getTime() - due.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  await dialog.getByLabel('Due Date').fill(local);
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(page.getByText('Ticket created successfully')).toBeVisible();
  const card = page.getByTestId('ticket-card').filter({ hasText: `Refund ${id}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('High');
  await expect(card).toContainText('Open');
  await expect(card).toContainText(`Delivery ${id}`);
  await expect(card).toContainText('Level 1');
  await expect(card).toContainText('refund');
  await expect(card).toContainText('vip');

  // Filter: search (debounced 1 s), then several priorities at once.
  await page.getByRole('textbox', { name: 'Search tickets...' }).fill(id);
  await expect(page.getByTestId('ticket-card')).toHaveCount(2);
  await page.getByRole('button', { name: 'Filters' }).click();
  await pick(page, 'Priority', 'Low');
  await expect(page.getByText('No tickets found. Create a new ticket to get started.')).toBeVisible();
  await page.keyboard.press('Escape');
  await pick(page, 'Priority', 'High');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('ticket-card')).toHaveCount(1);
  await pick(page, 'Priority', 'Medium');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('ticket-card')).toHaveCount(2);
  await pick(page, 'Status', 'Closed');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('ticket-card')).toHaveCount(0);

  // Detail: the SLA panel counts down from about 2 h 29 m.
  await page.goto('/client/tickets');
  await page.getByRole('textbox', { name: 'Search tickets...' }).fill(`Refund ${id}`);
  await page
    .getByTestId('ticket-card')
    .filter({ hasText: `Refund ${id}` })
    .click();
  await expect(page).toHaveURL(/\/client\/tickets\/\d+$/);
  await expect(page.getByTestId('ticket-number')).toHaveText(/^TCK-\d{6}$/);
  await expect(page.getByTestId('sla-remaining')).toHaveText(/^2h (2[89]|30)m$/);
  await expect(page.getByTestId('sla-remaining')).toHaveAttribute('data-overdue', 'false');
  await expect(page.getByTestId('sla-panel')).toContainText('Due date');
  expect(Number(await page.getByTestId('sla-progress').getAttribute('data-value'))).toBeGreaterThan(80);
  await expect(page.getByTestId('details-panel')).toContainText('refund');

  // Comment: Send is disabled until there is text.
  const send = page.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await page.getByRole('textbox', { name: 'Add a comment...' }).fill('   ');
  await expect(send).toBeDisabled();
  await page.getByRole('textbox', { name: 'Add a comment...' }).fill(`  Called the customer ${id}  `);
  await send.click();
  await expect(page.getByText('Comment added successfully')).toBeVisible();
  await expect(page.getByTestId('activity-item').last()).toContainText(`Called the customer ${id}`);
  await expect(page.getByRole('textbox', { name: 'Add a comment...' })).toHaveValue('');

  // Assign to the agent through the edit dialog: the server writes the activity.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Ticket' });
  await pick(page, 'Assignee', 'Demo Agent', edit as never);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Ticket updated successfully')).toBeVisible();
  await expect(page.getByTestId('activity-list')).toContainText('Assignee changed from');

  // Statuses: words prettified in the activity list.
  for (const [status, from] of [
    ['In Progress', 'Open'],
    ['Resolved', 'In Progress'],
    ['Closed', 'Resolved'],
  ] as const) {
    await page.getByRole('button', { name: 'Ticket actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'To Chat' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: `Mark as ${status}` }).click();
    await expect(page.getByTestId('ticket-status')).toHaveText(status);
    await expect(page.getByTestId('activity-list')).toContainText(`Status changed from ${from} to ${status}`);
  }
});

test('an overdue ticket shows negative time and an empty bar; a missing one goes back to the list', async ({
  page,
}) => {
  const id = unique();
  const category = await makeCategory(page, `Overdue ${id}`);
  const ticket = await makeTicket(
    page,
    `Late ${id}`,
    category.id,
    new Date(Date.now() - 90 * 60_000).toISOString(),
  );
  await signInAsClientAdmin(page);
  await page.goto(`/client/tickets/${ticket.id}`);
  await expect(page.getByTestId('sla-remaining')).toHaveText(/^-1h 3[01]m$/);
  await expect(page.getByTestId('sla-remaining')).toHaveAttribute('data-overdue', 'true');
  await expect(page.getByTestId('sla-panel')).toContainText('Overdue');
  await expect(page.getByTestId('sla-progress')).toHaveAttribute('data-value', '0');

  await page.goto('/client/tickets/99999999');
  await expect(page.getByText('Data ticket not found')).toBeVisible();
  await expect(page).toHaveURL(/\/client\/tickets$/);
});

test.describe('phone, dark', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

  test('the list, the dialog and the detail fit a 390 px phone in dark mode', async ({ page }) => {
    const id = unique();
    const category = await makeCategory(page, `Phone ${id}`);
    const ticket = await makeTicket(
      page,
      `Phone ticket ${id} with a rather long title to wrap`,
      category.id,
      new Date(Date.now() + 3_600_000).toISOString(),
    );
    await signInAsClientAdmin(page);
    await page.goto('/client/tickets');
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await expect(page.getByTestId('ticket-card').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const background = await page
      .getByTestId('ticket-card')
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');

    await page.getByRole('button', { name: 'Create Ticket' }).click();
    await expect(page.getByRole('dialog', { name: 'Create New Ticket' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`/client/tickets/${ticket.id}`);
    await expect(page.getByTestId('sla-panel')).toBeVisible();
    await expect(page.getByTestId('details-panel')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
