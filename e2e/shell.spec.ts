import { expect, test } from '@playwright/test';
import {
  accounts,
  addClientUser,
  createCompanyWithAdmin,
  signIn,
  signInAsClientAdmin,
  signInAsSuperAdmin,
} from './helpers.ts';

const scheme = (page: import('@playwright/test').Page) =>
  page.locator('html').getAttribute('data-mantine-color-scheme');

test('theme follows the system until chosen, and the choice persists across reload', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await scheme(page)).toBe('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => scheme(page)).toBe('light');

  await page.getByRole('button', { name: 'Toggle color scheme' }).click();
  await expect.poll(() => scheme(page)).toBe('dark');
  await page.reload();
  await expect.poll(() => scheme(page)).toBe('dark');
  // Saved: the system no longer decides.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await scheme(page)).toBe('dark');

  // And inside the app.
  await page.getByRole('textbox', { name: 'Email' }).fill(accounts.clientAdmin.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(accounts.clientAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await page.getByRole('button', { name: 'Toggle color scheme' }).click();
  await expect.poll(() => scheme(page)).toBe('light');
  await page.reload();
  await expect(page.getByTestId('client-shell')).toBeVisible();
  expect(await scheme(page)).toBe('light');
  await context.close();
});

test('switching to Indonesian in Preference changes the shell', async ({ page }) => {
  await signInAsClientAdmin(page);
  const nav = page.getByRole('navigation', { name: 'sidebar' });
  await expect(nav.getByRole('link', { name: 'Contacts', exact: true })).toBeVisible();
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Profile & AI Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Preference' }).click();
  await dialog.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Indonesian' }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Preferences updated successfully')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Kontak', exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Keluar' })).toBeVisible();
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Kontak', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Dasbor' })).toBeVisible();

  // Back to English so the other journeys read English.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Profil & Pengaturan AI' }).click();
  await page.getByRole('dialog').getByRole('tab', { name: 'Preferensi' }).click();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Bahasa' }).click();
  await page.getByRole('option', { name: 'Inggris' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expect(nav.getByRole('link', { name: 'Contacts', exact: true })).toBeVisible();
});

test.describe('phone viewport', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is a drawer opened from the header', async ({ page }) => {
    await signInAsClientAdmin(page);
    await expect(page.getByRole('navigation', { name: 'sidebar' })).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByTestId('company-name')).toHaveText('Demo Company');
    await drawer.getByText('Messages', { exact: true }).click();
    await drawer.getByRole('link', { name: 'Message Blast' }).click();
    await expect(page).toHaveURL(/\/client\/messages\/blast$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name: 'Message Blast' })).toBeVisible();
    // Nothing overflows the phone's width.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  test('the super-admin sidebar is a drawer too', async ({ page }) => {
    await signInAsSuperAdmin(page);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Client Management' }).click();
    await expect(page).toHaveURL(/\/super-admin\/clients$/);
  });
});

test('the sidebar collapses on desktop', async ({ page }) => {
  await signInAsClientAdmin(page);
  const nav = page.getByRole('navigation', { name: 'sidebar' });
  const before = (await nav.boundingBox())?.width ?? 0;
  await page.getByRole('button', { name: 'Collapse or expand the sidebar' }).click();
  await expect.poll(async () => (await nav.boundingBox())?.width ?? 0).toBeLessThan(before);
  await nav.getByRole('link', { name: 'Contacts' }).click();
  await expect(page).toHaveURL(/\/client\/contacts$/);
  await page.getByRole('button', { name: 'Collapse or expand the sidebar' }).click();
  await expect.poll(async () => (await nav.boundingBox())?.width ?? 0).toBe(before);
});

test('notifications panel: All and Unread tabs, new count and Mark all as read', async ({ page }) => {
  // Real events: a client admin adds a person, then two more, which notifies the first of both.
  // In a company of its own, so that journeys running beside it notify nobody here.
  const stamp = Date.now();
  const { admin } = await createCompanyWithAdmin(page, `shell-${stamp}`);
  const watcher = await addClientUser(page, 'Watcher', `watcher-${stamp}@e2e.example.com`, admin);
  await addClientUser(page, 'Notified Person 1', `notified-${stamp}-1@e2e.example.com`, admin);
  await addClientUser(page, 'Notified Person 2', `notified-${stamp}-2@e2e.example.com`, admin);

  await signIn(page, watcher);
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  const badge = page.getByTestId('unread-count');
  await expect(badge).toContainText('2');

  await page.getByRole('button', { name: 'Notifications' }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('2 new')).toBeVisible();
  await expect(panel.getByTestId('notification-item')).toHaveCount(2);
  await expect(panel.getByText('New user added')).toHaveCount(2);
  await expect(panel.getByText(/Notified Person 2/)).toBeVisible();
  await expect(panel.getByText('just now')).toHaveCount(2);
  await expect(panel.getByTestId('notification-item').first().locator('[data-icon]')).toHaveAttribute(
    'data-icon',
    'other',
  );

  await panel.getByRole('tab', { name: 'Unread' }).click();
  await expect(panel.getByTestId('notification-item')).toHaveCount(2);
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(panel.getByText('No unread notifications')).toBeVisible();
  await expect(panel.getByText('2 new')).toHaveCount(0);
  await panel.getByRole('tab', { name: 'All' }).click();
  await expect(panel.getByTestId('notification-item')).toHaveCount(2);
  await expect(panel.locator('[data-testid="notification-item"][data-read="false"]')).toHaveCount(0);
  await expect(badge).not.toContainText('2');
});

