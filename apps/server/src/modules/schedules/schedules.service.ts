import { DEFAULT_TIME_ZONE, SCHEDULE_MSG, type Schedule, scheduleFields } from '@app/contract/schedules';
import type { Deps } from '../../deps.ts';
import type { Tenant } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { oneSheetXlsx } from '../../http/xlsx.ts';
import type { QuotaService } from '../billing/quota.service.ts';
import { type BlastUpload, readSendingForm } from '../blasts/blasts.service.ts';
import { resolveRecipients } from '../blasts/recipients.ts';
import { chatTypeOfKind } from '../chats/chats.presenter.ts';
import { noQuota } from '../chats/chats.service.ts';
import { incrementDaily } from '../statistics/statistics.repo.ts';
import { nextRun, type ScheduleRule, wallDate, wallText } from './next-run.ts';
import { type ScheduleRow, schedulesRepo } from './schedules.repo.ts';

export const ruleOf = (row: {
  scheduleType: string;
  repeatType: string | null;
  day: number | null;
  startTime: string;
  endTime: string | null;
  timeZone: string;
}): ScheduleRule => ({
  scheduleType: row.scheduleType as ScheduleRule['scheduleType'],
  repeatType: row.repeatType as ScheduleRule['repeatType'],
  day: row.day,
  startTime: row.startTime,
  endTime: row.endTime,
  timeZone: row.timeZone,
});

export function presentSchedule(row: ScheduleRow): Schedule {
  return {
    id: row.id,
    external_id: row.externalId,
    integration_id: row.integrationId,
    integration_name: row.integrationName,
    company_id: row.companyId,
    title: row.title,
    description: row.description,
    status: row.status as Schedule['status'],
    schedule_type: row.scheduleType as Schedule['schedule_type'],
    repeat_type: row.repeatType as Schedule['repeat_type'],
    day: row.day,
    start_time: wallText(wallDate(row.startTime)),
    end_time: row.endTime ? wallText(wallDate(row.endTime)) : null,
    recipent_type: row.recipientType as Schedule['recipent_type'],
    recipients_count: row.recipientsCount,
    next_run_at: row.nextRunAt?.toISOString() ?? null,
    last_run_at: row.lastRunAt?.toISOString() ?? null,
    status_count: {
      executions: row.executions,
      total_recipients: row.totalRecipients,
      success_count: row.successCount,
      failed_count: row.failedCount,
    },
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const FIRING = ['active', 'running'];

export function schedulesService(deps: Deps, quota: QuotaService, wakeRunner: () => void) {
  const { db } = deps;

  /** Checks the form and the recipients; answers the row values and the fixed recipients (if any). */
  async function prepare(tenant: Tenant, upload: BlastUpload, creating: boolean) {
    const { fields, found } = await readSendingForm(db, tenant, upload, scheduleFields);
    // 'once' clears repeat type, day and end time; a weekly or monthly day only.
    const repeat = fields.schedule_type === 'repeat';
    const rule: ScheduleRule = {
      scheduleType: fields.schedule_type,
      repeatType: repeat ? (fields.repeat_type ?? null) : null,
      day: repeat && fields.repeat_type !== 'yearly' ? (fields.day ?? null) : null,
      startTime: wallText(wallDate(fields.start_time)).slice(0, 19),
      endTime: repeat && fields.end_time ? wallText(wallDate(fields.end_time)).slice(0, 19) : null,
      timeZone: DEFAULT_TIME_ZONE,
    };
    // Fixed lists are read now; all contacts are taken at each run. An edit keeps the list unless
    // it sends a new one.
    const sendsList =
      fields.recipent_type === 'excel'
        ? Boolean(upload.file)
        : Boolean(fields.recipent_contact || fields.contact_search);
    const recipients =
      fields.recipent_type === 'all_contact'
        ? []
        : creating || sendsList
          ? await resolveRecipients(
              db,
              tenant.companyId,
              chatTypeOfKind(found.platform.kind),
              fields,
              upload.file?.bytes ?? null,
            )
          : null;
    const status = fields.status ?? 'active';
    return {
      values: {
        integrationId: found.integration.id,
        title: fields.title,
        description: fields.description,
        status,
        scheduleType: rule.scheduleType,
        repeatType: rule.repeatType,
        day: rule.day,
        startTime: rule.startTime,
        endTime: rule.endTime,
        timeZone: rule.timeZone,
        recipientType: fields.recipent_type,
        nextRunAt: firstRun(rule),
      },
      recipients,
    };
  }

  return {
    async create(tenant: Tenant, upload: BlastUpload) {
      if ((await quota.remaining(tenant.companyId)).wa_message_remain < 1) throw noQuota();
      const { values, recipients } = await prepare(tenant, upload, true);
      const repo = schedulesRepo(db, tenant.companyId);
      const id = await repo.save(null, { ...values, createdBy: tenant.userId || null }, recipients ?? []);
      await incrementDaily(db, tenant.companyId, 'schedulings');
      wakeRunner();
      return presentSchedule((await repo.find(id!))!);
    },

    async update(tenant: Tenant, id: number, upload: BlastUpload) {
      const repo = schedulesRepo(db, tenant.companyId);
      if (!(await repo.find(id))) throw notFound(SCHEDULE_MSG.notFound);
      const { values, recipients } = await prepare(tenant, upload, false);
      await repo.save(id, values, recipients);
      wakeRunner();
      return presentSchedule((await repo.find(id))!);
    },

    async setStatus(tenant: Tenant, id: number, status: string) {
      const repo = schedulesRepo(db, tenant.companyId);
      const current = await repo.find(id);
      if (!current) throw notFound(SCHEDULE_MSG.notFound);
      if (current.status === 'completed') throw badRequest('A completed schedule cannot be changed');
      // Switched on again, it fires at its next time from now, not for the times it missed.
      await repo.setStatus(
        id,
        status,
        FIRING.includes(status) ? nextRun(ruleOf(current), new Date()) : current.nextRunAt,
      );
      wakeRunner();
      return presentSchedule((await repo.find(id))!);
    },

    async remove(tenant: Tenant, id: number) {
      if (!(await schedulesRepo(db, tenant.companyId).remove(id))) throw notFound(SCHEDULE_MSG.notFound);
    },

    /** `history-schedule.xlsx`: the completed schedules with their totals. */
    async historyWorkbook(tenant: Tenant) {
      const rows = await schedulesRepo(db, tenant.companyId).all(['completed']);
      return oneSheetXlsx(
        'Schedules',
        [
          { header: 'Title', key: 'title', width: 30 },
          { header: 'Description', key: 'description', width: 50 },
          { header: 'Repeat', key: 'repeat', width: 12 },
          { header: 'Recipients', key: 'recipients', width: 12 },
          { header: 'Runs', key: 'runs', width: 8 },
          { header: 'Total', key: 'total', width: 10 },
          { header: 'Successful', key: 'success', width: 12 },
          { header: 'Failed', key: 'failed', width: 10 },
          { header: 'Last run', key: 'last', width: 22 },
        ],
        rows.map((row) => ({
          title: row.title,
          description: row.description,
          repeat: row.repeatType ?? 'once',
          recipients: row.recipientsCount,
          runs: row.executions,
          total: row.totalRecipients,
          success: row.successCount,
          failed: row.failedCount,
          last: row.lastRunAt,
        })),
      );
    },
  };
}
export type SchedulesService = ReturnType<typeof schedulesService>;

/** The first firing from now; a once schedule whose time has passed fires at once. */
const firstRun = (rule: ScheduleRule) =>
  nextRun(rule, rule.scheduleType === 'once' ? new Date(0) : new Date());
