import { randomUUID } from 'node:crypto';
import { MSG } from '@app/contract/messages';
import { WORKFLOW_MSG, type WorkflowInstance, type WorkflowInstanceBody } from '@app/contract/workflows';
import type { Deps } from '../../deps.ts';
import type { Tenant } from '../../http/access.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import type { PageRequest } from '../../http/pagination.ts';
import type { WorkflowDefinition, WorkflowEngine } from '../../providers/workflow/port.ts';
import { companiesRepo } from '../companies/companies.repo.ts';
import { integrationsRepo } from '../integrations/integrations.repo.ts';
import {
  type WorkflowTemplateRow,
  workflowTemplatesRepo,
} from '../workflow-templates/workflow-templates.repo.ts';
import { engineFailure } from './engine-errors.ts';
import { type WorkflowInstanceRow, workflowsRepo } from './workflows.repo.ts';

const WEBHOOK_NODE = 'n8n-nodes-base.webhook';

/**
 * The company's copy of a template: the same nodes, with every webhook trigger moved under a path
 * of its own (`c{company}/w{workflow}/…`), so two companies' copies never claim the same URL.
 */
export function companyCopy(
  template: WorkflowTemplateRow,
  company: { id: number; name: string },
  instanceId: number,
) {
  let webhookPath: string | null = null;
  const nodes = template.nodes.map((node) => {
    if (node.type !== WEBHOOK_NODE) return node;
    const parameters = (node.parameters ?? {}) as Record<string, unknown>;
    const own = String(parameters.path ?? 'trigger').replace(/^\/+/, '');
    const path = `c${company.id}/w${instanceId}/${own}`;
    webhookPath ??= path;
    return { ...node, webhookId: randomUUID(), parameters: { ...parameters, path } };
  });
  const definition: WorkflowDefinition = {
    name: `${template.name} · ${company.name}`.slice(0, 128),
    nodes,
    connections: template.connections,
    settings: template.settings,
  };
  return { definition, webhookPath };
}

