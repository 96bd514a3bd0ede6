import { randomBytes } from 'node:crypto';
import { INTEGRATION_MSG, type Integration } from '@app/contract/integrations';
import { MSG } from '@app/contract/messages';
import type { SecretBox } from '../../crypto/secrets.ts';
import type { Deps } from '../../deps.ts';
import type { Tenant } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import {
  type ChannelAdapter,
  ChannelError,
  type ChannelIntegration,
  type ChannelKind,
} from '../../providers/channels/port.ts';
import {
  type IntegrationWithPlatform,
  integrationsRepo,
  platformIntegrationsRepo,
} from './integrations.repo.ts';

export const PLATFORMS: { platformName: string; kind: ChannelKind }[] = [
  { platformName: 'WhatsApp Cloud API', kind: 'whatsapp_cloud' },
  { platformName: 'WhatsApp Web (QR)', kind: 'whatsapp_web' },
  { platformName: 'Telegram', kind: 'telegram' },
];

/** Telegram's AccountID is a bot token: show only its end. Phone number ids and device names are not secret. */
const hintOf = (kind: string, accountId: string) =>
  kind === 'telegram' ? `••••${accountId.slice(-4)}` : accountId;

/** The AccountID as the integration stores it for routing (Cloud API phone_number_id, WAHA session). */
const lookupOf = (kind: string, accountId: string) =>
  kind === 'telegram' ? (accountId.split(':')[0] ?? '') : accountId;

export interface Channels {
  adapters: Record<ChannelKind, ChannelAdapter>;
  secrets: SecretBox;
}

