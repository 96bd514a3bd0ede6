import { expect, test } from '@playwright/test';
import { signInAsSuperAdmin } from './helpers.ts';

test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('Package Management creates, edits and deletes a package', async ({ page }) => {
  const id = unique();
  const name = `E2E Paket ${id}`;
  await signInAsSuperAdmin(page);
  await page.goto('/super-admin/settings/package');
  await page.getByRole('button', { name: 'Tambah Paket' }).click();
  const form = page.getByRole('dialog', { name: 'Tambah Paket' });
  await form.getByRole('button', { name: 'Simpan' }).click();
  await expect(form.getByText('Package name is required')).toBeVisible();
  await expect(form.getByText('Duration must be at least 1 day')).toBeVisible();
  await expect(form.getByText('Description is required')).toBeVisible();
  await form.getByRole('textbox', { name: 'Package Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Price' }).fill('150000');
  await form.getByRole('textbox', { name: 'Duration (days)' }).fill('30');
  await form.getByRole('textbox', { name: 'WhatsApp message limit' }).fill('1000');
  await form.getByRole('textbox', { name: 'AI usage limit' }).fill('500');
  await form.getByRole('textbox', { name: 'Description' }).fill('Paket uji e2e');
  await form.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Package created successfully')).toBeVisible();

  await page.getByRole('textbox', { name: 'Search packages...' }).fill(id);
  const card = page.getByTestId('package-card').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Rp 150.000');
  await expect(card.getByText('Aktif', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: `Package actions ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit Paket' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Paket' });
  await edit.getByRole('switch', { name: 'Active' }).uncheck();
  await edit.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Package updated successfully')).toBeVisible();
  await expect(card.getByText('Tidak Aktif')).toBeVisible();

  await card.getByRole('button', { name: `Package actions ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Hapus Paket' }).click();
  const confirm = page.getByRole('dialog', { name: 'Hapus Paket' });
  await expect(confirm).toContainText('Apakah Anda yakin ingin menghapus paket ini?');
  await confirm.getByRole('button', { name: 'Hapus' }).click();
  await expect(page.getByText('Package successfully deleted')).toBeVisible();
  await expect(page.getByText('No packages found')).toBeVisible();
});

test('Payment Channel creates, edits and deletes a channel (dark mode)', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  const id = unique();
  const name = `E2E Channel ${id}`;
  await signInAsSuperAdmin(page);
  await page.goto('/super-admin/settings/payment');
  expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
  await page.getByRole('button', { name: 'Add Channel' }).click();
  const form = page.getByRole('dialog', { name: 'Add Channel' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Type is required')).toBeVisible();
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'QRIS' }).click();
  await form.getByRole('textbox', { name: 'Admin fee' }).fill('1500.5');
  await form.getByRole('textbox', { name: 'Expired duration (hours)' }).fill('0');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Duration must be at least 1 hour')).toBeVisible();
  await form.getByRole('textbox', { name: 'Expired duration (hours)' }).fill('12');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Payment channel created successfully')).toBeVisible();

  await page.getByRole('textbox', { name: 'Search channels...' }).fill(id);
  const card = page.getByTestId('channel-card').filter({ hasText: name });
  await expect(card).toContainText('12 hours');
  await card.getByRole('button', { name: `Edit Channel ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Channel' });
  await edit.getByRole('textbox', { name: 'Expired duration (hours)' }).fill('48');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Payment channel updated successfully')).toBeVisible();
  await expect(card).toContainText('48 hours');
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete Channel' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Payment channel deleted successfully')).toBeVisible();
  await expect(page.getByText('No payment channels found')).toBeVisible();
  await context.close();
});
