import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EngineWorkflow } from '../providers/workflow/port.ts';
import { PUBLIC, type RecordedRequest, recordRequests } from './common.ts';

/** n8n refuses these on create/update (its schema is additionalProperties: false). */
const READ_ONLY = ['id', 'active', 'tags', 'createdAt', 'updatedAt', 'versionId', 'meta'];
const REQUIRED = ['name', 'nodes', 'connections', 'settings'];
const WEBHOOK_NODE = 'n8n-nodes-base.webhook';
const RESPOND_NODE = 'n8n-nodes-base.respondToWebhook';

interface StoredWorkflow extends EngineWorkflow {
  createdAt: string;
  updatedAt: string;
}

type Node = { type?: unknown; parameters?: Record<string, unknown>; disabled?: unknown };

/** Replaces n8n expressions of the form `{{ $json.body.field }}` with the webhook body's field. */
function render(template: string, body: Record<string, unknown>) {
  return template
    .replace(/^=/, '')
    .replace(/\{\{\s*\$json\.body\.(\w+)\s*\}\}/g, (_, field: string) => String(body[field] ?? ''));
}

/**
 * A fake n8n (providers.md §6): the public API under /api/v1 behind `X-N8N-API-KEY` (workflows:
 * list with cursor, create, get, update, delete, activate, deactivate), and production webhooks
 * under /webhook/{path} that answer 404 unless the owning workflow is active. A webhook runs
 * the workflow as far as a fake can: it answers the Respond to Webhook node's body (with
 * `{{ $json.body.x }}` filled in), or n8n's "Workflow was started". Workflows are kept in
 * `file` when one is given, so the demo's engine survives a restart like a real one.
 */
export class N8nSandbox {
  readonly workflows = new Map<string, StoredWorkflow>();
  readonly requests: RecordedRequest[] = [];
  readonly webhookCalls: { path: string; body: unknown }[] = [];
  /** While set, every call answers 503, as an n8n that is down behind its proxy. */
  down = false;

  constructor(private readonly options: { apiKey: string; file?: string }) {
    if (options.file && existsSync(options.file)) {
      for (const workflow of JSON.parse(readFileSync(options.file, 'utf8')) as StoredWorkflow[]) {
        this.workflows.set(workflow.id, workflow);
      }
    }
  }

  private save() {
    if (this.options.file) writeFileSync(this.options.file, JSON.stringify([...this.workflows.values()]));
  }

  private found(request: FastifyRequest, reply: FastifyReply) {
    const workflow = this.workflows.get((request.params as { id: string }).id);
    if (!workflow) void reply.code(404).send({ message: 'Not Found' });
    return workflow;
  }

  private definitionProblem(body: unknown) {
    if (!body || typeof body !== 'object') return 'request/body must be object';
    const keys = Object.keys(body);
    const extra = keys.find((key) => READ_ONLY.includes(key));
    if (extra) return `request/body must NOT have additional properties (${extra})`;
    const missing = REQUIRED.find((key) => !keys.includes(key));
    return missing ? `request/body must have required property '${missing}'` : null;
  }

  /** The active workflow whose enabled webhook node listens on `path`. */
  private listening(path: string) {
    for (const workflow of this.workflows.values()) {
      if (!workflow.active) continue;
      const nodes = workflow.nodes as Node[];
      if (
        nodes.some((node) => node.type === WEBHOOK_NODE && !node.disabled && node.parameters?.path === path)
      ) {
        return workflow;
      }
    }
    return null;
  }

  plugin = async (app: FastifyInstance) => {
    recordRequests(app, this.requests);
    app.addHook('onRequest', async (request, reply) => {
      if (this.down) return reply.code(503).send('Service Unavailable');
      if (request.url.includes('/api/v1/') && request.headers['x-n8n-api-key'] !== this.options.apiKey) {
        return reply.code(401).send({ message: "'X-N8N-API-KEY' header required" });
      }
    });

    app.get('/api/v1/workflows', { config: PUBLIC }, async (request) => {
      const query = request.query as { limit?: string; cursor?: string; active?: string };
      const limit = Math.min(250, Number(query.limit ?? 100) || 100);
      const start = Number(query.cursor ?? 0) || 0;
      const all = [...this.workflows.values()].filter(
        (workflow) => query.active === undefined || String(workflow.active) === query.active,
      );
      const data = all.slice(start, start + limit);
      return { data, nextCursor: start + limit < all.length ? String(start + limit) : null };
    });

    app.post('/api/v1/workflows', { config: PUBLIC }, async (request, reply) => {
      const problem = this.definitionProblem(request.body);
      if (problem) return reply.code(400).send({ message: problem });
      const now = new Date().toISOString();
      const workflow = {
        ...(request.body as EngineWorkflow),
        id: randomUUID().replaceAll('-', '').slice(0, 16),
        active: false,
        tags: [],
        createdAt: now,
        updatedAt: now,
      };
      this.workflows.set(workflow.id, workflow);
      this.save();
      return workflow;
    });

    app.get('/api/v1/workflows/:id', { config: PUBLIC }, async (request, reply) =>
      this.found(request, reply),
    );

    app.put('/api/v1/workflows/:id', { config: PUBLIC }, async (request, reply) => {
      const workflow = this.found(request, reply);
      if (!workflow) return;
      const problem = this.definitionProblem(request.body);
      if (problem) return reply.code(400).send({ message: problem });
      Object.assign(workflow, request.body, { updatedAt: new Date().toISOString() });
      this.save();
      return workflow;
    });

    app.delete('/api/v1/workflows/:id', { config: PUBLIC }, async (request, reply) => {
      const workflow = this.found(request, reply);
      if (!workflow) return;
      this.workflows.delete(workflow.id);
      this.save();
      return workflow;
    });

    for (const [verb, active] of [
      ['activate', true],
      ['deactivate', false],
    ] as const) {
      app.post(`/api/v1/workflows/:id/${verb}`, { config: PUBLIC }, async (request, reply) => {
        const workflow = this.found(request, reply);
        if (!workflow) return;
        if (active) {
          const triggers = (workflow.nodes as Node[]).filter((node) => node.type === WEBHOOK_NODE);
          if (triggers.length === 0) {
            return reply.code(400).send({ message: 'Workflow has no node to start the workflow' });
          }
          for (const node of triggers) {
            const holder = this.listening(String(node.parameters?.path));
            if (holder && holder.id !== workflow.id) {
              return reply.code(409).send({
                message: `The webhook path "${node.parameters?.path}" is already used by another workflow`,
              });
            }
          }
        }
        workflow.active = active;
        this.save();
        return workflow;
      });
    }

    app.post('/webhook/*', { config: PUBLIC }, async (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      const workflow = this.listening(path);
      if (!workflow) {
        return reply
          .code(404)
          .send({ code: 404, message: `The requested webhook "POST ${path}" is not registered.` });
      }
      const body = (request.body ?? {}) as Record<string, unknown>;
      this.webhookCalls.push({ path, body });
      const respond = (workflow.nodes as Node[]).find((node) => node.type === RESPOND_NODE && !node.disabled);
      const template = respond?.parameters?.responseBody;
      if (typeof template !== 'string') return { message: 'Workflow was started' };
      const rendered = render(template, body);
      try {
        return JSON.parse(rendered);
      } catch {
        return reply.type('text/plain').send(rendered);
      }
    });
  };
}
