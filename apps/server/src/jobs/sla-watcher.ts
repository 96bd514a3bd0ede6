import type { Deps } from '../deps.ts';
import { notificationsService } from '../modules/notifications/notifications.service.ts';
import { slaRepo } from '../modules/tickets/tickets.repo.ts';
import { type PeriodicHost, runEvery } from './run-every.ts';

/** How often `npm start` looks for overdue tickets. */
export const SLA_WATCH_INTERVAL_MS = 60_000;

/**
 * Reports tickets whose due date passed while open or in progress: an SLA_BREACH activity, a
 * Ticket notification to the assignee and one to the rest of the company, all in the claiming
 * transaction, so each overdue ticket is reported exactly once whatever the number of processes.
 * Answers how many tickets it reported.
 */
export async function runSlaWatcher(deps: Deps, batch = 100) {
  let total = 0;
  for (;;) {
    const reported = await slaRepo(deps.db).claimOverdue(batch, async (tx, rows) => {
      const notifications = notificationsService({ ...deps, db: tx });
      for (const ticket of rows) {
        const body = `${ticket.ticketNumber} "${ticket.title}" passed its due date without being resolved.`;
        if (ticket.assigneeId) {
          await notifications.notify(
            { userId: ticket.assigneeId },
            { title: 'Ticket overdue: assigned to you', body, typeMessage: 'Ticket' },
          );
        }
        await notifications.notify(
          { companyId: ticket.companyId, ...(ticket.assigneeId ? { exceptUserId: ticket.assigneeId } : {}) },
          { title: 'Ticket overdue', body, typeMessage: 'Ticket' },
        );
      }
    });
    total += reported.length;
    if (reported.length < batch) return total;
  }
}

/** The loop `npm start` runs, stopped when the app closes. */
export function startSlaWatcher(app: PeriodicHost, intervalMs = SLA_WATCH_INTERVAL_MS) {
  const { deps } = app;
  runEvery(app, intervalMs, 'SLA watcher failed', async () => {
    const reported = await runSlaWatcher(deps);
    if (reported > 0) deps.log.info({ reported }, 'overdue tickets reported');
  });
}
