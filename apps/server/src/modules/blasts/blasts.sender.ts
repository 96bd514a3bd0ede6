import { BLAST_MSG } from '@app/contract/blasts';
import type { Deps } from '../../deps.ts';
import { passLoop } from '../../jobs/pass-loop.ts';
import { ChannelError } from '../../providers/channels/port.ts';
import type { QuotaService } from '../billing/quota.service.ts';
import { platformIntegrationsRepo } from '../integrations/integrations.repo.ts';
import type { IntegrationsService } from '../integrations/integrations.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { blastSendingRepo } from './blasts.repo.ts';

const BATCH = 50;
/** Sends of one batch waiting on the provider at the same time. */
const SENDS_IN_FLIGHT = 16;

const BLASTS_PER_PASS = 20;

/**
 * Waits before each retry of a send the provider could not take (down, 5xx, unreachable): a blip
 * of a few seconds, a restart, or a send at boot before the local sandbox listens passes within
 * them. After the last one the recipient fails with the provider's reason. Four sends over about
 * two and a half minutes in all.
 */
export const RETRY_DELAYS_SECONDS = [5, 30, 120];

/**
 * Sends the recipients of running blasts, in any number of processes: each pass claims batches of
 * recipient rows with SKIP LOCKED within the integration's per-second budget (shared through the
 * database), takes one WhatsApp message of quota per send, and records every result. A provider's
 * rate-limit answer puts the row back for its retry-after; a provider that is down or unreachable
 * puts it back for the next of `retryDelaysSeconds`, and fails it after the last; a refusal fails
 * it at once. An empty quota pauses the blast with the reason; the last recipient completes it and
 * tells the company.
 */
