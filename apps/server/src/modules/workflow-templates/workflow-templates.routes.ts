import { envelope, idParam, listEnvelope } from '@app/contract/common';
import { MSG } from '@app/contract/messages';
import {
  engineStatus,
  type N8nWorkflowExport,
  n8nWorkflowExport,
  WORKFLOW_MSG,
  type WorkflowTemplate,
  workflowTemplate,
  workflowTemplateListQuery,
} from '@app/contract/workflows';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { App } from '../../http/app-type.ts';
import { send, sendList } from '../../http/envelope.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { pageRequest } from '../../http/pagination.ts';
import type { WorkflowEngine } from '../../providers/workflow/port.ts';
import { engineFailure } from '../workflows/engine-errors.ts';
import {
  type NewWorkflowTemplate,
  templateSortColumns,
  type WorkflowTemplateRow,
  workflowTemplatesRepo,
} from './workflow-templates.repo.ts';

const tags = ['workflow-templates'];

export const presentTemplate = (row: WorkflowTemplateRow): WorkflowTemplate => ({
  id: row.id,
  name: row.name,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  tags: row.tags,
  nodes: row.nodes as WorkflowTemplate['nodes'],
  connections: row.connections as WorkflowTemplate['connections'],
  node_count: row.nodes.length,
  engine_workflow_id: row.engineWorkflowId,
  used_by: row.usedBy,
});

/** What a template keeps of an export; the engine's own ids and state are not ours. */
const templateOf = (
  workflow: N8nWorkflowExport,
  engineWorkflowId: string | null = null,
): NewWorkflowTemplate => ({
  name: workflow.name,
  nodes: workflow.nodes,
  connections: workflow.connections,
  settings: workflow.settings ?? {},
  tags: (workflow.tags ?? []).map((tag) => ({ id: String(tag.id ?? tag.name), name: tag.name })),
  engineWorkflowId,
});

const importBody = z.union([n8nWorkflowExport, z.array(n8nWorkflowExport).min(1).max(100)]);

/** Super-admin Workflow Templates (super-admin §2): import, pull from the engine, offer or withdraw. */
export function workflowTemplatesRoutes(app: App, { db }: Deps, engine: WorkflowEngine | null) {
  const repo = workflowTemplatesRepo(db);
  const found = async (id: number) => {
    const row = await repo.find(id);
    if (!row) throw notFound(MSG.notFound('Workflow template'));
    return row;
  };

  app.get(
    '/api/workflows',
    {
      config: { access: { superAdmin: true } },
      schema: {
        tags,
        querystring: workflowTemplateListQuery,
        response: { 200: listEnvelope(workflowTemplate) },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query, templateSortColumns);
      const active = request.query.active === undefined ? undefined : request.query.active === 'true';
      const { rows, total } = await repo.list(page, request.query.search, active);
      return sendList(reply, rows.map(presentTemplate), page.meta(total));
    },
  );

  app.get(
    '/api/workflows/engine',
    { config: { access: { superAdmin: true } }, schema: { tags, response: { 200: envelope(engineStatus) } } },
    async (_request, reply) =>
      send(reply, { configured: engine !== null, sandbox: engine?.sandbox ?? false }),
  );

  app.get(
    '/api/workflows/:id',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, params: idParam, response: { 200: envelope(workflowTemplate) } },
    },
    async (request, reply) => send(reply, presentTemplate(await found(request.params.id))),
  );

  // The body is the export file itself (one workflow, or an array of them).
  app.post(
    '/api/workflows/import',
    {
      config: { access: { superAdmin: true } },
      bodyLimit: 5 * 1024 * 1024,
      schema: { tags, body: z.unknown(), response: { 201: envelope(z.array(workflowTemplate)) } },
    },
    async (request, reply) => {
      const parsed = importBody.safeParse(request.body);
      if (!parsed.success) throw badRequest(WORKFLOW_MSG.notAnExport, z.treeifyError(parsed.error));
      const workflows = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
      const rows: WorkflowTemplate[] = [];
      for (const workflow of workflows) {
        rows.push(presentTemplate(await found(await repo.create(templateOf(workflow)))));
      }
      return send(reply, rows, WORKFLOW_MSG.imported, 201);
    },
  );

  app.post(
    '/api/workflows/pull',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, response: { 200: envelope(z.array(workflowTemplate)) } },
    },
    async (_request, reply) => {
      if (!engine) throw badRequest(WORKFLOW_MSG.noEngine);
      const remote = await engine.list().catch(engineFailure);
      const rows: WorkflowTemplate[] = [];
      for (const workflow of remote) {
        // What the engine holds that is not an importable workflow (no nodes…) is skipped.
        const parsed = n8nWorkflowExport.safeParse(workflow);
        if (!parsed.success) continue;
        rows.push(
          presentTemplate(
            await found(
              await repo.upsertFromEngine({
                ...templateOf(parsed.data, workflow.id),
                engineWorkflowId: workflow.id,
              }),
            ),
          ),
        );
      }
      return send(reply, rows, WORKFLOW_MSG.pulled(rows.length));
    },
  );

  app.patch(
    '/api/workflows/:id/toggle-active',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, params: idParam, response: { 200: envelope(workflowTemplate) } },
    },
    async (request, reply) => {
      const row = await found(request.params.id);
      await repo.setActive(row.id, !row.active);
      return send(reply, presentTemplate(await found(row.id)), WORKFLOW_MSG.statusUpdated);
    },
  );

  app.delete(
    '/api/workflows/:id',
    { config: { access: { superAdmin: true } }, schema: { tags, params: idParam } },
    async (request, reply) => {
      const row = await found(request.params.id);
      if (row.usedBy > 0) throw conflict(WORKFLOW_MSG.templateInUse(row.usedBy));
      await repo.remove(row.id);
      return send(reply, null, WORKFLOW_MSG.templateDeleted);
    },
  );
}
