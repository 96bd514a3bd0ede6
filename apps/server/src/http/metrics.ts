import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ChannelAdapter, ChannelKind } from '../providers/channels/port.ts';
import type { Llm } from '../providers/llm/port.ts';
import { unauthorized } from './errors.ts';

/**
 * The Prometheus metrics of one app (a registry each, so that the apps a test starts side by side
 * do not mix). Figures that live in the database (queue depth) are read when scraped.
 */
export function appMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    channelMessages: new Counter({
      name: 'channel_messages_total',
      help: 'Messages handed to a messaging provider, by outcome',
      labelNames: ['provider', 'outcome'],
      registers: [registry],
    }),
    llmTokens: new Counter({
      name: 'llm_tokens_total',
      help: 'Tokens the LLM used, by model and kind (prompt, completion)',
      labelNames: ['model', 'kind'],
      registers: [registry],
    }),
    /** A gauge whose value is read at scrape time. */
    gauge(
      name: string,
      help: string,
      labelNames: string[],
      read: (set: (labels: Record<string, string>, value: number) => void) => Promise<void> | void,
    ) {
      return new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          await read((labels, value) => this.set(labels, value));
        },
      });
    },
  };
}
export type AppMetrics = ReturnType<typeof appMetrics>;

/** Latency of every routed request, labelled by the route pattern (not the raw URL). */
export function recordHttpLatency(app: FastifyInstance, metrics: AppMetrics) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route) return;
    metrics.httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}

/** Counts each send through the channel adapters, whoever sends (chats, agent, bot, blasts). */
export function countChannelSends(
  adapters: Record<ChannelKind, ChannelAdapter>,
  metrics: AppMetrics,
): Record<ChannelKind, ChannelAdapter> {
  const counted = (kind: ChannelKind, adapter: ChannelAdapter): ChannelAdapter => ({
    ...adapter,
    async sendText(integration, chatId, text) {
      try {
        const sent = await adapter.sendText(integration, chatId, text);
        metrics.channelMessages.inc({ provider: kind, outcome: 'sent' });
        return sent;
      } catch (error) {
        metrics.channelMessages.inc({ provider: kind, outcome: 'failed' });
        throw error;
      }
    },
  });
  return Object.fromEntries(
    Object.entries(adapters).map(([kind, adapter]) => [kind, counted(kind as ChannelKind, adapter)]),
  ) as Record<ChannelKind, ChannelAdapter>;
}

/** Counts the tokens of every completion. */
export function countLlmTokens(llm: Llm, metrics: AppMetrics): Llm {
  return {
    ...llm,
    async complete(messages, options) {
      const completion = await llm.complete(messages, options);
      metrics.llmTokens.inc({ model: completion.model, kind: 'prompt' }, completion.promptTokens);
      metrics.llmTokens.inc({ model: completion.model, kind: 'completion' }, completion.completionTokens);
      return completion;
    },
  };
}

/** `GET /api/metrics` in the Prometheus text format; behind METRICS_TOKEN when one is set. */
export function metricsRoute(app: FastifyInstance, metrics: AppMetrics, token: string | undefined) {
  app.get(
    '/api/metrics',
    { config: { access: { public: true } }, schema: { hide: true } },
    async (request, reply) => {
      if (token) {
        const given = Buffer.from(request.headers.authorization ?? '');
        const expected = Buffer.from(`Bearer ${token}`);
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          throw unauthorized('A valid metrics token is required');
        }
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  );
}
