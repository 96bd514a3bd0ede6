import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ensureBaseData, seedDemo } from './db/seed.ts';
import { startInvoiceExpiry } from './jobs/invoice-expiry.ts';
import { startSlaWatcher } from './jobs/sla-watcher.ts';

/** Starts the console: migrate, make sure the base data exists, seed a first start, listen. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  await ensureBaseData(database.db);
  const seeded = config.seed ? await seedDemo(database.db, config) : null;

  const app = await buildApp({ config, database });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.runsWorkers) {
    startInvoiceExpiry(app);
    startSlaWatcher(app);
  }
  if (config.role === 'worker') {
    await app.ready();
    console.log(`\n  AI Admin worker is running (jobs, blasts, schedules, invoice expiry, SLA watch)\n`);
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  // Webhooks and gateway sessions are registered again now that the server can receive them.
  void app.integrations.reconnectAll();
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `  AI Admin is running on ${config.publicUrl}  (database: ${where})`,
    `  Sign in at ${config.publicUrl}/login   ·   API docs at ${config.publicUrl}/api/docs`,
  ];
  if (seeded) {
    lines.push('', '  Demo accounts created on this first start (shown once; keep them):');
    for (const account of seeded)
      lines.push(`    ${account.role.padEnd(13)} ${account.email.padEnd(28)} ${account.password}`);
  }
  if (!config.production && !config.mail.smtpUrl)
    lines.push('', `  Mail is kept, not sent: ${config.publicUrl}/api/dev/outbox`);
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
