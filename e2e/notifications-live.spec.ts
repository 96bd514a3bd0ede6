import type { PushPayload } from '@app/contract/notifications';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accounts, apiLogin, signInAsClientAdmin } from './helpers.ts';

/** The seeded sandbox WhatsApp Cloud number of the demo company ('Demo WhatsApp'). */
const DEMO_WA = '106540352242922';

/** A customer writes from the sandbox phone's HTTP helper, as the phone page does. */
async function customerSays(request: APIRequestContext, name: string, phone: string, text: string) {
  const response = await request.post('/sandbox/phone/api/send', {
    data: { provider: 'whatsapp', account: DEMO_WA, name, phone, text },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

const unreadBadge = async (page: Page) =>
  Number((await page.getByTestId('unread-count').innerText()).replace(/\D/g, '') || 0);

const totalChats = async (page: Page) =>
  Number(
    (
      await page
        .getByRole('group', { name: 'Total Chats', exact: true })
        .getByTestId('metric-value')
        .innerText()
    ).replace(/\D/g, ''),
  );

/** What the live connection brought, as parsed frames. */
function recordLiveFrames(page: Page) {
  const frames: { type?: string; notification?: { title: string; body: string } }[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/api/messages/ws')) return;
    socket.on('framereceived', ({ payload }) => {
      try {
        frames.push(JSON.parse(String(payload)));
      } catch {}
    });
  });
  return frames;
}

test('a new chat rings the bell and adds to Total Chats without a reload', async ({ page }) => {
  const id = `${Date.now() % 1e8}`.padStart(8, '0');
  const name = `Live Bell ${id}`;
  // Start from a read inbox, so that the badge is not stuck at '99+'.
  const admin = await apiLogin(page, accounts.clientAdmin);
  await page.request.put('/api/notifications/read-all', {
    headers: { Authorization: `Bearer ${admin.access_token}` },
  });
  const frames = recordLiveFrames(page);

  await signInAsClientAdmin(page);
  // The shell keeps the live connection on the dashboard, not only on the messaging screens.
  await expect.poll(() => frames.some((frame) => frame.type === 'connection_success')).toBe(true);
  await expect(page.getByRole('group', { name: 'Total Chats', exact: true })).toBeVisible();
  const unreadBefore = await unreadBadge(page);
  const chatsBefore = await totalChats(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await customerSays(page.request, name, `62876${id}`, `Is the shop open today? ${id}`);
  await expect
    .poll(() =>
      frames.some((frame) => frame.type === 'notification' && frame.notification?.body.startsWith(name)),
    )
    .toBe(true);
  // Well inside the 30 s refresh of the badge and the dashboard.
  await expect.poll(() => unreadBadge(page), { timeout: 10_000 }).toBeGreaterThan(unreadBefore);
  await expect.poll(() => totalChats(page), { timeout: 10_000 }).toBeGreaterThan(chatsBefore);
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

  await page.getByRole('button', { name: 'Notifications' }).click();
  const item = page
    .getByRole('dialog', { name: 'Notifications' })
    .getByTestId('notification-item')
    .filter({ hasText: name });
  await expect(item).toContainText('New chat conversation');
  await expect(item).toHaveAttribute('data-read', 'false');
});

test('with push on, a browser that blocks notifications is told at most 3 times an hour', async ({
  page,
}) => {
  // Push on whatever the server says; headless Chromium denies the permission.
  await page.route('**/api/notifications/push-config', (route) =>
    route.fulfill({
      json: {
        status_code: 200,
        message: 'OK',
        data: {
          web_push_public_key:
            'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
        },
      },
    }),
  );
  const blocked = (attempt: number) =>
    page.getByText(
      `Notifications blocked. Please enable notifications in your browser settings (Attempt ${attempt}/3)`,
    );

  await signInAsClientAdmin(page);
  await expect(blocked(1)).toBeVisible();
  await page.reload();
  await expect(blocked(2)).toBeVisible();

  // The count outlives signing out and in again.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInAsClientAdmin(page);
  await expect(blocked(3)).toBeVisible();

  const asked = page.waitForResponse('**/api/notifications/push-config');
  await page.reload();
  await asked;
  await expect(page.getByRole('group', { name: 'Total Chats', exact: true })).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(page.getByText(/Notifications blocked/)).toHaveCount(0);
});

test('a push that arrives while the console is visible shows as a toast leading to its link', async ({
  page,
  context,
}) => {
  await signInAsClientAdmin(page);
  // No wait for the lazily loaded shell: a push /sw.js posts to the page before the shell renders is
  // held from startup (main.tsx) and shown once the shell's usePushNotifications attaches.
  const origin = new URL(page.url()).origin;
  // Headless Chromium has no push service: the DevTools protocol delivers the message to /sw.js.
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const active = versions.find((version) => version.status === 'activated');
      if (active) resolve(active.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js'));
  // Active and controlling this page: /sw.js claims the open pages once it activates.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const payload: PushPayload = {
    title: 'New blast finished',
    body: 'Promo Ramadan: 120 of 120 sent',
    type_message: 'Blast',
    notification_id: '42',
    link: '/client/messages/blast',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registration,
    data: JSON.stringify(payload),
  });

  const toast = page.getByRole('alert').filter({ hasText: payload.title });
  await expect(toast).toContainText(payload.body);
  await toast.click();
  await expect(page).toHaveURL(/\/client\/messages\/blast$/);
  await expect(toast).toHaveCount(0);
});
