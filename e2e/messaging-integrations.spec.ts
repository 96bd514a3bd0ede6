import { expect, type Page, test } from '@playwright/test';
import { accounts, signIn, signInAsClientAdmin } from './helpers.ts';

const unique = () => `${Date.now() % 1e8}`;
/** A well-formed bot token, which the sandbox Telegram accepts. */
const botToken = () =>
  `${7_000_000 + Math.floor(Math.random() * 1e6)}:${Array.from({ length: 30 }, () => 'abcdefghijkLMNOPQ0123456789_-'[Math.floor(Math.random() * 29)]).join('')}`;

async function openAdd(page: Page) {
  await page.goto('/client/integrations');
  await expect(page.getByRole('heading', { level: 2, name: 'Integrations' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Integration' }).click();
  return page.getByRole('dialog', { name: 'Add Integration' });
}

async function choosePlatform(page: Page, dialog: ReturnType<Page['getByRole']>, platform: string) {
  await dialog.getByRole('combobox', { name: 'Platform' }).click();
  await page.getByRole('option', { name: platform }).click();
}

test('the integration form says what is missing', async ({ page }) => {
  await signInAsClientAdmin(page);
  const dialog = await openAdd(page);
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Platform is required')).toBeVisible();
  await expect(dialog.getByText('Integration name is required')).toBeVisible();
  await expect(dialog.getByText('AccountID is required')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a Telegram integration is created inactive, then activated with the provider', async ({ page }) => {
  await signInAsClientAdmin(page);
  const title = `Support bot ${unique()}`;
  const token = botToken();
  const dialog = await openAdd(page);
  await choosePlatform(page, dialog, 'Telegram');
  await expect(dialog.getByRole('button', { name: 'Show QR' })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Name' }).fill(title);
  await dialog.getByRole('textbox', { name: 'AccountID' }).fill(token);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Integration created successfully')).toBeVisible();

  await page.getByRole('textbox', { name: 'Search integrations...' }).fill(title);
  const card = page.getByTestId('integration-card').filter({ hasText: title });
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(card).toContainText('Never synced');

  await card.getByRole('button', { name: 'Configure' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Integration' });
  // The token comes back only as a hint; saving it unchanged keeps the token.
  await expect(edit.getByRole('textbox', { name: 'AccountID' })).toHaveValue(`••••${token.slice(-4)}`);
  await edit.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Integration updated successfully')).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card).toContainText('Last sync just now');
});

test('a provider that refuses the account leaves the integration off with the reason', async ({ page }) => {
  await signInAsClientAdmin(page);
  const title = `Broken bot ${unique()}`;
  const dialog = await openAdd(page);
  await choosePlatform(page, dialog, 'Telegram');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(title);
  await dialog.getByRole('textbox', { name: 'AccountID' }).fill('not-a-token');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Integration created successfully')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search integrations...' }).fill(title);
  const card = page.getByTestId('integration-card').filter({ hasText: title });
  await card.getByRole('button', { name: 'Configure' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Integration' });
  await edit.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/^Activation failed: /).first()).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
});

test("'Show QR' opens the gateway's pairing page for a WhatsApp Web device", async ({ page }) => {
  await signInAsClientAdmin(page);
  const device = `device-${unique()}`;
  const dialog = await openAdd(page);
  await choosePlatform(page, dialog, 'WhatsApp Web (QR)');
  await dialog.getByRole('textbox', { name: 'AccountID' }).fill(device);
  await dialog.getByRole('button', { name: 'Show QR' }).click();
  const qr = page.getByRole('dialog', { name: 'Scan QR Code' });
  await expect(qr).toContainText('For development purpose only, please do not share this QR code');
  const frame = qr.locator('iframe');
  await expect(frame).toHaveAttribute('src', `/sandbox/waha/qr?device=${device}`);
  await expect(page.frameLocator('iframe').getByRole('heading', { name: new RegExp(device) })).toBeVisible();
});

test('an agent without integration_create sees the integrations but no Add button', async ({ page }) => {
  await signIn(page, accounts.clientUser);
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await page.goto('/client/integrations');
  await expect(page.getByTestId('integration-card').filter({ hasText: 'Demo WhatsApp' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Integration' })).toHaveCount(0);
});
