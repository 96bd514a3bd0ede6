import { envelope } from '@app/contract/common';
import {
  PLATFORM_MSG,
  platformSettings,
  platformStatus,
  systemHealth,
  updatePlatformSettingsBody,
} from '@app/contract/platform';
import { principalOf } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { send } from '../../http/envelope.ts';
import type { PlatformService } from './platform.service.ts';

const tags = ['platform'];

export function platformRoutes(app: App, platform: PlatformService) {
  app.get(
    '/api/admin/settings',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, response: { 200: envelope(platformSettings) } },
    },
    async (_request, reply) => send(reply, await platform.settings()),
  );

  app.put(
    '/api/admin/settings',
    {
      config: { access: { superAdmin: true } },
      schema: { tags, body: updatePlatformSettingsBody, response: { 200: envelope(platformSettings) } },
    },
    async (request, reply) =>
      send(reply, await platform.update(principalOf(request), request.body), PLATFORM_MSG.settingsUpdated),
  );

  // The web shows the maintenance banner from this, signed in or not.
  app.get(
    '/api/platform/status',
    { config: { access: { public: true } }, schema: { tags, response: { 200: envelope(platformStatus) } } },
    async (_request, reply) => send(reply, { maintenance_mode: await platform.maintenance() }),
  );

  app.get(
    '/api/admin/system-health',
    { config: { access: { superAdmin: true } }, schema: { tags, response: { 200: envelope(systemHealth) } } },
    async (_request, reply) => send(reply, await platform.health()),
  );
}
