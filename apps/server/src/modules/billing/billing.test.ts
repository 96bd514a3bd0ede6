import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;
let superAdmin: Client;
let adminA: Client;

const validPackage = {
  name: 'Starter',
  description: 'For a small team',
  price: 99_000,
  wa_message_limit: 500,
  ai_usage_limit: 200,
  duration_in_days: 30,
};
const validCompany = {
  company_name: 'Nusantara Retail',
  industry: 'E-commerce',
  city: 'Surabaya',
  status: 'active',
  contact_email: 'Hello@Nusantara.example.com',
  contact_phone: '628123456789',
  address: 'Jl. Pemuda 10',
};

async function countRows(table: string) {
  const result = await env.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

beforeAll(async () => {
  env = await startApp();
  world = await standardWorld(env);
  superAdmin = await world.as(world.superAdmin);
  adminA = await world.as(world.adminA);
});
afterAll(() => env.close());

describe('package management', () => {
  it('answers the package form messages of super-admin §5 and creates nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...validPackage, name: '' }, 'Package name is required'],
      [{ ...validPackage, name: undefined }, 'Package name is required'],
      [{ ...validPackage, price: -1 }, 'Price must be positive'],
      [{ ...validPackage, price: undefined }, 'Price is required'],
      [{ ...validPackage, price: 1.5 }, 'Must be a whole number'],
      [{ ...validPackage, wa_message_limit: undefined }, 'Message limit is required'],
      [{ ...validPackage, wa_message_limit: -5 }, 'Limit must be positive'],
      [{ ...validPackage, ai_usage_limit: '' }, 'AI usage limit is required'],
      [{ ...validPackage, ai_usage_limit: -1 }, 'Limit must be positive'],
      [{ ...validPackage, duration_in_days: undefined }, 'Duration is required'],
      [{ ...validPackage, duration_in_days: 0 }, 'Duration must be at least 1 day'],
      [{ ...validPackage, description: ' ' }, 'Description is required'],
    ];
    for (const [body, message] of cases) {
      const response = await superAdmin('POST', '/api/admin/packages', body);
      expect(response.status, message).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect(await countRows('packages')).toBe(0);
  });

  it('creates, lists with search and paging, updates and deletes packages', async () => {
    const created = await superAdmin('POST', '/api/admin/packages', { ...validPackage, price: '99000' });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Package created successfully');
    expect(created.body.data).toMatchObject({ ...validPackage, is_active: true });
    await superAdmin('POST', '/api/admin/packages', { ...validPackage, name: 'Business', price: 300_000 });
    const hidden = await superAdmin('POST', '/api/admin/packages', {
      ...validPackage,
      name: 'Legacy',
      is_active: false,
    });

    const page = await superAdmin('GET', '/api/admin/packages?limit=2&page=1');
    expect(page.body.meta).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page.body.data).toHaveLength(2);
    expect((await superAdmin('GET', '/api/admin/packages?search=busi')).body.data[0].name).toBe('Business');
    // Clients are offered the active ones only.
    const offered = (await adminA('GET', '/api/admin/packages')).body.data.map(
      (p: { name: string }) => p.name,
    );
    expect(offered.sort()).toEqual(['Business', 'Starter']);

    const updated = await superAdmin('PUT', `/api/admin/packages/id/${created.body.data.id}`, {
      price: 120_000,
    });
    expect(updated.body).toMatchObject({ message: 'Package updated successfully', data: { price: 120_000 } });
    const bad = await superAdmin('PUT', `/api/admin/packages/id/${created.body.data.id}`, {
      duration_in_days: 0,
    });
    expect(bad.body.message).toBe('Duration must be at least 1 day');

    const removed = await superAdmin('DELETE', `/api/admin/packages/id/${hidden.body.data.id}`);
    expect(removed.body.message).toBe('Package successfully deleted');
    expect((await superAdmin('GET', `/api/admin/packages/id/${hidden.body.data.id}`)).status).toBe(404);
    expect((await superAdmin('DELETE', `/api/admin/packages/id/${hidden.body.data.id}`)).status).toBe(404);
  });
});

