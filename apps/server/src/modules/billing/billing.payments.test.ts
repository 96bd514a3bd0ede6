import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInvoiceExpiry } from '../../jobs/invoice-expiry.ts';
import { SANDBOX_PREFIX } from '../../sandbox/payments.ts';
import { type Client, client, signIn, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';
import { quotaService } from './quota.service.ts';

const TOKEN = 'callback-token-for-tests';
let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;
let superAdmin: Client;
let adminA: Client;
let adminB: Client;
let agentA: Client;
const ids = { free: 0, basic: 0, pro: 0, bca: 0, qris: 0 };

/** The raw callback as Xendit (or the sandbox) sends it. */
const callback = (body: unknown, token = TOKEN) =>
  client(env.app)('POST', '/api/billings/callback/xendit', body, { 'x-callback-token': token });

const capture = (
  invoice: { external_id: string; amount: number },
  paymentId: string,
  amount = invoice.amount,
) => ({
  event: 'payment.capture',
  business_id: 'b1',
  created: new Date().toISOString(),
  data: {
    payment_id: paymentId,
    payment_request_id: 'pr-x',
    reference_id: invoice.external_id,
    status: 'SUCCEEDED',
    request_amount: amount,
    currency: 'IDR',
    country: 'ID',
    channel_code: 'BCA_VIRTUAL_ACCOUNT',
    type: 'PAY',
  },
});

/** Opens the sandbox payment page of an invoice and clicks one of its buttons, as a person would. */
async function clickOnPaymentPage(paymentUrl: string, button: 'pay' | 'expire') {
  const path = new URL(paymentUrl).pathname;
  const page = await env.app.inject({ method: 'GET', url: path });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Let it expire');
  const action = page.body.match(new RegExp(`action="([^"]+/${button})"`))?.[1];
  expect(action).toBeDefined();
  const posted = await env.app.inject({
    method: 'POST',
    url: action!,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(posted.statusCode).toBe(303);
  return (await env.app.inject({ method: 'GET', url: path })).body;
}

async function countRows(table: string, where = 'true') {
  const result = await env.database.db.execute(
    sql.raw(`select count(*)::int as n from ${table} where ${where}`),
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

beforeAll(async () => {
  env = await startApp({ XENDIT_CALLBACK_TOKEN: TOKEN });
  // The adapter and the sandbox talk real HTTP on loopback.
  await env.app.listen({ port: 0, host: '127.0.0.1' });
  world = await standardWorld(env);
  superAdmin = await world.as(world.superAdmin);
  adminA = await world.as(world.adminA);
  adminB = await world.as(world.adminB);
  agentA = await world.as(world.agentA);
  const pkg = async (name: string, price: number, wa: number, ai: number) =>
    (
      await superAdmin('POST', '/api/admin/packages', {
        name,
        description: `${name} package`,
        price,
        wa_message_limit: wa,
        ai_usage_limit: ai,
        duration_in_days: 30,
      })
    ).body.data.id as number;
  ids.free = await pkg('Free', 0, 10, 5);
  ids.basic = await pkg('Basic', 150_000, 2000, 1000);
  ids.pro = await pkg('Pro', 450_000, 10_000, 5000);
  const channel = async (body: object) =>
    (await superAdmin('POST', '/api/admin/channels', body)).body.data.id as number;
  ids.bca = await channel({
    name: 'BCA Virtual Account',
    type: 'VIRTUAL_ACCOUNT',
    admin_fee: 4000.4,
    is_default: true,
  });
  ids.qris = await channel({ name: 'QRIS', type: 'QRIS', admin_fee: 1500, expired_duration: 2 });
});
afterAll(() => env.close());

describe('a company buys a package', () => {
  let invoice: {
    id: number;
    external_id: string;
    amount: number;
    invoice_number: string;
    payment_url: string;
    status: string;
  };

  it('starts on nothing: zero quota and no invoice', async () => {
    const current = await adminA('GET', '/api/billings/current');
    expect(current.status).toBe(200);
    expect(current.body.data).toMatchObject({
      invoice: null,
      pending_invoice: null,
      active_package: null,
      wa_message_remain: 0,
      ai_usage_remain: 0,
    });
  });

  it('offers clients the active packages and channels', async () => {
    const packages = await agentA('GET', '/api/admin/packages?limit=50');
    expect(packages.body.data.map((p: { name: string }) => p.name).sort()).toEqual(['Basic', 'Free', 'Pro']);
    const channels = await agentA('GET', '/api/channels');
    expect(channels.body.data.map((c: { code: string }) => c.code).sort()).toEqual(['BCA', 'QRIS']);
  });

  it('creates a pending invoice with a virtual account from the payment provider', async () => {
    const upgrade = await adminA('POST', '/api/billings/upgrade', {
      package_id: ids.basic,
      payment_channel_id: ids.bca,
    });
    expect(upgrade.status).toBe(201);
    expect(upgrade.body.message).toBe('Upgrade successfully');
    invoice = upgrade.body.data;
    expect(upgrade.body.data).toMatchObject({
      status: 'PENDING',
      package_amount: 150_000,
      admin_fee: 4000,
      amount: 154_000,
      payment_method: 'VIRTUAL_ACCOUNT',
      payment_channel: { name: 'BCA Virtual Account', code: 'BCA' },
      package: { name: 'Basic', price: 150_000 },
    });
    expect(invoice.invoice_number).toMatch(/^INV-\d{6}-\d{5}$/);
    expect(upgrade.body.data.payment_details.xendit.account_number).toMatch(/^8808\d{12}$/);
    expect(invoice.payment_url).toContain(`${SANDBOX_PREFIX}/pay/`);
    const hours =
      (Date.parse(upgrade.body.data.expired_at) - Date.parse(upgrade.body.data.created_at)) / 3_600_000;
    expect(Math.round(hours)).toBe(24);

    // The adapter spoke Xendit's wire format to the sandbox.
    const seen = await env.app.inject({ url: `${SANDBOX_PREFIX}/_sandbox/requests` });
    const create = seen.json().requests.find((r: { url: string }) => r.url.endsWith('/v3/payment_requests'));
    expect(create.headers.authorization).toMatch(/^Basic /);
    expect(create.headers['api-version']).toBe('2024-11-11');
    expect(create.headers['idempotency-key']).toBe(invoice.external_id);
    expect(create.body).toMatchObject({
      reference_id: invoice.external_id,
      request_amount: 154_000,
      currency: 'IDR',
      channel_code: 'BCA_VIRTUAL_ACCOUNT',
    });

    const current = (await adminA('GET', '/api/billings/current')).body.data;
    expect(current.pending_invoice.invoice_number).toBe(invoice.invoice_number);
    expect(current.can_upgrade).toBe(false);
  });

  it('refuses a second invoice while one is pending', async () => {
    const again = await adminA('POST', '/api/billings/upgrade', {
      package_id: ids.pro,
      payment_channel_id: ids.qris,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already have an invoice awaiting payment');
  });

  it('rejects a callback with a forged token and changes nothing', async () => {
    const forged = await callback(capture(invoice, 'py-forged'), 'not-the-token');
    expect(forged.status).toBe(401);
    const missing = await client(env.app)(
      'POST',
      '/api/billings/callback/xendit',
      capture(invoice, 'py-forged'),
    );
    expect(missing.status).toBe(401);
    expect((await adminA('GET', `/api/billings/invoices/id/${invoice.id}`)).body.data.status).toBe('PENDING');
  });

  it('rejects a payment of the wrong amount and changes nothing', async () => {
    const short = await callback(capture(invoice, 'py-short', 1000));
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Paid amount does not match the invoice');
    expect((await adminA('GET', `/api/billings/invoices/id/${invoice.id}`)).body.data.status).toBe('PENDING');
    expect(await countRows('company_packages', `company_id = ${world.companyA.id}`)).toBe(0);
  });

  it('is paid on the sandbox page, which drives the same callback; the period starts with fresh quota', async () => {
    const page = await clickOnPaymentPage(invoice.payment_url, 'pay');
    expect(page).toContain('SUCCEEDED');
    expect(page).toContain('answered 200: Callback processed');
    const paid = (await adminA('GET', `/api/billings/invoices/id/${invoice.id}`)).body.data;
    expect(paid.status).toBe('PAID');
    expect(paid.paid_at).not.toBeNull();
    const current = (await adminA('GET', '/api/billings/current')).body.data;
    expect(current.pending_invoice).toBeNull();
    expect(current.invoice.status).toBe('PAID');
    expect(current.active_package).toMatchObject({
      package: { name: 'Basic' },
      is_active: true,
      wa_message_limit: 2000,
      wa_message_remain: 2000,
      ai_usage_remain: 1000,
    });
    const days =
      (Date.parse(current.active_package.end_date) - Date.parse(current.active_package.start_date)) /
      86_400_000;
    expect(days).toBe(30);
    expect(current).toMatchObject({ wa_message_remain: 2000, ai_usage_remain: 1000, can_upgrade: true });
    expect(await quotaService(env.database.db).remaining(world.companyA.id)).toEqual({
      wa_message_remain: 2000,
      ai_usage_remain: 1000,
    });
    // The company and the super admins hear of it.
    const notes = (await adminA('GET', '/api/notifications')).body.data;
    expect(notes[0]).toMatchObject({ title: 'Payment received', type_message: 'Transaction' });
    expect((await superAdmin('GET', '/api/notifications')).body.data[0].title).toBe('Payment received');
  });

  it('changes nothing when the same callback arrives again', async () => {
    const notes = await countRows('notifications', `title = 'Payment received'`);
    const replay = await env.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/_sandbox/replay-last-callback`,
    });
    expect(replay.json().callback).toMatchObject({ status: 200, answer: 'Callback already processed' });
    expect(await countRows('company_packages', `company_id = ${world.companyA.id}`)).toBe(1);
    expect(await countRows('notifications', `title = 'Payment received'`)).toBe(notes);
    const history = (await adminA('GET', '/api/billings/history')).body;
    expect(history.data).toHaveLength(1);
    expect(history.meta.total).toBe(1);
  });

  it('downloads a paid invoice as a real PDF', async () => {
    const anonymous = await env.app.inject({ url: `/api/billings/invoices/id/${invoice.id}/pdf` });
    expect(anonymous.statusCode).toBe(401);
    const token = (await signIn(env.app, world.adminA.email)).access_token;
    const pdf = await env.app.inject({
      url: `/api/billings/invoices/id/${invoice.id}/pdf`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`${invoice.invoice_number}.pdf`);
    const text = pdf.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain(invoice.invoice_number);
    expect(text).toContain('Rp 154.000');
    // The cross-reference table points at real objects.
    const xref = Number(text.match(/startxref\n(\d+)/)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
  });

  it('queues a second paid package after the current period', async () => {
    const upgrade = await adminA('POST', '/api/billings/upgrade', {
      package_id: ids.pro,
      payment_channel_id: ids.qris,
    });
    expect(upgrade.status).toBe(201);
    const qr = upgrade.body.data;
    expect(qr.payment_method).toBe('QRIS');
    expect(qr.payment_details.xendit.qr_string).toMatch(/^000201/);
    expect(qr.amount).toBe(451_500);
    const simulate = await fetch(
      `http://127.0.0.1:${(env.app.server.address() as { port: number }).port}${SANDBOX_PREFIX}/v3/payment_requests/${qr.payment_details.xendit.payment_request_id}/simulate`,
      {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('xnd_development_x:').toString('base64')}` },
      },
    );
    expect((await simulate.json()).callback.status).toBe(200);
    const current = (await adminA('GET', '/api/billings/current')).body.data;
    expect(current.active_package.package.name).toBe('Basic');
    expect(current.queued_packages).toHaveLength(1);
    expect(current.queued_packages[0].start_date).toBe(current.active_package.end_date);
    const summary = (await adminA('GET', `/api/billings/company/${world.companyA.id}/summary`)).body.data;
    expect(summary.package_usages.map((u: { package: { name: string } }) => u.package.name)).toEqual([
      'Pro',
      'Basic',
    ]);
  });
});

describe('invoices that are not paid', () => {
  it('expire through the sandbox page ("Let it expire")', async () => {
    const upgrade = await adminB('POST', '/api/billings/upgrade', {
      package_id: ids.basic,
      payment_channel_id: ids.qris,
    });
    expect(upgrade.status).toBe(201);
    const page = await clickOnPaymentPage(upgrade.body.data.payment_url, 'expire');
    expect(page).toContain('EXPIRED');
    const invoice = (await adminB('GET', `/api/billings/invoices/id/${upgrade.body.data.id}`)).body.data;
    expect(invoice.status).toBe('EXPIRED');
    expect((await adminB('GET', '/api/notifications')).body.data[0].title).toBe('Invoice expired');
  });

  it('expire by the job once the channel expiry has passed, once', async () => {
    const upgrade = await adminB('POST', '/api/billings/upgrade', {
      package_id: ids.basic,
      payment_channel_id: ids.qris,
    });
    const id = upgrade.body.data.id;
    expect(await runInvoiceExpiry(env.app.deps)).toBe(0);
    await env.database.db.execute(
      sql.raw(`update invoices set expired_at = now() - interval '1 minute' where id = ${id}`),
    );
    expect(await runInvoiceExpiry(env.app.deps)).toBe(1);
    expect(await runInvoiceExpiry(env.app.deps)).toBe(0);
    expect((await adminB('GET', `/api/billings/invoices/id/${id}`)).body.data.status).toBe('EXPIRED');
    // A late expiry callback for it changes nothing.
    const late = await callback({
      event: 'payment_request.expiry',
      data: { reference_id: upgrade.body.data.external_id, payment_request_id: 'pr-y', status: 'EXPIRED' },
    });
    expect(late.body.message).toBe('Callback already processed');
  });

  it('fail when the provider refuses, and free the pending slot', async () => {
    await env.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/_sandbox/fail-next`,
      payload: { status: 429 },
    });
    const refused = await adminB('POST', '/api/billings/upgrade', {
      package_id: ids.basic,
      payment_channel_id: ids.bca,
    });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe('The payment provider could not create the payment. Please try again.');
    const failed = (await adminB('GET', '/api/billings/history?status=failed')).body.data;
    expect(failed).toHaveLength(1);
    const retry = await adminB('POST', '/api/billings/upgrade', {
      package_id: ids.basic,
      payment_channel_id: ids.bca,
    });
    expect(retry.status).toBe(201);
    // 'Riwayat Tagihan' leaves the pending invoice out; the failed one stays.
    const all = (await adminB('GET', '/api/billings/history')).body;
    const shown = (await adminB('GET', '/api/billings/history?exclude_status=pending')).body;
    expect(all.data.map((i: { status: string }) => i.status)).toContain('PENDING');
    expect(shown.data.map((i: { status: string }) => i.status)).not.toContain('PENDING');
    expect(shown.data).toContainEqual(expect.objectContaining({ status: 'FAILED' }));
    expect(shown.meta.total).toBe(all.meta.total - 1);
  });
});

describe('concurrency and the free package', () => {
  it('leaves one pending invoice when a company asks many times at once', async () => {
    const company = await world.make.company('Gamma Co');
    const admin = await world.make.user('client_admin', company.id);
    const call = await world.as(admin);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', '/api/billings/upgrade', { package_id: ids.basic, payment_channel_id: ids.bca }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    expect(await countRows('invoices', `company_id = ${company.id} and status = 'PENDING'`)).toBe(1);
    // Numbers are unique and follow each other.
    const numbers = (await superAdmin('GET', '/api/admin/billings?per_page=100')).body.data
      .map((i: { invoice_number: string }) => Number(i.invoice_number.slice(-5)))
      .sort((a: number, b: number) => a - b);
    expect(numbers).toEqual(numbers.map((_: number, i: number) => i + 1));
  });

  it('activates the free package at once, only when nothing is active', async () => {
    const company = await world.make.company('Delta Co');
    const call = await world.as(await world.make.user('client_admin', company.id));
    const free = await call('POST', '/api/billings/upgrade', {
      package_id: ids.free,
      payment_channel_id: ids.bca,
    });
    expect(free.status).toBe(201);
    expect(free.body.data).toMatchObject({ status: 'PAID', amount: 0, admin_fee: 0 });
    const current = (await call('GET', '/api/billings/current')).body.data;
    expect(current.active_package).toMatchObject({ package: { name: 'Free' }, wa_message_remain: 10 });
    const again = await call('POST', '/api/billings/upgrade', {
      package_id: ids.free,
      payment_channel_id: ids.bca,
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('The free package can only be activated when no package is active');
    // A paid package replaces the free one at once rather than waiting for it to end.
    const basic = await call('POST', '/api/billings/upgrade', {
      package_id: ids.basic,
      payment_channel_id: ids.bca,
    });
    await callback(capture(basic.body.data, 'py-delta'));
    const after = (await call('GET', '/api/billings/current')).body.data;
    expect(after.active_package.package.name).toBe('Basic');
    expect(after.queued_packages).toEqual([]);
  });
});

describe('boundaries', () => {
  it('answers 404 for another company invoice and summary', async () => {
    const mine = (await adminA('GET', '/api/billings/history')).body.data[0];
    expect((await adminB('GET', `/api/billings/invoices/id/${mine.id}`)).status).toBe(404);
    expect((await adminB('GET', `/api/billings/invoices/id/${mine.id}/pdf`)).status).toBe(404);
    expect((await adminB('GET', `/api/billings/company/${world.companyA.id}/summary`)).status).toBe(404);
    expect((await superAdmin('GET', `/api/billings/company/${world.companyA.id}/summary`)).status).toBe(200);
    expect(
      (await adminB('GET', '/api/billings/history')).body.data.some((i: { id: number }) => i.id === mine.id),
    ).toBe(false);
  });

  it('refuses a download of an invoice that is not paid', async () => {
    const expired = (await adminB('GET', '/api/billings/history?status=EXPIRED')).body.data[0];
    const response = await adminB('GET', `/api/billings/invoices/id/${expired.id}/pdf`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Only a paid invoice can be downloaded');
  });

  it('needs billing_update to upgrade', async () => {
    const denied = await agentA('POST', '/api/billings/upgrade', {
      package_id: ids.pro,
      payment_channel_id: ids.bca,
    });
    expect(denied.status).toBe(403);
  });

  it('answers 400 to bad bodies and creates nothing', async () => {
    const before = await countRows('invoices');
    for (const body of [
      {},
      { package_id: ids.basic },
      { package_id: 'x', payment_channel_id: ids.bca },
      { package_id: ids.basic, payment_channel_id: ids.bca, extra: 1 },
      { package_id: 999_999, payment_channel_id: ids.bca },
      { package_id: ids.basic, payment_channel_id: 999_999 },
    ]) {
      const response = await adminB('POST', '/api/billings/upgrade', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await adminB('POST', '/api/billings/upgrade', {})).body.message).toBe('Package is required');
    expect(await countRows('invoices')).toBe(before);
  });

  it('answers a callback for an unknown invoice with 404 and ignores unknown events', async () => {
    const unknown = await callback(
      capture({ external_id: '00000000-0000-0000-0000-000000000000', amount: 1 }, 'py-z'),
    );
    expect(unknown.status).toBe(404);
    expect((await callback({ event: 'refund.succeeded', data: { reference_id: 'x' } })).body.message).toBe(
      'Callback ignored',
    );
  });
});
