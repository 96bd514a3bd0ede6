import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { accounts, apiLogin, signInAsClientAdmin } from './helpers.ts';

/** The seeded sandbox WhatsApp Cloud number of the demo company ('Demo WhatsApp'). */
const DEMO_WA = '106540352242922';

const unique = () => `${Date.now() % 1e8}`.padStart(8, '0');
/** A made-up word from the digits, so that only this run's document matches the question. */
const wordOf = (digits: string) => digits.replace(/\d/g, (d) => 'qwertyuiop'[Number(d)] ?? 'x');

/** The customer writes from the sandbox phone's HTTP helper, as the phone page does. */
async function customerSays(request: APIRequestContext, name: string, phone: string, text: string) {
  const response = await request.post('/sandbox/phone/api/send', {
    data: { provider: 'whatsapp', account: DEMO_WA, name, phone, text },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** Turns the demo company's 'Use AI' off through the API, whatever state a failed run left. */
async function useAiOff(page: Page) {
  const { access_token } = await apiLogin(page, accounts.clientAdmin);
  await page.request.post('/api/chats/configs', {
    headers: { Authorization: `Bearer ${access_token}` },
    data: { use_ai: false, use_bot: false, auto_reply: true },
  });
}

/** Picks an option of a Mantine select. */
async function choose(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).click();
}

test('the AI agent answers a customer from an uploaded document', async ({ page }) => {
  test.setTimeout(150_000);
  const id = unique();
  const shop = `Bakery ${wordOf(id)}`;
  const answer = `${shop} is open every day from 06.45 to 19.15`;
  const knowledge = `Opening hours FAQ ${id}`;
  const category = `Opening hours ${id}`;
  const question = `What are the opening hours of ${shop}?`;
  const faq = [
    `# ${shop} FAQ`,
    '',
    `## Opening hours of ${shop}`,
    `${answer}, public holidays included.`,
    '',
    `## Delivery by ${shop}`,
    'Bread is delivered within Bandung before 09.00 for orders placed the day before.',
    '',
  ].join('\n');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  try {
    await signInAsClientAdmin(page);

    // Knowledge Base: the upload form checks before sending, then the document is indexed.
    await page.goto('/client/knowledge-base');
    await expect(page.getByRole('heading', { level: 2, name: 'Knowledge Base' })).toBeVisible();
    await page.getByRole('button', { name: 'Upload Knowledge' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Knowledge' });
    await expect(upload).toContainText('PDF, XLSX or DOCX');
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(upload).toContainText('Name is required');
    await expect(upload).toContainText('File is required');
    const fileInput = upload.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('png') });
    await expect(upload).toContainText('Only PDF, XLSX, DOCX, TXT or MD files are allowed');
    await fileInput.setInputFiles({
      name: `faq-${id}.md`,
      mimeType: 'text/markdown',
      buffer: Buffer.from(faq),
    });
    // The name is taken from the file while it is empty; it can be changed.
    await expect(upload.getByRole('textbox', { name: 'Name' })).toHaveValue(`faq-${id}`);
    await upload.getByRole('textbox', { name: 'Name' }).fill(knowledge);
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Knowledge base created successfully')).toBeVisible();
    await expect(upload).toBeHidden();
    await page.getByRole('textbox', { name: 'Search knowledge...' }).fill(id);
    const row = page.getByTestId('knowledge-item').filter({ hasText: knowledge });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`faq-${id}.md`);
    await expect(row).toContainText(/\d+(\.\d+)? (B|KB)/);
    await expect(row).toContainText('Last updated');
    await expect(row.getByTestId('knowledge-entries')).toHaveText(/^\d+ entr(y|ies)$/, { timeout: 20_000 });

    // The original file comes back as it was uploaded.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download ${knowledge}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`faq-${id}.md`);

    // AI Character: a category, saved; then the simulator answers from the document.
    await page.goto('/client/ai-character');
    await expect(page.getByRole('heading', { level: 2, name: 'AI Character Settings' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Category' });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toContainText('Icon is required');
    await expect(dialog).toContainText('Category Name is required');
    await expect(dialog).toContainText('Category Prompt is required');
    await choose(page, dialog.getByRole('combobox', { name: 'Icon' }), /Question/);
    await dialog.getByRole('textbox', { name: 'Category Name' }).fill(category);
    await dialog
      .getByRole('textbox', { name: 'Category Prompt' })
      .fill('Tell the customer when the bakery is open.');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByTestId('ai-category').filter({ hasText: category });
    await expect(card).toContainText('Not saved yet');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('AI Character settings updated successfully')).toBeVisible();
    await expect(card).not.toContainText('Not saved yet');

    const simulator = page.getByTestId('response-simulator');
    await simulator.getByRole('button', { name: 'Simulate' }).click();
    await expect(simulator).toContainText('Category is required');
    await expect(simulator).toContainText('Message is required');
    await choose(page, simulator.getByRole('combobox', { name: 'Category' }), new RegExp(category));
    await simulator.getByRole('textbox', { name: 'Message' }).fill(question);
    await simulator.getByRole('button', { name: 'Simulate' }).click();
    await expect(page.getByText('Message simulated successfully')).toBeVisible();
    await expect(simulator.getByTestId('simulation-text')).toContainText(answer, { timeout: 20_000 });
    await expect(simulator.getByTestId('simulation-passages')).toContainText(knowledge);
    const copy = simulator.getByRole('button', { name: 'Copy' });
    await copy.click();
    await expect(simulator.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(answer);
    // The copied state lasts 2 s.
    await expect(simulator.getByRole('button', { name: 'Copy' })).toBeVisible({ timeout: 4000 });

    // Conversations: Use AI on, a customer asks, the agent answers in the room.
    await page.goto('/client/messages');
    const useAi = page.getByRole('switch', { name: 'Use AI' });
    await expect(useAi).toBeEnabled();
    if (!(await useAi.isChecked())) {
      await useAi.click({ force: true });
      await expect(page.getByText('Chat configuration saved successfully')).toBeVisible();
    }
    await expect(useAi).toBeChecked();
    const name = `Customer ${id}`;
    const phone = `62879${id}`;
    await customerSays(page.request, name, phone, question);
    const conversation = page.getByTestId('conversation-card').filter({ hasText: name });
    await expect(conversation).toBeVisible({ timeout: 15_000 });
    await conversation.click();
    await expect(page.getByRole('heading', { name: `Chat with User ${phone}` })).toBeVisible();
    const aiBubble = page.getByTestId('chat-bubble').filter({ has: page.getByTestId('ai-badge') });
    // The agent answers in the background; its bubble comes live.
    await expect(aiBubble).toBeVisible({ timeout: 15_000 });
    await expect(aiBubble).toContainText(answer);
    await expect(aiBubble).toHaveAttribute('data-from-me', 'true');
    await aiBubble.getByTestId('ai-badge').click();
    const details = aiBubble.getByTestId('ai-details');
    await expect(details).toContainText('Model:');
    await expect(details).toContainText('Tokens:');
    await expect(details).toContainText(knowledge);

    // Asking for a person hands the chat over: its card says so.
    await customerSays(page.request, name, phone, 'Can I talk to a person please?');
    await expect(
      page.getByTestId('chat-bubble').filter({ hasText: 'passing you to a member of our team' }),
    ).toBeVisible({ timeout: 15_000 });

    await page.goto('/client/messages');
    await expect(conversation.getByTestId('needs-human')).toHaveText('Needs a person');

    // Use AI off again, as the other journeys expect it.
    await expect(useAi).toBeChecked();
    await useAi.click({ force: true });
    await expect(page.getByText('Chat configuration saved successfully')).toBeVisible();
    await expect(useAi).not.toBeChecked();

    // The document is renamed, then deleted after the confirmation.
    await page.goto('/client/knowledge-base');
    await page.getByRole('textbox', { name: 'Search knowledge...' }).fill(id);
    await row.getByRole('button', { name: `Edit ${knowledge}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Knowledge' });
    await expect(edit).toContainText(`Leave empty to keep faq-${id}.md`);
    await edit.getByRole('textbox', { name: 'Name' }).fill(`${knowledge} v2`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Knowledge base updated successfully')).toBeVisible();
    const renamed = page.getByTestId('knowledge-item').filter({ hasText: `${knowledge} v2` });
    await expect(renamed).toBeVisible();
    await renamed.getByRole('button', { name: `Delete ${knowledge} v2` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Item' });
    await expect(confirm).toContainText('Are you sure you want to delete this item?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Item deleted successfully')).toBeVisible();
    await expect(page.getByText('No knowledge found')).toBeVisible();
  } finally {
    await useAiOff(page);
  }
});

test('the knowledge base works on a 390×844 phone in dark mode', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await signInAsClientAdmin(page);
  await page.goto('/client/knowledge-base');
  await expect(page.getByRole('heading', { level: 2, name: 'Knowledge Base' })).toBeVisible();
  expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
  // The seeded demo FAQ is listed with its entries.
  const row = page.getByTestId('knowledge-item').filter({ hasText: 'Demo Company FAQ' });
  await expect(row.getByTestId('knowledge-entries')).toBeVisible({ timeout: 20_000 });
  await expect(row.getByRole('button', { name: 'Delete Demo Company FAQ' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const color = await row.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(color).not.toBe('rgb(255, 255, 255)');
  await page.screenshot({ path: test.info().outputPath('knowledge-390-dark.png') });
  // The upload dialog fills the phone screen and its buttons are reachable.
  await page.getByRole('button', { name: 'Upload Knowledge' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Knowledge' });
  await expect(upload.getByRole('button', { name: 'Upload' })).toBeInViewport();
  await expect(upload.getByRole('button', { name: 'Cancel' })).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('knowledge-upload-390-dark.png') });
  await upload.getByRole('button', { name: 'Cancel' }).click();
  await expect(upload).toBeHidden();
  // AI Character Settings stacks the form above the simulator.
  await page.goto('/client/ai-character');
  await expect(page.getByRole('heading', { level: 2, name: 'AI Character Settings' })).toBeVisible();
  await expect(page.getByTestId('ai-category').first()).toBeVisible();
  await expect(page.getByTestId('response-simulator')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('ai-character-390-dark.png'), fullPage: true });
  await context.close();
});