describe('payment channels', () => {
  it('answers the payment channel form messages of super-admin §5', async () => {
    const valid = {
      name: 'BNI Virtual Account',
      type: 'VIRTUAL_ACCOUNT',
      admin_fee: 2500,
      expired_duration: 24,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: '' }, 'Name is required'],
      [{ ...valid, type: undefined }, 'Type is required'],
      [{ ...valid, type: 'CASH' }, 'Type is required'],
      [{ ...valid, admin_fee: -1 }, 'Admin fee must be positive'],
      [{ ...valid, expired_duration: 0 }, 'Duration must be at least 1 hour'],
      [{ ...valid, expired_duration: 1.5 }, 'Must be a whole number'],
    ];
    for (const [body, message] of cases) {
      const response = await superAdmin('POST', '/api/admin/channels', body);
      expect(response.status, message).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect(await countRows('payment_channels')).toBe(0);
  });

  it('applies the defaults of super-admin §9, keeps decimal fees and one default per type', async () => {
    const plain = await superAdmin('POST', '/api/admin/channels', {
      name: 'Mandiri VA',
      type: 'virtual account',
    });
    expect(plain.status).toBe(201);
    expect(plain.body.message).toBe('Payment channel created successfully');
    expect(plain.body.data).toMatchObject({
      type: 'VIRTUAL_ACCOUNT',
      code: 'MANDIRI',
      admin_fee: 0,
      expired_duration: 24,
      is_active: true,
      is_default: false,
    });
    const first = await superAdmin('POST', '/api/admin/channels', {
      name: 'BCA Virtual Account',
      type: 'VIRTUAL_ACCOUNT',
      admin_fee: 4440.5,
      is_default: true,
    });
    expect(first.body.data).toMatchObject({ code: 'BCA', admin_fee: 4440.5, is_default: true });
    const second = await superAdmin('POST', '/api/admin/channels', {
      name: 'BRI Virtual Account',
      type: 'VIRTUAL_ACCOUNT',
      is_default: true,
    });
    expect(second.body.data.is_default).toBe(true);
    expect(
      (await superAdmin('GET', `/api/admin/channels/id/${first.body.data.id}`)).body.data.is_default,
    ).toBe(false);
    // Back to BCA as the default.
    const updated = await superAdmin('PUT', `/api/admin/channels/id/${first.body.data.id}`, {
      is_default: true,
    });
    expect(updated.body.message).toBe('Payment channel updated successfully');
    expect(
      (await superAdmin('GET', `/api/admin/channels/id/${second.body.data.id}`)).body.data.is_default,
    ).toBe(false);

    const qris = await superAdmin('POST', '/api/admin/channels', {
      name: 'QRIS',
      type: 'QRIS',
      is_active: false,
    });
    expect(qris.body.data.code).toBe('QRIS');
    expect((await superAdmin('GET', '/api/admin/channels')).body.meta.total).toBe(4);
    expect(
      (await adminA('GET', '/api/channels')).body.data.map((c: { name: string }) => c.name),
    ).not.toContain('QRIS');

    const removed = await superAdmin('DELETE', `/api/admin/channels/id/${second.body.data.id}`);
    expect(removed.body.message).toBe('Payment channel deleted successfully');
    expect((await superAdmin('GET', '/api/admin/channels')).body.meta.total).toBe(3);
  });
});

