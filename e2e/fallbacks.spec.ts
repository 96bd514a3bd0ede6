import { expect, test } from '@playwright/test';
import { signInAsClientAdmin } from './helpers.ts';

test("the application's code failing to load shows 'Failed to load application'", async ({ page }) => {
  await page.route(/\/assets\/App-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Failed to load application' })).toBeVisible();
});

test("a screen whose code fails to load shows 'Failed to load application' inside the shell", async ({
  page,
}) => {
  await signInAsClientAdmin(page);
  await page.route(/\/assets\/ContactsPage-[\w-]+\.js$/, (route) => route.abort());
  await page
    .getByRole('navigation', { name: 'sidebar' })
    .getByRole('link', { name: 'Contacts', exact: true })
    .click();
  await expect(page.getByRole('alert')).toHaveText('Failed to load application');
  await expect(page.getByTestId('client-shell')).toBeVisible();
});
