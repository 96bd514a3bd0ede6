import { expect, test } from '@playwright/test';
import { accounts, signIn, signInAsSuperAdmin } from './helpers.ts';

// Maintenance mode makes every client area read-only, so this journey runs alone, after all the
// others (the "maintenance" project of playwright.config.ts).
test.describe.configure({ timeout: 90_000 });

test('Settings saves the password policy, and maintenance mode shows the client banner until turned off', async ({
  page,
  browser,
}) => {
  await signInAsSuperAdmin(page);
  await page.goto('/super-admin/settings');
  await page.getByRole('radio', { name: /^Basic/ }).check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: /^Basic/ })).toBeChecked();
  // Back to the default so other journeys see the usual policy.
  await page.getByRole('radio', { name: /^Medium/ }).check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings updated successfully').first()).toBeVisible();

  const other = await browser.newContext();
  const client = await other.newPage();
  await signIn(client, accounts.clientUser);
  await expect(client).toHaveURL(/\/client\/dashboard$/);
  await expect(client.getByTestId('maintenance-banner')).toHaveCount(0);

  await page.getByRole('button', { name: 'Enable Maintenance Mode' }).click();
  try {
    await expect(page.getByTestId('maintenance-state')).toHaveText(
      'Maintenance mode is on: the client area is read-only.',
    );
    await client.reload();
    await expect(client.getByTestId('maintenance-banner')).toHaveText(
      'The platform is under maintenance. Changes are paused until it ends.',
    );
  } finally {
    await page.getByRole('button', { name: 'Disable Maintenance Mode' }).click();
  }
  await expect(page.getByTestId('maintenance-state')).toHaveText('Maintenance mode is off.');
  await client.reload();
  await expect(client.getByTestId('client-shell')).toBeVisible();
  await expect(client.getByTestId('maintenance-banner')).toHaveCount(0);
  await other.close();
});
