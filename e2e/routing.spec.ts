import { expect, test } from '@playwright/test';
import { editStorage, signInAsClientAdmin, signInAsSuperAdmin } from './helpers.ts';

/**
 * Each route and the heading its screen shows: the page title (level 2), or the chat room's own
 * header. A ticket's detail needs a real ticket: tickets-journey opens one from the address bar.
 */
const CLIENT_PAGES: [path: string, title: string, level?: number][] = [
  ['/client/dashboard', 'Dashboard'],
  ['/client/messages', 'Conversations'],
  ['/client/messages/628123456789@c.us', 'Chat with User 628123456789', 4],
  ['/client/messages/blast', 'Message Blast'],
  ['/client/messages/scheduled', 'Scheduled Messages'],
  ['/client/contacts', 'Contacts'],
  ['/client/chat-menu', 'Chat Menu'],
  ['/client/tickets', 'Tickets'],
  ['/client/tickets/configuration', 'Ticket Configuration'],
  ['/client/users', 'Users'],
  ['/client/workflows', 'Workflows'],
  ['/client/integrations', 'Integrations'],
  ['/client/knowledge-base', 'Knowledge Base'],
  ['/client/ai-character', 'AI Character Settings'],
  // Billing screens are Indonesian until a language is chosen.
  ['/client/billing', 'Tagihan'],
];

const SUPER_ADMIN_PAGES: [string, string][] = [
  ['/super-admin/dashboard', 'Dashboard'],
  ['/super-admin/clients', 'Client Management'],
  ['/super-admin/access-control', 'Access Control'],
  ['/super-admin/access-control/users', 'User Management'],
  ['/super-admin/access-control/roles', 'Role Management'],
  ['/super-admin/workflows', 'Workflow Templates'],
  ['/super-admin/transactions', 'Transaction History'],
  ['/super-admin/notification', 'Notifications'],
  ['/super-admin/audit-log', 'Audit Log'],
  ['/super-admin/settings', 'Settings'],
  ['/super-admin/settings/package', 'Package Management'],
  ['/super-admin/settings/payment', 'Payment Channel'],
  ['/super-admin/settings/permission', 'Permission'],
  ['/super-admin/menu-action', 'Menu Action Management'],
];

