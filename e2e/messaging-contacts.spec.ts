import { expect, test } from '@playwright/test';
import { signInAsClientAdmin } from './helpers.ts';

test('contacts: search by name and phone, list view, click-through to the chat', async ({ page }) => {
  const id = `${Date.now() % 1e8}`.padStart(8, '0');
  const name = `Contact ${id}`;
  const phone = `62879${id}`;
  const sent = await page.request.post('/sandbox/phone/api/send', {
    data: { provider: 'whatsapp', account: '106540352242922', name, phone, text: `Order question ${id}` },
  });
  expect(sent.ok()).toBeTruthy();

  await signInAsClientAdmin(page);
  await page.goto('/client/contacts');
  await expect(page.getByRole('heading', { level: 2, name: 'Contacts' })).toBeVisible();
  const cards = page.getByTestId('contact-card');
  await expect(cards.first()).toBeVisible();

  const search = page.getByRole('textbox', { name: 'Search by name or phone...' });
  await search.fill(name);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(phone);
  await expect(cards.first()).toContainText('just now');

  await search.fill(phone);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(name);

  await page.getByText('List', { exact: true }).click();
  await expect(cards.first().getByTestId('contact-message')).toHaveText(`Order question ${id}`);

  await search.fill(`nobody-${id}`);
  await expect(page.getByText('No Contacts Found')).toBeVisible();
  await search.fill(name);
  await cards.first().click();
  await expect(page).toHaveURL(new RegExp(`/client/messages/${phone}(%40|@)c\\.us$`));
  await expect(page.getByRole('heading', { name: `Chat with User ${phone}` })).toBeVisible();
});
