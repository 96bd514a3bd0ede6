import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { deniedMessage } from '@app/contract/messages';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { secretBox } from './crypto/secrets.ts';
import type { Database } from './db/client.ts';
import { rememberedReads } from './db/remembered.ts';
import type { Deps } from './deps.ts';
import { DOCS_PREFIX, enforceAccess, requireAccessDeclarations, tenantFromPrincipal } from './http/access.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { notFound } from './http/errors.ts';
import {
  appMetrics,
  countChannelSends,
  countLlmTokens,
  metricsRoute,
  recordHttpLatency,
} from './http/metrics.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { jobQueue, queueDepth } from './jobs/queue.ts';
import { agentService } from './modules/agent/agent.service.ts';
import { aiCharactersRoutes } from './modules/ai-characters/ai-characters.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authService } from './modules/auth/auth.service.ts';
import { accessTokens } from './modules/auth/auth.tokens.ts';
import { billingModule } from './modules/billing/billing.routes.ts';
import { quotaService } from './modules/billing/quota.service.ts';
import { pendingRecipients } from './modules/blasts/blasts.repo.ts';
import { blastsRoutes } from './modules/blasts/blasts.routes.ts';
import { blastSender } from './modules/blasts/blasts.sender.ts';
import { blastsService } from './modules/blasts/blasts.service.ts';
import { botMenu } from './modules/chat-menus/bot-menu.ts';
import { chatMenusRoutes } from './modules/chat-menus/chat-menus.routes.ts';
import { chatsRoutes } from './modules/chats/chats.routes.ts';
import { chatsService } from './modules/chats/chats.service.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { companiesService } from './modules/companies/companies.service.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { platformIntegrationsRepo } from './modules/integrations/integrations.repo.ts';
import { integrationsRoutes } from './modules/integrations/integrations.routes.ts';
import { integrationsService } from './modules/integrations/integrations.service.ts';
import { knowledgeRoutes } from './modules/knowledge/knowledge.routes.ts';
import { knowledgeService } from './modules/knowledge/knowledge.service.ts';
import { menuActionsRoutes } from './modules/menu-actions/menu-actions.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { notificationsService } from './modules/notifications/notifications.service.ts';
import { pushService } from './modules/notifications/push.service.ts';
import { platformRoutes } from './modules/platform/platform.routes.ts';
import { platformService } from './modules/platform/platform.service.ts';
import { rbacRoutes } from './modules/rbac/rbac.routes.ts';
import { rbacService } from './modules/rbac/rbac.service.ts';
import { schedulesRoutes } from './modules/schedules/schedules.routes.ts';
import { scheduleRunner } from './modules/schedules/schedules.runner.ts';
import { schedulesService } from './modules/schedules/schedules.service.ts';
import { statisticsModule } from './modules/statistics/statistics.routes.ts';
import { ticketsModule } from './modules/tickets/tickets.routes.ts';
import { adminUsersRoutes, usersRoutes } from './modules/users/users.routes.ts';
import { usersService } from './modules/users/users.service.ts';
import { inboundService } from './modules/webhooks/inbound.service.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { workflowTemplatesRoutes } from './modules/workflow-templates/workflow-templates.routes.ts';
import { workflowsRoutes } from './modules/workflows/workflows.routes.ts';
import { workflowsService } from './modules/workflows/workflows.service.ts';
import { channelAdapters } from './providers/channels/registry.ts';
import { openAiLlm } from './providers/llm/openai.ts';
import { outboxMailer } from './providers/mail/outbox.ts';
import type { Mailer } from './providers/mail/port.ts';
import { smtpMailer } from './providers/mail/smtp.ts';
import { n8nEngine } from './providers/workflow/n8n.ts';
import { inProcessBus } from './realtime/bus.ts';
import { type RealtimeHub, realtimeHub } from './realtime/hub.ts';
import { postgresBus } from './realtime/pg-bus.ts';
import { wsRoutes } from './realtime/ws.routes.ts';
import { registerSandbox } from './sandbox/index.ts';
import { paymentsSandbox } from './sandbox/payments.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Tests pass their own to read what was sent. */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole HTTP application: plugins, guards and every module. Does not listen. */
export async function buildApp({ config, database, mailer, logger }: AppOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.refresh_token',
        '*.access_token',
      ],
    },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
    // A client that trickles its request would hold a socket forever (Fastify's default is no
    // limit): past REQUEST_TIMEOUT_MS it gets a 408. Node enforces the larger of the headers and
    // request timeouts, so the headers one must not exceed it; and it checks open requests every
    // `connectionsCheckingInterval`, so a slow one is cut within 1.25 × the timeout.
    // connectionTimeout stays off (keep-alive sockets close after keepAliveTimeout, 72 s).
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.requestTimeoutMs / 4)),
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandler(app);
  await registerSecurityHeaders(app, config.production);

  const routeMap = new Map<string, string>();
  requireAccessDeclarations(app, routeMap);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'AI Admin API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
  });
  await app.register(fastifyMultipart, { limits: { fileSize: 52_428_800, files: 1, fields: 50 } });

  // Live events. One process: in memory. Several processes on PostgreSQL: LISTEN/NOTIFY.
  const bus = config.databaseUrl
    ? await postgresBus(config.databaseUrl, database.db, app.log)
    : inProcessBus();
  const deps: Deps = {
    config,
    db: database.db,
    tokens: accessTokens(config.jwtSecret, config.accessTokenTtl),
    mailer:
      mailer ??
      (config.mail.smtpUrl
        ? smtpMailer(config.mail.smtpUrl, config.mail.from)
        : outboxMailer(database.db, app.log)),
    log: app.log,
    bus,
    remembered: rememberedReads(bus),
  };

  let hub: RealtimeHub | undefined;
  const platform = platformService(deps, database, () => hub?.connections() ?? 0);
  const auth = authService(deps, platform);
  enforceAccess(
    app,
    (request) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      return token ? auth.principalOf(token) : Promise.resolve(null);
    },
    { active: platform.maintenance, message: platform.maintenanceMessage },
  );
  // A change through the API may change what the processes remember (who someone is, an
  // integration, chat settings…): all of it is forgotten before the answer leaves.
  // (Sign-in and refresh may revoke sessions while answering an error, so /api/auth always counts.)
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (request.url.startsWith('/api/auth/') || (request.principal && reply.statusCode < 400))
      await deps.remembered.forgetEverywhere();
  });

  healthRoutes(app, database);
  const metrics = appMetrics();
  recordHttpLatency(app, metrics);
  metricsRoute(app, metrics, config.metricsToken);
  metrics.gauge('websocket_connections', 'Open WebSocket connections of this process', [], (set) =>
    set({}, hub?.connections() ?? 0),
  );
  metrics.gauge('jobs_queued', 'Jobs waiting or running, by kind', ['kind'], async (set) => {
    for (const row of await queueDepth(deps.db)) set({ kind: row.kind }, row.queued);
  });
  metrics.gauge('jobs_oldest_age_seconds', 'Age of the oldest due job, by kind', ['kind'], async (set) => {
    for (const row of await queueDepth(deps.db)) set({ kind: row.kind }, row.oldestAgeSeconds);
  });
  metrics.gauge('blast_recipients_pending', 'Blast and schedule-run messages not yet sent', [], async (set) =>
    set({}, await pendingRecipients(deps.db)),
  );

  authRoutes(app, auth);
  // Durable work (pushes, knowledge indexing, AI replies): every process runs the worker while it is up.
  const jobs = jobQueue(deps, config.jobsPollMs);
  if (config.runsWorkers) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  const notifications = notificationsService(deps);
  notificationsRoutes(app, notifications, pushService(deps, jobs));
  const users = usersService(deps, notifications, platform);
  usersRoutes(app, users);
  adminUsersRoutes(app, users);
  auditRoutes(app, deps);
  filesRoutes(app, deps, users);
  companiesRoutes(app, companiesService(deps));
  platformRoutes(app, platform);
  menuActionsRoutes(app, deps);
  rbacRoutes(app, rbacService(deps));

  // Messaging: integrations, inbound webhooks, conversations and the live connection.
  // One process: in memory. Several processes on PostgreSQL: LISTEN/NOTIFY.
  const integrations = integrationsService(deps, {
    adapters: countChannelSends(channelAdapters(config), metrics),
    secrets: secretBox(config.encryptionKey),
  });
  const quota = quotaService(deps.db);
  const chats = chatsService(deps, integrations, quota, bus);
  const inbound = inboundService(deps, bus, notifications);
  integrationsRoutes(app, deps, integrations);
  chatsRoutes(app, deps, chats);

  // The AI agent: the knowledge base, the character, and a step of the inbound pipeline.
  const llm = config.ai.llm ? countLlmTokens(openAiLlm(config.ai.llm), metrics) : null;
  knowledgeRoutes(app, deps, knowledgeService(deps, jobs, llm));
  // Workflows on the engine (n8n, or the sandbox's fake): the external AI and the bot menu run them.
  const engine = config.workflowEngine ? n8nEngine(config.workflowEngine) : null;
  const workflows = workflowsService(deps, engine);
  const agent = agentService(deps, { llm, quota, chats, notifications, queue: jobs, workflows });
  inbound.use(agent.step);
  aiCharactersRoutes(app, deps, agent);
  // Blasts: one row per recipient, sent by every process within each integration's rate.
  const blasts = blastSender(deps, { integrations, quota, notifications });
  if (config.runsWorkers) app.addHook('onReady', async () => blasts.start());
  app.addHook('onClose', () => blasts.stop());
  const blastsApi = blastsService(deps, quota, blasts);
  blastsRoutes(app, deps, blastsApi);
  // Scheduled messages: each firing becomes a run that the blast sender delivers.
  const schedules = scheduleRunner(deps, blasts.wake);
  if (config.runsWorkers) app.addHook('onReady', async () => schedules.start());
  app.addHook('onClose', () => schedules.stop());
  schedulesRoutes(app, deps, schedulesService(deps, quota, schedules.wake), blastsApi);
  webhooksRoutes(app, deps, integrations, inbound);
  statisticsModule(app, deps);
  await app.register(fastifyWebsocket, { options: { maxPayload: 65_536 } });
  hub = realtimeHub(bus, {
    canJoin: async (principal, room) =>
      Boolean(
        principal.companyId && (await chats.room(tenantFromPrincipal(principal), room).catch(() => null)),
      ),
    send: async (principal, room, text) => {
      if (!principal.permissions.has('chat_create')) throw new Error(deniedMessage('chat_create'));
      await chats.send(tenantFromPrincipal(principal), principal, room, text);
    },
    refresh: (principal) => auth.principalOfSession(principal),
  });
  wsRoutes(app, hub, auth.principalOf);
  app.addHook('onClose', async () => {
    hub?.close();
    await bus.close();
  });
  // The built-in fake providers (tests and the demo); Cloud API numbers deliver to their integration.
  const sandbox = await registerSandbox(app, config, {
    resolveCloudWebhook: async (phoneNumberId) => {
      const found = await platformIntegrationsRepo(deps.db).findActiveByLookup(
        'whatsapp_cloud',
        phoneNumberId,
      );
      return found ? integrations.channelOf(found).webhookUrl : null;
    },
  });
  billingModule(app, deps, notifications);
  const tickets = ticketsModule(app, deps, notifications);
  workflowTemplatesRoutes(app, deps, engine);
  workflowsRoutes(app, deps, workflows);
  chatMenusRoutes(app, deps);
  const bot = botMenu(deps, { quota, chats, workflows, tickets, handOver: agent.handOver, queue: jobs });
  inbound.use(bot.step);
  if (config.payments.sandbox) paymentsSandbox(app, deps);
  if (!config.production && !config.mail.smtpUrl) devRoutes(app, deps);

  // The built web app, when there is one, is served from the same port; its routes fall back to index.html.
  const serveWeb = existsSync(config.webDistDir);
  if (serveWeb) {
    await app.register(fastifyStatic, { root: config.webDistDir, wildcard: false });
  }
  app.setNotFoundHandler((request, reply) => {
    if (serveWeb && request.method === 'GET' && !request.url.startsWith('/api')) {
      return reply.sendFile('index.html');
    }
    throw notFound(`Route ${request.method} ${request.url.split('?')[0]} not found`);
  });

  return Object.assign(app, { routeMap, deps, integrations, sandbox, jobs, blasts, schedules });
}
export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;