test.describe('signed out', () => {
  test('/, /client/*, /super-admin/* and unknown routes go to /login', async ({ page }) => {
    for (const from of [
      '/',
      '/client/dashboard',
      '/client/users',
      '/super-admin/dashboard',
      '/super-admin/anything',
      '/no-such-page',
    ]) {
      await page.goto(from);
      await expect(page, from).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: 'Sign in' }), from).toBeVisible();
    }
  });

  test('/forgot-password is open', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  });

  test('one token alone is not signed in', async ({ page }) => {
    await signInAsClientAdmin(page);
    await editStorage(page, () => {
      const session = JSON.parse(localStorage.getItem('ai-admin.session') ?? '{}');
      session.refreshToken = '';
      localStorage.setItem('ai-admin.session', JSON.stringify(session));
    });
    await page.goto('/client/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('client admin', () => {
  test.beforeEach(async ({ page }) => signInAsClientAdmin(page));

  test('/, /login, /forgot-password, /super-admin/*, unknown routes and /client go to /client/dashboard', async ({
    page,
  }) => {
    for (const from of [
      '/',
      '/login',
      '/forgot-password',
      '/super-admin/dashboard',
      '/super-admin/clients',
      '/somewhere/else',
      '/client',
    ]) {
      await page.goto(from);
      await expect(page, from).toHaveURL(/\/client\/dashboard$/);
      await expect(page.getByTestId('client-shell'), from).toBeVisible();
    }
  });

  test('every client route opens its screen from the address bar', async ({ page }) => {
    test.setTimeout(90_000); // sixteen full page loads
    for (const [path, title, level = 2] of CLIENT_PAGES) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`${path.replace(/[.@]/g, '\\$&')}$`));
      await expect(page.getByRole('heading', { level, name: title, exact: true }), path).toBeVisible();
    }
  });

  test('the sidebar reaches every client route, Messages being a group', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'sidebar' });
    await nav.getByText('Messages', { exact: true }).click();
    for (const [label, path] of [
      ['Conversations', '/client/messages'],
      ['Message Blast', '/client/messages/blast'],
      ['Scheduled Messages', '/client/messages/scheduled'],
      ['Contacts', '/client/contacts'],
      ['Chat Menu', '/client/chat-menu'],
      ['Tickets', '/client/tickets'],
      ['Users', '/client/users'],
      ['Workflows', '/client/workflows'],
      ['Integrations', '/client/integrations'],
      ['Knowledge Base', '/client/knowledge-base'],
      ['AI Character', '/client/ai-character'],
      ['Billing', '/client/billing'],
      ['Dashboard', '/client/dashboard'],
    ]) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
    await expect(nav.getByRole('button', { name: 'Back to Super Admin' })).toHaveCount(0);
  });

  test('the profile is fetched when a token exists but no user data', async ({ page }) => {
    await editStorage(page, () => {
      const session = JSON.parse(localStorage.getItem('ai-admin.session') ?? '{}');
      session.user = null;
      localStorage.setItem('ai-admin.session', JSON.stringify(session));
    });
    const me = page.waitForResponse((response) => response.url().endsWith('/api/auth/me') && response.ok());
    await page.goto('/');
    await me;
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menu')).toContainText('Demo Admin');
  });

  test('an expired access token is refreshed silently', async ({ page }) => {
    await editStorage(page, () => {
      const session = JSON.parse(localStorage.getItem('ai-admin.session') ?? '{}');
      session.accessToken = 'expired.or.bogus';
      localStorage.setItem('ai-admin.session', JSON.stringify(session));
    });
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh') && r.ok());
    await page.goto('/client/dashboard');
    await refreshed;
    await expect(page.getByTestId('company-name')).toHaveText('Demo Company');
    await expect(page).toHaveURL(/\/client\/dashboard$/);
  });

  test('a 401 that refresh cannot fix clears the session and goes to /login', async ({ page }) => {
    await editStorage(page, () => {
      const session = JSON.parse(localStorage.getItem('ai-admin.session') ?? '{}');
      session.accessToken = 'bogus';
      session.refreshToken = 'also-bogus';
      localStorage.setItem('ai-admin.session', JSON.stringify(session));
      localStorage.setItem('ai-admin.billing-summary', '{"total_wa_count":1}');
    });
    await page.goto('/client/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('ai-admin.session'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('ai-admin.billing-summary'))).toBeNull();
  });
});

test.describe('super admin', () => {
  test.beforeEach(async ({ page }) => signInAsSuperAdmin(page));

  test('/, /login, /forgot-password, unknown routes and /super-admin go to /super-admin/dashboard', async ({
    page,
  }) => {
    for (const from of ['/', '/login', '/forgot-password', '/nowhere', '/super-admin']) {
      await page.goto(from);
      await expect(page, from).toHaveURL(/\/super-admin\/dashboard$/);
      await expect(page.getByTestId('super-admin-shell'), from).toBeVisible();
    }
  });

  test('an unknown super-admin sub-route shows the not-found page', async ({ page }) => {
    await page.goto('/super-admin/does-not-exist');
    await expect(page).toHaveURL(/\/super-admin\/does-not-exist$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByTestId('super-admin-shell')).toBeVisible();
  });

  test('/client/* is open to any signed-in user, the super admin included', async ({ page }) => {
    await page.goto('/client/dashboard');
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await expect(page.getByTestId('client-shell')).toBeVisible();
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Profile Settings' })).toBeVisible();
  });

  test('every super-admin route opens its screen', async ({ page }) => {
    for (const [path, title] of SUPER_ADMIN_PAGES) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 2, name: title, exact: true }), path).toBeVisible();
    }
  });

  test('the sidebar holds the super-admin entries', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'sidebar' });
    await nav.getByText('User Access Control', { exact: true }).click();
    await nav.getByText('Settings', { exact: true }).click();
    for (const [label, path] of [
      ['Client Management', '/super-admin/clients'],
      ['Roles', '/super-admin/access-control/roles'],
      ['Workflow Templates', '/super-admin/workflows'],
      ['Transactions', '/super-admin/transactions'],
      ['Notification', '/super-admin/notification'],
      ['Audit Log', '/super-admin/audit-log'],
      ['Package', '/super-admin/settings/package'],
      ['Payment', '/super-admin/settings/payment'],
      ['Permission', '/super-admin/settings/permission'],
      ['Chat Menu Action', '/super-admin/menu-action'],
      ['Dashboard', '/super-admin/dashboard'],
    ]) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });
});