/** Client Workflows: the company's copies of templates, kept in step with the engine. */
export function workflowsService({ db }: Pick<Deps, 'db'>, engine: WorkflowEngine | null) {
  const templates = workflowTemplatesRepo(db);

  async function companyOf(companyId: number) {
    const company = await companiesRepo(db).findById(companyId);
    return { id: companyId, name: company?.companyName ?? `Company ${companyId}` };
  }

  async function usableTemplate(id: number, current?: number) {
    const template = await templates.find(id);
    // A withdrawn template stays usable by the workflows already made from it.
    if (!template || (!template.active && template.id !== current)) {
      throw fieldError('workflow_id', WORKFLOW_MSG.templateUnavailable);
    }
    return template;
  }

  async function assertIntegrations(tenant: Tenant, ids: number[]) {
    const active = new Set(
      (await integrationsRepo(db, tenant.companyId).active()).map((row) => row.integration.id),
    );
    if (ids.some((id) => !active.has(id))) {
      throw fieldError('n8n_workflow_integration_ids', WORKFLOW_MSG.integrationUnavailable);
    }
  }

  async function present(tenant: Tenant, rows: WorkflowInstanceRow[]): Promise<WorkflowInstance[]> {
    const integrations = new Map(
      (await integrationsRepo(db, tenant.companyId).active()).map((row) => [row.integration.id, row]),
    );
    return rows.map((row) => ({
      id: row.id,
      workflow_id: row.templateId,
      workflow_name: row.templateName,
      n8n_workflow_integration_ids: row.integrationIds,
      integrations: row.integrationIds.flatMap((id) => {
        const found = integrations.get(id);
        return found
          ? [{ id, name: found.integration.title, platform_name: found.platform.platformName }]
          : [];
      }),
      status: row.status,
      engine_state:
        !engine || !row.engineWorkflowId ? 'waiting_for_engine' : row.status ? 'active' : 'inactive',
      engine_workflow_id: row.engineWorkflowId,
      webhook_path: row.webhookPath,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  }

  async function found(tenant: Tenant, id: number) {
    const row = await workflowsRepo(db, tenant.companyId).find(id);
    if (!row) throw notFound(MSG.notFound('Workflow'));
    return row;
  }

  /** Makes the engine's copy and sets its activation; removes the copy again if that fails. */
  async function publish(tenant: Tenant, template: WorkflowTemplateRow, instanceId: number, active: boolean) {
    if (!engine) return null;
    const { definition, webhookPath } = companyCopy(template, await companyOf(tenant.companyId), instanceId);
    const { id } = await engine.create(definition).catch(engineFailure);
    if (active) {
      try {
        await engine.activate(id);
      } catch (error) {
        await engine.remove(id).catch(() => undefined);
        engineFailure(error);
      }
    }
    return { engineWorkflowId: id, webhookPath };
  }

  async function call(
    row: WorkflowInstanceRow | undefined,
    companyId: number,
    input: Record<string, unknown>,
  ) {
    if (!engine || !row?.status || !row.engineWorkflowId || !row.webhookPath) return null;
    return replyText(await engine.callWebhook(row.webhookPath, { company_id: companyId, ...input }));
  }

  return {
    async list(tenant: Tenant, page: PageRequest, search: string) {
      const { rows, total } = await workflowsRepo(db, tenant.companyId).list(page, search);
      return { rows: await present(tenant, rows), total };
    },

    /** Stored only once the engine has taken it (or when there is no engine to ask). */
    async create(tenant: Tenant, body: WorkflowInstanceBody) {
      const template = await usableTemplate(body.workflow_id);
      await assertIntegrations(tenant, body.n8n_workflow_integration_ids);
      const repo = workflowsRepo(db, tenant.companyId);
      const id = await repo.create({
        templateId: template.id,
        integrationIds: body.n8n_workflow_integration_ids,
        status: body.status,
      });
      try {
        const copy = await publish(tenant, template, id, body.status);
        if (copy) await repo.update(id, copy);
      } catch (error) {
        await repo.remove(id);
        throw error;
      }
      const [row] = await present(tenant, [await found(tenant, id)]);
      return row!;
    },

    /** The engine changes first; when it refuses or is down, nothing is stored. */
    async update(tenant: Tenant, id: number, body: WorkflowInstanceBody) {
      const row = await found(tenant, id);
      const template = await usableTemplate(body.workflow_id, row.templateId);
      await assertIntegrations(tenant, body.n8n_workflow_integration_ids);
      const repo = workflowsRepo(db, tenant.companyId);
      let copy: { engineWorkflowId: string; webhookPath: string | null } | null = null;
      if (engine && !row.engineWorkflowId) {
        copy = await publish(tenant, template, id, body.status);
      } else if (engine && row.engineWorkflowId) {
        const engineId = row.engineWorkflowId;
        if (template.id !== row.templateId) {
          const { definition, webhookPath } = companyCopy(template, await companyOf(tenant.companyId), id);
          await engine.update(engineId, definition).catch(engineFailure);
          copy = { engineWorkflowId: engineId, webhookPath };
        }
        if (body.status !== row.status || copy) {
          await (body.status ? engine.activate(engineId) : engine.deactivate(engineId)).catch(engineFailure);
        }
      }
      await repo.update(id, {
        templateId: template.id,
        integrationIds: body.n8n_workflow_integration_ids,
        status: body.status,
        ...copy,
      });
      const [updated] = await present(tenant, [await found(tenant, id)]);
      return updated!;
    },

    async remove(tenant: Tenant, id: number) {
      const row = await found(tenant, id);
      if (engine && row.engineWorkflowId) await engine.remove(row.engineWorkflowId).catch(engineFailure);
      await workflowsRepo(db, tenant.companyId).remove(id);
    },

    /**
     * Runs a company's active workflow through its webhook and answers its reply as text (the
     * bot menu and the external AI use this). Null when it cannot run or says nothing.
     */
    async run(companyId: number, workflowId: number, input: Record<string, unknown>): Promise<string | null> {
      return call(await workflowsRepo(db, companyId).find(workflowId), companyId, input);
    },

    /** The external AI (AI type N8N): the active workflow connected to the chat's integration answers. */
    async answerFor(companyId: number, integrationId: number, input: Record<string, unknown>) {
      return call(await workflowsRepo(db, companyId).activeFor(integrationId), companyId, input);
    },
  };
}
export type WorkflowsService = ReturnType<typeof workflowsService>;

/** n8n's answer for a webhook whose workflow responds on receipt: nothing to tell a customer. */
const STARTED_ONLY = 'Workflow was started';

/** The text of a webhook's answer: a string, or the first of reply/text/message/output. */
export function replyText(answer: unknown): string | null {
  if (typeof answer === 'string') return answer.trim() || null;
  const item = Array.isArray(answer) ? answer[0] : answer;
  if (!item || typeof item !== 'object') return null;
  for (const key of ['reply', 'text', 'message', 'output', 'answer']) {
    const value = (item as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim() && value !== STARTED_ONLY) return value.trim();
  }
  return null;
}