/** Integrations: stored with encrypted secrets, activated through the channel's adapter. */
export function integrationsService(deps: Deps, channels: Channels) {
  const { db, config } = deps;
  const platformRepo = platformIntegrationsRepo(db);
  const webhookUrl = (kind: string, externalId: string) =>
    `${config.publicUrl}/api/webhooks/${kind}/${externalId}`;

  /** The adapter's view of a stored integration, secrets decrypted. */
  function channelOf({ integration, platform }: IntegrationWithPlatform): ChannelIntegration {
    return {
      id: integration.id,
      externalId: integration.externalId,
      companyId: integration.companyId,
      kind: platform.kind as ChannelKind,
      accountId: channels.secrets.open(integration.accountIdEncrypted),
      webhookSecret: channels.secrets.open(integration.webhookSecretEncrypted),
      webhookUrl: webhookUrl(platform.kind, integration.externalId),
    };
  }

  function present({ integration, platform }: IntegrationWithPlatform): Integration {
    return {
      id: integration.id,
      external_id: integration.externalId,
      type: integration.type as Integration['type'],
      title: integration.title,
      status: integration.status === 'active' ? 'active' : 'inactive',
      integration_id: platform.id,
      platform_name: platform.platformName,
      integration_contact: integration.accountHint,
      account_name: integration.accountName,
      connection_state: integration.connectionState,
      last_error: integration.lastError,
      last_sync_at: integration.lastSyncAt?.toISOString() ?? null,
      webhook_url: webhookUrl(platform.kind, integration.externalId),
      created_at: integration.createdAt.toISOString(),
      updated_at: integration.updatedAt.toISOString(),
    };
  }

  async function platformOrThrow(id: number) {
    const platform = await platformRepo.platform(id);
    if (!platform)
      throw badRequest(INTEGRATION_MSG.platformNotFound, [
        { field: 'integration_id', message: INTEGRATION_MSG.platformNotFound },
      ]);
    return platform;
  }

  async function found(tenant: Tenant, id: number) {
    const row = await integrationsRepo(db, tenant.companyId).find(id);
    if (!row) throw notFound(MSG.notFound('Integration'));
    return row;
  }

  return {
    present,
    channelOf,
    found,
    adapterFor: (kind: string) => channels.adapters[kind as ChannelKind],

    async create(
      tenant: Tenant,
      body: { type: string; integration_id: number; title: string; integration_contact: string },
    ) {
      const platform = await platformOrThrow(body.integration_id);
      const row = await integrationsRepo(db, tenant.companyId).create({
        type: body.type,
        title: body.title,
        platformId: platform.id,
        status: 'inactive',
        accountIdEncrypted: channels.secrets.seal(body.integration_contact),
        accountHint: hintOf(platform.kind, body.integration_contact),
        accountLookup: lookupOf(platform.kind, body.integration_contact),
        webhookSecretEncrypted: channels.secrets.seal(randomBytes(24).toString('base64url')),
      });
      return { integration: row, platform };
    },

    /**
     * Saves the form; turning an integration on registers it with the provider first, and a
     * provider's refusal leaves it off with the reason shown.
     */
    async update(
      tenant: Tenant,
      id: number,
      body: {
        type: string;
        integration_id: number;
        title: string;
        integration_contact: string;
        status: 'active' | 'inactive';
      },
    ) {
      const current = await found(tenant, id);
      const platform = await platformOrThrow(body.integration_id);
      const repo = integrationsRepo(db, tenant.companyId);
      // The web shows the hint in the AccountID field; sending it back unchanged keeps the secret.
      const accountChanged =
        body.integration_contact !== current.integration.accountHint || platform.id !== current.platform.id;
      const wasActive = current.integration.status === 'active';
      if (wasActive && (accountChanged || body.status === 'inactive')) {
        await channels.adapters[current.platform.kind as ChannelKind]
          .deactivate(channelOf(current))
          .catch((error: Error) => {
            deps.log.warn({ err: error, integration: id }, 'deactivating with the provider failed');
          });
      }
      const saved = await repo.update(id, {
        type: body.type,
        title: body.title,
        platformId: platform.id,
        ...(accountChanged
          ? {
              accountIdEncrypted: channels.secrets.seal(body.integration_contact),
              accountHint: hintOf(platform.kind, body.integration_contact),
              accountLookup: lookupOf(platform.kind, body.integration_contact),
            }
          : {}),
        status: 'inactive',
      });
      const next = { integration: saved!, platform };
      if (body.status !== 'active')
        return {
          integration: (await repo.update(id, { connectionState: 'disconnected', lastError: null }))!,
          platform,
        };
      try {
        const result = await channels.adapters[platform.kind as ChannelKind].activate(channelOf(next));
        const activated = await repo.update(id, {
          status: 'active',
          accountName: result.accountName ?? null,
          connectionState: result.needsPairing ? 'scan_qr_code' : 'connected',
          lastError: null,
          lastSyncAt: new Date(),
        });
        return { integration: activated!, platform };
      } catch (error) {
        const message = error instanceof ChannelError ? error.message : 'The provider could not be reached';
        await repo.update(id, { status: 'inactive', connectionState: 'error', lastError: message });
        throw badRequest(`Activation failed: ${message}`, [{ field: 'integration_contact', message }]);
      }
    },

    /**
     * Registers every active integration with its provider again, after a start: webhooks and
     * gateway sessions may have been lost while the server was down (the sandbox forgets them).
     */
    async reconnectAll() {
      for (const found of await platformRepo.allActive()) {
        try {
          const result = await channels.adapters[found.platform.kind as ChannelKind].activate(
            channelOf(found),
          );
          await platformRepo.setConnection(found.integration.id, {
            connectionState: result.needsPairing ? 'scan_qr_code' : 'connected',
            lastError: null,
            accountName: result.accountName ?? found.integration.accountName,
          });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          deps.log.warn(
            { integration: found.integration.id, err: error },
            'reconnecting an integration failed',
          );
          await platformRepo.setConnection(found.integration.id, {
            connectionState: 'error',
            lastError: message,
          });
        }
      }
    },

    async remove(tenant: Tenant, id: number) {
      const current = await found(tenant, id);
      if (current.integration.status === 'active') {
        await channels.adapters[current.platform.kind as ChannelKind]
          .deactivate(channelOf(current))
          .catch(() => {});
      }
      await integrationsRepo(db, tenant.companyId).remove(id);
    },
  };
}
export type IntegrationsService = ReturnType<typeof integrationsService>;
