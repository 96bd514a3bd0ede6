/**
 * `npm run bench:blast`: how fast one process sends a blast, and how well the rate limit holds.
 *
 * 1. A company with BLAST_BENCH_RECIPIENTS (default 100,000) Telegram contacts sends one blast to
 *    all of them through the built-in sandbox over real HTTP, the rate limit off: prints messages/s
 *    (target ≥ 1,000 per process).
 * 2. The same with the integration limited to 80 messages/s: prints the rate measured over 10 whole
 *    seconds after the first and its distance from the limit (target within 5%).
 *
 * Embedded PGlite by default; DATABASE_URL=postgres://… measures on PostgreSQL (a fresh database is
 * created and dropped).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { blasts } from '../../apps/server/src/db/schema/blasts.ts';
import { contacts, integrations, platforms } from '../../apps/server/src/db/schema/messaging.ts';
import { quotaService } from '../../apps/server/src/modules/billing/quota.service.ts';
import { blastsService } from '../../apps/server/src/modules/blasts/blasts.service.ts';
import { companiesRepo } from '../../apps/server/src/modules/companies/companies.repo.ts';
import { benchQuota, openBenchDatabase, startBenchApp } from '../bench-app.ts';

const here = dirname(fileURLToPath(import.meta.url));
const RECIPIENTS = Number(process.env.BLAST_BENCH_RECIPIENTS ?? 100_000);
const LIMITED_RATE = 80;
const LIMITED_SECONDS = 10;
const TOKEN = '700000001:BENCH-blast-token-abcdefghij';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const database = await openBenchDatabase('blast');
  const { app } = await startBenchApp(database, { BLAST_RATE_TELEGRAM: '0' });
  const db = database.db;

  const company = await companiesRepo(db).create({
    companyName: 'Blast Bench',
    industry: 'Retail',
    city: 'Jakarta',
    status: 'active',
    contactEmail: 'bench@example.com',
    contactPhone: '6281500123',
    website: null,
    address: 'Jakarta',
  });
  const [platform] = await db.select().from(platforms).where(eq(platforms.kind, 'telegram'));
  const tenant = { companyId: company.id, userId: 0, actingSuperAdminId: null };
  const created = await app.integrations.create(tenant, {
    type: 'message_platform',
    integration_id: platform!.id,
    title: 'Bench bot',
    integration_contact: TOKEN,
  });
  const [integration] = await db
    .update(integrations)
    .set({ status: 'active' })
    .where(eq(integrations.id, created.integration.id))
    .returning();
  await benchQuota(db, company.id, RECIPIENTS * 2);
  for (let i = 0; i < RECIPIENTS; i += 5000) {
    await db.insert(contacts).values(
      Array.from({ length: Math.min(5000, RECIPIENTS - i) }, (_, j) => ({
        companyId: company.id,
        integrationId: integration!.id,
        chatId: `${900_000_000 + i + j}@telegram`,
        chatType: 'telegram',
        name: `Customer ${i + j}`,
      })),
    );
  }

  const service = blastsService(app.deps, quotaService(db), app.blasts);
  const until = async (id: number, done: (row: typeof blasts.$inferSelect) => boolean) => {
    for (;;) {
      const [row] = await db.select().from(blasts).where(eq(blasts.id, id));
      if (done(row!)) return row!;
      await sleep(200);
    }
  };

  const fields = {
    title: 'Bench',
    integration_id: String(integration!.id),
    recipent_type: 'all_contact',
    message: 'Promo hari ini!',
  };
  const started = performance.now();
  const all = await service.create(tenant, { fields, file: null });
  const finished = await until(all.id, (row) => row.status === 'completed');
  const seconds = (performance.now() - started) / 1000;
  const unlimited = RECIPIENTS / seconds;

  app.deps.config.blastRates.telegram = LIMITED_RATE;
  const limitedFields = { ...fields, recipent_type: 'contact', contact_search: 'Customer 1' };
  const limited = await service.create(tenant, { fields: limitedFields, file: null });
  // The limit is a budget per clock second, spent by the first passes of each second, so the rate
  // is counted over whole seconds: from the middle of the second after the first to the middle of
  // the tenth second after that. A window starting at any moment would count 10 or 11 budgets.
  const handled = async () => {
    const [row] = await db.select().from(blasts).where(eq(blasts.id, limited.id));
    return row!.successCount + row!.failedCount;
  };
  await sleep(1000);
  await sleep(1500 - (Date.now() % 1000));
  const before = await handled();
  await sleep(LIMITED_SECONDS * 1000);
  const limitedRate = ((await handled()) - before) / LIMITED_SECONDS;
  await app.blasts.stop();

  const result = {
    database: database.kind,
    recipients: RECIPIENTS,
    sent: finished.successCount,
    failed: finished.failedCount,
    unlimited_messages_per_second: Math.round(unlimited),
    limited_target_per_second: LIMITED_RATE,
    limited_measured_per_second: Number(limitedRate.toFixed(1)),
    limited_deviation_percent: Number(
      ((Math.abs(limitedRate - LIMITED_RATE) / LIMITED_RATE) * 100).toFixed(1),
    ),
  };
  console.log(
    `blast of ${RECIPIENTS} (${database.kind})   ${result.unlimited_messages_per_second} messages/s in one process (target ≥ 1,000); ${finished.successCount} sent, ${finished.failedCount} failed`,
  );
  console.log(
    `limited to ${LIMITED_RATE}/s         ${result.limited_measured_per_second} messages/s over ${LIMITED_SECONDS} s (${result.limited_deviation_percent}% off; target within 5%)`,
  );
  mkdirSync(join(here, '../results'), { recursive: true });
  writeFileSync(join(here, `../results/blast-${database.kind}.json`), `${JSON.stringify(result, null, 2)}\n`);
  await app.close();
  await database.close();
}

await main();
