import { z } from 'zod';
import { listQuery } from './common.ts';

export const WORKFLOW_MSG = {
  templateRequired: 'Workflow template is required',
  integrationRequired: 'At least one integration is required',
  created: 'Workflow integration created successfully',
  updated: 'Workflow integration updated successfully',
  deleted: 'Workflow deleted successfully',
  statusUpdated: 'Workflow status updated successfully',
  imported: 'Workflow template imported successfully',
  pulled: (n: number) => `${n} workflow template${n === 1 ? '' : 's'} pulled from the engine`,
  templateDeleted: 'Workflow template deleted successfully',
  templateInUse: (n: number) =>
    `The template is used by ${n} workflow${n === 1 ? '' : 's'}; delete those first`,
  templateUnavailable: 'The workflow template is not available',
  integrationUnavailable: 'An integration is not available; pick one of your active integrations',
  notAnExport:
    'The file is not an n8n workflow export: it needs a name, nodes and connections keyed by node names',
  noEngine: 'No workflow engine is configured: activation waits until one is connected',
  engineUnreachable: 'The workflow engine could not be reached; nothing was changed',
  engineRefused: (reason: string) => `The workflow engine refused the workflow: ${reason}`,
} as const;

// --- n8n's workflow JSON (providers.md §6): what an export file holds ---

const connectionTarget = z.object({
  node: z.string(),
  type: z.string().default('main'),
  index: z.number().int(),
});
/** Keyed by the source node's name; `main[output]` lists the targets of that output. */
export const workflowConnections = z.record(
  z.string(),
  z.record(z.string(), z.array(z.array(connectionTarget).nullable())),
);
export type WorkflowConnections = z.infer<typeof workflowConnections>;

export const workflowNode = z.looseObject({
  id: z.string().optional(),
  name: z.string().min(1),
  type: z.string().min(1),
  typeVersion: z.number().optional(),
  position: z.tuple([z.number(), z.number()]),
  parameters: z.record(z.string(), z.unknown()).default({}),
  webhookId: z.string().optional(),
  disabled: z.boolean().optional(),
});
export type WorkflowNode = z.infer<typeof workflowNode>;

/** An n8n export: one workflow, or the array `n8n export:workflow --all` writes. */
export const n8nWorkflowExport = z
  .looseObject({
    id: z.union([z.string(), z.number()]).optional(),
    name: z.string().trim().min(1).max(255),
    nodes: z.array(workflowNode).min(1).max(500),
    connections: workflowConnections,
    settings: z.record(z.string(), z.unknown()).optional(),
    active: z.boolean().optional(),
    tags: z
      .array(z.looseObject({ id: z.union([z.string(), z.number()]).optional(), name: z.string() }))
      .optional(),
  })
  .superRefine((workflow, context) => {
    const names = new Set(workflow.nodes.map((node) => node.name));
    if (names.size !== workflow.nodes.length) {
      context.addIssue({ code: 'custom', path: ['nodes'], message: 'Node names must be unique' });
    }
    for (const [source, outputs] of Object.entries(workflow.connections)) {
      const targets = Object.values(outputs).flat(2).filter(Boolean) as { node: string }[];
      if (!names.has(source) || targets.some((target) => !names.has(target.node))) {
        context.addIssue({
          code: 'custom',
          path: ['connections', source],
          message: 'A connection names a node that is not in the workflow',
        });
      }
    }
  });
export type N8nWorkflowExport = z.infer<typeof n8nWorkflowExport>;

// --- super-admin Workflow Templates ---

/** A template as the super-admin screen shows it (super-admin §3), n8n's own field names. */
export const workflowTemplate = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  tags: z.array(z.object({ id: z.string(), name: z.string() })),
  nodes: z.array(workflowNode),
  connections: workflowConnections,
  node_count: z.number(),
  /** The workflow's id in the engine it was pulled from, when it came from one. */
  engine_workflow_id: z.string().nullable(),
  used_by: z.number(),
});
export type WorkflowTemplate = z.infer<typeof workflowTemplate>;

export const workflowTemplateListQuery = listQuery.extend({ active: z.enum(['true', 'false']).optional() });

/** Where the engine stands, said on every answer that depends on it. */
export const engineStatus = z.object({
  configured: z.boolean(),
  /** The built-in sandbox stands in for n8n (demo and tests). */
  sandbox: z.boolean(),
});
export type EngineStatus = z.infer<typeof engineStatus>;

// --- client Workflows (workflow instances) ---

export const workflowInstanceBody = z.strictObject({
  workflow_id: z.coerce
    .number({ error: WORKFLOW_MSG.templateRequired })
    .int()
    .positive(WORKFLOW_MSG.templateRequired),
  n8n_workflow_integration_ids: z
    .array(z.coerce.number().int().positive(), { error: WORKFLOW_MSG.integrationRequired })
    .min(1, WORKFLOW_MSG.integrationRequired)
    .max(50),
  status: z.boolean().default(false),
});
export type WorkflowInstanceBody = z.infer<typeof workflowInstanceBody>;

/**
 * `engine_state`: 'active' / 'inactive' in the engine, or 'waiting_for_engine' when none is
 * configured (the stored status is applied once one is).
 */
export const workflowInstance = z.object({
  id: z.number(),
  workflow_id: z.number(),
  workflow_name: z.string(),
  n8n_workflow_integration_ids: z.array(z.number()),
  integrations: z.array(z.object({ id: z.number(), name: z.string(), platform_name: z.string() })),
  status: z.boolean(),
  engine_state: z.enum(['active', 'inactive', 'waiting_for_engine']),
  engine_workflow_id: z.string().nullable(),
  webhook_path: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WorkflowInstance = z.infer<typeof workflowInstance>;
