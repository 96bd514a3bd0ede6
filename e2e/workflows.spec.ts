import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { accounts, apiLogin, signIn, signInAsClientAdmin, signInAsSuperAdmin } from './helpers.ts';

/** A hand-written n8n export: a Webhook node (POST order-status) answered by a Respond to Webhook node. */
const FIXTURE = new URL('./fixtures/order-status.n8n.json', import.meta.url);
const exported = () => JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, unknown>;

const unique = () => `${Date.now() % 1e8}${Math.floor(Math.random() * 100)}`;

/** The fixture under a name of this run's own, as a file the person picks. */
const exportFile = (name: string) => ({
  name: 'order-status.n8n.json',
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify({ ...exported(), name })),
});

/** The super admin imports the fixture under `name` through the API (for journeys that start later). */
async function importTemplate(page: Page, name: string) {
  const { access_token } = await apiLogin(page, accounts.superAdmin);
  const response = await page.request.post('/api/workflows/import', {
    headers: { Authorization: `Bearer ${access_token}` },
    data: { ...exported(), name },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()).data as { id: number }[])[0]!.id;
}

/** What the company's copy in the (sandbox) engine answers on its webhook. */
const callWebhook = (request: APIRequestContext, path: string, customer: string) =>
  request.post(`/sandbox/n8n/webhook/${path}`, { data: { customer_name: customer } });

/** Picks an option of a Mantine select or multi-select. */
async function choose(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).click();
}

/** The scale of the diagram's viewport (React Flow's transform). */
const diagramScale = (diagram: Locator) =>
  diagram
    .locator('.react-flow__viewport')
    .evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).a);

test('the super admin imports an n8n export and sees its nodes in the diagram', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Order status ${unique()}`;
  await signInAsSuperAdmin(page);
  await page.goto('/super-admin/workflows');
  await expect(page.getByRole('heading', { level: 2, name: 'Workflow Templates' })).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Search workflows...' });
  await expect(search).toBeVisible();
  // The sandbox engine is configured: templates can also be pulled from it.
  await expect(page.getByRole('button', { name: 'Pull from engine' })).toBeVisible();

  // A file that is not an n8n export: the server's refusal is shown.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ hello: 'world' })),
  });
  await expect(page.getByText(/^The file is not an n8n workflow export: /)).toBeVisible();

  await fileInput.setInputFiles(exportFile(name));
  await expect(page.getByText('Workflow template imported successfully')).toBeVisible();

  await search.fill(name);
  const card = page.getByTestId('template-card').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('template-status')).toHaveText('Active');
  await expect(card.getByTestId('template-node-count')).toContainText('2 nodes');
  await expect(card.getByTestId('template-tags')).toContainText('Orders');
  await expect(card).toContainText(/Created \d{2}\/\d{2}\/\d{4}/);

  // Withdrawn and offered again with the toggle.
  const toggle = card.getByRole('switch', { name: `Offer ${name} to clients` });
  await toggle.click({ force: true });
  await expect(page.getByText('Workflow status updated successfully').first()).toBeVisible();
  await expect(card.getByTestId('template-status')).toHaveText('Inactive');
  await toggle.click({ force: true });
  await expect(card.getByTestId('template-status')).toHaveText('Active');

  // View Details: the read-only diagram with both nodes and their connection.
  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name });
  const diagram = details.getByRole('region', { name: `Diagram of ${name}` });
  await expect(diagram.locator('.react-flow__node')).toHaveCount(2);
  await expect(diagram.locator('.react-flow__node[data-id="Webhook"]')).toContainText('Webhook');
  await expect(diagram.locator('.react-flow__node[data-id="Respond to Webhook"]')).toContainText(
    'Respond To Webhook',
  );
  await expect(diagram.locator('.react-flow__edge')).toHaveCount(1);
  await expect(details.getByTestId('template-node-list')).toContainText('Respond to Webhook');
  await page.screenshot({ path: test.info().outputPath('template-details.png') });
  // Zoom stays within 0.2 and 2.
  const zoomOut = diagram.getByRole('button', { name: 'Zoom Out' });
  for (let i = 0; i < 25; i += 1) if (await zoomOut.isEnabled()) await zoomOut.click();
  await expect.poll(() => diagramScale(diagram)).toBeCloseTo(0.2, 2);
  const zoomIn = diagram.getByRole('button', { name: 'Zoom In' });
  for (let i = 0; i < 25; i += 1) if (await zoomIn.isEnabled()) await zoomIn.click();
  await expect.poll(() => diagramScale(diagram)).toBeCloseTo(2, 2);
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();
});

test('a client admin creates workflows from a template, toggles one and deletes one', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Order status ${unique()}`;
  await importTemplate(page, name);

  await signInAsClientAdmin(page);
  await page.goto('/client/workflows');
  await expect(page.getByRole('heading', { level: 2, name: 'Workflows' })).toBeVisible();
  await expect(page.getByText('Manage your automation workflows')).toBeVisible();

  // The dialog checks its fields first.
  await page.getByRole('button', { name: 'Create Workflow' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Workflow' });
  await dialog.getByRole('button', { name: 'Create Workflow' }).click();
  await expect(dialog).toContainText('Workflow template is required');
  await expect(dialog).toContainText('At least one integration is required');
  await choose(page, dialog.getByRole('combobox', { name: 'Workflow Template' }), name);
  await choose(page, dialog.getByRole('combobox', { name: 'Integrations' }), /^Demo WhatsApp/);
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('switch', { name: /Active/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create Workflow' }).click();
  await expect(page.getByText('Workflow integration created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Search workflows...' }).fill(name);
  const cards = page.getByTestId('workflow-card').filter({ hasText: name });
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByTestId('workflow-status')).toHaveText('Active');
  await expect(card.getByTestId('workflow-integrations')).toContainText('Demo WhatsApp');
  await expect(card).toHaveAttribute('data-engine-state', 'active');

  // The engine's copy answers on the company's own webhook path while active.
  const path = ((await card.getByText(/^Webhook: /).textContent()) ?? '').replace('Webhook: ', '').trim();
  expect(path).toMatch(/^c\d+\/w\d+\/order-status$/);
  const answered = await callWebhook(page.request, path, 'Sari');
  expect(await answered.json()).toEqual({ reply: 'Order status for Sari: shipped' });

  await page.screenshot({ path: test.info().outputPath('workflows.png') });

  // The toggle turns it off, in the engine too.
  await card.getByRole('switch', { name: `${name} active` }).click({ force: true });
  await expect(page.getByText('Workflow status updated successfully')).toBeVisible();
  await expect(card.getByTestId('workflow-status')).toHaveText('Inactive');
  expect((await callWebhook(page.request, path, 'Sari')).status()).toBe(404);

  // A second one, made inactive from the start; then it is deleted with the confirmation.
  await page.getByRole('button', { name: 'Create Workflow' }).click();
  await choose(page, dialog.getByRole('combobox', { name: 'Workflow Template' }), name);
  await choose(page, dialog.getByRole('combobox', { name: 'Integrations' }), /^Demo Telegram/);
  await page.keyboard.press('Escape');
  await dialog.getByRole('switch', { name: /Active/ }).click({ force: true });
  await dialog.getByRole('button', { name: 'Create Workflow' }).click();
  await expect(page.getByText('Workflow integration created successfully').first()).toBeVisible();
  await expect(cards).toHaveCount(2);

  const second = cards.filter({ hasText: 'Demo Telegram' });
  await second.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText(
    'This action cannot be undone. This will permanently delete the workflow.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Workflow deleted successfully')).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByTestId('workflow-integrations')).toContainText('Demo WhatsApp');
});

