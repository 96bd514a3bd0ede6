import { envelope, idParam, listEnvelope } from '@app/contract/common';
import {
  createIntegrationBody,
  INTEGRATION_MSG,
  integration,
  integrationCredential,
  integrationListQuery,
  platform,
  updateIntegrationBody,
} from '@app/contract/integrations';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { send, sendList } from '../../http/envelope.ts';
import { pageRequest } from '../../http/pagination.ts';
import { integrationSortColumns, integrationsRepo, platformIntegrationsRepo } from './integrations.repo.ts';
import type { IntegrationsService } from './integrations.service.ts';

const tags = ['integrations'];

export function integrationsRoutes(app: App, { db }: Deps, service: IntegrationsService) {
  app.get(
    '/api/integrations',
    {
      config: { access: { permission: 'integration_read' } },
      schema: { tags, querystring: integrationListQuery, response: { 200: listEnvelope(integration) } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, integrationSortColumns);
      const { rows, total } = await integrationsRepo(db, tenantOf(request).companyId).list(
        page,
        request.query.search,
        request.query.status,
      );
      return sendList(reply, rows.map(service.present), page.meta(total));
    },
  );

  app.get(
    '/api/integrations/platforms',
    {
      config: { access: { permission: 'integration_read' } },
      schema: { tags, response: { 200: envelope(z.array(platform)) } },
    },
    async (_request, reply) => {
      const rows = await platformIntegrationsRepo(db).platforms();
      return send(
        reply,
        rows.map((row) => ({
          id: row.id,
          external_id: row.externalId,
          platform_name: row.platformName,
          kind: row.kind,
        })),
      );
    },
  );

  // What a workflow can be connected to: the company's active channels.
  app.get(
    '/api/integrations/credentials',
    {
      config: { access: { permission: 'workflow_read' } },
      schema: { tags, response: { 200: envelope(z.array(integrationCredential)) } },
    },
    async (request, reply) => {
      const rows = await integrationsRepo(db, tenantOf(request).companyId).active();
      return send(
        reply,
        rows.map(({ integration: i, platform: p }) => ({
          id: i.id,
          platform_name: p.platformName,
          data: { name: i.title },
        })),
      );
    },
  );

  app.get(
    '/api/integrations/id/:id',
    {
      config: { access: { permission: 'integration_read' } },
      schema: { tags, params: idParam, response: { 200: envelope(integration) } },
    },
    async (request, reply) =>
      send(reply, service.present(await service.found(tenantOf(request), request.params.id))),
  );

  app.post(
    '/api/integrations',
    {
      config: { access: { permission: 'integration_create' } },
      schema: { tags, body: createIntegrationBody, response: { 201: envelope(integration) } },
    },
    async (request, reply) =>
      send(
        reply,
        service.present(await service.create(tenantOf(request), request.body)),
        INTEGRATION_MSG.created,
        201,
      ),
  );

  app.put(
    '/api/integrations/id/:id',
    {
      config: { access: { permission: 'integration_update' } },
      schema: {
        tags,
        params: idParam,
        body: updateIntegrationBody,
        response: { 200: envelope(integration) },
      },
    },
    async (request, reply) =>
      send(
        reply,
        service.present(await service.update(tenantOf(request), request.params.id, request.body)),
        INTEGRATION_MSG.updated,
      ),
  );

  app.delete(
    '/api/integrations/id/:id',
    {
      config: { access: { permission: 'integration_delete' } },
      schema: { tags, params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (request, reply) => {
      await service.remove(tenantOf(request), request.params.id);
      return send(reply, null, INTEGRATION_MSG.deleted);
    },
  );
}
