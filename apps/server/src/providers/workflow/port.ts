/** A workflow as the engine stores it (n8n's shape, providers.md §6). */
export interface EngineWorkflow {
  id: string;
  name: string;
  active: boolean;
  nodes: Record<string, unknown>[];
  connections: Record<string, unknown>;
  settings: Record<string, unknown>;
  tags: { id: string; name: string }[];
}

export type WorkflowDefinition = Pick<EngineWorkflow, 'name' | 'nodes' | 'connections' | 'settings'>;

/** The workflow-engine port: n8n's public REST API and its webhook triggers. */
export interface WorkflowEngine {
  /** The built-in sandbox stands in for n8n. */
  sandbox: boolean;
  list(): Promise<EngineWorkflow[]>;
  create(workflow: WorkflowDefinition): Promise<{ id: string }>;
  update(id: string, workflow: WorkflowDefinition): Promise<void>;
  /** A workflow already gone counts as removed. */
  remove(id: string): Promise<void>;
  activate(id: string): Promise<void>;
  deactivate(id: string): Promise<void>;
  /** Calls an active workflow's production webhook and answers its response body. */
  callWebhook(path: string, body: Record<string, unknown>): Promise<unknown>;
}

/** `unreachable`: down, timed out or answering 5xx. `refused`: it answered no (4xx) with a reason. */
export class WorkflowEngineError extends Error {
  constructor(
    message: string,
    readonly kind: 'unreachable' | 'refused',
    readonly status?: number,
  ) {
    super(message);
  }
}
