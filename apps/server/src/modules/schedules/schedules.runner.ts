import type { Deps } from '../../deps.ts';
import { blastsRepo } from '../blasts/blasts.repo.ts';
import { type Recipient, resolveRecipients } from '../blasts/recipients.ts';
import { chatTypeOfKind } from '../chats/chats.presenter.ts';
import { platformIntegrationsRepo } from '../integrations/integrations.repo.ts';
import { nextRun } from './next-run.ts';
import { scheduleRunsRepo } from './schedules.repo.ts';
import { ruleOf } from './schedules.service.ts';

const POLL_MS = 1000;

/**
 * Fires due schedules: each firing becomes a run (a blast row with the schedule's id and its
 * recipients) that the blast sender delivers, and moves next_run_at, in the claiming transaction.
 * Polls every second, so a schedule fires within about a second of its time, and one due while no
 * process ran fires at the next start.
 */
export function scheduleRunner(deps: Deps, wakeSender: () => void) {
  const repo = scheduleRunsRepo(deps.db);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;

  async function runDue() {
    let fired = 0;
    for (;;) {
      const n = await repo.claimDue(20, async (tx, schedule) => {
        const found = await platformIntegrationsRepo(tx).findById(schedule.integrationId);
        let recipients: Recipient[] = [];
        if (schedule.recipientType === 'all_contact' && found) {
          recipients = await resolveRecipients(
            tx,
            schedule.companyId,
            chatTypeOfKind(found.platform.kind),
            { recipent_type: 'all_contact' },
            null,
          ).catch(() => []);
        } else {
          recipients = await repo.fixedRecipients(tx, schedule.id);
        }
        if (recipients.length > 0) {
          await blastsRepo(tx, schedule.companyId).create(
            {
              integrationId: schedule.integrationId,
              title: schedule.title,
              message: schedule.description,
              status: 'running',
              scheduleId: schedule.id,
              createdBy: schedule.createdBy,
            },
            recipients,
            tx,
          );
        }
        await repo.advance(tx, schedule.id, nextRun(ruleOf(schedule), new Date()));
      });
      fired += n;
      if (n === 0) break;
    }
    if (fired > 0) wakeSender();
    return fired;
  }

  function tick() {
    if (stopped || running) return;
    running = runDue()
      .then(() => undefined)
      .catch((error) => deps.log.error({ err: error }, 'schedule runner pass failed'))
      .finally(() => {
        running = null;
      });
  }

  return {
    runDue,
    wake: tick,
    start() {
      stopped = false;
      timer = setInterval(tick, POLL_MS);
      timer.unref();
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    /** Tests: waits for the pass under way, then fires whatever is due. */
    async idle() {
      while (running) await running;
      return runDue();
    },
  };
}
export type ScheduleRunner = ReturnType<typeof scheduleRunner>;
