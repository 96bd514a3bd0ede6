import { envelope, idParam, listEnvelope, listQuery } from '@app/contract/common';
import { WORKFLOW_MSG, workflowInstance, workflowInstanceBody } from '@app/contract/workflows';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { send, sendList } from '../../http/envelope.ts';
import { pageRequest } from '../../http/pagination.ts';
import { templateSortColumns, workflowTemplatesRepo } from '../workflow-templates/workflow-templates.repo.ts';
import { instanceSortColumns } from './workflows.repo.ts';
import type { WorkflowsService } from './workflows.service.ts';

const tags = ['workflows'];
const templateOption = z.object({ id: z.number(), name: z.string() });

/** Client Workflows (client-area §2): the templates on offer and the company's own copies. */
export function workflowsRoutes(app: App, { db }: Deps, workflows: WorkflowsService) {
  app.get(
    '/api/workflow/templates',
    {
      config: { access: { permission: 'workflow_read' } },
      schema: { tags, querystring: listQuery, response: { 200: listEnvelope(templateOption) } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, templateSortColumns);
      const { rows, total } = await workflowTemplatesRepo(db).list(page, request.query.search, true);
      return sendList(
        reply,
        rows.map((row) => ({ id: row.id, name: row.name })),
        page.meta(total),
      );
    },
  );

  app.get(
    '/api/workflow/company',
    {
      config: { access: { permission: 'workflow_read' } },
      schema: { tags, querystring: listQuery, response: { 200: listEnvelope(workflowInstance) } },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, instanceSortColumns);
      const { rows, total } = await workflows.list(tenantOf(request), page, request.query.search);
      return sendList(reply, rows, page.meta(total));
    },
  );

  app.post(
    '/api/workflow/company',
    {
      config: { access: { permission: 'workflow_create' } },
      schema: { tags, body: workflowInstanceBody, response: { 201: envelope(workflowInstance) } },
    },
    async (request, reply) =>
      send(reply, await workflows.create(tenantOf(request), request.body), WORKFLOW_MSG.created, 201),
  );

  app.put(
    '/api/workflow/company/:id',
    {
      config: { access: { permission: 'workflow_update' } },
      schema: {
        tags,
        params: idParam,
        body: workflowInstanceBody,
        response: { 200: envelope(workflowInstance) },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await workflows.update(tenantOf(request), request.params.id, request.body),
        WORKFLOW_MSG.updated,
      ),
  );

  app.delete(
    '/api/workflow/company/:id',
    { config: { access: { permission: 'workflow_delete' } }, schema: { tags, params: idParam } },
    async (request, reply) => {
      await workflows.remove(tenantOf(request), request.params.id);
      return send(reply, null, WORKFLOW_MSG.deleted);
    },
  );
}
