import type { Db } from '../../db/client.ts';
import { channelsRepo, companyBillingRepo, packagesRepo } from './billing.repo.ts';

/**
 * Demo billing for a first start: a Free package (price 0) with two paid ones, the default
 * virtual-account channel (BCA), a second bank and QRIS; the demo company starts on Free.
 */
export async function seedBilling(db: Db, demoCompanyId?: number) {
  const packages = packagesRepo(db);
  if (await packages.findFree()) return;
  const free = await packages.create({
    name: 'Free',
    description: 'Try the console: a few WhatsApp messages and AI answers for 30 days.',
    price: 0,
    waMessageLimit: 100,
    aiUsageLimit: 50,
    durationInDays: 30,
  });
  await packages.create({
    name: 'Basic',
    description: 'For a small team answering customers every day.',
    price: 150_000,
    waMessageLimit: 2_000,
    aiUsageLimit: 1_000,
    durationInDays: 30,
  });
  await packages.create({
    name: 'Pro',
    description: 'For busy channels with blasts and schedules.',
    price: 450_000,
    waMessageLimit: 10_000,
    aiUsageLimit: 5_000,
    durationInDays: 30,
  });
  const channels = channelsRepo(db);
  const bca = await channels.create({
    name: 'BCA Virtual Account',
    type: 'VIRTUAL_ACCOUNT',
    code: 'BCA',
    adminFee: 4_000,
    expiredDuration: 24,
    isDefault: true,
  });
  await channels.create({
    name: 'BNI Virtual Account',
    type: 'VIRTUAL_ACCOUNT',
    code: 'BNI',
    adminFee: 4_000,
  });
  await channels.create({ name: 'QRIS', type: 'QRIS', code: 'QRIS', adminFee: 1_500, isDefault: true });
  if (demoCompanyId) {
    await companyBillingRepo(db, demoCompanyId).create({
      packageRow: free,
      channel: bca,
      adminFee: 0,
      status: 'PAID',
      expiredAt: null,
      createdBy: null,
    });
  }
}
