import { type EngineWorkflow, type WorkflowEngine, WorkflowEngineError } from './port.ts';

export interface N8nOptions {
  /** The instance's base URL; the public API lives under /api/v1. */
  baseUrl: string;
  apiKey: string;
  /** Where production webhooks are served (n8n's WEBHOOK_URL); defaults to baseUrl. */
  webhookUrl: string;
  timeoutMs: number;
  sandbox: boolean;
}

/** n8n rejects these on create/update ("must NOT have additional properties"). */
const READ_ONLY = ['id', 'active', 'tags', 'createdAt', 'updatedAt', 'versionId', 'meta', 'isArchived'];

/** n8n's public REST API v1 with `X-N8N-API-KEY`, and its production webhook URLs. */
export function n8nEngine(options: N8nOptions): WorkflowEngine {
  async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new WorkflowEngineError(`n8n could not be reached: ${(error as Error).message}`, 'unreachable');
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // A webhook may answer plain text.
    }
    if (response.status >= 500) {
      throw new WorkflowEngineError(`n8n answered ${response.status}`, 'unreachable', response.status);
    }
    if (!response.ok) {
      const reason = (parsed as { message?: string } | null)?.message ?? `HTTP ${response.status}`;
      throw new WorkflowEngineError(reason, 'refused', response.status);
    }
    return parsed;
  }
  const api = (method: string, path: string, body?: unknown) =>
    call(method, `${options.baseUrl}/api/v1${path}`, body, { 'x-n8n-api-key': options.apiKey });
  const strip = (workflow: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(workflow).filter(([key]) => !READ_ONLY.includes(key)));

  return {
    sandbox: options.sandbox,

    async list() {
      const all: EngineWorkflow[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?limit=250${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = (await api('GET', `/workflows${query}`)) as {
          data: EngineWorkflow[];
          nextCursor: string | null;
        };
        all.push(
          ...page.data.map((workflow) => ({
            ...workflow,
            id: String(workflow.id),
            tags: workflow.tags ?? [],
          })),
        );
        cursor = page.nextCursor;
      } while (cursor);
      return all;
    },

    async create(workflow) {
      const created = (await api('POST', '/workflows', strip({ ...workflow }))) as { id: string | number };
      return { id: String(created.id) };
    },

    async update(id, workflow) {
      await api('PUT', `/workflows/${encodeURIComponent(id)}`, strip({ ...workflow }));
    },

    async remove(id) {
      try {
        await api('DELETE', `/workflows/${encodeURIComponent(id)}`);
      } catch (error) {
        if (!(error instanceof WorkflowEngineError && error.status === 404)) throw error;
      }
    },

    async activate(id) {
      await api('POST', `/workflows/${encodeURIComponent(id)}/activate`);
    },

    async deactivate(id) {
      await api('POST', `/workflows/${encodeURIComponent(id)}/deactivate`);
    },

    async callWebhook(path, body) {
      return call('POST', `${options.webhookUrl}/webhook/${path}`, body);
    },
  };
}
