import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { App } from '../../http/app-type.ts';
import { badRequest, notFound, unauthorized } from '../../http/errors.ts';
import type { ChannelIntegration, InboundEvent } from '../../providers/channels/port.ts';
import { verifyCloudHandshake } from '../../providers/channels/whatsapp-cloud.ts';
import { platformIntegrationsRepo, type WebhookIntegration } from '../integrations/integrations.repo.ts';
import type { IntegrationsService } from '../integrations/integrations.service.ts';
import type { InboundService } from './inbound.service.ts';

const params = z.strictObject({
  kind: z.enum(['telegram', 'whatsapp_cloud', 'whatsapp_web']),
  id: z.uuid('Integration not found'),
});

/**
 * One webhook endpoint per provider and integration. The body is kept raw until the provider's
 * secret or signature is checked, because signatures are over the exact bytes.
 */
export function webhooksRoutes(
  app: App,
  deps: Deps,
  integrations: IntegrationsService,
  inbound: InboundService,
) {
  const lookup = platformIntegrationsRepo(deps.db);
  // A busy integration's webhooks come many times a second: its row and decrypted credentials are
  // remembered for a moment (db/remembered.ts).
  const remembered = deps.remembered.cache<
    string,
    { found: WebhookIntegration; channel: ChannelIntegration } | null
  >();

  async function integrationFor(kind: string, id: string) {
    const known = await remembered.get(id, async () => {
      const found = await lookup.findForWebhook(id);
      return found ? { found, channel: integrations.channelOf(found) } : null;
    });
    if (!known || known.found.platform.kind !== kind) throw notFound('Integration not found');
    return known;
  }

  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) =>
      done(null, body),
    );

    scope.post(
      '/api/webhooks/:kind/:id',
      { config: { access: { public: true } }, schema: { tags: ['webhooks'], params } },
      async (request, reply) => {
        const { found, channel } = await integrationFor(request.params.kind, request.params.id);
        const adapter = integrations.adapterFor(found.platform.kind);
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const verified = adapter.verifyWebhook(channel, {
          headers: request.headers,
          rawBody,
          query: request.query as Record<string, string | undefined>,
        });
        if (!verified)
          throw unauthorized('Webhook signature or secret is missing or wrong', 'webhook_unverified');
        let events: InboundEvent[];
        try {
          events = adapter.parseWebhook(JSON.parse(rawBody.toString('utf8')));
        } catch {
          throw badRequest('Malformed webhook payload');
        }
        await inbound.handle(found, events);
        return reply.code(200).send({ status_code: 200, message: 'OK', data: null });
      },
    );

    // WhatsApp Cloud API subscription handshake: echo the challenge when the verify token matches.
    scope.get(
      '/api/webhooks/:kind/:id',
      {
        config: { access: { public: true } },
        schema: {
          tags: ['webhooks'],
          params,
          querystring: z.object({
            'hub.mode': z.string().optional(),
            'hub.verify_token': z.string().optional(),
            'hub.challenge': z.string().max(512).optional(),
          }),
        },
      },
      async (request, reply) => {
        const { found, channel } = await integrationFor(request.params.kind, request.params.id);
        const challenge =
          found.platform.kind === 'whatsapp_cloud'
            ? verifyCloudHandshake(request.query, channel.webhookSecret)
            : null;
        if (challenge === null) return reply.code(403).type('text/plain').send('Forbidden');
        return reply.code(200).type('text/plain').send(challenge);
      },
    );
  });
}