test('change password with a wrong current password shows the server error on that field', async ({
  page,
}) => {
  await signInAsClientAdmin(page);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Profile & AI Settings' }).click();
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('button', { name: 'Change Password' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('This field is required')).toHaveCount(3);
  await dialog.getByRole('textbox', { name: 'Current Password' }).fill('definitely-wrong');
  await dialog.getByRole('textbox', { name: 'New Password' }).fill('Another-pass-123');
  await dialog.getByRole('textbox', { name: 'Confirm Password' }).fill('Another-pass-124');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Your passwords do no match')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Confirm Password' }).fill('Another-pass-123');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  const current = dialog.getByRole('textbox', { name: 'Current Password' });
  await expect(current).toHaveAttribute('aria-describedby', /error/);
  const describedBy = (await current.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.includes('error'));
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText('Current password is incorrect');
  // The password did not change.
  expect(
    (
      await page.request.post('/api/auth/login', {
        data: { username: accounts.clientAdmin.email, password: accounts.clientAdmin.password },
      })
    ).ok(),
  ).toBe(true);
});

test('settings dialog: AI Settings for client users, none for the super admin', async ({ page }) => {
  await signInAsClientAdmin(page);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Profile & AI Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('tab', { name: 'Profile' })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Demo Admin');
  await expect(dialog.getByRole('textbox', { name: 'Address' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('12345');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Format nomor telepon tidak valid (Contoh: 628123456789)')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('628123456780');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await dialog.getByRole('tab', { name: 'AI Settings' }).click();
  await expect(dialog.getByText('Native', { exact: true })).toBeVisible();
  await expect(dialog.getByText('N8N', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signInAsSuperAdmin(page);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  const adminDialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(adminDialog.getByRole('tab', { name: 'Preference' })).toBeVisible();
  await expect(adminDialog.getByRole('tab', { name: 'AI Settings' })).toHaveCount(0);
  await expect(adminDialog.getByRole('textbox', { name: 'Full Name' })).toBeVisible();
  await expect(adminDialog.getByRole('textbox', { name: 'Address' })).toHaveCount(0);
});

test('super admin enters the demo company with Kelola and comes back', async ({ page }) => {
  await signInAsSuperAdmin(page);
  await page
    .getByRole('navigation', { name: 'sidebar' })
    .getByRole('link', { name: 'Client Management' })
    .click();
  // Other journeys add companies, which push the demo company off the first page.
  const search = page.getByRole('textbox', { name: 'Search companies...' });
  await search.fill('Demo Company');
  await search.press('Enter');
  const card = page.getByTestId('company-card').filter({ hasText: 'Demo Company' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Aktif')).toBeVisible();
  await card.getByRole('button', { name: 'Kelola' }).click();
  await expect(page.getByText('Redirecting to dashboard...')).toBeVisible();
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await expect(page.getByTestId('company-name')).toHaveText('Demo Company');
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menu')).toContainText(accounts.clientAdmin.email);
  await page.keyboard.press('Escape');
  const saved = await page.evaluate(() => localStorage.getItem('ai-admin.super-admin-session'));
  expect(saved).not.toBeNull();

  await page
    .getByRole('navigation', { name: 'sidebar' })
    .getByRole('button', { name: 'Back to Super Admin' })
    .click();
  await expect(page).toHaveURL(/\/super-admin\/dashboard$/);
  await expect(page.getByTestId('admin-identity')).toContainText(accounts.superAdmin.email);
  expect(await page.evaluate(() => localStorage.getItem('ai-admin.super-admin-session'))).toBeNull();
  // The client session was ended on the server.
  await page.goto('/super-admin/clients');
  await expect(page.getByTestId('company-card').first()).toBeVisible();
});
