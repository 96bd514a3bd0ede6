import { envelope, idParam, listEnvelope } from '@app/contract/common';
import {
  KNOWLEDGE_MAX_BYTES,
  KNOWLEDGE_MSG,
  knowledgeItem,
  knowledgeListQuery,
} from '@app/contract/knowledge';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { send, sendList } from '../../http/envelope.ts';
import { badRequest, notFound, payloadTooLarge, unsupportedMediaType } from '../../http/errors.ts';
import { pageRequest } from '../../http/pagination.ts';
import { knowledgeRepo, knowledgeSortColumns } from './knowledge.repo.ts';
import { type KnowledgeService, presentKnowledge, type Upload } from './knowledge.service.ts';

const tags = ['knowledge'];
const BASE = '/api/integrations/knowledges';

/**
 * Reads a multipart upload in either order of parts. The file is read while it streams and refused
 * the moment it passes the limit, before the rest of it is read.
 */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw unsupportedMediaType('Send the knowledge as multipart/form-data');
  const upload: Upload = { fields: {}, file: null };
  try {
    for await (const part of request.parts({
      limits: { fileSize: KNOWLEDGE_MAX_BYTES, files: 1, fields: 10 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw badRequest(`Unknown field: ${part.fieldname}`);
        upload.file = { filename: part.filename || 'file', bytes: await part.toBuffer() };
      } else {
        upload.fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(KNOWLEDGE_MSG.fileTooLarge);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send one file at a time');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('Too many fields');
    throw error;
  }
  return upload;
}

export function knowledgeRoutes(app: App, { db }: Deps, service: KnowledgeService) {
  app.get(
    BASE,
    {
      config: { access: { permission: 'knowledge_read' } },
      schema: { tags, querystring: knowledgeListQuery, response: { 200: listEnvelope(knowledgeItem) } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, knowledgeSortColumns);
      const { rows, total } = await knowledgeRepo(db, tenantOf(request).companyId).list(
        page,
        request.query.search,
      );
      return sendList(reply, rows.map(presentKnowledge), page.meta(total));
    },
  );

  app.get(
    `${BASE}/id/:id`,
    {
      config: { access: { permission: 'knowledge_read' } },
      schema: { tags, params: idParam, response: { 200: envelope(knowledgeItem) } },
    },
    async (request, reply) => {
      const row = await knowledgeRepo(db, tenantOf(request).companyId).find(request.params.id);
      if (!row) throw notFound(KNOWLEDGE_MSG.notFound);
      return send(reply, presentKnowledge(row));
    },
  );

  app.get(
    `${BASE}/id/:id/file`,
    { config: { access: { permission: 'knowledge_read' } }, schema: { tags, params: idParam } },
    async (request, reply) => {
      const stored = await knowledgeRepo(db, tenantOf(request).companyId).file(request.params.id);
      if (!stored) throw notFound(KNOWLEDGE_MSG.notFound);
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(stored.filename)}`)
        .header('x-content-type-options', 'nosniff')
        .send(stored.file);
    },
  );

  app.post(
    BASE,
    {
      config: { access: { permission: 'knowledge_create' } },
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: envelope(knowledgeItem) } },
    },
    async (request, reply) =>
      send(
        reply,
        await service.create(tenantOf(request), await readUpload(request)),
        KNOWLEDGE_MSG.created,
        201,
      ),
  );

  app.put(
    `${BASE}/id/:id`,
    {
      config: { access: { permission: 'knowledge_update' } },
      schema: {
        tags,
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(knowledgeItem) },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await service.update(tenantOf(request), request.params.id, await readUpload(request)),
        KNOWLEDGE_MSG.updated,
      ),
  );

  app.delete(
    `${BASE}/id/:id`,
    {
      config: { access: { permission: 'knowledge_delete' } },
      schema: { tags, params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (request, reply) => {
      await service.remove(tenantOf(request), request.params.id);
      return send(reply, null, KNOWLEDGE_MSG.deleted);
    },
  );
}
