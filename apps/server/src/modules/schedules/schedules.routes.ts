import { envelope, externalIdParam, idParam, listEnvelope } from '@app/contract/common';
import {
  SCHEDULE_MSG,
  schedule,
  scheduleListQuery,
  scheduleRecipient,
  scheduleStatusBody,
} from '@app/contract/schedules';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { send, sendList } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { pageRequest } from '../../http/pagination.ts';
import { readUpload, sendWorkbook } from '../blasts/blasts.routes.ts';
import type { BlastsService } from '../blasts/blasts.service.ts';
import { scheduleSortColumns, schedulesRepo } from './schedules.repo.ts';
import { presentSchedule, type SchedulesService } from './schedules.service.ts';

const tags = ['schedules'];
const BASE = '/api/schedules';

export function schedulesRoutes(app: App, { db }: Deps, service: SchedulesService, blasts: BlastsService) {
  app.get(
    BASE,
    {
      config: { access: { permission: 'schedule_read' } },
      schema: { tags, querystring: scheduleListQuery, response: { 200: listEnvelope(schedule) } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, scheduleSortColumns);
      const { rows, total } = await schedulesRepo(db, tenantOf(request).companyId).list(
        page,
        request.query.status,
        request.query.search,
      );
      return sendList(reply, rows.map(presentSchedule), page.meta(total));
    },
  );

  app.get(
    `${BASE}/id/:id`,
    {
      config: { access: { permission: 'schedule_read' } },
      schema: { tags, params: idParam, response: { 200: envelope(schedule) } },
    },
    async (request, reply) => {
      const row = await schedulesRepo(db, tenantOf(request).companyId).find(request.params.id);
      if (!row) throw notFound(SCHEDULE_MSG.notFound);
      return send(reply, presentSchedule(row));
    },
  );

  app.get(
    `${BASE}/external/:id/recipients`,
    {
      config: { access: { permission: 'schedule_read' } },
      schema: { tags, params: externalIdParam, response: { 200: envelope(z.array(scheduleRecipient)) } },
    },
    async (request, reply) => {
      const repo = schedulesRepo(db, tenantOf(request).companyId);
      const id = await repo.findByExternalId(request.params.id);
      if (!id) throw notFound(SCHEDULE_MSG.notFound);
      const rows = await repo.recipients(id);
      return send(
        reply,
        rows.map((row) => ({ chat_id: row.chatId, name: row.name, received_number: row.received })),
      );
    },
  );

  app.get(
    `${BASE}/template`,
    { config: { access: { permission: 'schedule_create' } }, schema: { tags } },
    async (_request, reply) => sendWorkbook(reply, 'schedule-template.xlsx', await blasts.templateWorkbook()),
  );

  app.get(
    `${BASE}/download`,
    { config: { access: { permission: 'schedule_read' } }, schema: { tags } },
    async (request, reply) =>
      sendWorkbook(reply, 'history-schedule.xlsx', await service.historyWorkbook(tenantOf(request))),
  );

  app.post(
    BASE,
    {
      config: { access: { permission: 'schedule_create' } },
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: envelope(schedule) } },
    },
    async (request, reply) =>
      send(
        reply,
        await service.create(tenantOf(request), await readUpload(request, 'recipients_file')),
        SCHEDULE_MSG.created,
        201,
      ),
  );

  app.put(
    `${BASE}/id/:id`,
    {
      config: { access: { permission: 'schedule_update' } },
      schema: {
        tags,
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(schedule) },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await service.update(
          tenantOf(request),
          request.params.id,
          await readUpload(request, 'recipients_file'),
        ),
        SCHEDULE_MSG.updated,
      ),
  );

  app.put(
    `${BASE}/id/:id/status`,
    {
      config: { access: { permission: 'schedule_update' } },
      schema: { tags, params: idParam, body: scheduleStatusBody, response: { 200: envelope(schedule) } },
    },
    async (request, reply) =>
      send(
        reply,
        await service.setStatus(tenantOf(request), request.params.id, request.body.status),
        SCHEDULE_MSG.statusChanged,
      ),
  );

  app.delete(
    `${BASE}/id/:id`,
    {
      config: { access: { permission: 'schedule_delete' } },
      schema: { tags, params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (request, reply) => {
      await service.remove(tenantOf(request), request.params.id);
      return send(reply, null, SCHEDULE_MSG.deleted);
    },
  );
}
