import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, startApp, type TestEnv } from '../../test/harness.ts';
import { channelsRepo, companyBillingRepo, packagesRepo } from './billing.repo.ts';
import { type QuotaService, quotaService } from './quota.service.ts';

let env: TestEnv;
let quota: QuotaService;

/** A company on a fresh period of `wa` WhatsApp messages and `ai` AI answers. */
async function companyWith(wa: number, ai: number) {
  const db = env.database.db;
  const company = await fixtures(env.database).company();
  const pkg = await packagesRepo(db).create({
    name: `Q${company.id}`,
    description: 'quota test',
    price: 0,
    waMessageLimit: wa,
    aiUsageLimit: ai,
    durationInDays: 30,
  });
  const channel = await channelsRepo(db).create({ name: 'BCA', type: 'VIRTUAL_ACCOUNT', code: 'BCA' });
  await companyBillingRepo(db, company.id).create({
    packageRow: pkg,
    channel,
    adminFee: 0,
    status: 'PAID',
    expiredAt: null,
    createdBy: null,
  });
  return company.id;
}

beforeAll(async () => {
  env = await startApp();
  quota = quotaService(env.database.db);
});
afterAll(() => env.close());

describe('quota', () => {
  it('is zero without a package period, and nothing can be spent', async () => {
    const company = await fixtures(env.database).company();
    expect(await quota.remaining(company.id)).toEqual({ wa_message_remain: 0, ai_usage_remain: 0 });
    expect(await quota.consume(company.id, 'wa')).toBe(false);
  });

  it('never overspends under concurrent consumers', async () => {
    const companyId = await companyWith(10, 7);
    const wa = await Promise.all(Array.from({ length: 25 }, () => quota.consume(companyId, 'wa', 1)));
    expect(wa.filter(Boolean)).toHaveLength(10);
    // Units of 2 against 7: three succeed, the fourth would overspend.
    const ai = await Promise.all(Array.from({ length: 10 }, () => quota.consume(companyId, 'ai', 2)));
    expect(ai.filter(Boolean)).toHaveLength(3);
    expect(await quota.remaining(companyId)).toEqual({ wa_message_remain: 0, ai_usage_remain: 1 });
    expect(await quota.consume(companyId, 'ai', 2)).toBe(false);
    expect(await quota.consume(companyId, 'ai', 1)).toBe(true);
    expect(await quota.consume(companyId, 'ai', 1)).toBe(false);
  });

  it('gives back units of a send that did not happen', async () => {
    const companyId = await companyWith(1, 1);
    expect(await quota.consume(companyId, 'wa')).toBe(true);
    expect(await quota.consume(companyId, 'wa')).toBe(false);
    expect(await quota.release(companyId, 'wa')).toBe(true);
    expect((await quota.remaining(companyId)).wa_message_remain).toBe(1);
  });

  it('drops to zero when the period ends without renewal', async () => {
    const companyId = await companyWith(50, 50);
    await env.database.db.execute(
      sql`update company_packages set start_date = now() - interval '31 days', end_date = now() - interval '1 day' where company_id = ${companyId}`,
    );
    expect(await quota.remaining(companyId)).toEqual({ wa_message_remain: 0, ai_usage_remain: 0 });
    expect(await quota.consume(companyId, 'wa')).toBe(false);
  });

  it('refuses amounts that are not positive integers', async () => {
    const companyId = await companyWith(5, 5);
    expect(() => quota.consume(companyId, 'wa', 0)).toThrow(RangeError);
    expect(() => quota.consume(companyId, 'wa', -3)).toThrow(RangeError);
    expect(() => quota.consume(companyId, 'wa', 1.5)).toThrow(RangeError);
  });
});
