import type { Deps } from '../../deps.ts';
import { passLoop } from '../../jobs/pass-loop.ts';
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

  // A wake-up during a pass is dropped: the next tick, within POLL_MS, fires what it missed.
  const loop = passLoop(deps.log, runDue, {
    everyMs: POLL_MS,
    failure: 'schedule runner pass failed',
    followUpWake: false,
  });
  // idle() (tests) waits for the pass under way, then fires whatever is due.
  return { runDue, ...loop };
}
export type ScheduleRunner = ReturnType<typeof scheduleRunner>;
