import { expect, test } from '@playwright/test';
import { accounts, apiLogin, signInAsSuperAdmin } from './helpers.ts';

test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('permissions are created comma-separated, a role gets policies and is given to a new user', async ({
  page,
}) => {
  const id = unique();
  const read = `e2e${id}_read`;
  const write = `e2e${id}_write`;
  await signInAsSuperAdmin(page);

  await page.goto('/super-admin/settings/permission');
  await page.getByRole('button', { name: 'Add Permission' }).click();
  const permissionForm = page.getByRole('dialog', { name: 'Add Permission' });
  await permissionForm.getByRole('button', { name: 'Save' }).click();
  await expect(permissionForm.getByText('Name is required')).toBeVisible();
  await permissionForm.getByRole('textbox', { name: 'Name' }).fill(`${read}, ${write}`);
  await permissionForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Permission created successfully')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search permissions...' }).fill(`e2e${id}`);
  await expect(page.getByTestId('permission-card')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Search permissions...' }).fill(`zz-none-${id}`);
  await expect(page.getByText('No permissions found')).toBeVisible();

  // A role with both as policies; adding one twice warns.
  const role = `role_${id}`;
  await page.goto('/super-admin/access-control/roles');
  await page.getByRole('button', { name: 'Create Role' }).click();
  const roleForm = page.getByRole('dialog', { name: 'Create Role' });
  await roleForm.getByRole('textbox', { name: 'Name' }).fill(role);
  const picker = roleForm.getByRole('combobox', { name: 'Permissions' });
  for (const name of [read, write, read]) {
    await picker.fill(name);
    await page.getByRole('option', { name, exact: true }).click();
    await roleForm.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await expect(page.getByText('This permission is already added')).toBeVisible();
  await expect(roleForm.getByTestId('role-permissions')).toContainText(read);
  await expect(roleForm.getByTestId('role-permissions')).toContainText(write);
  await roleForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role created successfully')).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Search roles...' });
  await search.fill(role);
  await search.press('Enter');
  const card = page.getByTestId('role-card').filter({ hasText: `Role ${id}` });
  await expect(card).toContainText('0 users · 2 policies');
  await expect(card.getByText(read)).toBeVisible();

  // Given to a new user of the demo company through Register New User.
  await page.goto('/super-admin/clients');
  const clients = page.getByRole('textbox', { name: 'Search companies...' });
  await clients.fill('Demo Company');
  await clients.press('Enter');
  await page
    .getByTestId('company-card')
    .filter({ hasText: 'Demo Company' })
    .getByRole('button', { name: 'Actions' })
    .click();
  await page.getByRole('menuitem', { name: 'Add Admin' }).click();
  const register = page.getByRole('dialog', { name: /Register New User/ });
  await register.getByRole('textbox', { name: 'Full Name' }).fill(`Agent ${id}`);
  await register.getByRole('textbox', { name: 'Email' }).fill(`agent-${id}@e2e.example.com`);
  await register.getByRole('textbox', { name: 'Password', exact: true }).fill('Agent-password-e2e-1!');
  await register.getByRole('textbox', { name: 'Phone' }).fill('628123456781');
  await register.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: `Role ${id}` }).click();
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('User registered successfully')).toBeVisible();

  await page.goto('/super-admin/access-control/roles');
  await search.fill(role);
  await search.press('Enter');
  await expect(card).toContainText('1 users · 2 policies');

  // Editing keeps its policies.
  await card.getByRole('button', { name: `Edit ${role}` }).click();
  const editForm = page.getByRole('dialog', { name: 'Edit Role' });
  await editForm.getByRole('textbox', { name: 'Description' }).fill('Reads and writes e2e');
  await editForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role updated successfully')).toBeVisible();
  await expect(card).toContainText('Reads and writes e2e');
  await expect(card).toContainText('2 policies');
});

test('User Management adds a super admin and edits it', async ({ page }) => {
  const id = unique();
  const email = `ops-${id}@e2e.example.com`;
  await signInAsSuperAdmin(page);
  await page.goto('/super-admin/access-control/users');
  await page.getByRole('button', { name: 'Add User' }).click();
  const form = page.getByRole('dialog', { name: 'Add User' });
  await form.getByRole('textbox', { name: 'Full Name' }).fill(`Ops ${id}`);
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'Phone' }).fill('628123456782');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('Ops-password-e2e-1!');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User created successfully')).toBeVisible();

  const search = page.getByRole('textbox', { name: 'Search users...' });
  await search.fill(email);
  await search.press('Enter');
  const card = page.getByTestId('user-card').filter({ hasText: email });
  await expect(card).toContainText('Super Admin');
  await expect(card.getByText('Active')).toBeVisible();
  await card.getByRole('button', { name: `Edit ${email}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await edit.getByRole('textbox', { name: 'Full Name' }).fill(`Ops Renamed ${id}`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await expect(card).toContainText(`Ops Renamed ${id}`);
  await expect(card).toContainText('Super Admin');
});

test('Modify Access limits a client to custom permissions', async ({ page }) => {
  const id = unique();
  const name = `E2E Access ${id}`;
  await signInAsSuperAdmin(page);
  const { access_token } = await apiLogin(page, accounts.superAdmin);
  const created = await page.request.post('/api/admin/billings/company', {
    headers: { Authorization: `Bearer ${access_token}` },
    data: {
      company_name: name,
      industry: 'Finance',
      city: 'Jakarta',
      status: 'active',
      contact_email: `access-${id}@e2e.example.com`,
      contact_phone: '628123456789',
      address: 'Jl. Sudirman 1',
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/super-admin/access-control');
  const card = page.getByTestId('client-access-card').filter({ hasText: name });
  await expect(card.getByText('Full access')).toBeVisible();
  await card.getByRole('button', { name: 'Modify Access' }).click();
  const dialog = page.getByRole('dialog', { name: `Modify Access · ${name}` });
  await dialog.getByText('Custom', { exact: true }).click();
  await dialog.getByRole('checkbox', { name: 'users_read', exact: true }).check();
  await dialog.getByRole('checkbox', { name: 'ticket_read', exact: true }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Access updated successfully')).toBeVisible();
  await expect(card.getByText('Custom access')).toBeVisible();
  await expect(card).toContainText('2 permissions');

  const detail = await page.request.get(
    `/api/client/companies/id/${(await created.json()).data.company.id}`,
    { headers: { Authorization: `Bearer ${access_token}` } },
  );
  expect((await detail.json()).data).toMatchObject({ access_level: 'custom' });
});