export function blastSender(
  deps: Deps,
  ports: { integrations: IntegrationsService; quota: QuotaService; notifications: NotificationsService },
  options: { retryDelaysSeconds?: readonly number[] } = {},
) {
  const retryDelays = options.retryDelaysSeconds ?? RETRY_DELAYS_SECONDS;
  const repo = blastSendingRepo(deps.db);
  const { integrations, quota, notifications } = ports;

  type Adapter = ReturnType<typeof integrations.adapterFor>;
  type Channel = ReturnType<typeof integrations.channelOf>;
  type Blast = Awaited<ReturnType<typeof repo.due>>[number];
  type Recipient = Awaited<ReturnType<typeof repo.claim>>[number];

  async function send(adapter: Adapter, channel: Channel, blast: Blast, recipient: Recipient) {
    try {
      const result = await adapter.sendText(channel, recipient.chatId, blast.message);
      return { kind: 'sent', id: recipient.id, providerMessageId: result.providerMessageId } as const;
    } catch (error) {
      if (error instanceof ChannelError && error.reason === 'rate_limited') {
        return { kind: 'limited', id: recipient.id, retryAfter: error.retryAfterSeconds ?? 5 } as const;
      }
      const reason = error instanceof ChannelError ? error.message : 'The provider could not be reached';
      // 'rejected' (bad recipient, blocked) and 'unauthorized' (bad credentials) would only fail
      // again. 'unavailable' and errors that are not ChannelError (network) are passing: retried
      // after a growing delay while retries remain, unless the provider may have sent it already
      // (a timeout, a 500): a customer never gets a blast twice, as with an interrupted send.
      const transient =
        !(error instanceof ChannelError) || (error.reason === 'unavailable' && !error.mayHaveArrived);
      if (transient && recipient.retries < retryDelays.length) {
        return { kind: 'retry', id: recipient.id, after: retryDelays[recipient.retries]! } as const;
      }
      return { kind: 'failed', id: recipient.id, error: reason } as const;
    }
  }

  /**
   * Records one group's results: rows, quota given back for what was not sent, counters. Quota is
   * taken per send attempt, so a row put back (limited or retried) gives its share back now and
   * takes it again when it is claimed next: a recipient finally sent costs one message. A row put
   * back stays 'pending', which keeps its blast from completing until it is sent or failed.
   */
  async function record(blast: Blast, results: Awaited<ReturnType<typeof send>>[]) {
    const sentRows = results.flatMap((r) => (r.kind === 'sent' ? [r] : []));
    const failedRows = results.flatMap((r) => (r.kind === 'failed' ? [r] : []));
    const limited = results.flatMap((r) => (r.kind === 'limited' ? [r] : []));
    const retried = results.flatMap((r) => (r.kind === 'retry' ? [r] : []));
    await repo.markSent(sentRows);
    await repo.markFailed(failedRows);
    if (limited.length > 0) {
      await repo.release(
        limited.map((r) => r.id),
        Math.max(...limited.map((r) => r.retryAfter)),
      );
    }
    // The rows of a group can be at different retries (some failed before, some are new): one
    // update per delay.
    for (const after of new Set(retried.map((r) => r.after))) {
      await repo.release(
        retried.filter((r) => r.after === after).map((r) => r.id),
        after,
        true,
      );
    }
    const unsent = failedRows.length + limited.length + retried.length;
    if (unsent > 0) await quota.release(blast.companyId, 'wa', unsent);
    await repo.count(blast.id, sentRows.length, failedRows.length);
  }

  async function sendBatch(blast: Awaited<ReturnType<typeof repo.due>>[number]) {
    const found = await platformIntegrationsRepo(deps.db).findById(blast.integrationId);
    if (found?.integration.status !== 'active') {
      await repo.pause(blast.id, BLAST_MSG.integrationInactive);
      return 0;
    }
    const perSecond = deps.config.blastRates[found.platform.kind] ?? 0;
    // A pass takes a quarter of the second's budget at most: passes run every 250 ms, so one
    // worker alone still uses all of it, and several workers take turns instead of the quickest
    // taking everything.
    const share = perSecond > 0 ? Math.max(1, Math.ceil(perSecond / 4)) : BATCH;
    const granted = await repo.takeBudget(blast.integrationId, perSecond, Math.min(BATCH, share));
    if (granted === 0) return 0;
    const claimed = await repo.claim(blast.id, granted, deps.config.blastLeaseSeconds);
    if (claimed.length === 0) return 0;
    const adapter = integrations.adapterFor(found.platform.kind);
    const channel = integrations.channelOf(found);
    // The whole batch's quota at once; when less is left, as many as remain, one by one.
    let paid = claimed.length;
    if (!(await quota.consume(blast.companyId, 'wa', paid))) {
      paid = 0;
      while (paid < claimed.length && (await quota.consume(blast.companyId, 'wa', 1))) paid += 1;
    }
    const unpaid = claimed.slice(paid);
    if (unpaid.length > 0) {
      await repo.release(unpaid.map((row) => row.id));
      if (await repo.pause(blast.id, BLAST_MSG.quotaPaused)) {
        await notifications.notify(
          { companyId: blast.companyId },
          { title: 'Blast paused', body: BLAST_MSG.quotaPaused, typeMessage: 'Blast' },
        );
      }
    }
    // Only the group on its way to the provider is 'sending', and its results are recorded before
    // the next group starts: if this process dies, the rest of the batch is merely claimed and
    // goes back to the queue untouched.
    const toSend = claimed.slice(0, paid);
    for (let start = 0; start < toSend.length; start += SENDS_IN_FLIGHT) {
      const group = toSend.slice(start, start + SENDS_IN_FLIGHT);
      await repo.markSending(group.map((row) => row.id));
      await record(
        blast,
        await Promise.all(group.map((recipient) => send(adapter, channel, blast, recipient))),
      );
    }
    await completeIfDone(blast.id);
    return claimed.length;
  }

  async function completeIfDone(blastId: number) {
    const completed = await repo.completeIfDone(blastId);
    if (!completed) return;
    const run = completed.scheduleId !== null;
    await notifications.notify(
      { companyId: completed.companyId },
      {
        title: run ? 'Scheduled message sent' : 'Blast completed',
        body: `"${completed.title}": ${completed.successCount} sent, ${completed.failedCount} failed of ${completed.total}.`,
        typeMessage: run ? 'Schedule' : 'Blast',
      },
    );
  }

  /** Sends until nothing is due (or every integration's budget for now is spent). */
  async function runDue() {
    let total = 0;
    for (const blastId of await repo.failInterrupted()) await completeIfDone(blastId);
    for (;;) {
      const due = await repo.due(BLASTS_PER_PASS);
      let handled = 0;
      for (const blast of due) handled += await sendBatch(blast);
      total += handled;
      if (handled === 0) break;
    }
    await repo.prune();
    return total;
  }

  // Budgets are per second: a pass every quarter second keeps a limited integration busy.
  const loop = passLoop(deps.log, runDue, { everyMs: 250, failure: 'blast sender pass failed' });
  // idle() (tests) waits until the blasts of this process have nothing left to send now.
  return { runDue, ...loop };
}
export type BlastSender = ReturnType<typeof blastSender>;