describe('super-admin only routes', () => {
  it('give a client token 403 and an anonymous caller 401', async () => {
    const routes: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string][] = [
      ['POST', '/api/admin/packages'],
      ['GET', '/api/admin/packages/id/1'],
      ['PUT', '/api/admin/packages/id/1'],
      ['DELETE', '/api/admin/packages/id/1'],
      ['GET', '/api/admin/channels'],
      ['POST', '/api/admin/channels'],
      ['PUT', '/api/admin/channels/id/1'],
      ['DELETE', '/api/admin/channels/id/1'],
      ['GET', '/api/admin/billings'],
      ['GET', '/api/admin/billings/id/1'],
      ['GET', '/api/admin/billings/statistics'],
      ['GET', '/api/client/statistics/company'],
      ['POST', '/api/admin/billings/company'],
    ];
    for (const [method, url] of routes) {
      expect((await adminA(method, url, {})).status, `${method} ${url}`).toBe(403);
      expect((await env.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('company creation with its first bill', () => {
  it('needs the default virtual-account channel and the free package', async () => {
    await env.database.db.execute(sql`update payment_channels set is_default = false`);
    const noChannel = await superAdmin('POST', '/api/admin/billings/company', validCompany);
    expect(noChannel.status).toBe(400);
    expect(noChannel.body.message).toBe('No default payment channel found for Virtual Account');
    await env.database.db.execute(
      sql`update payment_channels set is_default = true where name = 'BCA Virtual Account'`,
    );
    const noPackage = await superAdmin('POST', '/api/admin/billings/company', validCompany);
    expect(noPackage.status).toBe(400);
    expect(noPackage.body.message).toBe('No default package found for Free package');
    expect(await countRows('companies')).toBe(2);
  });

  it('validates the company form', async () => {
    const bad = await superAdmin('POST', '/api/admin/billings/company', {
      ...validCompany,
      contact_phone: '0812',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Format nomor telepon tidak valid (Contoh: 628123456789)');
    const noName = await superAdmin('POST', '/api/admin/billings/company', {
      ...validCompany,
      company_name: '',
    });
    expect(noName.body.message).toBe('Company name is required');
  });

  it('creates the company on the free package, paid at once, with fresh quota', async () => {
    await superAdmin('POST', '/api/admin/packages', {
      ...validPackage,
      name: 'Free',
      price: 0,
      wa_message_limit: 100,
      ai_usage_limit: 50,
    });
    const created = await superAdmin('POST', '/api/admin/billings/company', {
      ...validCompany,
      package_id: 12345,
      payment_channel_id: null,
      user_external_id: '7d0f6c55-7a7e-4f9e-9a55-1f4b7e9c2d11',
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Company created successfully');
    const { company, invoice } = created.body.data;
    expect(company).toMatchObject({
      company_name: 'Nusantara Retail',
      contact_email: 'hello@nusantara.example.com',
    });
    expect(invoice).toMatchObject({
      status: 'PAID',
      amount: 0,
      package: { name: 'Free', price: 0 },
      payment_method: 'VIRTUAL_ACCOUNT',
      payment_channel: { name: 'BCA Virtual Account' },
    });
    expect(company.package_id).toBe(invoice.package.id);
    const summary = (await superAdmin('GET', `/api/billings/company/${company.id}/summary`)).body.data;
    expect(summary.package_usages).toHaveLength(1);
    expect(summary.package_usages[0]).toMatchObject({
      is_active: true,
      wa_message_limit: 100,
      wa_message_remain: 100,
      ai_usage_remain: 50,
    });
  });
});

describe('transactions and statistics', () => {
  it('lists transactions with filters and the meta of super-admin §7', async () => {
    // A paid invoice of last month and a pending one now, for company A.
    const [pkg] = (await superAdmin('GET', '/api/admin/packages?search=Business')).body.data;
    const channelId = (await superAdmin('GET', '/api/admin/channels?search=BCA')).body.data[0].id;
    await env.database.db.execute(sql`
      insert into invoices (company_id, invoice_number, status, package_id, package_name, duration_in_days,
        wa_message_limit, ai_usage_limit, payment_channel_id, channel_name, channel_code, payment_method,
        package_amount, admin_fee, amount, created_at, paid_at)
      values (${world.companyA.id}, 'INV-TEST-00001', 'PAID', ${pkg.id}, 'Business', 30, 500, 200, ${channelId},
        'BCA Virtual Account', 'BCA', 'VIRTUAL_ACCOUNT', 300000, 4441, 304441,
        now() - interval '40 days', now() - interval '40 days'),
      (${world.companyA.id}, 'INV-TEST-00002', 'PENDING', ${pkg.id}, 'Business', 30, 500, 200, ${channelId},
        'BCA Virtual Account', 'BCA', 'VIRTUAL_ACCOUNT', 300000, 4441, 304441, now(), null)`);

    const all = await superAdmin('GET', '/api/admin/billings?page=1&per_page=2');
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ total: 3, page: 1, per_page: 2 });
    expect(all.body.data).toHaveLength(2);
    const paid = await superAdmin('GET', '/api/admin/billings?status=paid');
    expect(paid.body.data.map((i: { status: string }) => i.status)).toEqual(['PAID', 'PAID']);
    const searched = await superAdmin('GET', '/api/admin/billings?search=alpha');
    expect(searched.body.data.map((i: { invoice_number: string }) => i.invoice_number).sort()).toEqual([
      'INV-TEST-00001',
      'INV-TEST-00002',
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const recent = await superAdmin('GET', `/api/admin/billings?start_date=${today}`);
    expect(recent.body.data.map((i: { invoice_number: string }) => i.invoice_number)).not.toContain(
      'INV-TEST-00001',
    );
    const old = await superAdmin(
      'GET',
      `/api/admin/billings?end_date=${new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10)}`,
    );
    expect(old.body.data.map((i: { invoice_number: string }) => i.invoice_number)).toEqual([
      'INV-TEST-00001',
    ]);
    expect((await superAdmin('GET', '/api/admin/billings?start_date=yesterday')).status).toBe(400);
    const detail = await superAdmin('GET', `/api/admin/billings/id/${old.body.data[0].id}`);
    expect(detail.body.data).toMatchObject({
      status: 'PAID',
      company: { name: 'Alpha Co' },
      admin_fee: 4441,
    });
  });

  it('sums revenue by month with growth, counts active customers, companies and users', async () => {
    const stats = (await superAdmin('GET', '/api/admin/billings/statistics')).body.data;
    expect(stats.total_revenue).toBe(304_441);
    expect(stats.active_customers).toBe(1);
    expect(stats.monthly_revenue).toHaveLength(12);
    const withRevenue = stats.monthly_revenue.filter((m: { revenue: number }) => m.revenue > 0);
    expect(withRevenue).toHaveLength(1);
    const index = stats.monthly_revenue.findIndex((m: { revenue: number }) => m.revenue > 0);
    if (index < 11) expect(stats.monthly_revenue[index + 1].growth).toBe(-100);
    const clients = (await superAdmin('GET', '/api/client/statistics/company')).body.data;
    expect(clients).toEqual({ total_companies: 3, total_users: 4 });
  });
});
