import { expect, test } from '@playwright/test';
import { accounts, addClientUser, signIn } from './helpers.ts';

test.describe('sign-in', () => {
  test('super admin signs in and lands on the super-admin dashboard', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'AI Admin' })).toBeVisible();
    await signIn(page, accounts.superAdmin);
    await expect(page).toHaveURL(/\/super-admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const identity = page.getByTestId('admin-identity');
    await expect(identity).toContainText('Super Admin');
    await expect(identity).toContainText(accounts.superAdmin.email);
  });

  test('client admin signs in and lands on the client dashboard of their company', async ({ page }) => {
    await signIn(page, accounts.clientAdmin);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await expect(page.getByTestId('company-name')).toHaveText('Demo Company');
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menu')).toContainText('Demo Admin');
    await expect(page.getByRole('menu')).toContainText(accounts.clientAdmin.email);
    await expect(page.getByRole('menu')).toContainText('Client Admin');
    await expect(page.getByRole('menuitem', { name: 'Profile & AI Settings' })).toBeVisible();
  });

  test('required fields show the validation messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email address is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('a wrong password shows the server error under the email field', async ({ page }) => {
    await signIn(page, { email: accounts.clientUser.email, password: 'not-the-password' });
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toHaveAttribute('aria-describedby', /error/);
    const errorId = await email.getAttribute('aria-describedby');
    expect(errorId).toBeTruthy();
    await expect(page.locator(`[id="${errorId?.split(' ').find((id) => id.includes('error'))}"]`)).toHaveText(
      'Invalid email or password',
    );
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the button reads Signing in... while the request runs', async ({ page }) => {
    await page.route('**/api/auth/login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(accounts.clientAdmin.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(accounts.clientAdmin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeVisible();
    await expect(page).toHaveURL(/\/client\/dashboard$/);
  });

  test('remember-me keeps the email for the next sign-in, and unchecking forgets it', async ({ page }) => {
    await signIn(page, accounts.clientAdmin, true);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(accounts.clientAdmin.email);
    await expect(page.getByRole('switch', { name: 'Remember me' })).toBeChecked();

    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(accounts.clientAdmin.password);
    await page.getByRole('switch', { name: 'Remember me' }).uncheck();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });
});

test.describe('sign-out', () => {
  test('client Logout ends the session and goes to /login', async ({ page }) => {
    await signIn(page, accounts.clientAdmin);
    await expect(page).toHaveURL(/\/client\/dashboard$/);
    const session = await page.evaluate(() => localStorage.getItem('ai-admin.session'));
    const refreshToken = JSON.parse(session ?? '{}').refreshToken as string;
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('ai-admin.session'))).toBeNull();
    // The server ended the session too: its refresh token no longer works.
    const refresh = await page.request.post('/api/auth/refresh', { data: { refresh_token: refreshToken } });
    expect(refresh.status()).toBe(401);
    await page.goto('/client/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("'Sign Out' in the user menu signs out too", async ({ page }) => {
    await signIn(page, accounts.clientAdmin);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("super-admin Logout returns to '/' which sends to /login", async ({ page }) => {
    await signIn(page, accounts.superAdmin);
    await expect(page).toHaveURL(/\/super-admin\/dashboard$/);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(new URL(frame.url()).pathname);
    });
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // A full load of '/' (the session is gone), whose rule then sends to /login.
    expect(navigations[0]).toBe('/');
    expect(navigations.at(-1)).toBe('/login');
  });
});

test.describe('forgot password', () => {
  test('requests a link, follows it from the outbox, sets a new password and signs in with it', async ({
    page,
  }) => {
    // A fresh account: resetting the seeded agent's password would sign every later journey out.
    const account = await addClientUser(page, 'Forgetful Agent', `forgetful-${Date.now()}@e2e.example.com`);
    const newPassword = 'Brand-new-pass-42';
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Email address is required')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText('If an account exists with that email, you will receive password reset instructions.'),
    ).toBeVisible();

    await page.goto('/api/dev/outbox');
    const link = page
      .locator('article', { hasText: account.email })
      .first()
      .locator('a[href*="/reset-password?token="]');
    const href = await link.first().getAttribute('href');
    expect(href).toBeTruthy();
    await page.goto(new URL(href ?? '').pathname + new URL(href ?? '').search);
    await expect(page.getByRole('heading', { name: 'AI Admin' })).toBeVisible();
    await page.getByRole('textbox', { name: 'New Password' }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill('something-else');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Your passwords do no match')).toBeVisible();
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your password has been reset. You can sign in now.')).toBeVisible();

    await signIn(page, { email: account.email, password: newPassword });
    await expect(page).toHaveURL(/\/client\/dashboard$/);
  });

  test("'Back to login' returns to the sign-in screen", async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