test('an agent (client_user) reads workflows but has no Create Workflow', async ({ page }) => {
  await signIn(page, accounts.clientUser);
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await page.goto('/client/workflows');
  await expect(page.getByRole('heading', { level: 2, name: 'Workflows' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search workflows...' })).toBeVisible();
  await expect(
    page.getByTestId('workflow-card').first().or(page.getByText('No workflows found')),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Workflow' })).toHaveCount(0);
  await expect(page.getByTestId('workflow-card').getByRole('switch')).toHaveCount(0);
});

test('workflows and templates work on a 390×844 phone in dark mode', async ({ browser }) => {
  test.setTimeout(90_000);
  const phone = { viewport: { width: 390, height: 844 }, colorScheme: 'dark' as const };
  const admin = await browser.newContext(phone);
  const page = await admin.newPage();
  const name = `Phone flow ${unique()}`;
  await importTemplate(page, name);

  await signInAsSuperAdmin(page);
  await page.goto('/super-admin/workflows');
  await expect(page.getByRole('heading', { level: 2, name: 'Workflow Templates' })).toBeVisible();
  expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
  await page.getByRole('textbox', { name: 'Search workflows...' }).fill(name);
  const card = page.getByTestId('template-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.getByRole('button', { name: 'View Details' }).click();
  const diagram = page.getByRole('region', { name: `Diagram of ${name}` });
  await expect(diagram.locator('.react-flow__node')).toHaveCount(2);
  await expect(diagram.locator('.react-flow__node').first()).toBeInViewport();
  await expect(diagram.locator('.react-flow')).toHaveClass(/dark/);
  await page.screenshot({ path: test.info().outputPath('template-details-390-dark.png') });
  await admin.close();

  // The client side, on the same phone.
  const client = await browser.newContext(phone);
  const clientPage = await client.newPage();
  await signInAsClientAdmin(clientPage);
  await clientPage.goto('/client/workflows');
  await expect(clientPage.getByRole('heading', { level: 2, name: 'Workflows' })).toBeVisible();
  await expect(clientPage.getByRole('button', { name: 'Create Workflow' })).toBeInViewport();
  expect(await clientPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await clientPage.getByRole('button', { name: 'Create Workflow' }).click();
  const dialog = clientPage.getByRole('dialog', { name: 'Create Workflow' });
  await expect(dialog.getByRole('combobox', { name: 'Workflow Template' })).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Create Workflow' })).toBeInViewport();
  await clientPage.screenshot({ path: test.info().outputPath('workflows-390-dark.png') });
  await client.close();
});
