import { expect, type Page, test } from '@playwright/test';
import { accounts, signIn, signInAsClientAdmin } from './helpers.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function openUsers(page: Page) {
  await page.goto('/client/users');
  await expect(page.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible();
}

test('a client admin adds, finds, edits and deletes a user', async ({ page }) => {
  await signInAsClientAdmin(page);
  await openUsers(page);
  const table = page.getByRole('table');
  for (const column of ['Name', 'Email', 'Role', 'Status', 'Last Active', 'Actions']) {
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New User' });
  await expect(dialog).toBeVisible();
  // Every rule of §5, before anything is sent.
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog.getByText('Full name is required')).toBeVisible();
  await expect(dialog.getByText('Email address is required')).toBeVisible();
  await expect(dialog.getByText('Password is required')).toBeVisible();
  await expect(dialog.getByText('Please fill in this field')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('Client User');
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await expect(page.getByRole('option', { name: 'Client Admin' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Super Admin' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const id = unique();
  const name = `Sari ${id}`;
  const email = `sari.${id}@e2e.example.com`;
  await dialog.getByRole('textbox', { name: 'Full Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('0812345');
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  await expect(dialog.getByText('Format nomor telepon tidak valid (Contoh: 628123456789)')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  const phone = dialog.getByRole('textbox', { name: 'Phone' });
  await phone.fill('6281234567890123');
  await expect(phone).toHaveValue('62812345678901'); // at most 14 characters
  await phone.fill('628123456789');
  await dialog.getByRole('textbox', { name: 'Password' }).fill('Sari-password-1');
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('User registered successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Search: Enter at once, and after 800 ms of quiet.
  const search = page.getByRole('textbox', { name: 'Search users...' });
  await search.fill(id);
  await search.press('Enter');
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(email);
  await expect(row).toContainText('Client User');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never');
  await search.fill(`nobody-${id}`);
  await expect(page.getByText('No users found')).toBeVisible();
  await search.fill(id);
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit User' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  await expect(edit.getByRole('textbox', { name: 'Password' })).toHaveCount(0);
  await edit.getByRole('textbox', { name: 'Full Name' }).fill(`${name} Putri`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  const renamed = table.getByRole('row', { name: new RegExp(`${name} Putri`) });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: `Actions for ${name} Putri` }).click();
  await page.getByRole('menuitem', { name: 'Delete User' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete User' });
  await expect(confirm).toContainText(`${name} Putri`);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('User successfully deleted')).toBeVisible();
  await expect(page.getByText('No users found')).toBeVisible();
});

test('a client user has no Add User and is told what is not allowed', async ({ page }) => {
  await signIn(page, accounts.clientUser);
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await openUsers(page);
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(0);

  const actions = table.getByRole('button', { name: /^Actions for / }).first();
  await actions.click();
  await page.getByRole('menuitem', { name: 'Edit User' }).click();
  await expect(page.getByText("You don't have permission to update users")).toBeVisible();
  await expect(page.getByText('Permission Denied').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Edit User' })).toHaveCount(0);

  await actions.click();
  await page.getByRole('menuitem', { name: 'Delete User' }).click();
  await expect(page.getByText("You don't have permission to delete users")).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Delete User' })).toHaveCount(0);
});

test('a client user without users_read sees the view and search texts', async ({ page }) => {
  await signIn(page, accounts.clientUser);
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  // The role's policies, loaded in the background, decide the permissions: answer them without users_read.
  await page.route('**/api/rbac/roles?*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    for (const role of body.data ?? []) {
      role.policies = role.policies.filter((policy: { action: string }) => policy.action !== 'users_read');
    }
    await route.fulfill({ response, json: body });
  });
  await page.goto('/client/users');
  await expect(
    page.getByText("You don't have permission to view users. Please contact your administrator."),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Search users...' }).fill('anyone');
  await page.getByRole('textbox', { name: 'Search users...' }).press('Enter');
  await expect(page.getByText("You don't have permission to search users")).toBeVisible();
});

test('on a phone the users are cards, in dark mode too', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await signInAsClientAdmin(page);
  await openUsers(page);
  await expect(page.getByTestId('user-card').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add User' })).toBeVisible();
  expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('dialog', { name: 'Add New User' })).toBeVisible();
  await context.close();
});
