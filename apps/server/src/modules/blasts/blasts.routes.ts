import {
  BLAST_FILE_MAX_BYTES,
  BLAST_MSG,
  blast,
  blastListQuery,
  blastStatusBody,
} from '@app/contract/blasts';
import { envelope, idParam, listEnvelope } from '@app/contract/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { send, sendList } from '../../http/envelope.ts';
import { badRequest, notFound, payloadTooLarge, unsupportedMediaType } from '../../http/errors.ts';
import { pageRequest } from '../../http/pagination.ts';
import { blastSortColumns, blastsRepo } from './blasts.repo.ts';
import { type BlastsService, type BlastUpload, presentBlast } from './blasts.service.ts';

const tags = ['blasts'];
const BASE = '/api/blasts';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Reads a form with an Excel recipient list: text fields, and the list refused while it streams past 10MB. */
export async function readUpload(request: FastifyRequest, fileField = 'file'): Promise<BlastUpload> {
  if (!request.isMultipart()) throw unsupportedMediaType('Send the form as multipart/form-data');
  const upload: BlastUpload = { fields: {}, file: null };
  try {
    for await (const part of request.parts({
      limits: { fileSize: BLAST_FILE_MAX_BYTES, files: 1, fields: 12 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) throw badRequest(`Unknown field: ${part.fieldname}`);
        upload.file = { filename: part.filename || 'recipients.xlsx', bytes: await part.toBuffer() };
      } else {
        upload.fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge('The recipient file must not exceed 10MB');
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send one file at a time');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('Too many fields');
    throw error;
  }
  return upload;
}

export const sendWorkbook = (reply: FastifyReply, name: string, file: Buffer) =>
  reply.type(XLSX).header('content-disposition', `attachment; filename="${name}"`).send(file);

export function blastsRoutes(app: App, { db }: Deps, service: BlastsService) {
  app.get(
    BASE,
    {
      config: { access: { permission: 'blast_read' } },
      schema: { tags, querystring: blastListQuery, response: { 200: listEnvelope(blast) } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, blastSortColumns);
      const { rows, total } = await blastsRepo(db, tenantOf(request).companyId).list(
        page,
        request.query.status,
        request.query.search,
      );
      return sendList(reply, rows.map(presentBlast), page.meta(total));
    },
  );

  app.get(
    `${BASE}/id/:id`,
    {
      config: { access: { permission: 'blast_read' } },
      schema: { tags, params: idParam, response: { 200: envelope(blast) } },
    },
    async (request, reply) => {
      const row = await blastsRepo(db, tenantOf(request).companyId).find(request.params.id);
      if (!row) throw notFound(BLAST_MSG.notFound);
      return send(reply, presentBlast(row));
    },
  );

  app.get(
    `${BASE}/template-excel`,
    { config: { access: { permission: 'blast_create' } }, schema: { tags } },
    async (_request, reply) => sendWorkbook(reply, 'blast-template.xlsx', await service.templateWorkbook()),
  );

  app.get(
    `${BASE}/download`,
    { config: { access: { permission: 'blast_read' } }, schema: { tags } },
    async (request, reply) =>
      sendWorkbook(reply, 'history.xlsx', await service.historyWorkbook(tenantOf(request))),
  );

  app.post(
    BASE,
    {
      config: { access: { permission: 'blast_create' } },
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: envelope(blast) } },
    },
    async (request, reply) =>
      send(reply, await service.create(tenantOf(request), await readUpload(request)), BLAST_MSG.created, 201),
  );

  app.put(
    `${BASE}/id/:id/status`,
    {
      config: { access: { permission: 'blast_update' } },
      schema: { tags, params: idParam, body: blastStatusBody, response: { 200: envelope(blast) } },
    },
    async (request, reply) =>
      send(
        reply,
        await service.setStatus(tenantOf(request), request.params.id, request.body.status),
        BLAST_MSG.statusChanged,
      ),
  );
}
