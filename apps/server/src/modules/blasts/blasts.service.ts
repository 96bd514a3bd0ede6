import { BLAST_FILE_EXTENSIONS, BLAST_MSG, type Blast, createBlastFields } from '@app/contract/blasts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { Tenant } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { parseFormFields } from '../../http/form.ts';
import { oneSheetXlsx } from '../../http/xlsx.ts';
import type { QuotaService } from '../billing/quota.service.ts';
import { chatTypeOfKind } from '../chats/chats.presenter.ts';
import { noQuota } from '../chats/chats.service.ts';
import { platformIntegrationsRepo } from '../integrations/integrations.repo.ts';
import { incrementDaily } from '../statistics/statistics.repo.ts';
import { type BlastRow, blastsRepo } from './blasts.repo.ts';
import type { BlastSender } from './blasts.sender.ts';
import { resolveRecipients } from './recipients.ts';

export interface BlastUpload {
  fields: Record<string, string>;
  file: { filename: string; bytes: Buffer } | null;
}

/**
 * The form of a blast or a schedule, checked in this order: its fields, the type of the recipient
 * file (by its name), and the integration it sends through, which must be the company's own.
 */
export async function readSendingForm<S extends z.ZodType<{ integration_id: number }>>(
  db: Db,
  tenant: Tenant,
  upload: BlastUpload,
  schema: S,
) {
  const fields: z.output<S> = parseFormFields(schema, upload.fields);
  if (upload.file) {
    const extension = upload.file.filename.toLowerCase().split('.').pop() ?? '';
    if (!(BLAST_FILE_EXTENSIONS as readonly string[]).includes(extension))
      throw badRequest(BLAST_MSG.fileType);
  }
  const found = await platformIntegrationsRepo(db).findById(fields.integration_id);
  if (!found || found.integration.companyId !== tenant.companyId) throw notFound('Integration not found');
  return { fields, found };
}

export function presentBlast(row: BlastRow): Blast {
  const handled = row.successCount + row.failedCount;
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    description: row.description,
    status: row.status as Blast['status'],
    status_reason: row.statusReason,
    integration_id: row.integrationId,
    integration_name: row.integrationName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    status_count: {
      total_recipients: row.total,
      success_count: row.successCount,
      failed_count: row.failedCount,
      send_percentage: row.total ? Math.round((handled / row.total) * 1000) / 10 : 0,
    },
  };
}

export function blastsService(deps: Deps, quota: QuotaService, sender: BlastSender) {
  const { db } = deps;

  return {
    /** Checks everything, writes the blast with one row per recipient, and wakes the sender. */
    async create(tenant: Tenant, upload: BlastUpload) {
      const { fields, found } = await readSendingForm(db, tenant, upload, createBlastFields);
      if (found.integration.status !== 'active') throw badRequest(BLAST_MSG.integrationInactive);
      if ((await quota.remaining(tenant.companyId)).wa_message_remain < 1) throw noQuota();
      const recipients = await resolveRecipients(
        db,
        tenant.companyId,
        chatTypeOfKind(found.platform.kind),
        fields,
        fields.recipent_type === 'excel' ? (upload.file?.bytes ?? null) : null,
      );
      const repo = blastsRepo(db, tenant.companyId);
      const row = await repo.create(
        {
          integrationId: found.integration.id,
          title: fields.title,
          description: fields.description || null,
          message: fields.message,
          status: 'running',
          createdBy: tenant.userId || null,
        },
        recipients,
      );
      await incrementDaily(db, tenant.companyId, 'blasts');
      sender.wake();
      return presentBlast((await repo.find(row.id))!);
    },

    async setStatus(tenant: Tenant, id: number, status: 'running' | 'paused') {
      const repo = blastsRepo(db, tenant.companyId);
      const current = await repo.find(id);
      if (!current) throw notFound(BLAST_MSG.notFound);
      if (current.status === 'completed') throw badRequest('A completed blast cannot be changed');
      if (status === 'running' && (await quota.remaining(tenant.companyId)).wa_message_remain < 1)
        throw noQuota();
      await repo.setStatus(id, status);
      if (status === 'running') sender.wake();
      return presentBlast((await repo.find(id))!);
    },

    /** `history.xlsx`: the completed blasts with their counts. */
    async historyWorkbook(tenant: Tenant) {
      const rows = await blastsRepo(db, tenant.companyId).all(['completed']);
      return oneSheetXlsx(
        'Blasts',
        [
          { header: 'Title', key: 'title', width: 30 },
          { header: 'Integration', key: 'integration', width: 24 },
          { header: 'Message', key: 'message', width: 50 },
          { header: 'Total', key: 'total', width: 10 },
          { header: 'Successful', key: 'success', width: 12 },
          { header: 'Failed', key: 'failed', width: 10 },
          { header: 'Created', key: 'created', width: 22 },
          { header: 'Completed', key: 'completed', width: 22 },
        ],
        rows.map((row) => ({
          title: row.title,
          integration: row.integrationName,
          message: row.message,
          total: row.total,
          success: row.successCount,
          failed: row.failedCount,
          created: row.createdAt,
          completed: row.completedAt,
        })),
      );
    },

    /** The recipient list template: a phone column and a name column, with an example row. */
    templateWorkbook: () =>
      oneSheetXlsx(
        'Recipients',
        [
          { header: 'phone', key: 'phone', width: 20 },
          { header: 'name', key: 'name', width: 30 },
        ],
        [{ phone: '6281234567890', name: 'Budi Santoso' }],
      ),
  };
}
export type BlastsService = ReturnType<typeof blastsService>;
